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

  // Known defect: the hexagon stack does not come to rest within 10 s. Under the soft solver a
  // stack of ten 1 m boxes with ±5 mm offsets does not either (3.5 cm/s at 10 s, sleeping off, with
  // the width/height boxes as well as with polygons), so it is the soft solver's, not the shapes'.
  // Under the classic solver a perfectly centred slender tower sways once anything breaks its
  // symmetry (these hexagons' vertices come from sine and cosine); with exactly symmetric vertices,
  // or with ±5 mm offsets, it rests.
  for (const solver of ['soft', 'classic'] as const) {
    it.fails(`${solver}: a stack of 10 hexagons (known to creep)`, () => {
      const { world, bodies } = hexagonStack(solver, 10);
      for (let i = 0; i < 600; ++i) world.step(1 / 60);
      expect(maxSpeed(bodies)).toBeLessThan(0.01);
    });
  }
});
