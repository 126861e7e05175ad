import { pyramid, stack } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import type { SolverKind, World } from '../src/index';
import { buildScene, run, solverSettings, stateOf } from './helpers';

const dt = 1 / 60;

function sameBits(a: Float64Array, b: Float64Array): boolean {
  return Buffer.from(a.buffer).equals(Buffer.from(b.buffer));
}

describe('live settings', () => {
  const toggles: [SolverKind, string, (w: World) => void][] = [
    ['classic', 'warmStarting', (w) => (solverSettings(w).warmStarting = false)],
    ['classic', 'positionCorrection', (w) => (solverSettings(w).positionCorrection = false)],
    ['classic', 'accumulateImpulses', (w) => (solverSettings(w).accumulateImpulses = false)],
    ['classic', 'blockSolver', (w) => (solverSettings(w).blockSolver = false)],
    ['classic', 'relax', (w) => (solverSettings(w).relax = false)],
    ['classic', 'iterations', (w) => (solverSettings(w).iterations = 1)],
    ['classic', 'substeps', (w) => (solverSettings(w).substeps = 2)],
    ['soft', 'warmStarting', (w) => (solverSettings(w).warmStarting = false)],
    ['soft', 'iterations', (w) => (solverSettings(w).iterations = 2)],
    ['soft', 'substeps', (w) => (solverSettings(w).substeps = 2)],
    ['soft', 'contactHertz', (w) => (w.settings.contactHertz = 10)],
    ['soft', 'contactDampingRatio', (w) => (w.settings.contactDampingRatio = 1)],
    ['soft', 'solver', (w) => (w.solver = 'classic')],
    ['classic', 'solver', (w) => (w.solver = 'soft')],
  ];
  for (const [solver, name, flip] of toggles) {
    it(`${name} takes effect at the next step (${solver})`, () => {
      // A falling, offset column: contacts are created, warm-started and corrected every step. (The
      // soft step solves a column's contacts as one rigid chain, which the contact spring does not
      // touch: its spring settings are tried on a small pyramid, whose bottom boxes have more than
      // two contacts each.)
      const spring = solver === 'soft' && (name === 'contactHertz' || name === 'contactDampingRatio');
      const scene = spring ? pyramid(3) : stack(4, { offset: 0.05 });
      for (const body of scene.bodies) if (body.type === 'dynamic') body.y += 0.02 * body.y;
      const a = buildScene(scene, { sleeping: false, solver });
      const b = buildScene(scene, { sleeping: false, solver });
      run(a.world, 40);
      run(b.world, 40);
      expect(sameBits(stateOf(a.world), stateOf(b.world))).toBe(true);
      flip(b.world);
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
