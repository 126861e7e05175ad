/**
 * Mouse joint: pulls the grabbed point to the target, never with more than maxForce, follows a
 * moving target, and refuses bad input.
 */
import { describe, expect, test } from 'vitest';
import { ConstraintError, MouseJoint, SolverBody } from '../src/index';
import { Harness } from './harness';

const DT = 1 / 60;

function grabbedPoint(j: MouseJoint): [number, number] {
  const b = j.body;
  const c = Math.cos(b.angle);
  const s = Math.sin(b.angle);
  return [
    b.position.x + c * j.localAnchorX - s * j.localAnchorY,
    b.position.y + s * j.localAnchorX + c * j.localAnchorY,
  ];
}

describe('mouse joint', () => {
  test('brings the grabbed point to the target and holds it there, sagging by g / ω²', () => {
    const h = new Harness();
    const box = h.addBox({ width: 1, height: 1, x: 0, y: 5, mass: 2 });
    // Grab the centre (an off-centre grab hangs and swings like a pendulum about the grab point)
    // and pull it 3 m right and 1 m up.
    const joint = h.addJoint(new MouseJoint(box, { x: 0, y: 5 }, { target: { x: 3, y: 6 } }));
    for (let step = 0; step < 300; step++) {
      h.step(DT);
      const impulse = Math.hypot(joint.impulseX, joint.impulseY);
      expect(impulse).toBeLessThanOrEqual(joint.maxForce * DT * (1 + 1e-12));
    }
    // At rest the soft row balances gravity where J v + γ λ + (β/dt) C = 0 with v = 0 and
    // λ = m g dt, which gives C = -g / ω² exactly (1.01 cm at 5 Hz), whatever the mass.
    const omega = 2 * Math.PI * joint.frequencyHz;
    const [x, y] = grabbedPoint(joint);
    expect(x).toBeCloseTo(3, 6);
    expect(y - 6).toBeCloseTo(-10 / (omega * omega), 6);
    expect(Math.abs(box.linearVelocity.x) + Math.abs(box.linearVelocity.y)).toBeLessThan(1e-6);
    expect(joint.maxForce).toBeCloseTo(2000, 9); // default 1000 m
  });

  test('never pulls harder than maxForce: a 10 N pull cannot lift a 2 kg box (20 N)', () => {
    const h = new Harness();
    const box = h.addBox({ width: 1, height: 1, x: 0, y: 5, mass: 2 });
    const joint = h.addJoint(new MouseJoint(box, { x: 0, y: 5 }, { target: { x: 0, y: 10 }, maxForce: 10 }));
    for (let step = 1; step <= 60; step++) {
      h.step(DT);
      expect(Math.hypot(joint.impulseX, joint.impulseY)).toBeLessThanOrEqual(10 * DT * (1 + 1e-12));
      // Net acceleration (10 - 20) / 2 = -5 m/s²: the pull is saturated all the way up.
      expect(box.linearVelocity.y).toBeCloseTo(-5 * step * DT, 9);
    }
  });

  test('follows a moving target', () => {
    const h = new Harness();
    h.gravityY = 0;
    const box = h.addBox({ width: 1, height: 1, x: 0, y: 0, mass: 1 });
    const joint = h.addJoint(new MouseJoint(box, { x: 0, y: 0 }));
    for (let step = 1; step <= 240; step++) {
      joint.setTarget(Math.min(step, 120) * 0.02, 0); // 1.2 m/s for 2 s, then stop
      h.step(DT);
    }
    const [x, y] = grabbedPoint(joint);
    expect(x).toBeCloseTo(2.4, 3);
    expect(y).toBeCloseTo(0, 6);
  });

  test('refuses bad input, naming the argument', () => {
    const body = new SolverBody(0, 0, 0, 1, 1);
    expect(() => new MouseJoint({} as SolverBody, { x: 0, y: 0 })).toThrow(ConstraintError);
    expect(() => new MouseJoint(body, { x: 0, y: 0 }, { maxForce: -1 })).toThrow(/maxForce = -1/);
    expect(() => new MouseJoint(body, { x: 0, y: 0 }, { frequencyHz: Number.NaN })).toThrow(
      /frequencyHz = NaN/,
    );
    expect(() => new MouseJoint(body, { x: 0, y: 0 }).setTarget(Number.NaN, 0)).toThrow(/x = NaN/);
  });
});
