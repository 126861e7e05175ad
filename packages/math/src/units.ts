import { MathError } from './errors';

/**
 * Slot 0: how many length units make one metre (default 1; set it with {@link setLengthUnitsPerMeter}).
 * Every length tolerance is its value in metres times this slot (a typed array: read unboxed; × 1 is
 * exact, so metres change no result).
 */
export const LENGTH_UNITS = new Float64Array([1]);

/**
 * Sets how many of your length units make one metre (default 1; 100 for centimetres). The
 * tolerances, tuned for objects of 0.1 m to 10 m, and a new world's length defaults scale with it,
 * as with Box2D v3's `b2SetLengthUnitsPerMeter`. Set it once, before creating worlds and shapes.
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
