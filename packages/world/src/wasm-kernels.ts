import {
  installJsKernels,
  type JsKernels,
  jsKernelsInstalled,
  kernelsAvailable,
  setWasmKernels as setKernels,
} from '@lite/constraints';
import { WorldError } from './errors';
import { checkBoolean } from './validate';

/**
 * Turns the soft solver's WebAssembly kernels on (the default) or off, for every world in this
 * JavaScript realm, from the next pass. Results are bit-identical either way; off, every pass runs
 * as TypeScript (for comparing the two, or where WebAssembly is unwelcome): the TypeScript kernels
 * must be installed, by passing `jsKernels` here or to a world (`new World({ jsKernels })`).
 *
 * @example
 * ```ts
 * import { jsKernels, setWasmKernels, wasmKernelsReady } from '@lite/world';
 * setWasmKernels(false, jsKernels);
 * console.log(wasmKernelsReady()); // false
 * ```
 *
 * @param on - true or false; anything else (`'yes'`, 1, undefined) is refused rather than read
 * @param kernels - `jsKernels`, installed for every world of the realm
 * @throws WorldError naming `on` when it is not a boolean, or is false with no TypeScript kernels
 *   installed (the kernels stay as they were)
 */
export function setWasmKernels(on: boolean, kernels?: JsKernels): void {
  checkBoolean(on, 'on');
  if (kernels !== undefined) useJsKernels(kernels, 'kernels');
  if (!on && !jsKernelsInstalled()) {
    throw new WorldError('on', on, 'needs the TypeScript kernels: setWasmKernels(false, jsKernels)');
  }
  setKernels(on);
}

/**
 * Installs `jsKernels` for every world of this realm (what the `jsKernels` option does). @internal
 */
export function useJsKernels(kernels: JsKernels, argument: string): void {
  if (typeof kernels !== 'function') {
    throw new WorldError(argument, kernels, "must be jsKernels (import { jsKernels } from '@lite/world')");
  }
  installJsKernels(kernels);
}

/**
 * Throws unless a world can run its soft step's kernels here: WebAssembly, or the installed
 * TypeScript kernels. @internal
 */
export function requireKernels(): void {
  if (!kernelsAvailable()) {
    throw new WorldError(
      'options.jsKernels',
      undefined,
      "is needed where WebAssembly is missing, refused or still compiling: new World({ jsKernels }), with import { jsKernels } from '@lite/world'",
    );
  }
}
