/**
 * Rigid pins on a path held at both ends by bodies of infinite mass: the prepare solves them with
 * the joint spring (compliant) in the classic step too, and does not link them into an exact chain;
 * a path with a free end keeps its rigid rows and its chain.
 */
import { describe, expect, test } from 'vitest';
import { CHAIN_NONE, prepareJoints, RevoluteJoint, SolverBody, SolverSettings } from '../src/index';

const DT = 1 / 60;

function box(x: number, mass: number): SolverBody {
  const b = new SolverBody(x, 0, 0);
  if (mass > 0) b.setBoxMass(1, 1, mass);
  return b;
}

/** Pins between consecutive bodies, at the midpoints of their centres. */
function pins(bodies: SolverBody[]): RevoluteJoint[] {
  const joints: RevoluteJoint[] = [];
  for (let i = 0; i + 1 < bodies.length; i++) {
    const x = 0.5 * (bodies[i].position.x + bodies[i + 1].position.x);
    joints.push(new RevoluteJoint(bodies[i], bodies[i + 1], { x, y: 0 }));
  }
  return joints;
}

describe('pins held at both ends by bodies of infinite mass', () => {
  test('static, box, box, static: compliant rows and no exact chain, in the classic prepare', () => {
    const joints = pins([box(-2, 0), box(0, 1), box(2, 1), box(4, 0)]);
    const settings = new SolverSettings();
    expect(settings.jointChains).toBe(true);
    prepareJoints(joints, joints.length, DT, settings);
    for (const j of joints) {
      expect(j.softRows).toBe(true);
      expect(j.chainRole).toBe(CHAIN_NONE);
    }
  });

  test('a free end keeps the rigid rows and the chain', () => {
    const joints = pins([box(-2, 0), box(0, 1), box(2, 1)]);
    prepareJoints(joints, joints.length, DT, new SolverSettings());
    for (const j of joints) {
      expect(j.softRows).toBe(false);
      expect(j.chainRole).not.toBe(CHAIN_NONE);
    }
  });

  test('a body held by three pins ends the path: its pins keep their rigid rows', () => {
    const hub = box(0, 1);
    const joints = pins([box(-2, 0), hub, box(2, 0)]);
    joints.push(new RevoluteJoint(hub, box(0, 1), { x: 0, y: 0.5 }));
    prepareJoints(joints, joints.length, DT, new SolverSettings());
    for (const j of joints) expect(j.softRows).toBe(false);
  });
});
