import { heavyChain, pyramid } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { PROFILE_STAGES, type SolverKind, World } from '../src/index';
import { buildScene, run } from './helpers';

/** Every body's pose, for comparing two runs bit for bit. */
function poses(world: World): number[] {
  return world.bodies.flatMap((b) => [b.position.x, b.position.y, b.angle]);
}

describe('world.profile', () => {
  it('is all zeros while settings.profile is off (the default)', () => {
    const { world } = buildScene(pyramid(5), { sleeping: false });
    expect(world.settings.profile).toBe(false);
    run(world, 10);
    expect([...world.profile.times]).toEqual(PROFILE_STAGES.map(() => 0));
  });

  for (const solver of ['classic', 'soft'] as SolverKind[]) {
    it(`times every stage of the ${solver} step, the stages adding up to the total`, () => {
      const { world } = buildScene(heavyChain(10, 10), { sleeping: false, solver });
      world.settings.profile = true;
      run(world, 20);
      const p = world.profile;
      expect(p.times.length).toBe(PROFILE_STAGES.length);
      PROFILE_STAGES.forEach((stage, i) => {
        expect(p[stage]).toBe(p.times[i]);
        expect(p[stage]).toBeGreaterThanOrEqual(0);
      });
      expect(p.total).toBeGreaterThan(0);
      expect(p.collide + p.solve).toBeGreaterThan(0);
      const sum = p.times.subarray(0, PROFILE_STAGES.indexOf('total')).reduce((a, b) => a + b, 0);
      // Every stage is timed from the end of the one before: they add up to the total (the last
      // lap and the total read the clock one call apart).
      expect(sum).toBeLessThanOrEqual(p.total);
      expect(sum).toBeGreaterThan(0.5 * p.total);
    });

    it(`changes nothing in the ${solver} step's results`, () => {
      const plain = buildScene(pyramid(8), { sleeping: false, solver });
      const timed = buildScene(pyramid(8), { sleeping: false, solver });
      timed.world.settings.profile = true;
      run(plain.world, 60);
      run(timed.world, 60);
      expect(poses(timed.world)).toEqual(poses(plain.world));
    });
  }

  it('is switched on by the profile option and checked like the other options', () => {
    expect(new World({ profile: true }).settings.profile).toBe(true);
    expect(() => new World({ profile: 'yes' as unknown as boolean })).toThrow(/options\.profile/);
  });
});
