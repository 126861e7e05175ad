/**
 * Jointed bodies do not collide unless the joint says so (`collideConnected`, default false as in
 * Box2D), in both solvers.
 */
import { describe, expect, it } from 'vitest';
import { type Body, ClassicSolver, DistanceJoint, RevoluteJoint, World } from '../src/index';

const dt = 1 / 60;
const SOLVERS = ['soft', 'classic'] as const;

function makeWorld(solver: (typeof SOLVERS)[number], gravity = 0): World {
  return new World({
    gravity: { x: 0, y: gravity },
    sleeping: false,
    ...(solver === 'classic' ? { solver: new ClassicSolver() } : {}),
  });
}

describe.each(SOLVERS)('collideConnected (%s)', (solver) => {
  /** Two overlapping 1 m boxes on a slack rope. */
  function overlapping(collideConnected?: boolean): { world: World; a: Body; b: Body } {
    const world = makeWorld(solver);
    const a = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 0 } });
    const b = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0.5, y: 0 } });
    world.createJoint(DistanceJoint, {
      bodyA: a,
      bodyB: b,
      anchorA: { x: 0, y: 0 },
      anchorB: { x: 0.5, y: 0 },
      minLength: 0,
      maxLength: 5,
      ...(collideConnected === undefined ? {} : { collideConnected }),
    });
    return { world, a, b };
  }

  it('jointed bodies do not collide by default', () => {
    const { world, a, b } = overlapping();
    expect(world.joints[0].collideConnected).toBe(false);
    for (let i = 0; i < 30; i++) world.step(dt);
    expect(world.contacts.length).toBe(0);
    expect(b.position.x - a.position.x).toBe(0.5);
  });

  it('with collideConnected true they push apart', () => {
    const { world, a, b } = overlapping(true);
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(b.position.x - a.position.x).toBeGreaterThan(0.98);
  });

  it('a motorised paddle pinned inside its post turns at motorSpeed', () => {
    const world = makeWorld(solver, -10);
    const post = world.createBody({ type: 'static', width: 0.4, height: 3, position: { x: 0, y: 1.5 } });
    const paddle = world.createBody({ width: 2.4, height: 0.2, density: 1, position: { x: 0, y: 2.5 } });
    const omega = 3;
    world.createJoint(RevoluteJoint, {
      bodyA: post,
      bodyB: paddle,
      anchor: { x: 0, y: 2.5 },
      motorSpeed: omega,
      maxMotorTorque: 1e4,
    });
    const steps = 120;
    for (let i = 0; i < steps; i++) world.step(dt);
    expect(paddle.angle).toBeCloseTo(omega * steps * dt, 3);
    expect(paddle.position.y).toBeCloseTo(2.5, 3);
  });
});
