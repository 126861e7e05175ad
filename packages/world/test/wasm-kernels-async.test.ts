import { describe, expect, it } from 'vitest';

/**
 * A runtime that refuses to compile WebAssembly synchronously (a browser's main thread may, for a
 * large module): the soft step runs its TypeScript passes until the background compile lands, then
 * the kernels, and the run is bit for bit the one with the kernels off throughout. Its own file: the
 * engine is imported only after `WebAssembly.Module` is replaced, so that the first compile sees
 * the refusal.
 */
describe('WebAssembly kernels compiled in the background', () => {
  it('take over mid-run with the same bits', { timeout: 120_000 }, async () => {
    const Module = WebAssembly.Module;
    const refusing = () => {
      throw new RangeError('WebAssembly.Module(): synchronous compile refused');
    };
    (WebAssembly as { Module: unknown }).Module = refusing;
    let engine: typeof import('../src/index');
    let helpers: typeof import('./helpers');
    let scenes: typeof import('@lite/scenes');
    try {
      engine = await import('../src/index');
      helpers = await import('./helpers');
      scenes = await import('@lite/scenes');
      // The TypeScript runs until the compile lands: it must be installed.
      engine.setWasmKernels(true, engine.jsKernels);
      // The first ask starts the compile, in the background.
      expect(engine.wasmKernelsReady()).toBe(false);
    } finally {
      (WebAssembly as { Module: unknown }).Module = Module;
    }
    const { setWasmKernels, wasmKernelsReady } = engine;
    const build = () => {
      const entry = scenes.catalogue.find((e) => e.id === 'shape-rain');
      if (entry === undefined) throw new Error('no shape-rain');
      return helpers.buildScene(entry.create({ count: 100 }), { sleeping: false, solver: 'soft' }).world;
    };
    const bits = (v: Float64Array) => Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    const background = build();
    const reference = build();
    const attached = () =>
      (background as unknown as { core: { bodyStates: { kernels: object | null } } }).core.bodyStates
        .kernels !== null;
    let steps = 0;
    // Steps before the compile lands run as TypeScript.
    background.step(1 / 60);
    steps++;
    expect(attached()).toBe(false);
    // Up to a minute: the compile competes for the machine with everything else that runs.
    const until = performance.now() + 60_000;
    while (!wasmKernelsReady() && performance.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(wasmKernelsReady()).toBe(true);
    for (; steps < 200; steps++) background.step(1 / 60);
    expect(attached()).toBe(true);
    setWasmKernels(false);
    for (let i = 0; i < steps; i++) reference.step(1 / 60);
    setWasmKernels(true);
    expect(bits(helpers.stateOf(background))).toEqual(bits(helpers.stateOf(reference)));
  });
});
