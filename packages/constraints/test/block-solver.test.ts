/**
 * The 2x2 block solver: the pure LCP by total enumeration against constructed solutions and a
 * brute-force enumeration of all complementary bases; the four cases reached inside solveContacts
 * with complementarity checked on the resulting velocities; and the condition-number guard.
 */
import { Random } from '@lite/math';
import { describe, expect, test } from 'vitest';
import {
  BLOCK_MAX_CONDITION,
  BlockSolution,
  buildBlock,
  ContactConstraint,
  prepareContacts,
  SolverBody,
  SolverSettings,
  solveBlockLcp,
  solveBlockLcpAt,
  solveContacts,
} from '../src/index';

/** A random symmetric positive definite K from two random contact rows on random bodies. */
function randomK(rng: Random): [number, number, number] {
  const mA = rng.range(0, 2);
  const iA = rng.range(0, 2);
  const mB = rng.range(0.1, 2);
  const iB = rng.range(0.1, 2);
  const r = () => rng.range(-1, 1);
  const [a1, b1, a2, b2] = [r(), r(), r(), r()];
  return [
    mA + mB + iA * a1 * a1 + iB * b1 * b1,
    mA + mB + iA * a1 * a2 + iB * b1 * b2,
    mA + mB + iA * a2 * a2 + iB * b2 * b2,
  ];
}

function inverse(k11: number, k12: number, k22: number): [number, number, number] {
  const det = k11 * k22 - k12 * k12;
  return [k22 / det, -k12 / det, k11 / det];
}

/** Every complementary basis solved by Cramer's rule; returns the feasible ones. */
function bruteForceLcp(k11: number, k12: number, k22: number, b1: number, b2: number, eps: number) {
  const found: { x1: number; x2: number }[] = [];
  const det = k11 * k22 - k12 * k12;
  const candidates = [
    { x1: (-b1 * k22 + b2 * k12) / det, x2: (-b2 * k11 + b1 * k12) / det }, // w = 0
    { x1: -b1 / k11, x2: 0 }, // w1 = 0, x2 = 0
    { x1: 0, x2: -b2 / k22 }, // x1 = 0, w2 = 0
    { x1: 0, x2: 0 }, // x = 0
  ];
  for (const x of candidates) {
    const w1 = k11 * x.x1 + k12 * x.x2 + b1;
    const w2 = k12 * x.x1 + k22 * x.x2 + b2;
    if (x.x1 >= -eps && x.x2 >= -eps && w1 >= -eps && w2 >= -eps) {
      if (Math.abs(x.x1 * w1) <= eps && Math.abs(x.x2 * w2) <= eps) found.push(x);
    }
  }
  return found;
}

describe('solveBlockLcp', () => {
  test('recovers a constructed solution of each of the four cases, complementarity holding', () => {
    const rng = new Random(3);
    const out = new BlockSolution();
    for (let trial = 0; trial < 500; trial++) {
      const [k11, k12, k22] = randomK(rng);
      const [m11, m12, m22] = inverse(k11, k12, k22);
      for (const wanted of [1, 2, 3, 4]) {
        // Pick x* >= 0 and w* >= 0 with x*_i w*_i = 0 in the pattern of the case; b = w* - K x*.
        const x1 = wanted === 1 || wanted === 2 ? rng.range(0.1, 2) : 0;
        const x2 = wanted === 1 || wanted === 3 ? rng.range(0.1, 2) : 0;
        const w1 = x1 > 0 ? 0 : rng.range(0.1, 2);
        const w2 = x2 > 0 ? 0 : rng.range(0.1, 2);
        const b1 = w1 - (k11 * x1 + k12 * x2);
        const b2 = w2 - (k12 * x1 + k22 * x2);
        const lcpCase = solveBlockLcp(k11, k12, k22, m11, m12, m22, b1, b2, out);
        expect(lcpCase).toBe(wanted);
        expect(out.lcpCase).toBe(wanted);
        expect(out.x1).toBeCloseTo(x1, 9);
        expect(out.x2).toBeCloseTo(x2, 9);
        const v1 = k11 * out.x1 + k12 * out.x2 + b1;
        const v2 = k12 * out.x1 + k22 * out.x2 + b2;
        expect(out.x1).toBeGreaterThanOrEqual(0);
        expect(out.x2).toBeGreaterThanOrEqual(0);
        // Rounding only: K entries and x are O(1..10), so 1e-10 is ~1e5 ulps of slack.
        expect(v1).toBeGreaterThanOrEqual(-1e-10);
        expect(v2).toBeGreaterThanOrEqual(-1e-10);
        expect(Math.abs(out.x1 * v1) + Math.abs(out.x2 * v2)).toBeLessThan(1e-10);
      }
    }
  });

  test('equals the unique feasible basis found by brute-force enumeration, for random b', () => {
    const rng = new Random(5);
    const out = new BlockSolution();
    const seen = new Set<number>();
    for (let trial = 0; trial < 2000; trial++) {
      const [k11, k12, k22] = randomK(rng);
      const [m11, m12, m22] = inverse(k11, k12, k22);
      const b1 = rng.range(-3, 3);
      const b2 = rng.range(-3, 3);
      const reference = bruteForceLcp(k11, k12, k22, b1, b2, 1e-12);
      expect(reference.length).toBe(1); // K positive definite: exactly one solution
      seen.add(solveBlockLcp(k11, k12, k22, m11, m12, m22, b1, b2, out));
      expect(out.x1).toBeCloseTo(reference[0].x1, 9);
      expect(out.x2).toBeCloseTo(reference[0].x2, 9);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
  });

  test('solveBlockLcpAt reads K and K⁻¹ where buildBlock writes them, and agrees bit for bit', () => {
    const rng = new Random(11);
    const rows = new Float64Array(20);
    const io = new Float64Array(4);
    const out = new BlockSolution();
    for (let trial = 0; trial < 500; trial++) {
      const offset = trial % 10;
      // A 1 kg box of inertia 1/6 on a static body, two points at random lever arms.
      const usable = buildBlock(0, 0, 1, 6, 0, rng.range(-1, 1), 0, rng.range(-1, 1), rows, offset);
      if (!usable) continue;
      const b1 = rng.range(-3, 3);
      const b2 = rng.range(-3, 3);
      io[0] = b1;
      io[1] = b2;
      const lcpCase = solveBlockLcpAt(rows, offset, io);
      const [k11, k12, k22, m11, m12, m22] = rows.subarray(offset, offset + 6);
      expect(lcpCase).toBe(solveBlockLcp(k11, k12, k22, m11, m12, m22, b1, b2, out));
      expect(Object.is(io[2], out.x1) && Object.is(io[3], out.x2)).toBe(true);
      const reference = bruteForceLcp(k11, k12, k22, b1, b2, 1e-12);
      expect(io[2]).toBeCloseTo(reference[0].x1, 9);
      expect(io[3]).toBeCloseTo(reference[0].x2, 9);
    }
  });
});

/** A static ground and a 1 x 1 box of mass 1 whose bottom corners touch it: two points, normal +y. */
function boxOnGround(vy: number, w: number) {
  const ground = new SolverBody(0, -0.5);
  const box = new SolverBody(0, 0.495);
  box.setBoxMass(1, 1, 1);
  box.linearVelocity.set(0, vy);
  box.angularVelocity = w;
  const contact = new ContactConstraint(ground, box, 0.5, 0);
  return { ground, box, contact };
}

function manifold(separation: number, x1: number, x2: number) {
  return {
    normalX: 0,
    normalY: 1,
    pointCount: 2,
    points: [
      { x: x1, y: 0, separation, key: 1 },
      { x: x2, y: 0, separation, key: 2 },
    ],
  };
}

/** vn_i - target_i after the solve, for each point. */
function slack(c: ContactConstraint): [number, number] {
  const a = c.bodyA;
  const b = c.bodyB;
  const result: [number, number] = [0, 0];
  for (let i = 0; i < 2; i++) {
    const p = c.points[i];
    const dvx =
      b.linearVelocity.x - b.angularVelocity * p.rBy - a.linearVelocity.x + a.angularVelocity * p.rAy;
    const dvy =
      b.linearVelocity.y + b.angularVelocity * p.rBx - a.linearVelocity.y - a.angularVelocity * p.rAx;
    result[i] = dvx * c.normalX + dvy * c.normalY - p.targetVelocity;
  }
  return result;
}

describe('block solver inside solveContacts', () => {
  const scenarios = [
    { name: 'both points approaching: case 1', vy: -1, w: 0, expected: 1 },
    { name: 'turning onto point 1: case 2', vy: 0, w: 3, expected: 2 },
    { name: 'turning onto point 2: case 3', vy: 0, w: -3, expected: 3 },
    { name: 'both separating: case 4', vy: 1, w: 0, expected: 4 },
  ];
  for (const s of scenarios) {
    test(s.name, () => {
      const settings = new SolverSettings();
      const { contact } = boxOnGround(s.vy, s.w);
      // Point 1 on the left: a counter-clockwise spin (w > 0) drives it into the ground.
      contact.update(manifold(-0.005, -0.5, 0.5), settings);
      prepareContacts([contact], 1, 60, settings);
      expect(contact.blockUsable).toBe(true);
      solveContacts([contact], 1, settings);
      expect(contact.blockCase).toBe(s.expected);
      const [w1, w2] = slack(contact);
      const x1 = contact.points[0].normalImpulse;
      const x2 = contact.points[1].normalImpulse;
      expect(x1).toBeGreaterThanOrEqual(0);
      expect(x2).toBeGreaterThanOrEqual(0);
      expect(w1).toBeGreaterThanOrEqual(-1e-12);
      expect(w2).toBeGreaterThanOrEqual(-1e-12);
      expect(Math.abs(x1 * w1) + Math.abs(x2 * w2)).toBeLessThan(1e-12);

      // The same problem solved point by point converges to the same impulses (the LCP has one
      // solution); with friction off so that only the normal rows differ between the two runs.
      const block = boxOnGround(s.vy, s.w);
      const sequential = boxOnGround(s.vy, s.w);
      block.contact.friction = 0;
      sequential.contact.friction = 0;
      const seqSettings = new SolverSettings({ blockSolver: false });
      block.contact.update(manifold(-0.005, -0.5, 0.5), settings);
      sequential.contact.update(manifold(-0.005, -0.5, 0.5), seqSettings);
      prepareContacts([block.contact], 1, 60, settings);
      prepareContacts([sequential.contact], 1, 60, seqSettings);
      solveContacts([block.contact], 1, settings);
      for (let i = 0; i < 500; i++) solveContacts([sequential.contact], 1, seqSettings);
      expect(block.contact.points[0].normalImpulse).toBeCloseTo(
        sequential.contact.points[0].normalImpulse,
        9,
      );
      expect(block.contact.points[1].normalImpulse).toBeCloseTo(
        sequential.contact.points[1].normalImpulse,
        9,
      );
    });
  }
});

describe('condition guard', () => {
  // For this box (mass 1, I = 1/6) on static ground with points at x = ±d/2:
  // k11 = k22 = 1 + 6 d²/4, k12 = 1 - 6 d²/4, det = 4 · 1 · 6 d²/4 = 6 d², so the block is used only
  // when (1 + 1.5 d²)² < 1000 · 6 d², i.e. d > about 0.0129 m.
  function prepared(d: number) {
    const settings = new SolverSettings();
    const { contact, box } = boxOnGround(-1, 0);
    contact.update(manifold(-0.005, -d / 2, d / 2), settings);
    prepareContacts([contact], 1, 60, settings);
    return { contact, box, settings };
  }

  test('a near-singular K (points 1 mm apart) falls back to the point-by-point solve', () => {
    const d = 0.001;
    const expectedK11 = 1 + 1.5 * d * d;
    const expectedDet = 6 * d * d;
    expect(expectedK11 * expectedK11).toBeGreaterThanOrEqual(BLOCK_MAX_CONDITION * expectedDet);
    const { contact, box, settings } = prepared(d);
    expect(contact.k11).toBeCloseTo(expectedK11, 12);
    expect(contact.blockUsable).toBe(false);
    solveContacts([contact], 1, settings);
    expect(contact.blockCase).toBe(0);
    // The sequential rows still stop the box: nothing approaches after a few iterations.
    for (let i = 0; i < 20; i++) solveContacts([contact], 1, settings);
    const [w1, w2] = slack(contact);
    expect(Math.min(w1, w2)).toBeGreaterThan(-1e-6);
    expect(Number.isFinite(box.linearVelocity.y) && Number.isFinite(box.angularVelocity)).toBe(true);
  });

  test('a well-conditioned K (points 2 cm apart) uses the block', () => {
    const d = 0.02;
    expect((1 + 1.5 * d * d) ** 2).toBeLessThan(BLOCK_MAX_CONDITION * 6 * d * d);
    const { contact, settings } = prepared(d);
    expect(contact.blockUsable).toBe(true);
    solveContacts([contact], 1, settings);
    expect(contact.blockCase).toBe(1);
  });

  test('switching the block solver off at run time solves point by point', () => {
    const { contact, settings } = prepared(1);
    settings.blockSolver = false;
    solveContacts([contact], 1, settings);
    expect(contact.blockCase).toBe(0);
    settings.blockSolver = true;
    solveContacts([contact], 1, settings);
    expect(contact.blockCase).toBeGreaterThan(0);
  });
});
