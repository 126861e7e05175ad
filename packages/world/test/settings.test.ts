import { stack } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import type { WorldSettings } from '../src/index';
import { buildScene, run, stateOf } from './helpers';

const dt = 1 / 60;

function sameBits(a: Float64Array, b: Float64Array): boolean {
  return Buffer.from(a.buffer).equals(Buffer.from(b.buffer));
}

describe('live settings', () => {
  const toggles: [string, (s: WorldSettings) => void][] = [
    ['warmStarting', (s) => (s.warmStarting = false)],
    ['positionCorrection', (s) => (s.positionCorrection = false)],
    ['accumulateImpulses', (s) => (s.accumulateImpulses = false)],
    ['blockSolver', (s) => (s.blockSolver = false)],
    ['relax', (s) => (s.relax = false)],
    ['iterations', (s) => (s.iterations = 1)],
    ['substeps', (s) => (s.substeps = 2)],
  ];
  for (const [name, flip] of toggles) {
    it(`${name} takes effect at the next step`, () => {
      // A falling, offset column: contacts are created, warm-started and corrected every step.
      const scene = stack(4, { offset: 0.05 });
      for (const body of scene.bodies) if (body.type === 'dynamic') body.y += 0.02 * body.y;
      const a = buildScene(scene, { sleeping: false });
      const b = buildScene(scene, { sleeping: false });
      run(a.world, 40);
      run(b.world, 40);
      expect(sameBits(stateOf(a.world), stateOf(b.world))).toBe(true);
      flip(b.world.settings);
      a.world.step(dt);
      b.world.step(dt);
      expect(sameBits(stateOf(a.world), stateOf(b.world))).toBe(false);
    });
  }

  it('gravity is read at every step', () => {
    const { world } = buildScene(stack(1), { sleeping: false });
    const free = world.createBody({ width: 1, height: 1, position: { x: 0, y: 50 } });
    world.step(dt);
    expect(free.linearVelocity.x).toBe(0);
    world.gravity.x = 3;
    world.step(dt);
    expect(free.linearVelocity.x).toBeCloseTo(3 * dt, 12);
    expect(free.linearVelocity.y).toBeCloseTo(-10 * 2 * dt, 12);
  });
});
