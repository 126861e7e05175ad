import { MathError } from './errors';

/**
 * Clamps `value` to the closed interval [`low`, `high`]. The bounds may be infinite (a one-sided
 * clamp such as `clamp(impulse, 0, Infinity)`); a NaN `value` stays NaN. Allocation-free.
 * @throws MathError naming `low` when `low > high`, or naming the bound that is NaN.
 */
export function clamp(value: number, low: number, high: number): number {
  if (!(low <= high)) {
    if (Number.isNaN(high)) throw new MathError('high', high, 'must be a number, not NaN');
    if (Number.isNaN(low)) throw new MathError('low', low, 'must be a number, not NaN');
    throw new MathError('low', low, `must be <= high (${high})`);
  }
  return value < low ? low : value > high ? high : value;
}

/** The sign as Box2D-Lite defines it: -1 for negative numbers, else 1 (0 and -0 too); NaN for NaN. */
export function sign(value: number): number {
  return value < 0 ? -1 : value >= 0 ? 1 : Number.NaN;
}

/** Linear interpolation a + (b - a) t: exactly `a` at `t = 0`; `t` outside [0, 1] extrapolates. */
export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/**
 * True when `a` and `b` differ by at most `tolerance` (default 1e-9), or by at most `relative`
 * (default 0) times the larger magnitude. Equal values always are; NaN never is.
 */
export function approxEqual(a: number, b: number, tolerance = 1e-9, relative = 0): boolean {
  if (a === b) return true;
  const difference = Math.abs(a - b);
  if (!(difference < Number.POSITIVE_INFINITY)) return false; // NaN involved, or an infinity against a finite value
  if (difference <= tolerance) return true;
  return difference <= relative * Math.max(Math.abs(a), Math.abs(b));
}

/** True when `value` is a finite number (not NaN, not ±Infinity, not a non-number). */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Returns `value` when it is a finite number, so NaN never spreads from an API boundary.
 * @throws MathError naming `argument` when `value` is NaN, ±Infinity or not a number
 */
export function requireFinite(value: number, argument: string): number {
  if (!isFiniteNumber(value)) throw new MathError(argument, value, 'must be a finite number');
  return value;
}
