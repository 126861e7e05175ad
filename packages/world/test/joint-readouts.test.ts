/**
 * The motors' readouts (`getMotorTorque`, `getMotorForce`) against the loads they hold, in both
 * solvers: a motor at speed 0 that holds a body still applies exactly the opposite of the load, and
 * a motor too weak for the load applies its limit.
 */
import { describe, expect, it } from 'vitest';
import { RevoluteJoint, WheelJoint } from '../src/index';
import { makeWorld, winch } from './helpers';

const dt = 1 / 60;
const SOLVERS = ['soft', 'classic'] as const;

describe.each(SOLVERS)('motor readouts (%s)', (solver) => {
  it('a revolute motor at speed 0 holds a torque T on its body: getMotorTorque() = -T; a weaker one gives its limit', () => {
    for (const [limit, expected] of [
      [100, -3],
      [1, -1],
    ]) {
      const world = makeWorld(solver);
      const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: -5 } });
      // A 1 kg box of 1 m: I = 1/6 kg m².
      const box = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 0 } });
      const joint = world.createJoint(RevoluteJoint, {
        bodyA: ground,
        bodyB: box,
        anchor: { x: 0, y: 0 },
        enableMotor: true,
        motorSpeed: 0,
        maxMotorTorque: limit,
      });
      const steps = 30;
      for (let i = 0; i < steps; i++) {
        box.torque = 3;
        world.step(dt);
      }
      expect(joint.getMotorTorque()).toBeCloseTo(expected, 6);
      // Held: no spin; too weak: the rest of the torque spins it up, ω = (3 - 1) t / I.
      const spin = limit > 3 ? 0 : ((3 - limit) * steps * dt) / (1 / 6);
      expect(box.angularVelocity).toBeCloseTo(spin, 4);
    }
  });

  it('a wheel motor at speed 0 holds a torque T on its wheel: getMotorTorque() = -T', () => {
    const world = makeWorld(solver);
    const car = world.createBody({ type: 'static', width: 2, height: 0.5, position: { x: 0, y: 0 } });
    const wheel = world.createBody({
      shape: { type: 'circle', radius: 0.5 },
      mass: 1,
      position: { x: 0, y: -1 },
    });
    const joint = world.createJoint(WheelJoint, {
      bodyA: car,
      bodyB: wheel,
      anchor: { x: 0, y: -1 },
      axis: { x: 0, y: 1 },
      enableMotor: true,
      motorSpeed: 0,
      maxMotorTorque: 50,
    });
    for (let i = 0; i < 30; i++) {
      wheel.torque = 2;
      world.step(dt);
    }
    expect(joint.getMotorTorque()).toBeCloseTo(-2, 6);
    expect(wheel.angularVelocity).toBeCloseTo(0, 6);
  });

  it('a winch lifting at its speed holds the weight: getMotorForce() = -m g along A→B; a weaker one gives its limit', () => {
    for (const [limit, expected] of [
      [15, -10],
      [6, -6],
    ]) {
      const { world, joint } = winch(solver, -10, { motorSpeed: -2, maxMotorForce: limit });
      // 15 N lifts at 5 m/s² and reaches 2 m/s in 0.4 s; 60 steps leave it rising at that speed.
      for (let i = 0; i < 60; i++) world.step(dt);
      // The line from A's anchor to B's points down: holding the box up is a negative force.
      expect(joint.getMotorForce()).toBeCloseTo(expected, 6);
    }
  });
});
