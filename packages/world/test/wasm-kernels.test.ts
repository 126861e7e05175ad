import { catalogue } from '@lite/scenes';
import { afterEach, describe, expect, it } from 'vitest';
import { setKernelSlabBytes } from '../../constraints/src/kernels';
import { jsKernels, setWasmKernels, type World, wasmKernelsReady } from '../src/index';
import { buildScene, stateOf } from './helpers';

/**
 * The soft solver's WebAssembly kernels (see `kernels.ts` in @lite/constraints): they run in Node,
 * and switching them on and off between steps changes no bit of a run. (soft-hash.test.ts runs the
 * whole catalogue both ways against the same recorded hashes.)
 */

function scene(id: string, parameters?: Record<string, number>): World {
  const entry = catalogue.find((e) => e.id === id);
  if (entry === undefined) throw new Error(`no scene ${id}`);
  return buildScene(entry.create(parameters), { sleeping: false, solver: 'soft' }).world;
}

/** Whether `world`'s last soft step had its body states in the kernels' memory. */
function kernelsAttached(world: World): boolean {
  const core = (world as unknown as { core: { bodyStates: { kernels: object | null } } }).core;
  return core.bodyStates.kernels !== null;
}

/** The numbers' bytes (so that -0 and 0, or two NaNs, differ as bits do). */
function bits(values: Float64Array): number[] {
  return Array.from(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
}

/**
 * The bits of a catalogue scene stepped with the kernels off, after every 50th of its first 200
 * steps: made once per scene and shared by the tests that compare against it.
 */
const references = new Map<string, number[][]>();
function referenceBits(id: string, parameters?: Record<string, number>): number[][] {
  const key = `${id} ${JSON.stringify(parameters)}`;
  let found = references.get(key);
  if (found === undefined) {
    setWasmKernels(false, jsKernels);
    const world = scene(id, parameters);
    found = [];
    for (let i = 1; i <= 200; i++) {
      world.step(1 / 60);
      if (i % 50 === 0) found.push(bits(stateOf(world)));
    }
    setWasmKernels(true);
    references.set(key, found);
  }
  return found;
}

afterEach(() => setWasmKernels(true));

describe('WebAssembly kernels', () => {
  it('are compiled and used by the soft step in Node', () => {
    expect(wasmKernelsReady()).toBe(true);
    const world = scene('shape-rain', { count: 60 });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(kernelsAttached(world)).toBe(true);
  });

  it('are left alone when switched off before the first step', () => {
    setWasmKernels(false, jsKernels);
    expect(wasmKernelsReady()).toBe(false);
    const world = scene('shape-rain', { count: 60 });
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(kernelsAttached(world)).toBe(false);
  });

  // Scenes with restitution, deep overlaps (push passes), chains of contacts, joints holding bodies
  // and a pile that grows (the kernels' memory moves as its regions grow).
  for (const [id, parameters] of [
    ['restitution', undefined],
    ['shape-rain', { count: 150 }],
    ['ragdoll', undefined],
    ['rain', { count: 300 }],
  ] as const) {
    it(`${id}: switched on and off every few steps, the same bits as with them off throughout`, () => {
      const reference = referenceBits(id, parameters);
      setWasmKernels(false, jsKernels);
      const toggled = scene(id, parameters);
      for (let i = 1; i <= 200; i++) {
        setWasmKernels(i % 10 < 6, jsKernels);
        toggled.step(1 / 60);
        if (i % 50 === 0) expect(bits(stateOf(toggled))).toEqual(reference[i / 50 - 1]);
      }
    });
  }

  it('a runtime that refuses a larger memory mid-run: the step goes on as TypeScript, the same bits', () => {
    // (With the kernels off throughout, made before the memories shrink and are refused.)
    const reference = referenceBits('rain', { count: 300 });
    // Memories of one page: the regions' growth then needs new memories (with the default size,
    // the worlds of a realm share memories of 16 MiB, and a growth seldom needs a new one).
    const slabBytes = setKernelSlabBytes(65536);
    const Memory = WebAssembly.Memory;
    let allowed = Number.POSITIVE_INFINITY;
    // A stand-in that refuses once `allowed` memories were made (as a runtime out of address space).
    const refusing = function (this: unknown, descriptor: WebAssembly.MemoryDescriptor) {
      if (allowed-- <= 0) throw new RangeError('WebAssembly.Memory(): could not allocate memory');
      return new Memory(descriptor);
    };
    (WebAssembly as { Memory: unknown }).Memory = refusing;
    try {
      setWasmKernels(true);
      const refused = scene('rain', { count: 300 });
      for (let i = 1; i <= 200; i++) {
        // The rain's contacts grow as it lands: the memory must grow after the first steps.
        if (i === 20) {
          expect(kernelsAttached(refused)).toBe(true);
          allowed = 0;
        }
        refused.step(1 / 60);
      }
      expect(kernelsAttached(refused)).toBe(false);
      expect(bits(stateOf(refused))).toEqual(reference[3]);
    } finally {
      (WebAssembly as { Memory: unknown }).Memory = Memory;
      setKernelSlabBytes(slabBytes);
    }
  });
});
