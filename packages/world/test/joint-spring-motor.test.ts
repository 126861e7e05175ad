/**
 * The revolute joint's angular spring and the distance joint's motor, in both solvers.
 */
import { describe, expect, it } from 'vitest';
import { type Body, DistanceJoint, loadWorld, RevoluteJoint, saveWorld, type World } from '../src/index';
import { makeWorld, winch } from './helpers';

const dt = 1 / 60;
const SOLVERS = ['soft', 'classic'] as const;

/** A pin's accumulated spring impulse: solver state a snapshot keeps, not part of the public type. */
function springImpulse(pin: RevoluteJoint): number {
  return (pin as unknown as { springImpulse: number }).springImpulse;
}

/** A 1 m box of 1 kg pinned at its centre to a static body, turned by `angle`, with an angular spring. */
function springPin(
  solver: (typeof SOLVERS)[number],
  angle: number,
  spring: { springHertz: number; springDampingRatio?: number; targetAngle?: number },
): { world: World; box: Body; joint: RevoluteJoint } {
  const world = makeWorld(solver);
  const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: -5 } });
  const box = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 0 }, angle });
  const joint = world.createJoint(RevoluteJoint, {
    bodyA: ground,
    bodyB: box,
    anchor: { x: 0, y: 0 },
    referenceAngle: 0,
    ...spring,
  });
  return { world, box, joint };
}

describe.each(SOLVERS)('revolute spring (%s)', (solver) => {
  it('a body pinned at its centre swings with period 1 / springHertz (1%), the hertz being against 1 / (iA + iB)', () => {
    // Box2D's definition: the spring's stiffness is (2π f)² / (iA + iB), so a body of inertia I
    // about its centre, pinned there to a static body, oscillates at f exactly.
    const f = 1.5;
    const { world, joint } = springPin(solver, 0.5, { springHertz: f });
    const crossings: number[] = [];
    let previous = joint.jointAngle();
    for (let i = 1; i <= 600; i++) {
      world.step(dt);
      const angle = joint.jointAngle();
      // Downward zero crossings, interpolated within the step.
      if (previous > 0 && angle <= 0) crossings.push((i - 1 + previous / (previous - angle)) * dt);
      previous = angle;
    }
    expect(crossings.length).toBeGreaterThan(5);
    const period = (crossings[crossings.length - 1] - crossings[0]) / (crossings.length - 1);
    expect(Math.abs(period * f - 1)).toBeLessThan(0.01);
  });

  it('with damping ratio 1 it returns to the target without overshooting', () => {
    const { world, joint } = springPin(solver, 0.5, { springHertz: 2, springDampingRatio: 1 });
    let lowest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 300; i++) {
      world.step(dt);
      lowest = Math.min(lowest, joint.jointAngle());
    }
    expect(lowest).toBeGreaterThanOrEqual(-1e-6);
    expect(Math.abs(joint.jointAngle())).toBeLessThan(1e-3);
  });

  it('settles at its target angle (and the reaction torque reads the spring)', () => {
    const { world, joint } = springPin(solver, 0, {
      springHertz: 2,
      springDampingRatio: 0.7,
      targetAngle: 0.8,
    });
    world.step(dt);
    expect(joint.getReactionTorque()).toBeGreaterThan(0);
    for (let i = 0; i < 300; i++) world.step(dt);
    expect(joint.jointAngle()).toBeCloseTo(0.8, 4);
    expect(Math.abs(joint.jointSpeed())).toBeLessThan(1e-3);
  });

  it('does nothing while disabled, and acts once enabled', () => {
    const { world, joint } = springPin(solver, 0.5, { springHertz: 2 });
    joint.enableSpring = false;
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(joint.jointAngle()).toBe(0.5);
    joint.enableSpring = true;
    for (let i = 0; i < 10; i++) world.step(dt);
    expect(joint.jointAngle()).toBeLessThan(0.45);
  });
});

describe.each(SOLVERS)('distance motor (%s)', (solver) => {
  it('reaches its speed and holds it', () => {
    const { world, box, joint } = winch(solver, 0, { motorSpeed: -1.5, maxMotorForce: 100 });
    for (let i = 0; i < 30; i++) world.step(dt);
    for (let i = 0; i < 60; i++) {
      world.step(dt);
      // The distance shrinks at 1.5 m/s: the box rises at 1.5 m/s.
      expect(box.linearVelocity.y).toBeCloseTo(1.5, 6);
    }
    expect(joint.getReactionForce().y).toBeCloseTo(0, 6);
  });

  it('with maxMotorForce F < m g it cannot lift: the load falls at g - F / m', () => {
    const F = 6;
    const g = 10;
    const { world, box } = winch(solver, -g, { motorSpeed: -2, maxMotorForce: F });
    const steps = 30;
    for (let i = 0; i < steps; i++) world.step(dt);
    const a = box.linearVelocity.y / (steps * dt);
    expect(a).toBeCloseTo(F / 1 - g, 6);
  });

  it('with F > m g it lifts at F / m - g up to its speed, then holds the speed', () => {
    const { world, box } = winch(solver, -10, { motorSpeed: -2, maxMotorForce: 15 });
    world.step(dt);
    expect(box.linearVelocity.y / dt).toBeCloseTo(5, 6);
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(box.linearVelocity.y).toBeCloseTo(2, 6);
  });

  it('a rigid rod has no motor', () => {
    const world = makeWorld(solver);
    const hook = world.createBody({ type: 'static', width: 0.2, height: 0.2, position: { x: 0, y: 0 } });
    const box = world.createBody({ width: 0.5, height: 0.5, mass: 1, position: { x: 0, y: -5 } });
    world.createJoint(DistanceJoint, {
      bodyA: hook,
      bodyB: box,
      anchorA: { x: 0, y: 0 },
      anchorB: { x: 0, y: -5 },
      motorSpeed: -1,
      maxMotorForce: 100,
    });
    for (let i = 0; i < 30; i++) world.step(dt);
    expect(box.position.y).toBeCloseTo(-5, 9);
  });
});

describe.each(SOLVERS)('snapshots keep the spring and the motor (%s)', (solver) => {
  it('a restored world continues bit for bit', () => {
    const world = makeWorld(solver, -10);
    const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: 0 } });
    const door = world.createBody({ width: 2, height: 0.2, mass: 3, position: { x: 1, y: 3 } });
    const load = world.createBody({ width: 0.5, height: 0.5, mass: 1, position: { x: 4, y: 0 } });
    world.createJoint(RevoluteJoint, {
      bodyA: ground,
      bodyB: door,
      anchor: { x: 0, y: 3 },
      springHertz: 1.2,
      springDampingRatio: 0.2,
      targetAngle: 0.7,
    });
    world.createJoint(DistanceJoint, {
      bodyA: ground,
      bodyB: load,
      anchorA: { x: 4, y: 5 },
      anchorB: { x: 4, y: 0 },
      maxLength: 8,
      motorSpeed: -0.5,
      maxMotorForce: 25,
    });
    for (let i = 0; i < 20; i++) world.step(dt);
    const copy = loadWorld(saveWorld(world));
    const [pin, rope] = copy.joints as [RevoluteJoint, DistanceJoint];
    expect([pin.enableSpring, pin.springHertz, pin.springDampingRatio, pin.targetAngle]).toEqual([
      true,
      1.2,
      0.2,
      0.7,
    ]);
    expect([rope.enableMotor, rope.motorSpeed, rope.maxMotorForce]).toEqual([true, -0.5, 25]);
    expect(rope.getMotorForce()).toBe((world.joints[1] as DistanceJoint).getMotorForce());
    // The spring's accumulated impulse (solver state, not on the public type) carries over too.
    expect(springImpulse(pin)).toBe(springImpulse(world.joints[0] as RevoluteJoint));
    for (let i = 0; i < 40; i++) {
      world.step(dt);
      copy.step(dt);
    }
    const state = (w: World) =>
      w.bodies.flatMap((b) => [b.position.x, b.position.y, b.angle, b.angularVelocity]);
    expect(state(copy)).toEqual(state(world));
    expect(door.angle).toBeGreaterThan(0.1);
  });
});

/**
 * A snapshot written before the revolute spring and the distance motor (a world with a motorised
 * pin and a sprung distance joint, after 3 steps), and the bodies' x, y and angle 30 steps of 1/60 s
 * after loading it, as that build computed them.
 */
const OLD_SNAPSHOT =
  'TFdTTgQAAACoAwAAY37n2wMCAtIAAEBAAAGFyd3LCgEBAQEBAAGamZmZmZnJP6t7FK5H4XqEPwAAgD8AAHBCAACgQAEAAARzb2Z0qgAAgD8AAIBAAADwQQAAIEHqAACgQAAAIEEAAMhDexSuR+F6lD/6AABAQAAAAD+amZmZmZmpP5qZmZmZmak/AAOJBgAAAAAQEACYBgDuAAAAQKuqqqqqqso/AAAAPzMzMzMzMxNAoAAAgD8AAAA/G6j0l5t34+E/AACAPlABIAIaAAAAPwAAgECYBgC4AACAP7gehetRuK4/AACAP8OrqqqqqqowQDMzMzMzM+M/fzMzMzMzM+M/jxT/eiQn2z8zMzMzMzPTP0ABIAJ3MzMzMzMz4z+O4ziO4zgGQIi+IotJp//vP4t/ykNT2v8/kuYMg2/Wgr8kHHj4vm9pv98MJP0UvNW/8168ljW81b9EZt/A//8HQCBKrYiIyP8/AAAAAAAAAACrVOmTEy4Hvy475bz//9+/AAAAAAAAAAACAQAAAQHl2poMAABwQwAAAECCAACAvwAAAEAPYGrL0qf/778rkU5vwMeCPwlmcmVxdWVuY3nDZmZmZmZm5j8AZmZmZmZm5j8AqgAAgP8AAIB/AACAPwAAoEABP878ZUiSKle/dLUFAUlimz9VVVVVVVWVP/ypFEDBYQLgP7QhWZxvIKM/njAL++YyFUA/Ykmw84z//z8PEVvF2N6Mv90LdJw8Ksg/PKuqqqqqqso/lRIJYw7hf7/8VVVVVVVVlT8soZ+TlSCjv0xf+RYNMxPAAzMzMzMzMxNAAPwA/MOPj21gwT+8x5a2ZkpAQK00IhNabMQ/sgAAgD/Y5L+G0nOtQAAAcEIOAACgQBEREREREXE/AAEAAQAAACoAAIB/AACAfwAAAQIB8OnjiwQAAHBDAIAAAABAKgAAAEAAAABACWZyZXF1ZW5jeQAAAEDAAeJcSCyqNPC+8MMP6X8RAABArGV5dfz/7z/7xsbBMsobXr8AAMA/VVVVVVVV5T+EyMfur4Gqv/8A0MZ+6meAvwCApJfdP1o/QhnFBcvZGUCux2hVLjyYQP/rFNMW65+rQG7ZiJIYyjs/5a7tvIb87z/LdXlKFczhv7IAAABAERERERERcT8AAAAAAIB/AgAAgH8AAAAAAAAAAAAAAAAAAAAAmpmZmZmZ2T9mZmZmZmb6P5qZmZmZmfk/zczMzMzMAkDNzMzMzMwEQJmZmZmZmfk/MzMzMzMzC0AzMzMzMzMDQA==';
const OLD_AFTER_30 = [
  0, 0, 0, 0.5938046813121635, 1.1953907775476393, -0.9350170831603818, 2.651687784937188, 0.521392163878463,
  0,
];

it('a snapshot from before the spring and the motor loads with both off and steps on as then', () => {
  const world = loadWorld(new Uint8Array(Buffer.from(OLD_SNAPSHOT, 'base64')));
  const [pin, rod] = world.joints as [RevoluteJoint, DistanceJoint];
  expect([pin.enableSpring, pin.springHertz, pin.targetAngle, springImpulse(pin)]).toEqual([false, 0, 0, 0]);
  expect([rod.enableMotor, rod.motorSpeed, rod.maxMotorForce, rod.getMotorForce()]).toEqual([false, 0, 0, 0]);
  for (let i = 0; i < 30; i++) world.step(dt);
  expect(world.bodies.flatMap((b) => [b.position.x, b.position.y, b.angle])).toEqual(OLD_AFTER_30);
});
