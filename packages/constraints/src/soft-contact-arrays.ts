import type { BodyStates } from './body-state';
import { ConstraintError } from './errors';
import { type KernelMemory, type KernelOwner, Region } from './kernels';
import { Factor, Index, Meta, Param, PushInt, PushRow, Row } from './layout';

/**
 * The arrays the kernels read, each in a region of the kernels' memory: field, region, doubles (else
 * 32-bit integers), then its length as elements per contact of capacity plus a fixed count.
 */
const VIEWS: readonly (readonly [string, Region, boolean, number, number])[] = [
  ['params', Region.Params, true, 0, Param.Count],
  ['rows', Region.Rows, true, Row.Stride, 0],
  ['meta', Region.Meta, false, Meta.Stride, 0],
  ['singles', Region.Singles, false, 1, 0],
  ['chainOrder', Region.ChainOrder, false, 1, 0],
  ['chainFactors', Region.ChainFactors, true, Factor.Stride, 0],
  ['chainWork', Region.ChainWork, true, 4, 0],
  ['chainStart', Region.ChainStart, false, 1, 1],
  ['chainCompliant', Region.ChainCompliant, false, 1, 0],
  ['chainSingular', Region.ChainSingular, false, 1, 0],
  ['pushRows', Region.PushRows, true, PushRow.Stride, 0],
  ['pushInts', Region.PushInts, false, PushInt.Stride, 0],
];

/** A solver's {@link VIEWS} arrays by field name. */
type ViewFields = Record<string, Float64Array | Int32Array>;

/**
 * The arrays of a `SoftContactSolver` its kernels use: views of its body states' kernel memory
 * while it runs passes with them, else arrays of its own.
 */
export class SoftContactArrays implements KernelOwner {
  /** @internal */
  protected rows = new Float64Array(0);
  /** @internal */
  protected meta = new Int32Array(0);
  /** The step's constants for the per-contact functions (`Param`), in an array so none is boxed. @internal */
  protected params: Float64Array = new Float64Array(Param.Count);
  /** Per contact: its chain, or -1 (none) / -2 (a ring or a lone contact): see `beginChains`. @internal */
  protected chainOf = new Int32Array(0);
  /** The chains' contacts, chain after chain, each from one end to the other. @internal */
  protected chainOrder = new Int32Array(0);
  /** At a chain position: the body slot shared with the next contact of the chain. @internal */
  protected chainShared = new Int32Array(0);
  /** Chain c holds positions chainStart[c] to chainStart[c + 1] - 1 of `chainOrder`. @internal */
  protected chainStart = new Int32Array(0);
  /** Per chain: 1 when static or kinematic bodies hold both its ends (more rows than bodies). @internal */
  protected chainCompliant = new Int32Array(0);
  /** The contacts outside chains, in contact order (see `listSingles`). @internal */
  protected singles = new Int32Array(0);
  /**
   * The contacts the push pass visits in this sub-step, gathered by its first pass (moving pairs,
   * then those with a still body): what the passes read of each (`PushRow`) and its push impulses.
   * @internal
   */
  protected pushRows = new Float64Array(0);
  /** Per listed contact, its slots, point count and held flags (`PushInt`). @internal */
  protected pushInts = new Int32Array(0);
  /** The chain solve's scratch per position of the chain being solved: y (2), then d (2). @internal */
  protected chainWork = new Float64Array(0);
  /** Per chain position (of `chainOrder`), the factors of the chain's matrix (see `Factor`), once a step. @internal */
  protected chainFactors = new Float64Array(0);
  /** Per chain: 1 when its matrix has a singular block (it is then solved contact by contact). @internal */
  protected chainSingular = new Int32Array(0);
  /**
   * The kernels' memory the arrays are views of (taken at `kernelGeneration`, offsets in
   * `kernelOffsets`), or null while they are arrays of their own.
   */
  private kernels: KernelMemory | null = null;
  private kernelGeneration = -1;
  /** @internal */
  protected readonly kernelOffsets = new Int32Array(Region.Count);

  /**
   * The kernels' memory of `states` with this solver's arrays in it, as current views: what every
   * pass runs on. Allocates only when the memory moved or changed hands. @internal
   */
  protected attach(states: BodyStates): KernelMemory {
    const memory = states.kernelMemory();
    if (this.kernels === memory && this.kernelGeneration === memory.generation) return memory;
    if (this.kernels !== memory) {
      // Another solver's arrays may be in the regions: it copies them out first, then this one
      // copies its own in (after leaving the memory of other states it may be in).
      this.detachKernels();
      memory.owner?.releaseKernels();
      memory.owner = this;
    }
    if (this.reserveKernelRegions(memory)) states.syncKernelViews();
    if (this.kernels !== memory) {
      const own = this.views();
      for (const [field, region, doubles] of VIEWS) {
        (doubles ? memory.f64(region) : memory.i32(region)).set(own[field]);
      }
    }
    this.takeKernelViews(memory);
    return memory;
  }

  /** Views of `memory`'s regions as this solver's arrays, at its current generation. */
  private takeKernelViews(memory: KernelMemory): void {
    const own = this.views();
    for (const [field, region, doubles] of VIEWS) {
      own[field] = doubles ? memory.f64(region) : memory.i32(region);
    }
    const offsets = this.kernelOffsets;
    for (let r = 0; r < Region.Count; r++) offsets[r] = memory.offset(r);
    this.kernels = memory;
    this.kernelGeneration = memory.generation;
  }

  /** The arrays as views of the memory's current generation (it may have moved since the last pass). @internal */
  protected syncViews(): void {
    const memory = this.kernels;
    if (memory !== null && this.kernelGeneration !== memory.generation) this.takeKernelViews(memory);
  }

  /**
   * The solver's regions of `memory`, sized for its arrays' capacity (see `attach`): returns
   * whether the memory moved.
   */
  private reserveKernelRegions(memory: KernelMemory): boolean {
    const capacity = this.meta.length / Meta.Stride;
    for (const [, region, doubles, perContact, more] of VIEWS) {
      memory.want(region, (doubles ? 8 : 4) * (perContact * capacity + more));
    }
    // One move for all of them.
    return memory.apply();
  }

  /** Copies this solver's arrays out of the kernels' memory, for another solver taking it over. @internal */
  releaseKernels(): void {
    this.detachKernels();
  }

  /** Leaves the kernels' memory: the arrays that were views of it are copied into arrays of their own. */
  private detachKernels(): void {
    const memory = this.kernels;
    if (memory === null) return;
    this.syncViews();
    if (memory.owner === this) memory.owner = null;
    this.kernels = null;
    this.kernelGeneration = -1;
    const own = this.views();
    for (const [field] of VIEWS) own[field] = own[field].slice();
  }

  /** This solver's {@link VIEWS} arrays, by field name. */
  private views(): ViewFields {
    return this as unknown as ViewFields;
  }

  /** @internal */
  protected grow(count: number): void {
    if (count > Index.Mask + 1) {
      throw new ConstraintError('count', count, `must be at most ${Index.Mask + 1} (contacts in one solve)`);
    }
    const capacity = Math.min(Math.max(count, 2 * (this.meta.length / Meta.Stride)), Index.Mask + 1);
    // Arrays of its own (the constants kept), which the next pass copies into the kernels' memory.
    this.detachKernels();
    const own = this.views();
    for (const [field, , doubles, perContact, more] of VIEWS) {
      if (perContact === 0) continue;
      const length = perContact * capacity + more;
      own[field] = doubles ? new Float64Array(length) : new Int32Array(length);
    }
    this.chainOf = new Int32Array(capacity);
    this.chainShared = new Int32Array(capacity);
  }
}
