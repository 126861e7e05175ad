import { MathError } from './errors';

/**
 * Slot 0: how many length units make one metre (default 1), set by {@link setLengthUnitsPerMeter}.
 * Every length tolerance of lite is its value in metres times this slot, read from a typed array so
 * that hot code reads the number unboxed; a product with 1 is exact, so metres change no result.
 * Read it; set it only through {@link setLengthUnitsPerMeter}, which checks the value.
 */
export const LENGTH_UNITS = new Float64Array([1]);

/**
 * Sets the length unit: how many of your length units make one metre (default 1; 100 for a world
 * in centimetres or pixels at 100 per metre). lite's tolerances are tuned for objects of about
 * 0.1 m to 10 m; with the unit they scale with it, as Box2D v3's `b2SetLengthUnitsPerMeter` does:
 * the collision tolerances (polygon welding, time-of-impact target, manifold tolerances, the
 * broadphase's margin), and the defaults a world takes when it is created (linear slop,
 * speculative distance, restitution threshold, sleep and push speeds, speed cap). Set it once,
 * before creating worlds and shapes; gravity and sizes are yours to give in the unit.
 * @throws MathError naming `lengthUnitsPerMeter` unless `value` is a finite number > 0
 */
export function setLengthUnitsPerMeter(value: number): void {
  if (!(typeof value === 'number' && value > 0 && value < Number.POSITIVE_INFINITY)) {
    throw new MathError('lengthUnitsPerMeter', value, 'must be a finite number > 0');
  }
  LENGTH_UNITS[0] = value;
}

/** How many length units make one metre: see {@link setLengthUnitsPerMeter} (default 1). */
export function getLengthUnitsPerMeter(): number {
  return LENGTH_UNITS[0];
}
