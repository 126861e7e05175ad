// The soft step's hot passes, written once: compiled to WebAssembly by `scripts/build-kernels.mjs`
// (into `generated/kernels-wasm.ts`) and transformed by it into the JavaScript fallback
// (`generated/kernels-js.ts`), both committed (a test checks they are current). Both run on the same
// packed numbers at the same byte addresses (layouts in `src/layout.ts`): the solver's rows, its
// per-contact integers, the body states and the step constants, in one memory (see `src/kernels.ts`).
// WebAssembly's doubles round as JavaScript's do and the arithmetic is the same, in the same order,
// so both give the same bits.
//
// Written so that the transform stays mechanical: memory only through `F`, `setF`, `I` and `setI`
// (`memory.ts`), no integer division and no arithmetic that relies on 32-bit overflow.
import { Factor, Meta, Motion, Param, Pt, PushInt, PushRow, Row, Scalar, State } from '../src/layout';
import { setI } from './memory';

export { gatherPush, pushPass } from './push';
export { integratePositions, integrateVelocities } from './bodies';
export { solveChains } from './chain';
export { applyRestitution, solveSingles, warmStart } from './contact';

/**
 * Writes the layouts' strides and counts as this build sees them, in order, as 32-bit integers at
 * `out` (for a test that compares them with the TypeScript's): State, Motion, Row, Pt, PushRow,
 * PushInt, Factor and Meta strides, then the counts of Param and Scalar. Returns how many.
 */
export function layoutSizes(out: usize): i32 {
  setI(out, 0, State.Stride);
  setI(out, 1, Motion.Stride);
  setI(out, 2, Row.Stride);
  setI(out, 3, Pt.Stride);
  setI(out, 4, PushRow.Stride);
  setI(out, 5, PushInt.Stride);
  setI(out, 6, Factor.Stride);
  setI(out, 7, Meta.Stride);
  setI(out, 8, Param.Count);
  setI(out, 9, Scalar.Count);
  return 10;
}
