/**
 * Chains of welds: which welds form a chain, that one chain solve meets every weld's three rows at
 * once (rigid rows: Ċ = bias; soft rows: their spring's own row equation), where one Gauss-Seidel
 * sweep does not, and that the position pass is Newton's method on the chain's rigid rows.
 */
import { describe, expect, test } from 'vitest';
import {
  buildWeldChains,
  CHAIN_HEAD,
  CHAIN_MEMBER,
  CHAIN_NONE,
  type Joint,
  prepareJoints,
  SolverBody,
  SolverSettings,
  solveJointPositions,
  solveJoints,
  WeldJoint,
  type WeldJointOptions,
} from '../src/index';

const DT = 1 / 60;

function box(x: number, y: number, mass: number, width = 1, height = 0.25): SolverBody {
  const b = new SolverBody(x, y, 0);
  if (mass > 0) b.setBoxMass(width, height, mass);
  return b;
}

/** A cantilever: a wall, then `links` boxes welded end to end, the last of mass `tipMass`. */
function cantilever(
  links: number,
  tipMass: number,
  options: (i: number) => WeldJointOptions = () => ({}),
): { bodies: SolverBody[]; joints: WeldJoint[] } {
  const bodies = [box(-0.5, 0, 0, 1, 4)];
  const joints: WeldJoint[] = [];
  for (let i = 0; i < links; i++) {
    bodies.push(box(i + 0.5, 0, i === links - 1 ? tipMass : 1));
    joints.push(new WeldJoint(bodies[i], bodies[i + 1], { x: i, y: 0 }, options(i)));
  }
  return { bodies, joints };
}

/**
 * The largest residual of the welds' row equations after a solve from zero impulses (no warm
 * start, so the accumulated impulse λ is this solve's): bias - Ċ - γ λ for each row, with γ = 0 on
 * a rigid row, γ = c K on a frequency-form spring (c = impulseScale / massScale of its softness)
 * and the weld's `linearGamma` on a stiffness-form point spring.
 */
function rowResidual(joints: WeldJoint[]): number {
  let worst = 0;
  for (const j of joints) {
    const a = j.bodyA;
    const b = j.bodyB;
    const cx =
      b.linearVelocity.x - b.angularVelocity * j.rBy - a.linearVelocity.x + a.angularVelocity * j.rAy;
    const cy =
      b.linearVelocity.y + b.angularVelocity * j.rBx - a.linearVelocity.y - a.angularVelocity * j.rAx;
    const ca = b.angularVelocity - a.angularVelocity;
    const g = j.linearGamma;
    const cL = g > 0 ? 0 : j.linearSoftness.impulseScale / j.linearSoftness.massScale;
    const cA = j.angularSoftness.impulseScale / j.angularSoftness.massScale;
    const lx = j.impulseX;
    const ly = j.impulseY;
    const rx = j.biasX - cx - cL * (j.k11 * lx + j.k12 * ly) - g * lx;
    const ry = j.biasY - cy - cL * (j.k12 * lx + j.k22 * ly) - g * ly;
    const ra = j.angularBias - ca - cA * j.k33 * j.angularImpulse;
    worst = Math.max(worst, Math.abs(rx), Math.abs(ry), Math.abs(ra));
  }
  return worst;
}

/** Gives every body a pseudo-random velocity (deterministic). */
function shake(bodies: SolverBody[]): void {
  let seed = 1;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647 - 0.5;
  };
  for (const b of bodies) {
    if (b.invMass === 0) continue;
    b.linearVelocity.x = 10 * next();
    b.linearVelocity.y = 10 * next();
    b.angularVelocity = 10 * next();
  }
}

const MIXED = (i: number): WeldJointOptions =>
  i % 3 === 0
    ? { angularFrequencyHz: 5, dampingRatio: 0.7 }
    : i % 3 === 1
      ? { linearFrequencyHz: 30, angularFrequencyHz: 8 }
      : { linearStiffness: 5e4, linearDamping: 100 };

describe('weld chains', () => {
  for (const [name, options] of [
    ['rigid', () => ({})],
    ['soft (both forms, either part)', MIXED],
  ] as const) {
    test(`one chain solve meets every row of a 20-weld, 50:1 ${name} cantilever; one Gauss-Seidel sweep does not`, () => {
      for (const jointChains of [true, false]) {
        const { bodies, joints } = cantilever(20, 50, options);
        shake(bodies);
        const settings = new SolverSettings({ warmStarting: false, jointChains });
        prepareJoints(joints, joints.length, DT, settings);
        solveJoints(joints, joints.length, settings);
        if (jointChains) {
          expect(joints[0].chainRole).toBe(CHAIN_HEAD);
          for (let i = 1; i < joints.length; i++) expect(joints[i].chainRole).toBe(CHAIN_MEMBER);
          expect(rowResidual(joints)).toBeLessThan(1e-9);
        } else {
          for (const j of joints) expect(j.chainRole).toBe(CHAIN_NONE);
          expect(rowResidual(joints)).toBeGreaterThan(0.1);
        }
      }
    });
  }

  test('the position pass puts a bent chain of rigid welds back together (Newton on the whole chain)', () => {
    const { bodies, joints } = cantilever(15, 20);
    const settings = new SolverSettings();
    prepareJoints(joints, joints.length, DT, settings);
    for (let i = 1; i < bodies.length; i++) {
      bodies[i].position.x += 0.01 * Math.sin(i);
      bodies[i].position.y += 0.01 * Math.cos(3 * i);
      bodies[i].angle += 0.02 * Math.sin(7 * i);
    }
    const before = solveJointPositions(joints, joints.length, settings);
    expect(before).toBeGreaterThan(0.005);
    const after = solveJointPositions(joints, joints.length, settings);
    expect(after).toBeLessThan(1e-6);
  });

  test('the position pass leaves soft angles alone: a bent chain whose anchors meet does not move', () => {
    const { bodies, joints } = cantilever(5, 1, () => ({ angularFrequencyHz: 4 }));
    const settings = new SolverSettings();
    prepareJoints(joints, joints.length, DT, settings);
    // Bend the chain, each box turned 0.05 rad more than the one before and hung on its end: every
    // anchor still meets its partner, only the angular springs are stretched.
    let x = 0;
    let y = 0;
    for (let i = 1; i < bodies.length; i++) {
      const turn = -0.05 * i;
      const b = bodies[i];
      b.angle = turn;
      b.position.x = x + 0.5 * Math.cos(turn);
      b.position.y = y + 0.5 * Math.sin(turn);
      x += Math.cos(turn);
      y += Math.sin(turn);
    }
    const poses = bodies.map((b) => [b.position.x, b.position.y, b.angle]);
    expect(solveJointPositions(joints, joints.length, settings)).toBeLessThan(1e-12);
    bodies.forEach((b, i) => {
      expect(b.position.x).toBeCloseTo(poses[i][0], 12);
      expect(b.position.y).toBeCloseTo(poses[i][1], 12);
      expect(b.angle).toBeCloseTo(poses[i][2], 12);
    });
  });

  test('a chain between two static bodies is solved whole, sharing a symmetric load symmetrically', () => {
    // A symmetric bridge: six 1 kg planks welded end to end between two static piers, falling at
    // 1 m/s. Its rows are redundant (21 rows, 18 degrees of freedom, K singular): the chain is
    // regularized by a relative 1e-8 on its diagonal and meets its rows to that order.
    const left = box(-0.5, 0, 0, 1, 4);
    const right = box(6.5, 0, 0, 1, 4);
    const bodies = [left];
    const joints: WeldJoint[] = [];
    for (let i = 0; i < 6; i++) {
      bodies.push(box(i + 0.5, 0, 1));
      joints.push(new WeldJoint(bodies[i], bodies[i + 1], { x: i, y: 0 }));
    }
    joints.push(new WeldJoint(bodies[6], right, { x: 6, y: 0 }));
    for (const b of bodies.slice(1)) b.linearVelocity.y = -1;
    const settings = new SolverSettings({ warmStarting: false });
    prepareJoints(joints, joints.length, DT, settings);
    expect(joints.map((j) => j.chainRole)).toEqual([
      CHAIN_HEAD,
      CHAIN_MEMBER,
      CHAIN_MEMBER,
      CHAIN_MEMBER,
      CHAIN_MEMBER,
      CHAIN_MEMBER,
      CHAIN_MEMBER,
    ]);
    solveJoints(joints, joints.length, settings);
    // The regularized rows are met up to ε times their diagonal times their impulse (1.5 ε for
    // rounding): the bodies are stopped. 6 kg at 1 m/s is 6 N s: 3 N s at each pier.
    let bound = 0;
    for (const j of joints) {
      bound = Math.max(bound, j.k11 * Math.abs(j.impulseX), j.k22 * Math.abs(j.impulseY));
      bound = Math.max(bound, j.k33 * Math.abs(j.angularImpulse));
    }
    expect(rowResidual(joints)).toBeLessThan(1.5e-8 * bound);
    const first = joints[0];
    const last = joints[6];
    // (To 1e-4 N s: the regularization moves the impulses by about 1e-6 N s.)
    expect(first.impulseY).toBeCloseTo(3, 4);
    expect(-last.impulseY).toBeCloseTo(3, 4);
    // The moments mirror each other: on the first plank (the first weld's B) and on the right pier
    // (the last weld's B, so minus this on the last plank), the same value.
    expect(first.angularImpulse).toBeCloseTo(last.angularImpulse, 4);
    expect(Math.abs(first.angularImpulse)).toBeGreaterThan(0.1);
    // Gauss-Seidel alone (chains off) does not meet the rows in one sweep.
    for (const b of bodies.slice(1)) {
      b.linearVelocity.y = -1;
      b.angularVelocity = 0;
      b.linearVelocity.x = 0;
    }
    buildWeldChains(joints, joints.length, false);
    for (const j of joints) j.impulseX = j.impulseY = j.angularImpulse = 0;
    solveJoints(joints, joints.length, settings);
    expect(rowResidual(joints)).toBeGreaterThan(0.1);
  });

  test('chains end at a body held by three welds, skip welds without rows and leave loops alone', () => {
    const wall = box(0, 0, 0);
    const a = box(1, 0, 1);
    const b = box(2, 0, 1);
    const c = box(3, 0, 1);
    const d = box(3, 1, 1);
    const e = box(4, 0, 1);
    const h = box(5, 0, 1);
    const w0 = new WeldJoint(wall, a, { x: 0.5, y: 0 });
    const w1 = new WeldJoint(a, b, { x: 1.5, y: 0 });
    const w2 = new WeldJoint(b, c, { x: 2.5, y: 0 }); // c is held by three welds
    const w3 = new WeldJoint(c, d, { x: 3, y: 0.5 });
    const w5 = new WeldJoint(c, e, { x: 3.5, y: 0 });
    // A stiffness-form point of no stiffness and no damping: no point rows, not a chain weld.
    const w4 = new WeldJoint(e, h, { x: 4.5, y: 0 }, { linearStiffness: 0, linearDamping: 0 });
    const f = box(10, 0, 1);
    const g = box(11, 0, 1);
    const q0 = new WeldJoint(f, g, { x: 10.5, y: 0.1 });
    const q1 = new WeldJoint(f, g, { x: 10.5, y: -0.1 });
    const joints: Joint[] = [w0, w1, w2, w3, w4, w5, q0, q1];
    prepareJoints(joints, joints.length, DT, new SolverSettings());
    expect([w0, w1, w2].map((j) => j.chainRole)).toEqual([CHAIN_HEAD, CHAIN_MEMBER, CHAIN_MEMBER]);
    expect(w0.chainNext).toBe(w1);
    expect(w1.chainNext).toBe(w2);
    expect(w2.chainNext).toBe(null);
    expect(w2.chainPrev).toBe(w1);
    for (const j of [w3, w4, w5, q0, q1]) expect(j.chainRole).toBe(CHAIN_NONE);
    buildWeldChains(joints, joints.length, false);
    for (const j of [w0, w1, w2, w3, w4, w5, q0, q1]) expect(j.chainRole).toBe(CHAIN_NONE);
  });
});
