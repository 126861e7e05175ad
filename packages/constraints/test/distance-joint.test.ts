/**
 * Distance joint: a soft joint oscillates at its frequency; rigid joints and ropes hold their
 * lengths; coincident anchors are harmless; bad input is refused.
 */
import { describe, expect, test } from 'vitest';
import { ConstraintError, DistanceJoint, SolverBody } from '../src/index';
import { Harness, type TestBody } from './harness';

const DT = 1 / 60;

function anchorDistance(j: DistanceJoint): number {
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

/** Times at which `samples` (one per step) crosses zero, linearly interpolated between steps. */
function zeroCrossings(samples: number[], dt: number): number[] {
  const times: number[] = [];
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1];
    const b = samples[i];
    if ((a < 0 && b >= 0) || (a > 0 && b <= 0)) times.push((i - 1 + a / (a - b)) * dt);
  }
  return times;
}

describe('soft distance joint', () => {
  test('two free bodies oscillate at the given frequency within 0.5%, slow or fast against the step', () => {
    // Masses 2 and 3 kg: the row's effective mass is the reduced mass 1.2 kg, and the frequency is
    // defined on it (k = m_eff ω²), so the stretch oscillates at f whatever the two masses are.
    // Undamped, anchors at the centres (no turning), no gravity. Implicit Euler alone would lag by
    // atan(ω dt) / (ω dt): 0.4% at 1 Hz, 3% at 3 Hz, 15% at 8 Hz (60 Hz steps); the row's damper
    // is matched to the step (dampingRate) so the discrete oscillation keeps f.
    for (const f of [0.5, 1, 3, 5, 8]) {
      const h = new Harness();
      h.gravityY = 0;
      const a = h.addBox({ width: 0.2, height: 0.2, x: 0, y: 0, mass: 2 });
      const b = h.addBox({ width: 0.2, height: 0.2, x: 2.3, y: 0, mass: 3 });
      const joint = h.addJoint(
        new DistanceJoint(a, b, { x: 0, y: 0 }, { x: 2.3, y: 0 }, { length: 2, frequencyHz: f }),
      );
      const stretch: number[] = [];
      for (let step = 0; step < 6 * 60; step++) {
        h.step(DT);
        stretch.push(anchorDistance(joint) - joint.length);
      }
      const crossings = zeroCrossings(stretch, DT);
      expect(crossings.length).toBeGreaterThanOrEqual(4);
      // Zero crossings are half a period apart; average over all of them.
      const period = (2 * (crossings[crossings.length - 1] - crossings[0])) / (crossings.length - 1);
      expect(Math.abs(period * f - 1), `f = ${f} Hz`).toBeLessThan(0.005);
      // Momentum is conserved: the pair's centre of mass does not move.
      expect(Math.abs(2 * a.position.x + 3 * b.position.x - 3 * 2.3)).toBeLessThan(1e-9);
    }
  });
});

describe('rigid distance joint and ropes', () => {
  /** A 1 kg box hanging from a static box by a joint from (0, 10) to the box centre. */
  function hanging(options: ConstructorParameters<typeof DistanceJoint>[4], startX: number, startY: number) {
    const h = new Harness();
    const ceiling = h.addBox({ width: 1, height: 1, x: 0, y: 10.5 });
    const box: TestBody = h.addBox({ width: 0.5, height: 0.5, x: startX, y: startY, mass: 1 });
    const joint = h.addJoint(
      new DistanceJoint(ceiling, box, { x: 0, y: 10 }, { x: startX, y: startY }, options),
    );
    return { h, box, joint };
  }

  test('rigid: a 2 m pendulum started sideways keeps its length within 1 mm for 10 s', () => {
    const { h, joint } = hanging({}, 2, 10);
    expect(joint.length).toBeCloseTo(2, 12);
    let worst = 0;
    for (let step = 0; step < 600; step++) {
      h.step(DT);
      worst = Math.max(worst, Math.abs(anchorDistance(joint) - 2));
    }
    expect(worst).toBeLessThan(1e-3);
  });

  test('rigid, velocity rows alone (no position pass): within the Baumgarte drift g dt² / β', () => {
    const { h, joint } = hanging({}, 2, 10);
    h.positionIterations = 0;
    let worst = 0;
    for (let step = 0; step < 600; step++) {
      h.step(DT);
      worst = Math.max(worst, Math.abs(anchorDistance(joint) - 2));
    }
    expect(worst).toBeLessThan((1.5 * 10 * DT * DT) / 0.2);
  });

  test('rope: slack until it reaches maxLength (free fall), then it holds the box at that length', () => {
    const { h, box, joint } = hanging({ maxLength: 3 }, 0, 9);
    expect(joint.minLength).toBe(0);
    expect(joint.length).toBe(1);
    // Free fall from 1 m to 3 m below the anchor: 2 m take sqrt(2 · 2 / 10) = 0.632 s.
    for (let step = 1; step <= 30; step++) {
      h.step(DT);
      expect(box.linearVelocity.y).toBeCloseTo(-10 * step * DT, 9);
    }
    for (let step = 0; step < 300; step++) {
      h.step(DT);
      expect(anchorDistance(joint)).toBeLessThan(3 + 1e-3);
    }
    expect(anchorDistance(joint)).toBeCloseTo(3, 4);
    expect(Math.abs(box.linearVelocity.y)).toBeLessThan(1e-3);
  });

  for (const positionPass of [true, false]) {
    test(`rope pendulum caught at an angle swings on the rope, no energy gained (position pass ${positionPass ? 'on' : 'off'})`, () => {
      // Released slack, 1 m right of and 1 m below the anchor; the 3 m rope catches it at an angle.
      // Without the position pass the velocity rows hold the rope alone, up to the curvature
      // drift g dt² / β ≈ 14 mm of Baumgarte; with it, within 1 mm.
      const { h, box, joint } = hanging({ maxLength: 3 }, 1, 9);
      if (!positionPass) h.positionIterations = 0;
      const tolerance = positionPass ? 1e-3 : 0.02;
      const energy = () =>
        0.5 * (box.linearVelocity.x ** 2 + box.linearVelocity.y ** 2) + 10 * box.position.y;
      const initial = energy();
      let taut = 0;
      for (let step = 0; step < 600; step++) {
        h.step(DT);
        const d = anchorDistance(joint);
        expect(d).toBeLessThan(3 + tolerance);
        if (d > 3 - tolerance) taut++;
        // The catch is inelastic; the swing keeps what is left.
        expect(energy()).toBeLessThan(initial + 1e-6);
      }
      expect(taut).toBeGreaterThan(500); // swinging on a taut rope, not bouncing on it
    });
  }

  test('minLength: bodies pushed together stop at the minimum distance', () => {
    const h = new Harness();
    h.gravityY = 0;
    const a = h.addBox({ width: 0.2, height: 0.2, x: 0, y: 0, mass: 1 });
    const b = h.addBox({ width: 0.2, height: 0.2, x: 2, y: 0, mass: 1 });
    const joint = h.addJoint(
      new DistanceJoint(a, b, { x: 0, y: 0 }, { x: 2, y: 0 }, { minLength: 1, maxLength: 3 }),
    );
    a.linearVelocity.x = 1;
    b.linearVelocity.x = -1;
    for (let step = 0; step < 120; step++) {
      h.step(DT);
      expect(anchorDistance(joint)).toBeGreaterThan(1 - 1e-3);
    }
    expect(joint.lowerImpulse).toBe(0); // moving apart again after the stop
  });

  test('coincident anchors: the joint does nothing for the step and produces no NaN', () => {
    const h = new Harness();
    h.gravityY = 0;
    const a = h.addBox({ width: 0.2, height: 0.2, x: 0, y: 0, mass: 1 });
    const b = h.addBox({ width: 0.2, height: 0.2, x: 1, y: 0, mass: 1 });
    // Both anchors at (0.5, 0): zero distance, no direction.
    const joint = h.addJoint(new DistanceJoint(a, b, { x: 0.5, y: 0 }, { x: 0.5, y: 0 }, { length: 1 }));
    h.step(DT);
    expect(joint.ux).toBe(0);
    expect(joint.mass).toBe(0);
    expect(a.position.x).toBe(0);
    expect(b.position.x).toBe(1);
    // Once apart, the joint acts again and brings the anchors to its length.
    b.position.x = 1.5;
    for (let step = 0; step < 60; step++) h.step(DT);
    expect(anchorDistance(joint)).toBeCloseTo(1, 6);
    expect(Number.isFinite(a.position.x + b.position.x + a.angle + b.angle)).toBe(true);
  });

  test('refuses bad input, naming the argument', () => {
    const a = new SolverBody();
    const b = new SolverBody(1, 0, 0, 1, 1);
    const pa = { x: 0, y: 0 };
    const pb = { x: 1, y: 0 };
    expect(() => new DistanceJoint(a, a, pa, pb)).toThrow(ConstraintError);
    expect(() => new DistanceJoint(a, b, { x: Number.NaN, y: 0 }, pb)).toThrow(/anchorA.x = NaN/);
    expect(() => new DistanceJoint(a, b, pa, pb, { length: -1 })).toThrow(/length = -1/);
    expect(() => new DistanceJoint(a, b, pa, pb, { minLength: 2, maxLength: 1 })).toThrow(/maxLength = 1/);
    expect(() => new DistanceJoint(a, b, pa, pb, { minLength: 0, maxLength: 2, length: 3 })).toThrow(
      /length = 3/,
    );
    expect(() => new DistanceJoint(a, b, pa, pb, { frequencyHz: -1 })).toThrow(/frequencyHz = -1/);
  });
});

test('lengths are checked when set, one at a time within the range or all three with setLengths', () => {
  const a = new SolverBody();
  const b = new SolverBody(2, 0, 0, 1, 1);
  const rod = new DistanceJoint(a, b, { x: 0, y: 0 }, { x: 2, y: 0 });
  expect([rod.length, rod.minLength, rod.maxLength]).toEqual([2, 2, 2]);
  expect(() => {
    rod.length = 3;
  }).toThrow(/length = 3: must be a finite number in \[minLength, maxLength\] = \[2, 2\]/);
  expect(() => {
    rod.minLength = 2.5;
  }).toThrow(/minLength = 2.5: must be a number >= 0 and <= length \(2\)/);
  expect(() => {
    rod.maxLength = 1;
  }).toThrow(/maxLength = 1/);
  expect(() => rod.setLengths(3, 0, 2.5)).toThrow(/length = 3/);
  expect(() => rod.setLengths(1, 2, 0)).toThrow(/maxLength = 0/);
  expect([rod.length, rod.minLength, rod.maxLength]).toEqual([2, 2, 2]);
  rod.setLengths(3, 1, Number.POSITIVE_INFINITY);
  expect([rod.length, rod.minLength, rod.maxLength]).toEqual([3, 1, Number.POSITIVE_INFINITY]);
  rod.length = 1.5;
  rod.setLengths(2);
  expect([rod.length, rod.minLength, rod.maxLength]).toEqual([2, 2, 2]);
  expect(() => rod.setLengths(2, -1)).toThrow(ConstraintError);
});
