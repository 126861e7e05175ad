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

  for (const solver of ['soft', 'classic'] as const) {
    it(`${solver}: a pile of 500 capsules`, () => {
      const { world, bodies } = capsulePile(solver, 500);
      for (let i = 0; i < 600; ++i) world.step(1 / 60);
      expect(maxSpeed(bodies)).toBeLessThan(0.01);
    }, 120_000);
  }

  it('soft: a stack of 10 hexagons', () => {
    const { world, bodies } = hexagonStack('soft', 10);
    for (let i = 0; i < 600; ++i) world.step(1 / 60);
    expect(maxSpeed(bodies)).toBeLessThan(0.01);
  });

  // Known defect: under the classic solver a perfectly centred slender tower of hexagons sways
  // once anything breaks its symmetry (these hexagons' vertices come from sine and cosine); with
  // exactly symmetric vertices, or with ±5 mm offsets, it rests.
  it.fails('classic: a stack of 10 hexagons (known to sway)', () => {
    const { world, bodies } = hexagonStack('classic', 10);
    for (let i = 0; i < 600; ++i) world.step(1 / 60);
    expect(maxSpeed(bodies)).toBeLessThan(0.01);
  });
});
