import { describe, expect, it } from 'vitest';
import { Rewind, type SavedState, SNAPSHOT_BUDGET_MS, snapshotCost, snapshotInterval } from '../src/rewind';
import { RollingStats } from '../src/rolling-stats';

/** A state of `bytes` bytes in one pane, tagged by its step count. */
function state(stepCount: number, bytes = 10): SavedState {
  return { snapshots: [new Uint8Array(bytes)], stepCount };
}

describe('Rewind', () => {
  it('pops the newest state first', () => {
    const rewind = new Rewind();
    for (let i = 0; i < 5; ++i) rewind.push(state(i));
    expect([rewind.pop()?.stepCount, rewind.pop()?.stepCount]).toEqual([4, 3]);
    expect(rewind.length).toBe(3);
    expect(rewind.byteLength).toBe(30);
  });

  it('drops the oldest beyond the frame count', () => {
    const rewind = new Rewind(1e9, 3);
    for (let i = 0; i < 10; ++i) rewind.push(state(i));
    expect(rewind.length).toBe(3);
    const popped: number[] = [];
    for (let s = rewind.pop(); s !== undefined; s = rewind.pop()) popped.push(s.stepCount);
    expect(popped).toEqual([9, 8, 7]);
    expect(rewind.byteLength).toBe(0);
  });

  it('drops the oldest beyond the byte budget, counting every pane', () => {
    const rewind = new Rewind(100, 1000);
    for (let i = 0; i < 30; ++i)
      rewind.push({ snapshots: [new Uint8Array(15), new Uint8Array(10)], stepCount: i });
    // 25 bytes a state: four fit in 100.
    expect(rewind.length).toBe(4);
    expect(rewind.byteLength).toBe(100);
    expect(rewind.pop()?.stepCount).toBe(29);
  });

  it('keeps nothing of a state larger than the whole budget', () => {
    const rewind = new Rewind(100, 10);
    rewind.push(state(0, 50));
    rewind.push(state(1, 500));
    expect(rewind.length).toBe(0);
    expect(rewind.pop()).toBeUndefined();
  });

  it('keeps working after many pushes (the dropped ones are let go)', () => {
    const rewind = new Rewind(1e9, 5);
    for (let i = 0; i < 10_000; ++i) rewind.push(state(i));
    expect(rewind.length).toBe(5);
    expect(rewind.pop()?.stepCount).toBe(9999);
  });

  it("hands out the dropped states' buffers (whole) to write the next snapshots into, none of a kept state", () => {
    const rewind = new Rewind(1e9, 2);
    const buffers = [0, 1, 2, 3].map(() => new ArrayBuffer(40));
    const pushed = buffers.map((buffer, i) => ({ snapshots: [new Uint8Array(buffer, 8, 10)], stepCount: i }));
    rewind.push(pushed[0]);
    rewind.push(pushed[1]);
    expect(rewind.spare()).toBeUndefined();
    rewind.push(pushed[2]);
    rewind.push(pushed[3]);
    const spares = [rewind.spare(), rewind.spare(), rewind.spare()];
    expect(spares[0]?.buffer).toBe(buffers[1]);
    expect(spares[1]?.buffer).toBe(buffers[0]);
    expect(spares[2]).toBeUndefined();
    expect(spares.map((s) => [s?.byteOffset, s?.length])).toEqual([
      [8, 32],
      [8, 32],
      [undefined, undefined],
    ]);
    expect([rewind.pop(), rewind.pop()]).toEqual([pushed[3], pushed[2]]);
  });

  it('refuses a budget or a count that cannot hold anything', () => {
    expect(() => new Rewind(0)).toThrow(/maxBytes/);
    expect(() => new Rewind(100, 0)).toThrow(/maxFrames/);
    expect(() => new Rewind(100, 1.5)).toThrow(/maxFrames/);
  });
});

describe('snapshotInterval', () => {
  it('keeps every step while a snapshot is within the budget, and fewer as it costs more', () => {
    expect(snapshotInterval(0)).toBe(1);
    expect(snapshotInterval(SNAPSHOT_BUDGET_MS)).toBe(1);
    expect(snapshotInterval(1.01 * SNAPSHOT_BUDGET_MS)).toBe(2);
    expect(snapshotInterval(8 * SNAPSHOT_BUDGET_MS)).toBe(8);
    // The mean snapshot cost per running step stays within the budget.
    for (const ms of [0.3, 0.7, 2.1, 4.3, 17])
      expect(ms / snapshotInterval(ms)).toBeLessThanOrEqual(SNAPSHOT_BUDGET_MS);
  });
});

describe('snapshotCost', () => {
  it('is the newest or the median snapshot time, whichever is less', () => {
    const times = new RollingStats(60);
    expect(snapshotCost(times)).toBe(0);
    for (const ms of [200, 190, 180]) times.push(ms);
    // Slow while the code is cold: 180 ms, the newest.
    expect(snapshotCost(times)).toBe(180);
    // Compiled: the next one costs 20 ms and sets the interval at once, though the median is 185 ms.
    times.push(20);
    expect(snapshotCost(times)).toBe(20);
    expect(snapshotInterval(snapshotCost(times))).toBe(40);
    for (let i = 0; i < 5; i++) times.push(20);
    // One slow snapshot (a garbage collection) does not space them out: the median holds.
    times.push(150);
    expect(snapshotCost(times)).toBe(20);
  });
});
