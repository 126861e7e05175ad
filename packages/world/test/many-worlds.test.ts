import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { catalogue } from '@lite/scenes';
import { afterEach, describe, expect, it } from 'vitest';
import { kernelSlabCount } from '../../constraints/src/kernels';
import { jsKernels, setWasmKernels, World } from '../src/index';
import { buildScene, stateOf } from './helpers';

// The collector, reachable without starting Node with --expose-gc (see resources.test.ts).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Whether the soft solver's passes ran as the WebAssembly kernels at `world`'s last step: its body
 * states lie in a kernel memory and its contact solver's rows in the same one.
 */
function kernelsRan(world: World): boolean {
  const core = (world as unknown as { core: { bodyStates: { kernels: object | null }; softSolver: object } })
    .core;
  const solverKernels = (core.softSolver as { kernels: object | null }).kernels;
  return core.bodyStates.kernels !== null && solverKernels === core.bodyStates.kernels;
}

/** The numbers' bytes (so that -0 and 0, or two NaNs, differ as bits do). */
function bits(values: Float64Array): number[] {
  return Array.from(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
}

afterEach(() => setWasmKernels(true));

describe('many worlds in one process share the kernels’ WebAssembly memories', () => {
  it('a world of 5 bodies, stepped, holds about 60 KB: objects, arrays and kernel regions', async () => {
    // Its arrays start with room for a few bodies and contacts and double when a step needs more
    // (once per size a scene reaches), so a small world does not pay for a large one. Measured over
    // 2,000 live worlds after a collection: about 41 KB of objects and 15 KB outside the heap (its
    // arrays and its share of the kernels' memories, which come 16 MiB at a time). The bound is
    // about 1.6 times that; worlds whose arrays started with room for 64 to 128 of each held
    // about 255 KB.
    const count = 2_000;
    const make = (): World => {
      const world = new World();
      world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: 0 } });
      for (let i = 0; i < 4; i++)
        world.createBody({ width: 1, height: 1, position: { x: 1.5 * i - 2, y: 1 } });
      world.step(1 / 60);
      world.step(1 / 60);
      return world;
    };
    make();
    // (First in this file, so that no other test's worlds are waiting to give their kernel regions
    // back; the collections let those of the world above go.)
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const before = process.memoryUsage();
    const worlds: World[] = [];
    for (let w = 0; w < count; w++) worlds.push(make());
    gc();
    const after = process.memoryUsage();
    expect(worlds.every(kernelsRan)).toBe(true);
    const perWorld = (after.heapUsed - before.heapUsed + (after.external - before.external)) / count / 1024;
    expect(perWorld).toBeGreaterThan(0);
    expect(perWorld).toBeLessThan(96);
  });

  it('20,000 worlds of 5 bodies, kept alive, are created and stepped with the kernels', () => {
    // One WebAssembly memory per world reserved about 10 GB of address space each: a 64-bit
    // process ran out at about 13,000 worlds (the later ones fell back to the TypeScript passes),
    // after collections that stalled for seconds once address space ran low.
    const worlds: World[] = [];
    let ran = 0;
    for (let w = 0; w < 20_000; w++) {
      const world = new World();
      world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: 0 } });
      for (let i = 0; i < 4; i++)
        world.createBody({ width: 1, height: 1, position: { x: 1.5 * i - 2, y: 1 } });
      world.step(1 / 60);
      if (kernelsRan(world)) ran++;
      worlds.push(world);
    }
    expect(ran).toBe(20_000);
    // A second step of every world, each on its own numbers: the boxes rest on the ground (its top
    // at y = 0.5), as one world alone steps them.
    for (const world of worlds) world.step(1 / 60);
    expect(worlds.every(kernelsRan)).toBe(true);
    const alone = new World();
    alone.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: 0 } });
    for (let i = 0; i < 4; i++) alone.createBody({ width: 1, height: 1, position: { x: 1.5 * i - 2, y: 1 } });
    alone.step(1 / 60);
    alone.step(1 / 60);
    const y = alone.bodies.map((b) => b.position.y);
    expect(Math.abs(y[1] - 1)).toBeLessThan(0.01);
    expect(worlds.filter((w) => w.bodies.some((b, i) => b.position.y !== y[i])).length).toBe(0);
    // Each world's regions take about 8 KB: 20,000 of them fit in about a dozen memories.
    expect(kernelSlabCount()).toBeLessThan(24);
    // (A few seconds of CPU: each world holds about 60 KB of objects and arrays, kernel regions
    // included, so the collector has little to walk; the timeout is a guard against a hang with
    // room for a loaded machine.)
  }, 120_000);

  it('worlds made, grown, stepped in turn and collected (their memory reused) give the same bits as the TypeScript passes', async () => {
    const rain = catalogue.find((e) => e.id === 'rain');
    const shapes = catalogue.find((e) => e.id === 'shape-rain');
    if (rain === undefined || shapes === undefined) throw new Error('no rain scenes');
    const make = (k: number): World =>
      buildScene((k % 2 === 0 ? rain : shapes).create({ count: 40 + 30 * k }), {
        sleeping: false,
        solver: 'soft',
      }).world;
    /** Steps worlds in turn, a new one every 10 rounds, and lets every third one go after 30 rounds. */
    const run = async (kernels: boolean): Promise<number[][]> => {
      setWasmKernels(kernels, jsKernels);
      const live: { world: World; k: number; born: number }[] = [];
      const kept: { world: World; k: number }[] = [];
      for (let round = 0; round < 120; round++) {
        if (round % 10 === 0) live.push({ world: make(round / 10), k: round / 10, born: round });
        for (const entry of live) entry.world.step(1 / 60);
        for (let i = live.length - 1; i >= 0; i--) {
          if (live[i].k % 3 === 1 && round - live[i].born === 30) live.splice(i, 1);
        }
        if (round % 15 === 14) {
          // Collected worlds give their blocks back (a new world's regions may then lie there).
          await new Promise((resolve) => setTimeout(resolve, 0));
          gc();
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      }
      for (const entry of live) {
        if (kernels) expect(kernelsRan(entry.world)).toBe(true);
        kept.push(entry);
      }
      return kept.map((entry) => bits(stateOf(entry.world)));
    };
    const typescript = await run(false);
    const wasm = await run(true);
    expect(wasm.length).toBe(typescript.length);
    for (let i = 0; i < wasm.length; i++) expect(wasm[i]).toEqual(typescript[i]);
  });
});
