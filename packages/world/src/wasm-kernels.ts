import { setWasmKernels as setKernels } from '@lite/constraints';
import { checkBoolean } from './validate';

/**
 * Turns the soft solver's WebAssembly kernels on (the default) or off, for every world in this
 * JavaScript realm, from the next pass. Results are bit-identical either way; off, every pass runs
 * as TypeScript (for comparing the two, or where WebAssembly is unwelcome).
 *
 * @example
 * ```ts
 * import { setWasmKernels, wasmKernelsReady } from '@lite/world';
 * setWasmKernels(false);
 * console.log(wasmKernelsReady()); // false
 * ```
 *
 * @param on - true or false; anything else (`'yes'`, 1, undefined) is refused rather than read
 * @throws WorldError naming `on` when it is not a boolean (the kernels stay as they were)
 */
export function setWasmKernels(on: boolean): void {
  setKernels(checkBoolean(on, 'on'));
}
