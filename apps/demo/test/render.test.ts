import { World } from '@lite/world';
import { describe, expect, it } from 'vitest';
import { islandCount } from '../src/render';
import { Pane } from '../src/simulation';

describe('islandCount', () => {
  it('counts bodies joined by touching contacts as one island, the static ground joining none', () => {
    const world = new World();
    world.createBody({ type: 'static', width: 40, height: 1, position: { x: 0, y: -0.5 } });
    // Two stacks of two boxes, far apart, and a lone box in the air.
    for (const x of [-10, 10])
      for (const y of [0.5, 1.5]) world.createBody({ width: 1, height: 1, position: { x, y } });
    world.createBody({ width: 1, height: 1, position: { x: 0, y: 10 } });
    world.step(1 / 60);
    expect(islandCount(new Pane(world, '', 0, undefined))).toBe(3);
  });
});
