/**
 * Split impulses (`settings.splitImpulses`): penetration is pushed out by pseudo-velocities
 * that move the bodies and are dropped, so position correction adds no momentum.
 */
import { stack } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { ClassicSolver, World } from '../src/index';
import { buildScene, solverSettings } from './helpers';

describe('split impulses', () => {
  it('push a box sunk 5 cm into the ground out without giving it any speed', () => {
    const world = new World({ sleeping: false, solver: new ClassicSolver() });
    solverSettings(world).splitImpulses = true;
    world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 } });
    const box = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 0.45 } });
    let maxUp = 0;
    for (let i = 0; i < 120; i++) {
      world.step(1 / 60);
      maxUp = Math.max(maxUp, box.linearVelocity.y);
    }
    // Out to within the slop (1 cm) of touching, pushed at β = 0.2 of the excess per step...
    expect(box.position.y).toBeGreaterThan(0.5 - 0.0101);
    expect(box.position.y).toBeLessThan(0.5);
    // ...and the push never became velocity: the box does not hop (Baumgarte's push would).
    expect(maxUp).toBeLessThan(1e-9);
  });

  it('keep an aligned column of 64 from throwing its top box up; without them it is launched', () => {
    const topRise = (split: boolean): number => {
      const { world, bodies } = buildScene(stack(64, { offset: 0 }), { sleeping: false, solver: 'classic' });
      solverSettings(world).splitImpulses = split;
      const top = bodies[bodies.length - 1];
      const start = top.position.y;
      let rise = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < 20 * 60; i++) {
        world.step(1 / 60);
        rise = Math.max(rise, top.position.y - start);
      }
      return rise;
    };
    // The bottom contacts of 64 boxes carry 63 boxes' weight and sink past the slop; Baumgarte's
    // push-out then sits in the carried impulses as real upward velocity and the column is thrown.
    expect(topRise(false)).toBeGreaterThan(1);
    // With split impulses the top box only ever settles down (within a box's height of overlap).
    expect(topRise(true)).toBeLessThan(0.01);
  });

  it('are off by default (Box2D-Lite: Baumgarte and the relax pass)', () => {
    expect(new ClassicSolver().splitImpulses).toBe(false);
  });
});
