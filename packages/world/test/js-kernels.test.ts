import { describe, expect, it } from 'vitest';

/**
 * The TypeScript kernels are opt-in (`jsKernels`): without them, a world where WebAssembly cannot
 * run, and turning the WebAssembly off, are refused with the fix named. Its own file: the engine is
 * imported afresh, with no TypeScript kernels installed, after `WebAssembly` is taken away.
 */
describe('the TypeScript kernels, opt-in', () => {
  it('a world without WebAssembly needs jsKernels: refused naming the option, then made with it', async () => {
    const wasm = globalThis.WebAssembly;
    (globalThis as { WebAssembly?: unknown }).WebAssembly = undefined;
    try {
      const { World, WorldError, jsKernels, setWasmKernels, wasmKernelsReady } = await import('../src/index');
      expect(wasmKernelsReady()).toBe(false);
      expect(() => setWasmKernels(false)).toThrow(WorldError);
      expect(() => setWasmKernels(false)).toThrow(
        /^on = false: needs the TypeScript kernels: setWasmKernels\(false, jsKernels\)/,
      );
      expect(() => new World()).toThrow(WorldError);
      expect(() => new World()).toThrow(
        /^options\.jsKernels = undefined: is needed where WebAssembly is missing/,
      );
      expect(() => new World({ jsKernels: 'yes' as never })).toThrow(
        /^options\.jsKernels = "?yes"?: must be jsKernels/,
      );
      const world = new World({ jsKernels });
      world.createBody({ type: 'static', width: 20, height: 1 });
      const box = world.createBody({ width: 1, height: 1, position: { x: 0, y: 3 } });
      for (let i = 0; i < 120; ++i) world.step(1 / 60);
      expect(box.position.y).toBeCloseTo(1, 1);
      // Installed for the realm: the next world needs no option.
      expect(() => new World()).not.toThrow();
    } finally {
      (globalThis as { WebAssembly?: unknown }).WebAssembly = wasm;
    }
  });
});
