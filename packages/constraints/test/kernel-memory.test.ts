import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { KernelMemory, kernelSlabCount, Region } from '../src/kernels';

// The collector, reachable without starting Node with --expose-gc: the flag set at run time
// exposes `gc` in contexts made after it.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A kernel memory in WebAssembly (the kernels compile synchronously in Node). */
function memory(): KernelMemory {
  const kernels = new KernelMemory();
  if (!kernels.wasm) throw new Error('no WebAssembly kernel memory');
  return kernels;
}

/** Fills every region but the scalars with numbers only memory `m` writes. */
function fill(kernels: KernelMemory, m: number): void {
  for (let r = 0; r < Region.Scalars; r++) {
    const v = kernels.f64(r);
    for (let i = 0; i < v.length; i++) v[i] = m * 1e6 + r * 1e3 + (i % 997);
  }
}

/** Whether every region holds what `fill(kernels, m)` wrote, on its first `sizes[r]` doubles. */
function holds(kernels: KernelMemory, m: number, sizes: number[]): boolean {
  for (let r = 0; r < Region.Scalars; r++) {
    const v = kernels.f64(r);
    for (let i = 0; i < sizes[r]; i++) if (v[i] !== m * 1e6 + r * 1e3 + (i % 997)) return false;
  }
  return true;
}

describe('kernel memories share WebAssembly memories', () => {
  it('memories growing in turn keep their own numbers, and a grown region beyond them reads zeros', () => {
    const count = 300;
    const all: KernelMemory[] = [];
    const sizes: number[][] = [];
    for (let m = 0; m < count; m++) {
      const kernels = memory();
      for (let r = 0; r < Region.Scalars; r++) kernels.want(r, 8 * (1 + ((m * 7 + r * 3) % 50)));
      kernels.apply();
      fill(kernels, m);
      all.push(kernels);
      sizes.push(Array.from({ length: Region.Scalars }, (_, r) => kernels.f64(r).length));
    }
    // Each grows three times, in turn, one region at a time: the blocks move and are reused.
    for (let round = 0; round < 3; round++) {
      for (let m = 0; m < count; m++) {
        const kernels = all[m];
        const r = (m + round) % Region.Scalars;
        const before = kernels.f64(r).length;
        kernels.want(r, 8 * (2 * before + 64 * ((m % 5) + 1)));
        expect(kernels.apply()).toBe(true);
        const grown = kernels.f64(r);
        // The numbers beyond the old size are zeros, as in a new memory (not another's numbers).
        for (let i = before; i < grown.length; i++)
          if (grown[i] !== 0) throw new Error(`memory ${m} region ${r}: ${grown[i]} at ${i}`);
      }
      for (let m = 0; m < count; m++) expect(holds(all[m], m, sizes[m])).toBe(true);
    }
    // The memories were not made one per kernel memory: 300 blocks of a few kilobytes share one.
    expect(kernelSlabCount()).toBeLessThanOrEqual(2);
  });

  it('the blocks of collected kernel memories are reused: making and dropping many needs no new memories', async () => {
    const live = Array.from({ length: 50 }, (_, m) => {
      const kernels = memory();
      kernels.want(Region.Rows, 200_000);
      kernels.apply();
      fill(kernels, m);
      return kernels;
    });
    const liveSizes = live.map((k) => Array.from({ length: Region.Scalars }, (_, r) => k.f64(r).length));
    let slabs = 0;
    for (let round = 0; round < 20; round++) {
      // 100 kernel memories of 200 KB each, dropped at once: 20 MB a round, 400 MB in all.
      for (let k = 0; k < 100; k++) {
        const kernels = memory();
        kernels.want(Region.Rows, 200_000);
        kernels.apply();
        kernels.f64(Region.Rows).fill(-1);
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
      await new Promise((resolve) => setTimeout(resolve, 0));
      slabs = Math.max(slabs, kernelSlabCount());
    }
    // The live ones (10 MB) and one round's (20 MB) fit in a few 16 MiB memories, round after round.
    expect(slabs).toBeLessThanOrEqual(5);
    for (let m = 0; m < live.length; m++) expect(holds(live[m], m, liveSizes[m])).toBe(true);
  });
});
