import { describe, expect, it } from 'vitest';
import { sortNotedProxies } from '../src/stage-finish';

// The shapes whose boxes left their fat boxes are noted body by body, the fast bodies' last (after
// their sweeps); they are re-inserted into the broadphase in body order, so the tree does not
// depend on which bodies were swept.

type State = Parameters<typeof sortNotedProxies>[0];

/** A noted list: a shape per entry (its body's index and a tag), and its box (four numbers). */
function noted(indices: number[]): { state: State; tags: () => string[]; boxes: () => number[] } {
  const shapes = indices.map((index, k) => ({ body: { index }, tag: `${index}:${k}` }));
  const boxes = new Float64Array(4 * (indices.length + 2));
  for (let k = 0; k < indices.length; ++k) boxes.set([indices[k], k, indices[k] + 0.5, k + 0.5], 4 * k);
  const state = { movedShapes: shapes, movedBoxes: boxes } as unknown as State;
  return {
    state,
    tags: () => shapes.map((s) => s.tag),
    boxes: () => Array.from(boxes.subarray(0, 4 * indices.length)),
  };
}

describe('sortNotedProxies', () => {
  it('puts the fast bodies’ shapes back in body order, their boxes with them, stably', () => {
    // Bodies 0, 2, 5 (two shapes), 7 noted in the pass; 3 (two shapes) and 6 after their sweeps.
    const list = noted([0, 2, 5, 5, 7, 3, 3, 6]);
    sortNotedProxies(list.state);
    expect(list.tags()).toEqual(['0:0', '2:1', '3:5', '3:6', '5:2', '5:3', '6:7', '7:4']);
    expect(list.boxes()).toEqual([
      0, 0, 0.5, 0.5, 2, 1, 2.5, 1.5, 3, 5, 3.5, 5.5, 3, 6, 3.5, 6.5, 5, 2, 5.5, 2.5, 5, 3, 5.5, 3.5, 6, 7,
      6.5, 7.5, 7, 4, 7.5, 4.5,
    ]);
  });

  it('leaves a list in body order as it is', () => {
    const list = noted([1, 1, 4, 9]);
    sortNotedProxies(list.state);
    expect(list.tags()).toEqual(['1:0', '1:1', '4:2', '9:3']);
  });
});
