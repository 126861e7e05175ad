import { describe, expect, it } from 'vitest';
import { Float64Slab, MathError } from '../src/index';

describe('Float64Slab', () => {
  it('hands out zeroed arrays of its length that never overlap', () => {
    const slab = new Float64Slab(3, 4);
    const arrays = Array.from({ length: 10 }, () => slab.take());
    for (const a of arrays) {
      expect(a).toBeInstanceOf(Float64Array);
      expect(Array.from(a)).toEqual([0, 0, 0]);
    }
    for (const [i, a] of arrays.entries()) a.fill(i + 1);
    for (const [i, a] of arrays.entries()) expect(Array.from(a)).toEqual([i + 1, i + 1, i + 1]);
  });

  it('puts consecutive arrays side by side in one block, perBlock of them', () => {
    const slab = new Float64Slab(16, 4);
    const arrays = Array.from({ length: 9 }, () => slab.take());
    for (let i = 0; i < 9; i++) {
      const sameBlockAsFirst = arrays[i].buffer === arrays[4 * Math.floor(i / 4)].buffer;
      expect(sameBlockAsFirst).toBe(true);
      expect(arrays[i].byteOffset).toBe((i % 4) * 16 * 8);
    }
    expect(arrays[4].buffer).not.toBe(arrays[3].buffer);
    expect(arrays[8].buffer).not.toBe(arrays[4].buffer);
    expect(slab.length).toBe(16);
    expect(slab.perBlock).toBe(4);
  });

  it('tells where the last array lies: its block and the index of its first number there', () => {
    const slab = new Float64Slab(5, 3);
    expect(slab.lastBlock).toBeNull();
    for (let i = 0; i < 7; i++) {
      const a = slab.take();
      const block = slab.lastBlock as Float64Array;
      expect(block.length).toBe(15);
      expect(block.buffer).toBe(a.buffer);
      expect(slab.lastOffset).toBe((i % 3) * 5);
      // A write through the view shows in the block at that index, and the other way round.
      a[1] = i + 0.5;
      expect(block[slab.lastOffset + 1]).toBe(i + 0.5);
      block[slab.lastOffset + 4] = -i;
      expect(a[4]).toBe(-i);
    }
  });

  it('refuses a length or block size that is not a positive integer in range, naming it', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 21]) {
      expect(() => new Float64Slab(bad, 8)).toThrow(MathError);
      expect(() => new Float64Slab(bad, 8)).toThrow(/^length = /);
    }
    for (const bad of [0, 2.5, Number.POSITIVE_INFINITY, 2 ** 17]) {
      expect(() => new Float64Slab(8, bad)).toThrow(/^perBlock = /);
    }
  });
});
