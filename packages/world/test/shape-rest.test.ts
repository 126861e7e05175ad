import { describe, expect, it } from 'vitest';
import { capsulePile, circlePyramid, hexagonStack, maxSpeed } from './shape-piles';

// Piles of shapes at rest, sleeping off: after 10 s every body is slower than 1 cm/s.
describe('piles of shapes rest without creeping', () => {
  for (const solver of ['soft', 'classic'] as const) {
    it(`${solver}: a pyramid of 20 rows of circles in a box`, () => {
      const { world, bodies } = circlePyramid(solver, 20);
      for (let i = 0; i < 600; ++i) world.step(1 / 60);
      expect(maxSpeed(bodies)).toBeLessThan(0.01);
    }, 120_000);
  }

  it('classic: a pile of 500 capsules', () => {
    const { world, bodies } = capsulePile('classic', 500);
    for (let i = 0; i < 600; ++i) world.step(1 / 60);
    expect(maxSpeed(bodies)).toBeLessThan(0.01);
  }, 120_000);

  // Known defect: polygon stacks (boxes given as polygons too) creep under the soft solver, and sway
  // under the classic one; the polygon manifold leaves one point of a face contact a hair apart
  // (speculative) and the other overlapping, and the pair settles tilted.
  for (const solver of ['soft', 'classic'] as const) {
    it.fails(`${solver}: a stack of 10 hexagons (known to creep)`, () => {
      const { world, bodies } = hexagonStack(solver, 10);
      for (let i = 0; i < 600; ++i) world.step(1 / 60);
      expect(maxSpeed(bodies)).toBeLessThan(0.01);
    });
  }
});
