import { MathError } from './errors';

/**
 * A seeded pseudo-random generator (mulberry32: 32-bit state, period 2^32, integer arithmetic only,
 * so a seed gives the same sequence on every JavaScript engine). Not for cryptography.
 *
 * ```ts
 * const rng = new Random(42);
 * rng.next(); // a float in [0, 1)
 * rng.range(-0.1, 0.1); // a float in [-0.1, 0.1)
 * rng.int(6); // 0, 1, ..., 5
 * ```
 */
export class Random {
  /** The 32-bit state (an unsigned integer), advanced by 0x6d2b79f5 per draw. */
  private state: number;

  /**
   * @param seed - a finite number, taken as `seed >>> 0` (so -1 and 4294967295 are the same seed); default 1
   * @throws MathError naming `seed` when it is NaN or infinite
   */
  constructor(seed = 1) {
    if (!Number.isFinite(seed)) throw new MathError('seed', seed, 'must be a finite number');
    this.state = seed >>> 0;
  }

  /** The next 32-bit unsigned integer, uniform over [0, 2^32). */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1): the next 32-bit integer divided by 2^32 (so a multiple of 2^-32). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /**
   * A float in [`low`, `high`): low + (high - low) · next(), or `low` where rounding would give `high`.
   * @throws MathError naming `low` when it is not finite, or `high` when it is not finite, is less
   *   than `low`, or lies so far from `low` that high - low overflows
   */
  range(low: number, high: number): number {
    if (!Number.isFinite(low)) throw new MathError('low', low, 'must be a finite number');
    const width = high - low;
    if (!(Number.isFinite(high) && width >= 0 && width < Number.POSITIVE_INFINITY)) {
      throw new MathError('high', high, `must be finite, >= low (${low}) and high - low finite`);
    }
    const value = low + width * this.next();
    return value < high ? value : low;
  }

  /** An integer in [0, `n`): floor(next() · n). @throws MathError unless `n` is an integer in [1, 2^32] */
  int(n: number): number {
    if (!(Number.isInteger(n) && n > 0 && n <= 4294967296)) {
      throw new MathError('n', n, 'must be a positive integer <= 2^32');
    }
    return Math.floor(this.next() * n);
  }

  /** The internal state, to save and later {@link Random.setState | restore} a sequence. */
  getState(): number {
    return this.state;
  }

  /** Restores a state from {@link Random.getState}. @throws MathError naming `state` when not finite */
  setState(state: number): void {
    if (!Number.isFinite(state)) throw new MathError('state', state, 'must be a finite number');
    this.state = state >>> 0;
  }
}
