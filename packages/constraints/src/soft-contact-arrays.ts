import type { BodyStates } from './body-state';
import { ConstraintError } from './errors';
import { type KernelMemory, type KernelOwner, Region } from './kernels';
import { Factor, Index, Meta, Param, PushInt, PushRow, Row } from './layout';

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
  /** Per contact: its chain, or -1 (none) / -2 (a ring or a lone contact): see `buildChains`. @internal */
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
   */
  private pushRows = new Float64Array(0);
  /** Per listed contact, its slots, point count and held flags (`PushInt`). */
  private pushInts = new Int32Array(0);
  /** The chain solve's scratch per position of the chain being solved: y (2), then d (2). */
  private chainWork = new Float64Array(0);
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
      memory.f64(Region.Params).set(this.params);
      memory.f64(Region.Rows).set(this.rows);
      memory.i32(Region.Meta).set(this.meta);
      memory.i32(Region.Singles).set(this.singles);
      memory.i32(Region.ChainOrder).set(this.chainOrder);
      memory.f64(Region.ChainFactors).set(this.chainFactors);
      memory.f64(Region.ChainWork).set(this.chainWork);
      memory.i32(Region.ChainStart).set(this.chainStart);
      memory.i32(Region.ChainCompliant).set(this.chainCompliant);
      memory.i32(Region.ChainSingular).set(this.chainSingular);
      memory.f64(Region.PushRows).set(this.pushRows);
      memory.i32(Region.PushInts).set(this.pushInts);
    }
    this.takeKernelViews(memory);
    return memory;
  }

  /** Views of `memory`'s regions as this solver's arrays, at its current generation. */
  private takeKernelViews(memory: KernelMemory): void {
    this.params = memory.f64(Region.Params);
    this.rows = memory.f64(Region.Rows);
    this.meta = memory.i32(Region.Meta);
    this.singles = memory.i32(Region.Singles);
    this.chainOrder = memory.i32(Region.ChainOrder);
    this.chainFactors = memory.f64(Region.ChainFactors);
    this.chainWork = memory.f64(Region.ChainWork);
    this.chainStart = memory.i32(Region.ChainStart);
    this.chainCompliant = memory.i32(Region.ChainCompliant);
    this.chainSingular = memory.i32(Region.ChainSingular);
    this.pushRows = memory.f64(Region.PushRows);
    this.pushInts = memory.i32(Region.PushInts);
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
    memory.want(Region.Params, 8 * Param.Count);
    memory.want(Region.Rows, 8 * Row.Stride * capacity);
    memory.want(Region.Meta, 4 * Meta.Stride * capacity);
    memory.want(Region.Singles, 4 * capacity);
    memory.want(Region.ChainOrder, 4 * capacity);
    memory.want(Region.ChainFactors, 8 * Factor.Stride * capacity);
    memory.want(Region.ChainWork, 8 * 4 * capacity);
    memory.want(Region.ChainStart, 4 * (capacity + 1));
    memory.want(Region.ChainCompliant, 4 * capacity);
    memory.want(Region.ChainSingular, 4 * capacity);
    memory.want(Region.PushRows, 8 * PushRow.Stride * capacity);
    memory.want(Region.PushInts, 4 * PushInt.Stride * capacity);
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
    this.params = this.params.slice();
    this.rows = this.rows.slice();
    this.meta = this.meta.slice();
    this.singles = this.singles.slice();
    this.chainOrder = this.chainOrder.slice();
    this.chainFactors = this.chainFactors.slice();
    this.chainWork = this.chainWork.slice();
    this.chainStart = this.chainStart.slice();
    this.chainCompliant = this.chainCompliant.slice();
    this.chainSingular = this.chainSingular.slice();
    this.pushRows = this.pushRows.slice();
    this.pushInts = this.pushInts.slice();
  }

  /** @internal */
  protected grow(count: number): void {
    if (count > Index.Mask + 1) {
      throw new ConstraintError('count', count, `must be at most ${Index.Mask + 1} (contacts in one solve)`);
    }
    const capacity = Math.min(Math.max(count, 2 * (this.meta.length / Meta.Stride)), Index.Mask + 1);
    // Arrays of its own (the constants kept), which the next pass copies into the kernels' memory.
    this.detachKernels();
    this.rows = new Float64Array(Row.Stride * capacity);
    this.meta = new Int32Array(Meta.Stride * capacity);
    this.chainOf = new Int32Array(capacity);
    this.chainOrder = new Int32Array(capacity);
    this.chainShared = new Int32Array(capacity);
    this.chainStart = new Int32Array(capacity + 1);
    this.chainWork = new Float64Array(4 * capacity);
    this.chainFactors = new Float64Array(Factor.Stride * capacity);
    this.chainCompliant = new Int32Array(capacity);
    this.chainSingular = new Int32Array(capacity);
    this.singles = new Int32Array(capacity);
    this.pushRows = new Float64Array(PushRow.Stride * capacity);
    this.pushInts = new Int32Array(PushInt.Stride * capacity);
  }
}
