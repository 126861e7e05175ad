/**
 * For every constraint row, the K the code builds must equal J M⁻¹ Jᵀ with J taken by finite
 * differences of the position constraint C(q), on random poses, masses and anchors. Catches any
 * sign or lever-arm slip in the hand-derived K (and in the Jacobian the solver applies).
 */
import { Random } from '@lite/math';
import { describe, expect, test } from 'vitest';
import {
  ContactConstraint,
  DistanceJoint,
  LIMIT_NONE,
  MouseJoint,
  prepareContacts,
  prepareJoints,
  RevoluteJoint,
  SolverBody,
  SolverSettings,
} from '../src/index';
import {
  effectiveMassMatrix,
  finiteDifferenceJacobian,
  localPoint,
  type Pose,
  poseOf,
  relativeDifference,
  worldPoint,
} from './helpers';

const TRIALS = 200;
// Central differences with h = 1e-6 on O(1) functions: truncation ~1e-12, rounding ~1e-10.
const TOLERANCE = 1e-6;

function randomBody(rng: Random, staticChance: number): SolverBody {
  const body = new SolverBody(rng.range(-5, 5), rng.range(-5, 5), rng.range(-Math.PI, Math.PI));
  if (rng.next() >= staticChance) body.setBoxMass(rng.range(0.2, 3), rng.range(0.2, 3), rng.range(0.5, 20));
  return body;
}

function randomPoint(rng: Random, around: SolverBody, radius: number): { x: number; y: number } {
  return {
    x: around.position.x + rng.range(-radius, radius),
    y: around.position.y + rng.range(-radius, radius),
  };
}

function unit(rng: Random): { x: number; y: number } {
  const a = rng.range(-Math.PI, Math.PI);
  return { x: Math.cos(a), y: Math.sin(a) };
}

describe('contact rows', () => {
  test('normal and tangent effective masses and the 2x2 block equal J M⁻¹ Jᵀ', () => {
    const rng = new Random(7);
    const settings = new SolverSettings();
    let checked = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const a = randomBody(rng, 0.2);
      const b = randomBody(rng, a.invMass === 0 ? 0 : 0.2);
      const n = unit(rng);
      const p1 = randomPoint(rng, b, 1.5);
      const p2 = randomPoint(rng, b, 1.5);
      const c = new ContactConstraint(a, b, 0.5, 0);
      c.update(
        {
          normalX: n.x,
          normalY: n.y,
          pointCount: 2,
          points: [
            { x: p1.x, y: p1.y, separation: -0.01, key: 1 },
            { x: p2.x, y: p2.y, separation: -0.02, key: 2 },
          ],
        },
        settings,
      );
      prepareContacts([c], 1, 60, settings);

      // The contact's position constraint along a fixed direction d: the material points of A and
      // B that touch at p, separated along d. (The normal's own turning is dropped, as in the
      // derivation: its term is multiplied by the separation, about 0.)
      const q0 = poseOf(a, b);
      const rowFor = (p: { x: number; y: number }, d: { x: number; y: number }) => {
        const la = localPoint(q0, 0, p.x, p.y);
        const lb = localPoint(q0, 1, p.x, p.y);
        return (q: Pose) => {
          const pa = worldPoint(q, 0, la[0], la[1]);
          const pb = worldPoint(q, 1, lb[0], lb[1]);
          return (pb[0] - pa[0]) * d.x + (pb[1] - pa[1]) * d.y;
        };
      };
      const t = { x: n.y, y: -n.x };
      const normal1 = rowFor(p1, n);
      const normal2 = rowFor(p2, n);
      const tangent1 = rowFor(p1, t);
      const Kn = effectiveMassMatrix(
        finiteDifferenceJacobian((q) => [normal1(q), normal2(q)], q0),
        a,
        b,
      );
      const Kt = effectiveMassMatrix(
        finiteDifferenceJacobian((q) => [tangent1(q)], q0),
        a,
        b,
      );

      expect(relativeDifference(1 / c.points[0].normalMass, Kn[0][0])).toBeLessThan(TOLERANCE);
      expect(relativeDifference(1 / c.points[1].normalMass, Kn[1][1])).toBeLessThan(TOLERANCE);
      expect(relativeDifference(1 / c.points[0].tangentMass, Kt[0][0])).toBeLessThan(TOLERANCE);
      expect(relativeDifference(c.k11, Kn[0][0])).toBeLessThan(TOLERANCE);
      expect(relativeDifference(c.k12, Kn[0][1])).toBeLessThan(TOLERANCE);
      expect(relativeDifference(c.k22, Kn[1][1])).toBeLessThan(TOLERANCE);
      checked++;
    }
    expect(checked).toBe(TRIALS);
  });
});

describe('joint rows', () => {
  test('distance joint: K = J M⁻¹ Jᵀ for C = |pB - pA| - L', () => {
    const rng = new Random(11);
    const settings = new SolverSettings();
    for (let trial = 0; trial < TRIALS; trial++) {
      const a = randomBody(rng, 0.2);
      const b = randomBody(rng, a.invMass === 0 ? 0 : 0.2);
      const anchorA = randomPoint(rng, a, 1);
      const anchorB = randomPoint(rng, b, 1);
      const joint = new DistanceJoint(a, b, anchorA, anchorB, { length: rng.range(0.5, 3) });
      prepareJoints([joint], 1, 1 / 60, settings);
      const q0 = poseOf(a, b);
      const la = localPoint(q0, 0, anchorA.x, anchorA.y);
      const lb = localPoint(q0, 1, anchorB.x, anchorB.y);
      const C = (q: Pose) => {
        const pa = worldPoint(q, 0, la[0], la[1]);
        const pb = worldPoint(q, 1, lb[0], lb[1]);
        return [Math.hypot(pb[0] - pa[0], pb[1] - pa[1]) - joint.length];
      };
      const K = effectiveMassMatrix(finiteDifferenceJacobian(C, q0), a, b);
      expect(relativeDifference(joint.k, K[0][0])).toBeLessThan(TOLERANCE);
      expect(relativeDifference(joint.mass, 1 / K[0][0])).toBeLessThan(TOLERANCE);
    }
  });

  test('revolute joint: the 2x2 K of C = pB - pA, the angular K of the limit rows and the 3x3 K of both', () => {
    const rng = new Random(13);
    const settings = new SolverSettings();
    let inverted = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const a = randomBody(rng, 0.2);
      const b = randomBody(rng, a.invMass === 0 ? 0 : 0.2);
      const anchor = randomPoint(rng, b, 1.5);
      const joint = new RevoluteJoint(a, b, anchor, { lowerAngle: -0.5, upperAngle: 0.5 });
      // Move B off the pin so C ≠ 0 (the Jacobian must not depend on C being 0).
      b.position.x += rng.range(-0.1, 0.1);
      b.angle += rng.range(-0.2, 0.2);
      prepareJoints([joint], 1, 1 / 60, settings);
      const q0 = poseOf(a, b);
      const la = [joint.localAnchorAX, joint.localAnchorAY];
      const lb = [joint.localAnchorBX, joint.localAnchorBY];
      const point = (q: Pose) => {
        const pa = worldPoint(q, 0, la[0], la[1]);
        const pb = worldPoint(q, 1, lb[0], lb[1]);
        return [pb[0] - pa[0], pb[1] - pa[1]];
      };
      const K = effectiveMassMatrix(finiteDifferenceJacobian(point, q0), a, b);
      expect(relativeDifference(joint.k11, K[0][0])).toBeLessThan(TOLERANCE);
      expect(relativeDifference(joint.k12, K[0][1], 1e-9)).toBeLessThan(TOLERANCE);
      expect(relativeDifference(joint.k12, K[1][0], 1e-9)).toBeLessThan(TOLERANCE);
      expect(relativeDifference(joint.k22, K[1][1])).toBeLessThan(TOLERANCE);
      // M = K⁻¹
      expect(joint.k11 * joint.m11 + joint.k12 * joint.m12).toBeCloseTo(1, 9);
      expect(joint.k11 * joint.m12 + joint.k12 * joint.m22).toBeCloseTo(0, 9);

      const limit = (q: Pose) => [q[5] - q[2] - joint.referenceAngle - joint.lowerAngle];
      const Ka = effectiveMassMatrix(finiteDifferenceJacobian(limit, q0), a, b);
      expect(relativeDifference(1 / joint.axialMass, Ka[0][0])).toBeLessThan(TOLERANCE);

      // The 3x3 block of the point rows and the limit row, and its inverse.
      const block = (q: Pose) => [...point(q), ...limit(q)];
      const K3 = effectiveMassMatrix(finiteDifferenceJacobian(block, q0), a, b);
      expect(relativeDifference(joint.k13, K3[0][2], 1e-9)).toBeLessThan(TOLERANCE);
      expect(relativeDifference(joint.k13, K3[2][0], 1e-9)).toBeLessThan(TOLERANCE);
      expect(relativeDifference(joint.k23, K3[1][2], 1e-9)).toBeLessThan(TOLERANCE);
      expect(relativeDifference(joint.k23, K3[2][1], 1e-9)).toBeLessThan(TOLERANCE);
      expect(relativeDifference(joint.k33, K3[2][2])).toBeLessThan(TOLERANCE);
      if (joint.limitState !== LIMIT_NONE) {
        inverted++;
        const n = [
          [joint.n11, joint.n12, joint.n13],
          [joint.n12, joint.n22, joint.n23],
          [joint.n13, joint.n23, joint.n33],
        ];
        for (let r = 0; r < 3; r++) {
          for (let c = 0; c < 3; c++) {
            const product = K3[r][0] * n[0][c] + K3[r][1] * n[1][c] + K3[r][2] * n[2][c];
            expect(product).toBeCloseTo(r === c ? 1 : 0, 5);
          }
        }
      }
    }
    expect(inverted).toBeGreaterThan(TRIALS / 2);
  });

  test('mouse joint: the 2x2 K of C = pB - target', () => {
    const rng = new Random(17);
    const settings = new SolverSettings();
    const ground = new SolverBody();
    for (let trial = 0; trial < TRIALS; trial++) {
      const b = randomBody(rng, 0);
      const anchor = randomPoint(rng, b, 1.5);
      const joint = new MouseJoint(b, anchor, { target: randomPoint(rng, b, 2) });
      prepareJoints([joint], 1, 1 / 60, settings);
      const q0 = poseOf(ground, b);
      const lb = [joint.localAnchorX, joint.localAnchorY];
      const C = (q: Pose) => {
        const pb = worldPoint(q, 1, lb[0], lb[1]);
        return [pb[0] - joint.targetX, pb[1] - joint.targetY];
      };
      const K = effectiveMassMatrix(finiteDifferenceJacobian(C, q0), ground, b);
      expect(relativeDifference(joint.k11, K[0][0])).toBeLessThan(TOLERANCE);
      expect(relativeDifference(joint.k12, K[0][1], 1e-9)).toBeLessThan(TOLERANCE);
      expect(relativeDifference(joint.k22, K[1][1])).toBeLessThan(TOLERANCE);
    }
  });
});
