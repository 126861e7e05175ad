import { MathError } from './errors';

/**
 * A small seeded pseudo-random generator (the mulberry32 recurrence: 32-bit state, period 2^32),
 * for reproducible scenes. Uses only integer arithmetic (`Math.imul`, shifts), so the same seed gives
 * the same sequence on every JavaScript engine. Not for cryptography.
 */
export class Random {
  private state: number;

  /**
   * @param seed - any integer (taken modulo 2^32)
   * @throws MathError when `seed` is not a finite number
   */
  constructor(seed = 1) {
    if (!Number.isFinite(seed)) throw new MathError('seed', seed, 'must be a finite number');
    this.state = seed >>> 0;
  }

  /** The next 32-bit unsigned integer. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /**
   * A float in [`low`, `high`).
   * @throws MathError when `low > high` or a bound is not finite
   */
  range(low: number, high: number): number {
    if (!Number.isFinite(low)) throw new MathError('low', low, 'must be a finite number');
    if (!(Number.isFinite(high) && high >= low))
      throw new MathError('high', high, `must be finite and >= low (${low})`);
    return low + (high - low) * this.next();
  }

  /**
   * An integer in [0, `n`).
   * @throws MathError when `n` is not a positive integer ≤ 2^32
   */
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

  /** Restores a state returned by {@link Random.getState}. */
  setState(state: number): void {
    if (!Number.isFinite(state)) throw new MathError('state', state, 'must be a finite number');
    this.state = state >>> 0;
  }
}
