import { MathError } from './errors';

/**
 * Clamps `value` to the closed interval [`low`, `high`].
 * @throws MathError when `low > high` or a bound is NaN.
 */
export function clamp(value: number, low: number, high: number): number {
  if (!(low <= high)) throw new MathError('low', low, `must be <= high (${high})`);
  return value < low ? low : value > high ? high : value;
}

/** The sign of `value`: -1 for negative numbers, 1 otherwise (0 counts as positive, as in Box2D-Lite). */
export function sign(value: number): number {
  return value < 0 ? -1 : 1;
}

/** Linear interpolation: `a` at `t = 0`, `b` at `t = 1`. */
export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** True when `a` and `b` differ by at most `tolerance` (absolute). */
export function approxEqual(a: number, b: number, tolerance = 1e-9): boolean {
  return Math.abs(a - b) <= tolerance;
}

/** True when every argument is a finite number (not NaN, not ±Infinity). */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Returns `value` when it is a finite number, otherwise throws a {@link MathError} naming `argument`.
 * Handy at API boundaries so that NaN never spreads silently.
 */
export function requireFinite(value: number, argument: string): number {
  if (!Number.isFinite(value)) throw new MathError(argument, value, 'must be a finite number');
  return value;
}
