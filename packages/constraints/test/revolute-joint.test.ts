/**
 * Revolute joint: a pendulum's pin does not drift, a physical pendulum swings at its period,
 * angle limits hold, the motor reaches its speed without exceeding its torque, bad input is refused.
 */
import { describe, expect, test } from 'vitest';
import { ConstraintError, RevoluteJoint, SolverBody, SolverSettings } from '../src/index';
import { Harness } from './harness';

const DT = 1 / 60;

/** Distance between the joint's two anchor points in the world. */
function anchorDrift(j: RevoluteJoint): number {
  const a = j.bodyA;
  const b = j.bodyB;
  const ca = Math.cos(a.angle);
  const sa = Math.sin(a.angle);
  const cb = Math.cos(b.angle);
  const sb = Math.sin(b.angle);
  const ax = a.position.x + ca * j.localAnchorAX - sa * j.localAnchorAY;
  const ay = a.position.y + sa * j.localAnchorAX + ca * j.localAnchorAY;
  const bx = b.position.x + cb * j.localAnchorBX - sb * j.localAnchorBY;
  const by = b.position.y + sb * j.localAnchorBX + cb * j.localAnchorBY;
  return Math.hypot(bx - ax, by - ay);
}

/** Box2D-Lite's pendulum demo: a 1 x 1 box of 100 kg at (9, 11) pinned to the ground at (0, 11). */
function box2dLitePendulum(settings = new SolverSettings()) {
  const h = new Harness(settings);
  const ground = h.addBox({ width: 100, height: 20, x: 0, y: -10 });
  const bob = h.addBox({ width: 1, height: 1, x: 9, y: 11, mass: 100 });
  const joint = h.addJoint(new RevoluteJoint(ground, bob, { x: 0, y: 11 }));
  return { h, bob, joint };
}

describe('pendulum', () => {
  test('the anchor drifts less than 1 mm over 10 s (Box2D-Lite pendulum, 9 m, up to 13 m/s)', () => {
    const { h, joint } = box2dLitePendulum();
    let worst = 0;
    for (let step = 0; step < 600; step++) {
      h.step(DT);
      worst = Math.max(worst, anchorDrift(joint));
    }
    expect(worst).toBeLessThan(1e-3);
  });

  test('without the position pass (Baumgarte alone, as Box2D-Lite) it drifts by about g dt² / β', () => {
    // Each step the bob moves along the tangent and leaves the circle by (v dt)² / 2r = g dt² at
    // the bottom of a swing from horizontal; Baumgarte removes β of the error per step, so it
    // settles near g dt² / β = 14 mm. This is why solveJointPositions exists.
    const { h, joint } = box2dLitePendulum();
    h.positionIterations = 0;
    let worst = 0;
    for (let step = 0; step < 600; step++) {
      h.step(DT);
      worst = Math.max(worst, anchorDrift(joint));
    }
    const estimate = (10 * DT * DT) / 0.2;
    expect(worst).toBeGreaterThan(0.5 * estimate);
    expect(worst).toBeLessThan(1.5 * estimate);
  });

  test('a physical pendulum swings at T = 2π sqrt(I / (m g d)) within 1% (small amplitude)', () => {
    // A 1 x 1 box of 1 kg pinned 2 m above its centre: I about the pin = m (1/6 + 4).
    const h = new Harness();
    const ceiling = h.addBox({ width: 1, height: 1, x: 0, y: 10 });
    const bob = h.addBox({ width: 1, height: 1, x: 0, y: 7.5, mass: 1 });
    h.addJoint(new RevoluteJoint(ceiling, bob, { x: 0, y: 9.5 }));
    bob.angularVelocity = 0.05 * Math.sqrt(20 / (1 / 6 + 4)); // amplitude 0.05 rad
    bob.linearVelocity.x = 2 * bob.angularVelocity;
    const angles: number[] = [];
    for (let step = 0; step < 12 * 60; step++) {
      h.step(DT);
      angles.push(bob.angle);
    }
    const crossings: number[] = [];
    for (let i = 1; i < angles.length; i++) {
      const a = angles[i - 1];
      const b = angles[i];
      if ((a < 0 && b >= 0) || (a > 0 && b <= 0)) crossings.push((i - 1 + a / (a - b)) * DT);
    }
    const period = (2 * (crossings[crossings.length - 1] - crossings[0])) / (crossings.length - 1);
    const expected = 2 * Math.PI * Math.sqrt((1 / 6 + 4) / (10 * 2));
    expect(Math.abs(period / expected - 1)).toBeLessThan(0.01);
  });
});

describe('soft pin', () => {
  test('the anchor separation oscillates at the given frequency within 2%, off-centre anchor included', () => {
    // A free 1 x 1 box of 1 kg pinned softly (1 Hz, undamped) to a static body at a point off its
    // centre, no gravity, the anchors pulled 5 cm apart. The 2x2 softness is applied per unit
    // effective mass (γ = (γm) K), so the separation C obeys C̈ = -ω² C in every direction although
    // K is not a multiple of the identity here.
    for (const [ox, oy] of [
      [0, 0],
      [0.4, 0.3],
    ]) {
      const h = new Harness();
      h.gravityY = 0;
      const ground = h.addBox({ width: 0.2, height: 0.2, x: 0, y: -3 });
      const box = h.addBox({ width: 1, height: 1, x: -ox, y: -oy, mass: 1 });
      const joint = h.addJoint(
        new RevoluteJoint(ground, box, { x: 0, y: 0 }, { frequencyHz: 1, dampingRatio: 0 }),
      );
      box.position.x += 0.05;
      const separation: number[] = [];
      for (let step = 0; step < 5 * 60; step++) {
        h.step(DT);
        const c = Math.cos(box.angle);
        const s = Math.sin(box.angle);
        separation.push(
          box.position.x + c * joint.localAnchorBX - s * joint.localAnchorBY - joint.localAnchorAX,
        );
      }
      const crossings: number[] = [];
      for (let i = 1; i < separation.length; i++) {
        const a = separation[i - 1];
        const b = separation[i];
        if ((a < 0 && b >= 0) || (a > 0 && b <= 0)) crossings.push((i - 1 + a / (a - b)) * DT);
      }
      expect(crossings.length).toBeGreaterThanOrEqual(6);
      const period = (2 * (crossings[crossings.length - 1] - crossings[0])) / (crossings.length - 1);
      expect(Math.abs(period - 1)).toBeLessThan(0.02);
    }
  });
});

describe('limits', () => {
  test('a bar released horizontally stops at its lower limit and stays inside [lower, upper]', () => {
    // A 2 x 0.2 bar of 1 kg pinned at its left end; gravity turns it clockwise (negative angle).
    for (const lower of [-0.25 * Math.PI, -0.1]) {
      const h = new Harness();
      const ceiling = h.addBox({ width: 0.5, height: 0.5, x: -1, y: 10.5 });
      const bar = h.addBox({ width: 2, height: 0.2, x: 1, y: 10, mass: 1 });
      const joint = h.addJoint(
        new RevoluteJoint(ceiling, bar, { x: 0, y: 10 }, { lowerAngle: lower, upperAngle: 0.5 }),
      );
      let lowest = 0;
      for (let step = 0; step < 180; step++) {
        h.step(DT);
        lowest = Math.min(lowest, joint.jointAngle());
        expect(joint.jointAngle()).toBeLessThanOrEqual(0.5);
      }
      // The pin constraint and the limit row are solved in turn, so they can fight a little;
      // the position pass then puts the angle back. Allowed overshoot: 0.001 rad (0.06°).
      expect(lowest).toBeGreaterThan(lower - 1e-3);
      expect(joint.jointAngle()).toBeCloseTo(lower, 3);
      expect(joint.lowerImpulse).toBeGreaterThan(0); // resting on the limit
      expect(anchorDrift(joint)).toBeLessThan(1e-3);
    }
  });

  test('a motor driving into the upper limit is stopped there', () => {
    const h = new Harness();
    h.gravityY = 0;
    const ground = h.addBox({ width: 1, height: 1, x: 0, y: -5 });
    const wheel = h.addBox({ width: 1, height: 1, x: 0, y: 0, mass: 1 });
    const joint = h.addJoint(
      new RevoluteJoint(
        ground,
        wheel,
        { x: 0, y: 0 },
        { lowerAngle: -1, upperAngle: 1, motorSpeed: 10, maxMotorTorque: 50 },
      ),
    );
    let highest = 0;
    for (let step = 0; step < 120; step++) {
      h.step(DT);
      highest = Math.max(highest, joint.jointAngle());
    }
    expect(highest).toBeLessThan(1 + 1e-3);
    expect(joint.jointAngle()).toBeCloseTo(1, 6);
    expect(Math.abs(joint.jointSpeed())).toBeLessThan(1e-6);
    expect(joint.upperImpulse).toBeCloseTo(joint.motorImpulse, 9); // the limit holds the motor's torque
  });
});

describe('motor', () => {
  test('reaches its target speed at α = τ / I and never exceeds its maximum torque', () => {
    // A 1 x 1 box of 1 kg (I = 1/6) pinned at its centre; motor 5 rad/s with at most 0.5 N m:
    // α = 0.5 / (1/6) = 3 rad/s², so the speed is reached after 5/3 s.
    const h = new Harness();
    const ground = h.addBox({ width: 1, height: 1, x: 0, y: -5 });
    const wheel = h.addBox({ width: 1, height: 1, x: 0, y: 0, mass: 1 });
    const torque = 0.5;
    const joint = h.addJoint(
      new RevoluteJoint(ground, wheel, { x: 0, y: 0 }, { motorSpeed: 5, maxMotorTorque: torque }),
    );
    const speeds: number[] = [];
    for (let step = 1; step <= 180; step++) {
      h.step(DT);
      expect(Math.abs(joint.motorImpulse)).toBeLessThanOrEqual(torque * DT * (1 + 1e-12));
      speeds.push(wheel.angularVelocity);
    }
    const alpha = (speeds[59] - speeds[29]) / (30 * DT); // between 0.5 s and 1 s
    expect(Math.abs(alpha / (torque * 6) - 1)).toBeLessThan(0.01);
    expect(speeds[179]).toBeCloseTo(5, 9);
    // Reached speed in 5/3 s (100 steps), not before.
    expect(speeds[95]).toBeLessThan(5 - 1e-6);
    expect(speeds[101]).toBeCloseTo(5, 9);
  });

  test('a motor too weak for the load slips; a strong one holds it', () => {
    // A horizontal 2 m bar of 1 kg pinned at one end needs m g (L/2) = 10 N m to hold.
    for (const [torque, holds] of [
      [5, false],
      [20, true],
    ] as const) {
      const h = new Harness();
      const ceiling = h.addBox({ width: 0.5, height: 0.5, x: -1, y: 10.5 });
      const bar = h.addBox({ width: 2, height: 0.2, x: 1, y: 10, mass: 1 });
      const joint = h.addJoint(
        new RevoluteJoint(ceiling, bar, { x: 0, y: 10 }, { motorSpeed: 0, maxMotorTorque: torque }),
      );
      for (let step = 0; step < 60; step++) {
        h.step(DT);
        expect(Math.abs(joint.motorImpulse)).toBeLessThanOrEqual(torque * DT * (1 + 1e-12));
      }
      if (holds) expect(Math.abs(joint.jointAngle())).toBeLessThan(1e-3);
      else expect(joint.jointAngle()).toBeLessThan(-0.1);
    }
  });
});

test('refuses bad input, naming the argument', () => {
  const a = new SolverBody();
  const b = new SolverBody(1, 0, 0, 1, 1);
  expect(() => new RevoluteJoint(a, a, { x: 0, y: 0 })).toThrow(ConstraintError);
  expect(() => new RevoluteJoint(a, b, { x: 0, y: Number.POSITIVE_INFINITY })).toThrow(/anchor.y = Infinity/);
  expect(() => new RevoluteJoint(a, b, { x: 0, y: 0 }, { lowerAngle: 1, upperAngle: 0 })).toThrow(
    /upperAngle = 0/,
  );
  expect(() => new RevoluteJoint(a, b, { x: 0, y: 0 }, { maxMotorTorque: -1 })).toThrow(
    /maxMotorTorque = -1/,
  );
  expect(() => new RevoluteJoint(a, b, { x: 0, y: 0 }, { motorSpeed: Number.NaN })).toThrow(
    /motorSpeed = NaN/,
  );
});
