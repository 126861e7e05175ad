import { MathError } from './errors';

/**
 * Hands out small `Float64Array`s of one length as zeroed, non-overlapping views into shared blocks,
 * so arrays made one after another lie side by side in memory (see docs/performance.md, "Slabs").
 * @example
 * ```ts
 * const slab = new Float64Slab(16, 256);
 * const a = slab.take(); // 16 zeros
 * const b = slab.take(); // the next 16 doubles of the same block
 * ```
 */
export class Float64Slab {
  /** The length of every array handed out. */
  readonly length: number;
  /** How many arrays one block holds. */
  readonly perBlock: number;
  private block: Float64Array | null;
  private used: number;

  /** @throws MathError unless `length` is an integer in [1, 2^20] and `perBlock` in [1, 2^16] */
  constructor(length: number, perBlock: number) {
    if (!(Number.isInteger(length) && length >= 1 && length <= 1 << 20)) {
      throw new MathError('length', length, 'must be an integer from 1 to 2^20');
    }
    if (!(Number.isInteger(perBlock) && perBlock >= 1 && perBlock <= 1 << 16)) {
      throw new MathError('perBlock', perBlock, 'must be an integer from 1 to 2^16');
    }
    this.length = length;
    this.perBlock = perBlock;
    this.block = null;
    this.used = 0;
  }

  /** The block of the last {@link Float64Slab.take}'s view (null before the first): read it directly. */
  get lastBlock(): Float64Array | null {
    return this.block;
  }

  /** Where in {@link Float64Slab.lastBlock} the last view begins (index of its first number; 0 before the first). */
  get lastOffset(): number {
    return this.block === null ? 0 : this.used - this.length;
  }

  /** A new array of `length` zeros: the next free view of the current block (a new block when full). */
  take(): Float64Array {
    const n = this.length;
    let block = this.block;
    if (block === null || this.used + n > block.length) {
      block = new Float64Array(n * this.perBlock);
      this.block = block;
      this.used = 0;
    }
    const view = block.subarray(this.used, this.used + n);
    this.used += n;
    return view;
  }
}
