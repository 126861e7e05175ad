/**
 * Chains of rigid pins: which pins form a chain, and that one chain solve meets every pin's point
 * rows at once (Ċ = bias), whatever the mass ratio, where one Gauss-Seidel sweep does not.
 */
import { describe, expect, test } from 'vitest';
import {
  buildJointChains,
  CHAIN_HEAD,
  CHAIN_MEMBER,
  CHAIN_NONE,
  type Joint,
  prepareJoints,
  RevoluteJoint,
  SolverBody,
  SolverSettings,
  solveJointPositions,
  solveJoints,
} from '../src/index';

const DT = 1 / 60;

function box(x: number, y: number, mass: number, width = 0.75, height = 0.25): SolverBody {
  const b = new SolverBody(x, y, 0);
  if (mass > 0) b.setBoxMass(width, height, mass);
  return b;
}

/** A horizontal chain: static anchor, `links` 1 kg links, a weight of `ratio` kg; returns its pins. */
function chain(links: number, ratio: number): { bodies: SolverBody[]; joints: RevoluteJoint[] } {
  const bodies = [box(0, 1.5, 0, 0.25, 0.25)];
  const joints: RevoluteJoint[] = [];
  for (let i = 0; i < links; i++) {
    bodies.push(box(i + 0.5, 0, 1));
    joints.push(new RevoluteJoint(bodies[i], bodies[i + 1], { x: i, y: 0 }));
  }
  bodies.push(box(links + 1.125, 0, ratio, 2, 2));
  joints.push(new RevoluteJoint(bodies[links], bodies[links + 1], { x: links, y: 0 }));
  return { bodies, joints };
}

/** The largest |Ċ - bias| over the pins' point rows, m/s. */
function velocityError(joints: RevoluteJoint[]): number {
  let worst = 0;
  for (const j of joints) {
    const a = j.bodyA;
    const b = j.bodyB;
    const cx =
      b.linearVelocity.x - b.angularVelocity * j.rBy - a.linearVelocity.x + a.angularVelocity * j.rAy;
    const cy =
      b.linearVelocity.y + b.angularVelocity * j.rBx - a.linearVelocity.y - a.angularVelocity * j.rAx;
    worst = Math.max(worst, Math.hypot(cx - j.biasX, cy - j.biasY));
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

describe('joint chains', () => {
  test('one chain solve meets every pin of a 40-link, 100:1 chain; one Gauss-Seidel sweep does not', () => {
    for (const jointChains of [true, false]) {
      const { bodies, joints } = chain(40, 100);
      shake(bodies);
      const settings = new SolverSettings({ warmStarting: false, jointChains });
      prepareJoints(joints, joints.length, DT, settings);
      solveJoints(joints, joints.length, settings);
      if (jointChains) {
        expect(joints[0].chainRole).toBe(CHAIN_HEAD);
        for (let i = 1; i < joints.length; i++) expect(joints[i].chainRole).toBe(CHAIN_MEMBER);
        expect(velocityError(joints)).toBeLessThan(1e-9);
      } else {
        for (const j of joints) expect(j.chainRole).toBe(CHAIN_NONE);
        expect(velocityError(joints)).toBeGreaterThan(0.1);
      }
    }
  });

  test('the position pass puts a stretched chain back together (Newton on the whole chain)', () => {
    const { bodies, joints } = chain(20, 1000);
    const settings = new SolverSettings();
    prepareJoints(joints, joints.length, DT, settings);
    // Pull every body off its place by up to 1 cm and turn it by up to 0.02 rad. (A straight chain
    // is a singular pose for stretching along it, so Newton's first-order model is poor for large
    // errors; in a step the velocity solve leaves only small ones.)
    for (let i = 1; i < bodies.length; i++) {
      bodies[i].position.x += 0.01 * Math.sin(i);
      bodies[i].position.y += 0.01 * Math.cos(3 * i);
      bodies[i].angle += 0.02 * Math.sin(7 * i);
    }
    const before = solveJointPositions(joints, joints.length, settings);
    expect(before).toBeGreaterThan(0.005);
    const after = solveJointPositions(joints, joints.length, settings);
    // Straight is the hard pose (first order, a straight chain cannot shorten): a tenth is asked.
    expect(after).toBeLessThan(before / 10);
  });

  test('chains end at a body held by three pins, skip soft pins and leave loops to Gauss-Seidel', () => {
    const ground = box(0, 0, 0);
    const a = box(1, 0, 1);
    const b = box(2, 0, 1);
    const c = box(3, 0, 1);
    const d = box(3, 1, 1);
    const e = box(4, 0, 1);
    const p0 = new RevoluteJoint(ground, a, { x: 0.5, y: 0 });
    const p1 = new RevoluteJoint(a, b, { x: 1.5, y: 0 });
    const p2 = new RevoluteJoint(b, c, { x: 2.5, y: 0 }); // c is held by three pins
    const p3 = new RevoluteJoint(c, d, { x: 3, y: 0.5 });
    const p5 = new RevoluteJoint(c, e, { x: 3.5, y: 0 });
    const h = box(5, 0, 1);
    const p4 = new RevoluteJoint(e, h, { x: 4.5, y: 0 }, { frequencyHz: 2 }); // soft: not a chain pin
    // A loop: two pins between the same two bodies.
    const f = box(10, 0, 1);
    const g = box(11, 0, 1);
    const q0 = new RevoluteJoint(f, g, { x: 10.5, y: 0.1 });
    const q1 = new RevoluteJoint(f, g, { x: 10.5, y: -0.1 });
    const joints: Joint[] = [p0, p1, p2, p3, p4, p5, q0, q1];
    prepareJoints(joints, joints.length, DT, new SolverSettings());
    // c is held by three rigid pins (p2, p3, p5): the chain ground-a-b-c ends there.
    expect([p0, p1, p2].map((j) => j.chainRole)).toEqual([CHAIN_HEAD, CHAIN_MEMBER, CHAIN_MEMBER]);
    expect(p0.chainNext).toBe(p1);
    expect(p1.chainNext).toBe(p2);
    expect(p2.chainNext).toBe(null);
    expect(p2.chainPrev).toBe(p1);
    expect(p3.chainRole).toBe(CHAIN_NONE);
    expect(p5.chainRole).toBe(CHAIN_NONE);
    expect(p4.chainRole).toBe(CHAIN_NONE);
    expect(q0.chainRole).toBe(CHAIN_NONE);
    expect(q1.chainRole).toBe(CHAIN_NONE);
    buildJointChains(joints, joints.length, false);
    for (const j of [p0, p1, p2, p3, p4, p5, q0, q1]) expect(j.chainRole).toBe(CHAIN_NONE);
  });
});
