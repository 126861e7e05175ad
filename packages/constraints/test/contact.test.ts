/**
 * Contact constraint: impulses carried by feature key, a box resting on a static box, friction on
 * a slope, the run-time switches, and bad input.
 */
import { describe, expect, test } from 'vitest';
import {
  ConstraintError,
  ContactConstraint,
  mixFriction,
  mixRestitution,
  prepareContacts,
  SolverBody,
  SolverSettings,
  type SolverSettingsOptions,
  solveContacts,
} from '../src/index';
import { Harness, type TestBody } from './harness';

const DT = 1 / 60;
const G = 10;

function twoPointManifold(key1: number, key2: number) {
  return {
    normalX: 0,
    normalY: 1,
    pointCount: 2,
    points: [
      { x: -0.5, y: 0, separation: -0.01, key: key1 },
      { x: 0.5, y: 0, separation: -0.02, key: key2 },
    ],
  };
}

/** Relative normal velocity at contact point i. */
function normalVelocity(c: ContactConstraint, i: number): number {
  const a = c.bodyA;
  const b = c.bodyB;
  const p = c.points[i];
  const rAx = p.x - a.position.x;
  const rAy = p.y - a.position.y;
  const rBx = p.x - b.position.x;
  const rBy = p.y - b.position.y;
  const dvx = b.linearVelocity.x - b.angularVelocity * rBy - a.linearVelocity.x + a.angularVelocity * rAy;
  const dvy = b.linearVelocity.y + b.angularVelocity * rBx - a.linearVelocity.y - a.angularVelocity * rAx;
  return dvx * c.normalX + dvy * c.normalY;
}

describe('ContactConstraint.update', () => {
  test('carries impulses to the new point with the same feature key, whatever its slot', () => {
    const settings = new SolverSettings();
    const c = new ContactConstraint(new SolverBody(), new SolverBody(0, 1, 0, 1, 1));
    c.update(twoPointManifold(10, 20), settings);
    c.points[0].normalImpulse = 1.5;
    c.points[0].tangentImpulse = -0.25;
    c.points[1].normalImpulse = 2.5;
    c.points[1].tangentImpulse = 0.75;
    // Next step: the same two features in swapped slots.
    c.update(twoPointManifold(20, 10), settings);
    expect(c.points[0].key).toBe(20);
    expect(c.points[0].normalImpulse).toBe(2.5);
    expect(c.points[0].tangentImpulse).toBe(0.75);
    expect(c.points[1].normalImpulse).toBe(1.5);
    expect(c.points[1].tangentImpulse).toBe(-0.25);
    // Next step: one feature is new, one is kept.
    c.update(twoPointManifold(10, 30), settings);
    expect(c.points[0].normalImpulse).toBe(1.5);
    expect(c.points[1].normalImpulse).toBe(0);
    expect(c.points[1].tangentImpulse).toBe(0);
    expect(c.pointCount).toBe(2);
    expect(c.points[1].separation).toBe(-0.02);
  });

  test('with warm starting off nothing is carried', () => {
    const settings = new SolverSettings({ warmStarting: false });
    const c = new ContactConstraint(new SolverBody(), new SolverBody(0, 1, 0, 1, 1));
    c.update(twoPointManifold(10, 20), settings);
    c.points[0].normalImpulse = 1.5;
    c.update(twoPointManifold(10, 20), settings);
    expect(c.points[0].normalImpulse).toBe(0);
  });

  test('measures the approach velocity of each point', () => {
    const b = new SolverBody(0, 0.5, 0, 1, 6);
    b.linearVelocity.set(0.3, -2);
    b.angularVelocity = 1;
    const c = new ContactConstraint(new SolverBody(0, -0.5), b);
    c.update(twoPointManifold(1, 2), new SolverSettings());
    // Point (-0.5, 0): r = (-0.5, -0.5); w × r = (0.5, -0.5); vn = -2 - 0.5.
    expect(c.points[0].approachVelocity).toBeCloseTo(-2.5, 14);
    // Point (0.5, 0): r = (0.5, -0.5); w × r = (0.5, 0.5); vn = -2 + 0.5.
    expect(c.points[1].approachVelocity).toBeCloseTo(-1.5, 14);
  });

  test('refuses bad input, naming the argument', () => {
    const a = new SolverBody();
    const b = new SolverBody(0, 1, 0, 1, 1);
    expect(() => new ContactConstraint(a, a)).toThrow(ConstraintError);
    expect(() => new ContactConstraint(a, b, -1)).toThrow(/friction = -1/);
    expect(() => new ContactConstraint(a, b, 0.2, Number.NaN)).toThrow(/restitution = NaN/);
    const c = new ContactConstraint(a, b);
    expect(() => c.update({ ...twoPointManifold(1, 2), pointCount: 3 }, new SolverSettings())).toThrow(
      /manifold.pointCount = 3/,
    );
    expect(() => prepareContacts([c], 2, 60, new SolverSettings())).toThrow(/count = 2/);
    expect(() => prepareContacts([c], 1, -60, new SolverSettings())).toThrow(/invDt = -60/);
    expect(() => solveContacts([c], -1, new SolverSettings())).toThrow(/count = -1/);
    expect(() => new SolverBody(0, 0, 0, -1)).toThrow(/invMass = -1/);
    expect(() => new SolverSettings({ baumgarte: 2 })).toThrow(/baumgarte = 2/);
  });
});

test('mixing: μ = sqrt(μA μB), e = max(eA, eB)', () => {
  expect(mixFriction(0.4, 0.9)).toBeCloseTo(0.6, 15);
  expect(mixFriction(0, 1)).toBe(0);
  expect(mixRestitution(0.2, 0.7)).toBe(0.7);
  expect(mixRestitution(0.7, 0.2)).toBe(0.7);
});

describe('the object-level solver functions', () => {
  /** A spinning, sliding box on a static one, with a tilted normal: every row has angular terms. */
  function setup(x: number, spin: number, left = -0.45, right = 0.55) {
    const ground = new SolverBody(0, -1, 0);
    const box = new SolverBody(x, 0.5, 0.1, 1, 6);
    box.linearVelocity.x = 0.7;
    box.linearVelocity.y = -2;
    box.angularVelocity = spin;
    const c = new ContactConstraint(ground, box, 0.5, 0);
    c.update(
      {
        normalX: 0.1,
        normalY: Math.sqrt(0.99),
        pointCount: 2,
        points: [
          { x: x + left, y: 0.02, separation: -0.01, key: 1 },
          { x: x + right, y: -0.03, separation: -0.02, key: 2 },
        ],
      },
      new SolverSettings(),
    );
    return { c, box };
  }
  function solveTwice(c: ContactConstraint): void {
    for (let i = 0; i < 2; i++) solveContacts([c], 1, new SolverSettings());
  }

  test('solve a contact the same whatever was prepared or solved before it', () => {
    const settings = new SolverSettings();
    const alone = setup(0.3, 2);
    prepareContacts([alone.c], 1, 1 / DT, settings);
    solveTwice(alone.c);

    // The same contact, prepared, then another (with other lever arms, and enough contacts to make
    // the shared solver grow its arrays) prepared and solved before the first is solved.
    const again = setup(0.3, 2);
    prepareContacts([again.c], 1, 1 / DT, settings);
    const others = Array.from({ length: 100 }, (_, i) => setup(-4 + 0.08 * i, -3, 0.1, 0.3).c);
    prepareContacts(others, others.length, 1 / DT, settings);
    solveContacts(others, others.length, settings);
    solveTwice(again.c);

    expect(again.box.angularVelocity).toBe(alone.box.angularVelocity);
    expect(again.box.linearVelocity.x).toBe(alone.box.linearVelocity.x);
    expect(again.box.linearVelocity.y).toBe(alone.box.linearVelocity.y);
    expect(again.c.points[0].normalImpulse).toBe(alone.c.points[0].normalImpulse);
    expect(again.c.points[1].tangentImpulse).toBe(alone.c.points[1].tangentImpulse);
    // And the rows did turn the box (the angular Jacobians are in use).
    expect(alone.box.angularVelocity).not.toBe(2);
  });
});

describe('a box resting on a static box', () => {
  // Box2D-Lite's first demo: a 1 x 1 box of 200 kg dropped from (0, 4) onto a 100 x 20 static box.
  // Once at rest, the normal impulses of a step must carry exactly the weight: Σλn = m g dt.
  const variants: [string, SolverSettingsOptions][] = [
    ['all techniques on (block solver)', {}],
    ['block solver off', { blockSolver: false }],
    ['warm starting off', { warmStarting: false }],
    ['accumulated impulses off', { accumulateImpulses: false }],
  ];
  for (const [name, options] of variants) {
    test(`${name}: zero normal velocity, Σλn = m g dt within 1%`, () => {
      const h = new Harness(new SolverSettings(options));
      const ground = h.addBox({ width: 100, height: 20, x: 0, y: -10 });
      const box = h.addBox({ width: 1, height: 1, x: 0, y: 4, mass: 200 });
      const weight = 200 * G * DT;
      for (let step = 0; step < 240; step++) {
        h.step(DT);
        if (step < 180) continue; // 3 s to fall 3.5 m and settle
        const c = h.contactBetween(ground, box);
        expect(c?.pointCount).toBe(2);
        if (!c) return;
        const total = c.points[0].normalImpulse + c.points[1].normalImpulse;
        expect(Math.abs(total / weight - 1)).toBeLessThan(0.01);
        expect(Math.abs(normalVelocity(c, 0))).toBeLessThan(1e-6);
        expect(Math.abs(normalVelocity(c, 1))).toBeLessThan(1e-6);
      }
      // Position correction leaves it resting at the slop.
      expect(box.position.y - 0.5).toBeCloseTo(-h.settings.linearSlop, 6);
    });
  }

  test('position correction off: a penetration is left as it is', () => {
    for (const positionCorrection of [true, false]) {
      const h = new Harness(new SolverSettings({ positionCorrection }));
      h.addBox({ width: 100, height: 20, x: 0, y: -10 });
      const box = h.addBox({ width: 1, height: 1, x: 0, y: 0.45, mass: 1 }); // 5 cm deep
      for (let step = 0; step < 120; step++) h.step(DT);
      const separation = box.position.y - 0.5;
      if (positionCorrection) expect(separation).toBeCloseTo(-0.01, 5);
      else expect(separation).toBeCloseTo(-0.05, 9);
    }
  });
});

describe('friction on a slope', () => {
  /** A 40 m static ramp at `theta` and a 1 x 1 box of 1 kg placed on it, 10 m up, both with `mu`. */
  function slope(theta: number, mu: number) {
    const h = new Harness();
    const c = Math.cos(theta);
    const s = Math.sin(theta);
    h.addBox({ width: 40, height: 1, x: 0, y: 0, angle: theta, friction: mu });
    // Centre 10 m up the slope and 0.995 m above the ramp's centre line (5 mm overlap).
    const box = h.addBox({
      width: 1,
      height: 1,
      x: 10 * c - 0.995 * s,
      y: 10 * s + 0.995 * c,
      angle: theta,
      mass: 1,
      friction: mu,
    });
    const along = (b: TestBody) => b.position.x * c + b.position.y * s;
    const speedDown = (b: TestBody) => -(b.linearVelocity.x * c + b.linearVelocity.y * s);
    return { h, box, along, speedDown };
  }

  test('tan θ < μ: the box stays (θ = 0.4, tan θ = 0.42, μ = 0.6)', () => {
    const { h, box, along, speedDown } = slope(0.4, 0.6);
    const start = along(box);
    for (let step = 0; step < 180; step++) h.step(DT);
    // A frictionless slide would cover g sin θ t² / 2 = 17.5 m in 3 s.
    expect(Math.abs(along(box) - start)).toBeLessThan(1e-3);
    expect(Math.abs(speedDown(box))).toBeLessThan(1e-6);
  });

  for (const [theta, mu] of [
    [0.4, 0.2],
    [0.6, 0.5],
  ]) {
    test(`tan θ > μ: slides with a = g (sin θ - μ cos θ) within 2% (θ = ${theta}, μ = ${mu})`, () => {
      const { h, box, speedDown } = slope(theta, mu);
      let v1 = 0;
      for (let step = 1; step <= 180; step++) {
        h.step(DT);
        if (step === 30) v1 = speedDown(box);
      }
      const measured = (speedDown(box) - v1) / (150 * DT);
      const expected = G * (Math.sin(theta) - mu * Math.cos(theta));
      expect(Math.abs(measured / expected - 1)).toBeLessThan(0.02);
      expect(Math.abs(box.angularVelocity)).toBeLessThan(1e-6); // slides flat, no tumbling
    });
  }
});
