import { AABB } from '@lite/collision';
import { describe, expect, it } from 'vitest';
import { moveNotedProxies } from '../src/stage-finish';

// The shapes whose boxes left their fat boxes are noted body by body, the fast bodies' last (after
// their sweeps); they are re-inserted into the broadphase in body order, so the tree does not
// depend on which bodies were swept.

type State = Parameters<typeof moveNotedProxies>[0];

/**
 * A noted list: a shape per entry (its body's index, velocity (index, -index) and proxy id 100 + k),
 * its box (four numbers), the fast bodies' notes from `split` on; and a broadphase that records
 * each `moveProxy` call as [proxyId, minX, minY, maxX, maxY, dx, dy].
 */
function noted(indices: number[], split: number) {
  const shapes = indices.map((index, k) => ({
    body: { index, linearVelocity: { x: index, y: -index } },
    proxyId: 100 + k,
  }));
  const boxes = new Float64Array(4 * (indices.length + 2));
  for (let k = 0; k < indices.length; ++k) boxes.set([indices[k], k, indices[k] + 0.5, k + 0.5], 4 * k);
  const calls: number[][] = [];
  const broadPhase = {
    moveProxy: (proxyId: number, aabb: AABB, dx: number, dy: number) => {
      calls.push([proxyId, aabb.minX, aabb.minY, aabb.maxX, aabb.maxY, dx, dy]);
      return true;
    },
  };
  const state = {
    movedShapes: shapes,
    movedBoxes: boxes,
    movedSplit: split,
    aabb: new AABB(),
    broadPhase,
  } as unknown as State;
  return { state, shapes, calls };
}

/** The call `moveNotedProxies` makes for the note `k` of body `index` over dt = 0.5. */
function call(index: number, k: number): number[] {
  return [100 + k, index, k, index + 0.5, k + 0.5, 0.5 * index, -0.5 * index];
}

describe('moveNotedProxies', () => {
  it('re-inserts the slow and the swept fast bodies’ shapes merged in body order, each with its box', () => {
    // Bodies 0, 2, 5 (two shapes), 7 noted in the pass; 3 (two shapes) and 6 after their sweeps.
    const list = noted([0, 2, 5, 5, 7, 3, 3, 6], 5);
    moveNotedProxies(list.state, 0.5);
    expect(list.calls).toEqual([
      call(0, 0),
      call(2, 1),
      call(3, 5),
      call(3, 6),
      call(5, 2),
      call(5, 3),
      call(6, 7),
      call(7, 4),
    ]);
    expect(list.shapes).toEqual([]);
    expect(list.state.movedSplit).toBe(0);
  });

  it('takes either run alone in order, and fast bodies before every slow one', () => {
    const slow = noted([1, 1, 4, 9], 4);
    moveNotedProxies(slow.state, 0.5);
    expect(slow.calls).toEqual([call(1, 0), call(1, 1), call(4, 2), call(9, 3)]);
    const fast = noted([1, 4, 9], 0);
    moveNotedProxies(fast.state, 0.5);
    expect(fast.calls).toEqual([call(1, 0), call(4, 1), call(9, 2)]);
    const first = noted([5, 8, 2, 3], 2);
    moveNotedProxies(first.state, 0.5);
    expect(first.calls).toEqual([call(2, 2), call(3, 3), call(5, 0), call(8, 1)]);
  });

  it('reads a split past the end (notes cut short) as no fast run', () => {
    const list = noted([2, 6], 7);
    moveNotedProxies(list.state, 0.5);
    expect(list.calls).toEqual([call(2, 0), call(6, 1)]);
  });
});
