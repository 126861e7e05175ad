/**
 * The mean and the maximum of the last `capacity` samples (for example step times in ms), in a ring
 * buffer: pushing a sample allocates nothing.
 */
export class RollingStats {
  private readonly samples: Float64Array;
  /** Scratch space for {@link RollingStats.median}'s sort. */
  private readonly sorted: Float64Array;
  private next: number;
  /** How many samples are held (at most the capacity). */
  count: number;

  /** @param capacity - how many recent samples to keep (an integer ≥ 1) */
  constructor(capacity = 60) {
    if (!(Number.isInteger(capacity) && capacity >= 1)) {
      throw new RangeError(`capacity = ${capacity}: must be an integer >= 1`);
    }
    this.samples = new Float64Array(capacity);
    this.sorted = new Float64Array(capacity);
    this.next = 0;
    this.count = 0;
  }

  /** Adds a sample, dropping the oldest when full. */
  push(value: number): void {
    this.samples[this.next] = value;
    this.next = (this.next + 1) % this.samples.length;
    if (this.count < this.samples.length) this.count++;
  }

  /** The mean of the held samples (0 when empty). */
  get average(): number {
    if (this.count === 0) return 0;
    let sum = 0;
    for (let i = 0; i < this.count; i++) sum += this.samples[i];
    return sum / this.count;
  }

  /** The newest sample (0 when empty). */
  get last(): number {
    if (this.count === 0) return 0;
    return this.samples[(this.next + this.samples.length - 1) % this.samples.length];
  }

  /** The median of the held samples (the mean of the middle two for an even count; 0 when empty). */
  get median(): number {
    const n = this.count;
    if (n === 0) return 0;
    const sorted = this.sorted;
    sorted.set(this.samples);
    // Only the held samples: the rest of the scratch is pushed past them.
    sorted.fill(Number.POSITIVE_INFINITY, n);
    sorted.sort();
    const mid = n >> 1;
    return n % 2 === 1 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
  }

  /** The largest held sample (0 when empty). */
  get max(): number {
    let best = 0;
    for (let i = 0; i < this.count; i++) if (this.samples[i] > best) best = this.samples[i];
    return best;
  }

  /** Forgets every sample. */
  clear(): void {
    this.next = 0;
    this.count = 0;
  }
}
