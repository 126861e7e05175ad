import { ConstraintError } from './errors';
import { KERNELS_WASM } from './kernels-wasm';

/**
 * The soft solver's WebAssembly kernels: its hottest passes (the warm start, the solve and relax
 * passes over every contact, chains included, the push passes and the velocity and position
 * updates of the body states), compiled from `assembly/kernels.ts` (AssemblyScript)
 * and run on the same packed numbers as the TypeScript passes, which then lie in one WebAssembly
 * memory ({@link KernelMemory}). The kernels give bit-identical results: they do the same
 * arithmetic in the same order, and WebAssembly rounds doubles as JavaScript does. They save the
 * JavaScript engine's bounds check and address arithmetic on every typed-array access, about a
 * quarter of each pass.
 *
 * The module is compiled on first use, synchronously where the runtime allows it; where it does not
 * (a browser's main thread may refuse to compile synchronously) it is compiled in the background
 * and the TypeScript passes run until it is ready. Where WebAssembly is missing or refused (a
 * content security policy without `wasm-unsafe-eval`), the TypeScript passes run throughout.
 * (Bit-identical for every finite number: a NaN's sign bit may differ, as it may between
 * JavaScript's own interpreted and optimised code; a step that makes a NaN fails anyway.)
 */

/** The kernels' exports (addresses are byte offsets into the memory). */
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
}

/** The compiled module, once compiled. */
let compiled: WebAssembly.Module | null = null;
/** Whether compiling was attempted (it is attempted once). */
let attempted = false;
/** {@link setWasmKernels}. */
let enabled = true;

/** The module, compiling it on the first call; null while it compiles or where it cannot. */
function kernelModule(): WebAssembly.Module | null {
  if (compiled !== null || attempted) return compiled;
  attempted = true;
  if (typeof WebAssembly !== 'object') return null;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = decodeBase64(KERNELS_WASM);
  } catch {
    return null;
  }
  try {
    compiled = new WebAssembly.Module(bytes);
  } catch {
    // Refused synchronously: try in the background (a refusal there leaves the TypeScript passes).
    try {
      WebAssembly.compile(bytes).then(
        (module) => {
          compiled = module;
        },
        () => {},
      );
    } catch {
      // No background compile either: the TypeScript passes.
    }
  }
  return compiled;
}

/**
 * `text`'s bytes (standard base64, without line breaks). Written out rather than `atob`, which
 * not every JavaScript environment has (a Node `vm` context, some embedded runtimes).
 */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const values = new Uint8Array(128);
  for (let i = 0; i < alphabet.length; i++) values[alphabet.charCodeAt(i)] = i;
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61) end--; // '=' padding
  const bytes = new Uint8Array(Math.floor((end * 6) / 8));
  let bits = 0;
  let count = 0;
  let k = 0;
  for (let i = 0; i < end; i++) {
    bits = ((bits << 6) | values[text.charCodeAt(i) & 127]) & 0xffffff;
    count += 6;
    if (count >= 8) {
      count -= 8;
      bytes[k++] = (bits >> count) & 0xff;
    }
  }
  return bytes;
}

/**
 * Turns the soft solver's WebAssembly kernels on (the default) or off, for every solver in this
 * JavaScript realm, from its next pass. Results are bit-identical either way; off, every pass runs
 * as TypeScript (for comparing the two, or where WebAssembly is unwelcome).
 *
 * @example
 * ```ts
 * import { setWasmKernels, wasmKernelsReady } from '@lite/constraints';
 * setWasmKernels(false);
 * console.log(wasmKernelsReady()); // false
 * ```
 *
 * @param on - true or false; anything else (`'yes'`, 1, undefined) is refused rather than read
 * @throws ConstraintError naming `on` when it is not a boolean (the kernels stay as they were)
 */
export function setWasmKernels(on: boolean): void {
  if (typeof on !== 'boolean') throw new ConstraintError('on', on, 'must be a boolean');
  enabled = on;
}

/**
 * Whether the soft solver's passes run as WebAssembly: the kernels are on
 * ({@link setWasmKernels}) and compiled. Compiling starts on the first call (or the first soft
 * step); false until it is done where it runs in the background.
 */
export function wasmKernelsReady(): boolean {
  return enabled && kernelModule() !== null;
}

/** Whether the kernels are on, without starting to compile them. */
export function wasmKernelsEnabled(): boolean {
  return enabled;
}

/**
 * The regions of a {@link KernelMemory}: the body states, then the contact solver's constants,
 * rows, per-contact integers, its list of contacts outside chains and its chains, the bodies' push
 * velocities and motion, the slots whose turn the position update left to the caller, the push
 * pass's rows (see the fields of the same names of `BodyStates` and `SoftContactSolver`), and the
 * doubles a call needs ({@link Scalar}).
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

/**
 * The doubles in {@link Region.Scalars}: written there by the caller, not passed, since a double
 * passed from JavaScript to WebAssembly may be boxed (an allocation per call).
 */
// biome-ignore lint/suspicious/noConstEnum: inlined as numbers
export const enum Scalar {
  /** The sub-step, s (the body states' updates). */
  H = 0,
  /** The chain compliance (the chains' solve). */
  ChainCompliance = 1,
  /** The body states' speed cap, m/s (their updates). */
  MaxLinearSpeed = 2,
  Count = 3,
}

/** The user of a {@link KernelMemory}'s solver regions (a soft contact solver). */
export interface KernelOwner {
  /** Copies the owner's arrays out of the memory, into arrays of its own, and stops using it. */
  releaseKernels(): void;
}

/** Regions start on a cache line. */
const ALIGN = 64;
const PAGE = 65536;

/**
 * A WebAssembly memory holding one `BodyStates`' states and its contact solver's rows (the
 * numbers the kernels read and write, which must lie in one memory), and the kernels' instance on
 * it. Each region is sized by its owner ({@link KernelMemory.want}, then
 * {@link KernelMemory.apply}); a region that must grow moves every region into a new, larger
 * memory (the old one is left to the garbage collector, not grown: growing a memory detaches its
 * buffer, and once any buffer has been detached V8 compiles typed-array accesses with a check
 * for detachment it otherwise leaves out, everywhere in the process). Owners take new views when
 * {@link KernelMemory.generation} changes.
 */
export class KernelMemory {
  /** Counts the moves: views taken at an older generation see the previous memory. */
  generation = 0;
  /** {@link Region.Scalars}, a view (taken again when the memory moves). */
  scalars: Float64Array<ArrayBuffer> = new Float64Array(Scalar.Count);
  /** The kernels, on the current memory. */
  exports: KernelExports;
  private memory: WebAssembly.Memory;
  private readonly module: WebAssembly.Module;
  /**
   * The solver whose rows the solver regions hold, or null. One at a time: a solver that prepares
   * with these states takes them over, and the one before first copies its arrays out of the
   * memory (see `SoftContactSolver.releaseKernels`).
   */
  owner: KernelOwner | null = null;
  private readonly offsets = new Float64Array(Region.Count);
  private readonly sizes = new Float64Array(Region.Count);
  /** Sizes asked for by {@link KernelMemory.want}, not yet given. */
  private readonly wanted = new Float64Array(Region.Count);

  private constructor(module: WebAssembly.Module) {
    this.module = module;
    this.memory = new WebAssembly.Memory({ initial: 1 });
    this.exports = this.instantiate(this.memory);
    // The scalars at 0 while every other region is empty (the first move lays them out in order).
    this.sizes[Region.Scalars] = 8 * Scalar.Count;
    this.scalars = this.f64(Region.Scalars);
  }

  /** A memory for the kernels, or null when they are off, not compiled yet, or cannot run here. */
  static create(): KernelMemory | null {
    if (!enabled) return null;
    const module = kernelModule();
    if (module === null) return null;
    try {
      return new KernelMemory(module);
    } catch {
      return null;
    }
  }

  /** The byte offset of `region`. */
  offset(region: Region): number {
    return this.offsets[region];
  }

  /** Notes that `region` must hold `bytes` bytes at the next {@link KernelMemory.apply}. */
  want(region: Region, bytes: number): void {
    if (bytes > this.wanted[region]) this.wanted[region] = bytes;
  }

  /**
   * Gives every region the size {@link KernelMemory.want} noted, in one move when any must grow
   * (keeping the contents). Returns true when the regions moved; false when they all fit.
   * @throws when the runtime refuses a larger memory (nothing changed then)
   */
  apply(): boolean {
    const wanted = this.wanted;
    let grows = false;
    for (let r = 0; r < Region.Count; r++) if (wanted[r] > this.sizes[r]) grows = true;
    if (!grows) return false;
    const offsets: number[] = [];
    let end = 0;
    for (let r = 0; r < Region.Count; r++) {
      offsets.push(end);
      end += Math.ceil(Math.max(wanted[r], this.sizes[r]) / ALIGN) * ALIGN;
    }
    const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(end / PAGE)) });
    const exports = this.instantiate(memory);
    const from = new Uint8Array(this.memory.buffer);
    const to = new Uint8Array(memory.buffer);
    for (let r = 0; r < Region.Count; r++) {
      const o = this.offsets[r];
      to.set(from.subarray(o, o + this.sizes[r]), offsets[r]);
      this.offsets[r] = offsets[r];
      if (wanted[r] > this.sizes[r]) this.sizes[r] = wanted[r];
    }
    this.memory = memory;
    this.exports = exports;
    this.scalars = this.f64(Region.Scalars);
    this.generation++;
    return true;
  }

  /** A view of `region` as doubles (its whole size). */
  f64(region: Region): Float64Array<ArrayBuffer> {
    return new Float64Array(this.memory.buffer as ArrayBuffer, this.offsets[region], this.sizes[region] / 8);
  }

  /** A view of `region` as 32-bit integers (its whole size). */
  i32(region: Region): Int32Array<ArrayBuffer> {
    return new Int32Array(this.memory.buffer as ArrayBuffer, this.offsets[region], this.sizes[region] / 4);
  }

  private instantiate(memory: WebAssembly.Memory): KernelExports {
    const instance = new WebAssembly.Instance(this.module, { env: { memory } });
    return instance.exports as unknown as KernelExports;
  }
}
