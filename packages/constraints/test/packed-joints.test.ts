import { Vec2 } from '@lite/math';
import { describe, expect, it } from 'vitest';
import {
  BodyStates,
  ConstraintError,
  ContactSolver,
  DistanceJoint,
  type DrivenBody,
  type Joint,
  MotorJoint,
  MouseJoint,
  PrismaticJoint,
  prepareJoints,
  RevoluteJoint,
  relaxJoints,
  SolverBody,
  SolverSettings,
  solveJointPositions,
  solveJoints,
  WeldJoint,
  WheelJoint,
} from '../src/index';
import { Harness, type TestBody } from './harness';

/**
 * Joints on packed velocities: handing the `BodyStates` a `ContactSolver` acts on to `prepareJoints`
 * and `solveJoints` must give, bit for bit, what acting on the body objects between the solver's
 * iterations gives (`storeVelocities` before, `loadVelocities` after), every joint kind and chains included,
 * bodies with and without contacts alike.
 */

/** A box on the ground, a pinned chain hanging from it, and one joint of every other kind. */
function scene(): { h: Harness } {
  const h = new Harness();
  const ground = h.addBox({ width: 40, height: 1, x: 0, y: -0.5 });
  const box = h.addBox({ width: 1, height: 1, x: 0, y: 0.49, mass: 2 });
  // A chain of rigid pins from a static peg to the box (its links touch nothing).
  const peg = h.addBox({ width: 0.2, height: 0.2, x: 0, y: 6 });
  let prev: TestBody = peg;
  for (let i = 0; i < 5; i++) {
    const link = h.addBox({ width: 0.1, height: 0.1, x: 0.3 * (i + 1), y: 6 - 0.2 * i, mass: 0.5 });
    h.addJoint(new RevoluteJoint(prev, link, { x: prev.position.x, y: prev.position.y }));
    prev = link;
  }
  h.addJoint(
    new DistanceJoint(prev, box, prev.position, { x: 0.5, y: 0.99 }, { minLength: 0.5, maxLength: 7 }),
  );
  const welded = h.addBox({ width: 0.3, height: 0.3, x: 1.2, y: 0.49, mass: 1 });
  h.addJoint(new WeldJoint(box, welded, { x: 0.9, y: 0.49 }, { linearFrequencyHz: 5 }));
  const slider = h.addBox({ width: 0.4, height: 0.2, x: -4, y: 3, mass: 1 });
  h.addJoint(
    new PrismaticJoint(
      ground,
      slider,
      { x: -4, y: 3 },
      { x: 1, y: 0.2 },
      {
        lowerTranslation: -1,
        upperTranslation: 1,
        motorSpeed: 2,
        maxMotorForce: 5,
      },
    ),
  );
  const wheel = h.addBox({ width: 0.3, height: 0.3, x: -4, y: 2, mass: 0.5 });
  h.addJoint(
    new WheelJoint(
      slider,
      wheel,
      { x: -4, y: 2 },
      { x: 0, y: 1 },
      {
        frequencyHz: 4,
        motorSpeed: 3,
        maxMotorTorque: 2,
      },
    ),
  );
  const dragged = h.addBox({ width: 0.3, height: 0.3, x: 5, y: 4, mass: 1, angularVelocity: 1 });
  h.addJoint(new MotorJoint(peg, dragged, { maxForce: 20, maxTorque: 5 }));
  h.addJoint(new MouseJoint(dragged, { x: 5, y: 4 }, { target: { x: 6, y: 5 }, maxForce: 30 }));
  return { h };
}

/**
 * One step of the scene on a `ContactSolver` (every body a slot in `states`), the joints on the
 * packed velocities or on the objects.
 */
function step(h: Harness, solver: ContactSolver, states: BodyStates, packed: boolean, dt: number): void {
  const settings = h.settings;
  h.collide();
  for (const body of h.bodies) {
    if (body.invMass === 0) continue;
    body.linearVelocity.y += dt * h.gravityY;
  }
  states.begin();
  for (const body of h.bodies) states.take(body);
  solver.prepare(h.contacts, h.contactCount, 1 / dt, settings, states);
  const joints: Joint[] = h.joints;
  if (packed) prepareJoints(joints, joints.length, dt, settings, states);
  else {
    states.storeVelocities();
    prepareJoints(joints, joints.length, dt, settings);
    states.loadVelocities();
  }
  for (let i = 0; i < h.iterations; i++) {
    solver.solve(states, settings, true);
    if (packed) solveJoints(joints, joints.length, settings, states);
    else {
      states.storeVelocities();
      solveJoints(joints, joints.length, settings);
      states.loadVelocities();
    }
  }
  states.storeVelocities();
  for (const body of h.bodies) {
    body.position.x += dt * body.linearVelocity.x;
    body.position.y += dt * body.linearVelocity.y;
    body.angle += dt * body.angularVelocity;
  }
  solver.storeImpulses();
  for (let i = 0; i < h.positionIterations; i++) {
    if (solveJointPositions(joints, joints.length, settings) <= 1e-9) break;
  }
}

function stateOf(h: Harness): number[] {
  return h.bodies.flatMap((b) => [
    b.position.x,
    b.position.y,
    b.angle,
    b.linearVelocity.x,
    b.linearVelocity.y,
    b.angularVelocity,
  ]);
}

describe('joints on packed velocities', () => {
  it("a ContactSolver's body states handed to the joints give the bits of the joints acting on the objects", () => {
    const a = scene();
    const b = scene();
    const solverA = new ContactSolver();
    const solverB = new ContactSolver();
    const statesA = new BodyStates();
    const statesB = new BodyStates();
    for (let k = 0; k < 120; k++) {
      step(a.h, solverA, statesA, true, 1 / 60);
      step(b.h, solverB, statesB, false, 1 / 60);
    }
    const packed = stateOf(a.h);
    expect(packed.every(Number.isFinite)).toBe(true);
    expect(packed).toEqual(stateOf(b.h));
    // Something happened: the chain swung and the box moved with it.
    expect(packed).not.toEqual(stateOf(scene().h));
  });

  it('on BodyStates, a static body shares the still slot 0 and the joints leave it at rest', () => {
    const settings = new SolverSettings();
    const ground = new SolverBody(0, 0);
    const bob: DrivenBody = Object.assign(new SolverBody(1, 0).setMass(1, 0.1), {
      force: new Vec2(0, 0),
      torque: 0,
      gravityScale: 1,
      linearDamping: 0,
      angularDamping: 0,
    });
    const joints: Joint[] = [new RevoluteJoint(ground, bob, { x: 0, y: 0 })];
    const states = new BodyStates();
    states.begin();
    bob.linearVelocity.x = 1;
    const slot = states.add(bob, { x: 0, y: 0 });
    prepareJoints(joints, 1, 1 / 60, settings, states);
    solveJoints(joints, 1, settings, states);
    const v = states.velocities;
    expect(states.velocitySlot(ground)).toBe(0);
    expect([v[0], v[1], v[2]]).toEqual([0, 0, 0]);
    // The pin stops the bob's motion along its arm (the object is not written until storeVelocities).
    expect(Math.abs(v[states.velocityStride * slot])).toBeLessThan(1e-12);
    expect(bob.linearVelocity.x).toBe(1);
    states.storeVelocities();
    expect(Math.abs(bob.linearVelocity.x)).toBeLessThan(1e-12);
  });

  it('refuses packed velocities that are not a BodyVelocities, naming the argument', () => {
    const settings = new SolverSettings();
    const joints: Joint[] = [
      new RevoluteJoint(new SolverBody(), new SolverBody(1, 0).setMass(1, 1), { x: 0, y: 0 }),
    ];
    for (const bad of [null, 3, {}, { velocities: [0, 0, 0] }]) {
      const prepare = () => prepareJoints(joints, 1, 1 / 60, settings, bad as never);
      const solve = () => solveJoints(joints, 1, settings, bad as never);
      expect(prepare).toThrow(ConstraintError);
      expect(prepare).toThrow(/^bodies = /);
      expect(solve).toThrow(ConstraintError);
    }
  });
});

describe('soft joint rows (prepareJoints with softRows, relaxJoints)', () => {
  /** A 1 kg bob pinned to a static peg 1 m to its left, moving 1 m/s up and 2 m/s away from it. */
  function pendulum(): { joints: Joint[]; states: BodyStates; slot: number; bob: SolverBody } {
    const ground = new SolverBody();
    const bob = new SolverBody(1, 0).setMass(1, 0.1);
    Object.assign(bob, {
      isDynamic: true,
      isKinematic: false,
      force: new Vec2(0, 0),
      torque: 0,
      gravityScale: 1,
      linearDamping: 0,
      angularDamping: 0,
    });
    const joints: Joint[] = [new RevoluteJoint(ground, bob, { x: 0, y: 0 })];
    const states = new BodyStates();
    states.begin();
    bob.linearVelocity.x = 2;
    bob.linearVelocity.y = 1;
    const slot = states.add(bob as unknown as DrivenBody, { x: 0, y: 0 });
    return { joints, states, slot, bob };
  }

  it('a softened pin gives part of the rigid impulse in its solve and all of it in the relax', () => {
    const settings = new SolverSettings();
    const { joints, states, slot } = pendulum();
    const pin = joints[0] as RevoluteJoint;
    const h = 1 / 240;
    prepareJoints(joints, 1, h, settings, states, true);
    // 60 Hz capped at a quarter of 240 Hz is 60 Hz; ζ = 5: massScale = a2 / (1 + a2) with
    // a1 = 2ζ + hω, a2 = hω a1 (the pin is closed: no bias).
    const omega = 2 * Math.PI * 60;
    const a1 = 2 * 5 + h * omega;
    const a2 = h * omega * a1;
    expect(pin.softness.massScale).toBeCloseTo(a2 / (1 + a2), 12);
    solveJoints(joints, 1, settings, states);
    const v = states.velocities;
    const o = states.velocityStride * slot;
    // Along the arm (x) the rigid row would stop the bob; the soft one leaves 1 / (1 + a2) of it.
    expect(v[o] / 2).toBeCloseTo(1 / (1 + a2), 9);
    relaxJoints(joints, 1, states);
    expect(Math.abs(v[o])).toBeLessThan(1e-12);
    // The transverse motion (y, turning about the peg) is free.
    expect(v[o + 1]).not.toBe(0);
  });

  it('without softRows the rows stay rigid and relaxJoints leaves the joint alone', () => {
    const settings = new SolverSettings();
    const { joints, states, slot } = pendulum();
    prepareJoints(joints, 1, 1 / 240, settings, states);
    expect((joints[0] as RevoluteJoint).softness.massScale).toBe(1);
    const v = states.velocities;
    const o = states.velocityStride * slot;
    const before = [v[o], v[o + 1], v[o + 2]];
    relaxJoints(joints, 1, states);
    expect([v[o], v[o + 1], v[o + 2]]).toEqual(before);
  });

  it('refuses a softRows that is not a boolean and a relax without packed velocities', () => {
    const settings = new SolverSettings();
    const { joints, states } = pendulum();
    expect(() => prepareJoints(joints, 1, 1 / 60, settings, states, 1 as never)).toThrow(/^softRows = 1/);
    expect(() => relaxJoints(joints, 1, undefined as never)).toThrow(ConstraintError);
    expect(() => relaxJoints(joints, 2, states)).toThrow(ConstraintError);
  });

  it('jointHertz and jointDampingRatio are checked when set', () => {
    expect(() => new SolverSettings({ jointHertz: 0 })).toThrow(/^jointHertz = 0/);
    expect(() => new SolverSettings({ jointDampingRatio: -1 })).toThrow(/^jointDampingRatio = -1/);
    const s = new SolverSettings({ jointHertz: 30, jointDampingRatio: 1 });
    expect([s.jointHertz, s.jointDampingRatio]).toEqual([30, 1]);
  });
});
