import { KERNELS_WASM } from '../generated/kernels-wasm';
import { ConstraintError } from './errors';
import { Scalar } from './layout';

/**
 * The soft solver's hottest passes, written once in AssemblyScript (`assembly/*.ts`) and built into
 * WebAssembly (`generated/kernels-wasm.ts`) and TypeScript (`generated/kernels-js.ts`), which give the same bits. The
 * WebAssembly compiles on first use (in the background where a synchronous compile is refused); the
 * opt-in TypeScript (`installJsKernels`) runs meanwhile or without WebAssembly.
 */

/** The kernels' functions (addresses are byte offsets into the memory they run on). */
export interface KernelExports {
  solveSingles(
    rows: number,
    meta: number,
    v: number,
    params: number,
    singles: number,
    count: number,
    mode: number,
  ): void;
  warmStart(rows: number, meta: number, v: number, count: number): void;
  applyRestitution(rows: number, meta: number, v: number, params: number, count: number): void;
  pushPass(pushRows: number, pushInts: number, push: number, count: number, heldMask: number): void;
  gatherPush(
    rows: number,
    meta: number,
    v: number,
    params: number,
    pushRows: number,
    pushInts: number,
    count: number,
    mode: number,
  ): number;
  integrateVelocities(state: number, motion: number, slotCount: number, scalars: number): void;
  integratePositions(
    state: number,
    push: number,
    slotCount: number,
    scalars: number,
    pending: number,
    list: number,
  ): number;
  solveChains(
    rows: number,
    meta: number,
    v: number,
    params: number,
    order: number,
    factors: number,
    work: number,
    chainStart: number,
    chainCompliant: number,
    chainSingular: number,
    count: number,
    scalars: number,
    mode: number,
  ): void;
  layoutSizes(out: number): number;
}

/** The kernels as TypeScript on a buffer: `jsKernels` (generated/kernels-js.ts), the opt-in fallback. */
export type JsKernels = (buffer: ArrayBuffer) => KernelExports;

/** The installed TypeScript kernels ({@link installJsKernels}), or null. */
let fallback: JsKernels | null = null;

/**
 * Installs the TypeScript kernels (`jsKernels`) for every solver in this realm: they run where
 * WebAssembly is missing, refused or still compiling, or turned off by {@link setWasmKernels}.
 * @throws ConstraintError naming `kernels` when it is not the `jsKernels` function
 */
export function installJsKernels(kernels: JsKernels): void {
  if (typeof kernels !== 'function') throw new ConstraintError('kernels', kernels, 'must be jsKernels');
  fallback = kernels;
}

/** Whether the TypeScript kernels are installed ({@link installJsKernels}). */
export function jsKernelsInstalled(): boolean {
  return fallback !== null;
}

/** Whether a solver can be made now: TypeScript kernels installed, or WebAssembly on and compiled. */
export function kernelsAvailable(): boolean {
  return fallback !== null || wantedModule() !== null;
}

let compiled: WebAssembly.Module | null = null;
/** Compiling is attempted once. */
let attempted = false;
/** {@link setWasmKernels}. */
let enabled = true;

/** The module, compiling it on the first call; null while it compiles or where it cannot. */
function kernelModule(): WebAssembly.Module | null {
  if (compiled !== null || attempted) return compiled;
  attempted = true;
  if (typeof WebAssembly !== 'object') return null;
  const bytes = decodeKernels(KERNELS_WASM);
  try {
    compiled = new WebAssembly.Module(bytes);
  } catch {
    // Refused synchronously: try in the background (a refusal there leaves the TypeScript).
    try {
      WebAssembly.compile(bytes).then(
        (module) => {
          compiled = module;
        },
        () => {},
      );
    } catch {
      // No background compile either: the TypeScript.
    }
  }
  return compiled;
}

/**
 * The bytes of the kernels' text (`encodeKernels`, scripts/build-kernels.mjs): its digits 0 to 90 are
 * the printable ASCII characters but `"'\``, in order; a digit d < 80 is a byte, any other is followed
 * by a digit e for the byte 80 + 91 (d - 80) + e.
 */
export function decodeKernels(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  let n = 0;
  const digit = (c: number) => c - 32 - +(c > 34) - +(c > 39) - +(c > 92) - +(c > 96);
  for (let i = 0; i < text.length; i++) {
    const d = digit(text.charCodeAt(i));
    bytes[n++] = d < 80 ? d : 80 + 91 * (d - 80) + digit(text.charCodeAt(++i));
  }
  return bytes.slice(0, n);
}

/**
 * Turns the soft solver's WebAssembly kernels on (the default) or off for every solver in this
 * realm, from its next pass. Results are bit-identical either way; off needs the TypeScript kernels
 * installed first ({@link installJsKernels}).
 *
 * @example
 * ```ts
 * import { installJsKernels, jsKernels, setWasmKernels, wasmKernelsReady } from '@lite/constraints';
 * installJsKernels(jsKernels);
 * setWasmKernels(false);
 * console.log(wasmKernelsReady()); // false
 * ```
 * @throws ConstraintError naming `on` when it is not a boolean, or false with no TypeScript kernels
 */
export function setWasmKernels(on: boolean): void {
  if (typeof on !== 'boolean') throw new ConstraintError('on', on, 'must be a boolean');
  if (!on && fallback === null) {
    throw new ConstraintError('on', on, 'needs the TypeScript kernels: installJsKernels(jsKernels) first');
  }
  enabled = on;
}

/** Whether the soft solver's passes run as WebAssembly: on ({@link setWasmKernels}) and compiled. */
export function wasmKernelsReady(): boolean {
  return enabled && kernelModule() !== null;
}

/**
 * The regions of a {@link KernelMemory}, named after the `BodyStates` and `SoftContactSolver` fields
 * they hold; `Scalars` holds the doubles a call needs (`Scalar` in layout.ts).
 */
// biome-ignore lint/suspicious/noConstEnum: inlined as numbers
export const enum Region {
  State = 0,
  Params = 1,
  Rows = 2,
  Meta = 3,
  Singles = 4,
  ChainOrder = 5,
  ChainFactors = 6,
  ChainWork = 7,
  ChainStart = 8,
  ChainCompliant = 9,
  ChainSingular = 10,
  Push = 11,
  Motion = 12,
  Pending = 13,
  PushRows = 14,
  PushInts = 15,
  Scalars = 16,
  Count = 17,
}

/** The user of a {@link KernelMemory}'s solver regions (a soft contact solver). */
export interface KernelOwner {
  /** Copies the owner's arrays out of the memory, into arrays of its own, and stops using it. */
  releaseKernels(): void;
}

/** Regions and blocks start on a cache line. */
const ALIGN = 64;
const PAGE = 65536;
/** One shared WebAssembly memory, 16 MiB; a larger block gets a memory of its own size. */
const SLAB_BYTES = 256 * PAGE;

/**
 * A WebAssembly memory shared by many {@link KernelMemory}s' blocks, or an ArrayBuffer of one block
 * for the TypeScript kernels. It never grows; free ranges are taken first-fit and merged when given back.
 */
class Slab {
  readonly buffer: ArrayBuffer;
  readonly exports: KernelExports;
  /** Blocks handed out and not given back. */
  blocks = 0;
  /** The end of the highest range ever handed out: beyond it the memory is still zeros. */
  reached = 0;
  /** The free ranges in address order: `[starts[i], ends[i])`, none touching another. */
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  /** @throws when the runtime refuses the memory or the instance */
  constructor(module: WebAssembly.Module | null, bytes: number) {
    if (module === null) {
      this.buffer = new ArrayBuffer(bytes);
      this.exports = (fallback as JsKernels)(this.buffer);
    } else {
      const memory = new WebAssembly.Memory({ initial: bytes / PAGE });
      const instance = new WebAssembly.Instance(module, { env: { memory } });
      this.buffer = memory.buffer as ArrayBuffer;
      this.exports = instance.exports as unknown as KernelExports;
    }
    this.starts.push(0);
    this.ends.push(bytes);
  }

  /** The start of a free range of `bytes` (a multiple of ALIGN) now taken, or -1 when none is large enough. */
  take(bytes: number): number {
    const starts = this.starts;
    const ends = this.ends;
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i];
      if (ends[i] - start < bytes) continue;
      if (ends[i] - start === bytes) {
        starts.splice(i, 1);
        ends.splice(i, 1);
      } else {
        starts[i] = start + bytes;
      }
      this.blocks++;
      if (start + bytes > this.reached) this.reached = start + bytes;
      return start;
    }
    return -1;
  }

  /** Gives back the range `[start, start + bytes)` that {@link Slab.take} handed out. */
  give(start: number, bytes: number): void {
    const starts = this.starts;
    const ends = this.ends;
    const end = start + bytes;
    let i = 0;
    while (i < starts.length && starts[i] < start) i++;
    const joinsBefore = i > 0 && ends[i - 1] === start;
    const joinsAfter = i < starts.length && starts[i] === end;
    if (joinsBefore && joinsAfter) {
      ends[i - 1] = ends[i];
      starts.splice(i, 1);
      ends.splice(i, 1);
    } else if (joinsBefore) {
      ends[i - 1] = end;
    } else if (joinsAfter) {
      starts[i] = start;
    } else {
      starts.splice(i, 0, start);
      ends.splice(i, 0, end);
    }
    this.blocks--;
  }
}

/** Where a {@link KernelMemory}'s regions lie; apart, so the block can be given back once it is collected. */
interface Block {
  slab: Slab;
  start: number;
  bytes: number;
}

/** The WebAssembly slabs, first fit in this order; an emptied slab leaves unless it is the only one. */
const slabs: Slab[] = [];

/** Gives a collected KernelMemory's block back; without a registry each gets a memory of its own. */
const blocksOfCollected: FinalizationRegistry<Block> | null =
  typeof FinalizationRegistry === 'function' ? new FinalizationRegistry<Block>(giveBlock) : null;

/**
 * A zeroed block of `bytes` (a multiple of ALIGN): first fit in the slabs, else in a new one; for
 * the TypeScript kernels (module null) an ArrayBuffer of its own.
 * @throws when the runtime refuses a new memory
 */
function takeBlock(module: WebAssembly.Module | null, bytes: number): Block {
  if (module === null) {
    const slab = new Slab(null, bytes);
    return { slab, start: slab.take(bytes), bytes };
  }
  if (blocksOfCollected !== null) {
    for (let i = 0; i < slabs.length; i++) {
      const slab = slabs[i];
      const reached = slab.reached;
      const start = slab.take(bytes);
      if (start >= 0) {
        // Zero what an earlier block left; beyond `reached` the pages stay uncommitted.
        if (start < reached) new Uint8Array(slab.buffer, start, Math.min(bytes, reached - start)).fill(0);
        return { slab, start, bytes };
      }
    }
  }
  const size = Math.max(blocksOfCollected === null ? PAGE : slabBytes, Math.ceil(bytes / PAGE) * PAGE);
  const slab = new Slab(module, size);
  if (blocksOfCollected !== null) slabs.push(slab);
  return { slab, start: slab.take(bytes), bytes };
}

/** Gives `block` back to its slab (see {@link slabs} for when an empty slab is let go). */
function giveBlock(block: Block): void {
  const slab = block.slab;
  slab.give(block.start, block.bytes);
  if (slab.blocks > 0 || slabs.length <= 1) return;
  const i = slabs.indexOf(slab);
  if (i >= 0) slabs.splice(i, 1);
}

/** The size of the slabs made from now on (see {@link setKernelSlabBytes}). */
let slabBytes = SLAB_BYTES;

/**
 * Sets the size, in whole 64 KiB pages, of slabs made from now on and returns the one before; new
 * blocks go to new slabs only. For tests, not exported by the package.
 */
export function setKernelSlabBytes(bytes: number): number {
  const before = slabBytes;
  slabBytes = Math.max(PAGE, Math.ceil(bytes / PAGE) * PAGE);
  slabs.length = 0;
  return before;
}

/** How many WebAssembly memories the kernel memories share now (for tests, not exported by the package). */
export function kernelSlabCount(): number {
  return slabs.length;
}

/**
 * The numbers the kernels use for one `BodyStates` and its contact solver: the {@link Region}s in
 * one block. Owners size regions with {@link KernelMemory.want} and {@link KernelMemory.apply};
 * growing or switching kernels ({@link KernelMemory.sync}) moves every region to a new block, so
 * owners take new views when {@link KernelMemory.generation} changes. The block is freed when this
 * is collected.
 */
export class KernelMemory {
  /** Counts the moves: views taken at an older generation see a block given back. */
  generation = 0;
  /** {@link Region.Scalars}, a view (taken again when the memory moves). */
  scalars: Float64Array<ArrayBuffer> = new Float64Array(Scalar.Count);
  exports: KernelExports;
  /** Where the regions lie (updated in place when they move). */
  private readonly block: Block;
  /** The WebAssembly module the block's memory runs, or null (the TypeScript kernels). */
  private module: WebAssembly.Module | null;
  /** Whether the runtime refused a WebAssembly memory: the TypeScript kernels from then on. */
  private refused = false;
  /** The solver whose rows the regions hold; the one before copies its arrays out first. */
  owner: KernelOwner | null = null;
  /** Each region's offset in the block. */
  private readonly offsets = new Float64Array(Region.Count);
  private readonly sizes = new Float64Array(Region.Count);
  /** Sizes asked for by {@link KernelMemory.want}, not yet given. */
  private readonly wanted = new Float64Array(Region.Count);

  /** A memory in WebAssembly when it is on and compiled, else for the TypeScript kernels. */
  constructor() {
    // Only the scalars until the first move lays every region out.
    this.module = wantedModule();
    if (this.module === null) needFallback();
    let block: Block;
    try {
      block = takeBlock(this.module, ALIGN);
    } catch {
      needFallback();
      this.refused = true;
      this.module = null;
      block = takeBlock(null, ALIGN);
    }
    this.block = block;
    this.exports = block.slab.exports;
    blocksOfCollected?.register(this, block);
    this.sizes[Region.Scalars] = 8 * Scalar.Count;
    this.scalars = this.f64(Region.Scalars);
  }

  /** Whether the block lies in a WebAssembly memory (the WebAssembly kernels run on it). */
  get wasm(): boolean {
    return this.module !== null;
  }

  /** The byte offset of `region` in the memory the kernels run on (what they are passed). */
  offset(region: Region): number {
    return this.block.start + this.offsets[region];
  }

  /** Notes that `region` must hold `bytes` bytes at the next {@link KernelMemory.apply}. */
  want(region: Region, bytes: number): void {
    if (bytes > this.wanted[region]) this.wanted[region] = bytes;
  }

  /** Gives every region the size {@link KernelMemory.want} noted; true when that moved them. */
  apply(): boolean {
    const wanted = this.wanted;
    let grows = false;
    for (let r = 0; r < Region.Count; r++) if (wanted[r] > this.sizes[r]) grows = true;
    if (grows) this.move(this.module);
    return grows;
  }

  /** Moves the regions to the kernels {@link setWasmKernels} and compilation call for; true when moved. */
  sync(): boolean {
    const module = this.refused ? null : wantedModule();
    if (module === this.module || (module === null && fallback === null)) return false;
    this.move(module);
    return true;
  }

  /** Moves every region, contents kept, to a new block for `module` (TypeScript for good if refused). */
  private move(module: WebAssembly.Module | null): void {
    const wanted = this.wanted;
    const offsets: number[] = [];
    let end = 0;
    for (let r = 0; r < Region.Count; r++) {
      offsets.push(end);
      end += Math.ceil(Math.max(wanted[r], this.sizes[r]) / ALIGN) * ALIGN;
    }
    let block: Block;
    try {
      block = takeBlock(module, end);
    } catch (error) {
      if (module === null || fallback === null) throw error;
      this.refused = true;
      module = null;
      block = takeBlock(null, end);
    }
    const old = this.block;
    const from = new Uint8Array(old.slab.buffer, old.start, old.bytes);
    const to = new Uint8Array(block.slab.buffer, block.start, block.bytes);
    for (let r = 0; r < Region.Count; r++) {
      const o = this.offsets[r];
      to.set(from.subarray(o, o + this.sizes[r]), offsets[r]);
      this.offsets[r] = offsets[r];
      if (wanted[r] > this.sizes[r]) this.sizes[r] = wanted[r];
    }
    giveBlock(old);
    old.slab = block.slab;
    old.start = block.start;
    old.bytes = block.bytes;
    this.module = module;
    this.exports = block.slab.exports;
    this.scalars = this.f64(Region.Scalars);
    this.generation++;
  }

  /** A view of `region` as doubles (its whole size). */
  f64(region: Region): Float64Array<ArrayBuffer> {
    return new Float64Array(this.block.slab.buffer, this.offset(region), this.sizes[region] / 8);
  }

  /** A view of `region` as 32-bit integers (its whole size). */
  i32(region: Region): Int32Array<ArrayBuffer> {
    return new Int32Array(this.block.slab.buffer, this.offset(region), this.sizes[region] / 4);
  }
}

/** Throws unless the TypeScript kernels are installed (WebAssembly is not there to run). */
function needFallback(): void {
  if (fallback === null) {
    throw new ConstraintError(
      'kernels',
      'WebAssembly',
      'is unavailable here (missing, refused or still compiling): installJsKernels(jsKernels) to run the TypeScript kernels',
    );
  }
}

/** The module the kernel memories should run now: the WebAssembly when on and compiled, else null. */
function wantedModule(): WebAssembly.Module | null {
  return enabled ? kernelModule() : null;
}
