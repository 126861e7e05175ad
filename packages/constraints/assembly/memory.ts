// Loads and stores at byte addresses of the one memory the kernels run on. The transform into
// `generated/kernels-js.ts` (see `scripts/build-kernels.mjs`) writes each call of these as a typed-array
// access instead, so this file is the WebAssembly form only.

/** The double at index k of the array at byte address p. */
// @ts-ignore: decorator
@inline export function F(p: usize, k: i32): f64 {
  return load<f64>(p + ((<usize>k) << 3));
}

/** Writes x to the double at index k of the array at byte address p. */
// @ts-ignore: decorator
@inline export function setF(p: usize, k: i32, x: f64): void {
  store<f64>(p + ((<usize>k) << 3), x);
}

/** The 32-bit integer at index k of the array at byte address p. */
// @ts-ignore: decorator
@inline export function I(p: usize, k: i32): i32 {
  return load<i32>(p + ((<usize>k) << 2));
}

/** Writes x to the 32-bit integer at index k of the array at byte address p. */
// @ts-ignore: decorator
@inline export function setI(p: usize, k: i32, x: i32): void {
  store<i32>(p + ((<usize>k) << 2), x);
}
