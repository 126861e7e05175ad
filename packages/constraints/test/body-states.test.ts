import { describe, expect, it } from 'vitest';
import {
  BodyStates,
  ConstraintError,
  ContactConstraint,
  ContactGather,
  DEFAULT_MAX_LINEAR_SPEED,
  type DrivenBody,
  type Joint,
  prepareJoints,
  RevoluteJoint,
  SoftContactSolver,
  SoftStepContext,
  SolverBody,
  SolverSettings,
} from '../src/index';
import { fallingBox, softSettings } from './helpers';

/**
 * The still slot 0 of `BodyStates` stands for bodies nothing moves. A body with mass that was not
 * added would share it: an impulse on it would set slot 0 moving, and with it every static body
 * the other contacts and joints read there. Soft contacts and joints refuse such a body instead.
 */

/** A 1 kg unit box, falling at 1 m/s, that `BodyStates.add` accepts. */
function movingBox(y: number): DrivenBody {
  return fallingBox(0, y);
}

/** A contact of `box` resting on `ground` (the box's bottom face on the ground's top, `depth` deep). */
function resting(ground: SolverBody, box: SolverBody, depth = 0.01): ContactConstraint {
  const c = new ContactConstraint(ground, box, 0.6, 0);
  c.update(
    {
      normalX: 0,
      normalY: 1,
      pointCount: 2,
      points: [
        { x: -0.5, y: 0, separation: -depth, key: 1 },
        { x: 0.5, y: 0, separation: -depth, key: 2 },
      ],
    },
    new SolverSettings(),
  );
  return c;
}

/**
 * A box (added to the body states) `depth` into a static ground, its contact prepared, warm
 * started and solved once with bias: the solver, its context, the states and the box's slot.
 */
function solvedOnGround(depth: number) {
  const ground = new SolverBody(0, -0.5);
  const box = movingBox(0.5 - depth);
  const states = new BodyStates();
  states.begin();
  const slot = states.add(box, { x: 0, y: -10 });
  const ctx = new SoftStepContext().set(1 / 60, softSettings);
  const solver = new SoftContactSolver();
  solver.prepare([resting(ground, box, depth)], 1, states, ctx);
  solver.warmStart(states);
  solver.solve(states, ctx, true);
  return { solver, ctx, states, slot, box };
}

describe('BodyStates: the still slot is for bodies nothing moves', () => {
  it('soft contacts of an added box act on its slot and leave the static ground at rest', () => {
    const { states, slot } = solvedOnGround(0.01);
    const v = states.velocities;
    const o = states.velocityStride * slot;
    expect([v[0], v[1], v[2]]).toEqual([0, 0, 0]);
    // The contact stops the fall (and a soft row pushes the 1 cm overlap out: vy >= 0).
    expect(v[o + 1]).toBeGreaterThanOrEqual(0);
    expect(v[o + 1]).toBeLessThan(0.5);
  });

  it('a soft contact whose moving body was not added is refused, naming the contact and its side', () => {
    const ground = new SolverBody(0, -0.5);
    const box = movingBox(0.49);
    const states = new BodyStates();
    states.begin();
    const ctx = new SoftStepContext().set(1 / 60, softSettings);
    const solver = new SoftContactSolver();
    const contacts = [resting(ground, box)];
    const prepare = () => solver.prepare(contacts, 1, states, ctx);
    expect(prepare).toThrow(ConstraintError);
    expect(prepare).toThrow(/^contacts\[0\]\.bodyB = a body of inverse mass 1: has mass but no slot/);
    // The contact's own state is untouched: its points keep their separations and zero impulses.
    expect(contacts[0].pointCount).toBe(2);
    expect(contacts[0].points[0].separation).toBe(-0.01);
    // Added, the same contact prepares.
    states.add(box, { x: 0, y: -10 });
    expect(prepare).not.toThrow();
  });

  it('a joint on a moving body that was not added is refused; on a static body it is not', () => {
    const settings = new SolverSettings();
    const ground = new SolverBody(0, 0);
    const bob = movingBox(-1);
    const joints: Joint[] = [new RevoluteJoint(ground, bob, { x: 0, y: 0 })];
    const states = new BodyStates();
    states.begin();
    const prepare = () => prepareJoints(joints, 1, 1 / 60, settings, states);
    expect(prepare).toThrow(ConstraintError);
    expect(prepare).toThrow(/^body = a body of inverse mass 1: has mass but no slot/);
    const v = states.velocities;
    expect([v[0], v[1], v[2]]).toEqual([0, 0, 0]);
    states.add(bob, { x: 0, y: -10 });
    expect(prepare).not.toThrow();
    expect(states.velocitySlot(ground)).toBe(0);
    expect([v[0], v[1], v[2]]).toEqual([0, 0, 0]);
  });

  it('a push pass called without pass 0 before it in the sub-step still finds the deep contacts', () => {
    // A box 0.5 m into the ground: the solve flags the contact deep, and the push pass moves the
    // box out through its push velocity. Pass 1 on its own must push exactly as pass 0 does.
    const pushAfter = (pass: number): number[] => {
      const { solver, ctx, states, slot } = solvedOnGround(0.5);
      solver.push(states, ctx, pass);
      return [states.push[3 * slot], states.push[3 * slot + 1], states.push[3 * slot + 2]];
    };
    const first = pushAfter(0);
    // Upward, at most the push's cap (maxPushVelocity 3 m/s here).
    expect(first[1]).toBeGreaterThan(0.1);
    expect(first[1]).toBeLessThanOrEqual(3 + 1e-12);
    expect(pushAfter(1)).toEqual(first);
  });
});

describe('SoftContactSolver: separations reused between passes', () => {
  it('a pass after the bodies moved measures the separations again', () => {
    // A box 1 cm into the ground, solved once (the pass leaves the point's separation, -1 cm, in
    // the rows). The position update then lifts it 2 cm through its push velocity while it still
    // approaches at 0.5 m/s: the relax pass must see a 1 cm gap, which 0.5 m/s does not close
    // within the sub-step (h = 1/240 s), and leave the box approaching. Read stale, the 1 cm
    // overlap would make the rigid row stop the box (vy 0).
    const { solver, ctx, states, slot } = solvedOnGround(0.01);
    const o = 8 * slot;
    states.state[o] = 0;
    states.state[o + 1] = -0.5;
    states.state[o + 2] = 0;
    states.push[3 * slot + 1] = 0.02 * 240 + 0.5;
    states.setStep(1 / 60, 4);
    states.integratePositions(new Float64Array(2), false);
    solver.solve(states, ctx, false);
    expect(states.state[o + 1]).toBeLessThan(-0.5 + 1e-12);
    // The same relax pass without the lift (the box still 1 cm deep) stops it.
    const deep = solvedOnGround(0.01);
    const d = 8 * deep.slot;
    deep.states.state[d] = 0;
    deep.states.state[d + 1] = -0.5;
    deep.states.state[d + 2] = 0;
    deep.states.push[3 * deep.slot + 1] = 0.5;
    deep.states.setStep(1 / 60, 4);
    deep.states.integratePositions(new Float64Array(2), false);
    deep.solver.solve(deep.states, deep.ctx, false);
    expect(Math.abs(deep.states.state[d + 1])).toBeLessThan(1e-9);
  });
});

describe('BodyStates.storeVelocities', () => {
  it('writes the slots back and says whether every number it wrote is finite', () => {
    const { states, slot, box } = solvedOnGround(0.01);
    expect(states.storeVelocities(true)).toBe(true);
    const s = states.state;
    const o = 8 * slot;
    expect(box.linearVelocity.y).toBe(s[o + 1]);
    // Velocities (vx, vy, ω at 0 to 2) always; the step's translation and rotation (3, 4 and 7)
    // only when the poses are written too.
    for (const [field, value, poses] of [
      [0, Number.NaN, false],
      [1, Number.POSITIVE_INFINITY, false],
      [2, Number.NEGATIVE_INFINITY, false],
      [3, Number.NaN, true],
      [4, Number.POSITIVE_INFINITY, true],
      [7, Number.NaN, true],
    ] as const) {
      const kept = s[o + field];
      s[o + field] = value;
      expect(states.storeVelocities(poses)).toBe(false);
      s[o + field] = kept;
      expect(states.storeVelocities(poses)).toBe(true);
    }
    // A non-finite translation is not looked at when only the velocities are written.
    s[o + 3] = Number.NaN;
    expect(states.storeVelocities(false)).toBe(true);
  });
});

describe('ContactGather: the prepare reading contacts gathered by their caller', () => {
  /** A stack of two boxes on a static ground, stepped once with or without a gather. */
  function stackStep(withGather: boolean) {
    const ground = new SolverBody(0, -0.5);
    const lower = movingBox(0.495);
    const upper = movingBox(1.49);
    lower.angularVelocity = 0.3;
    const contacts = [resting(ground, lower), resting(lower, upper)];
    // The upper contact a little off centre, so that its lever arms are not symmetric.
    contacts[1].update(
      {
        normalX: 0.1,
        normalY: Math.sqrt(0.99),
        pointCount: 2,
        points: [
          { x: -0.45, y: 1, separation: -0.01, key: 1 },
          { x: 0.52, y: 0.98, separation: -0.02, key: 2 },
        ],
      },
      new SolverSettings(),
    );
    const states = new BodyStates();
    states.begin();
    // Indices as a world numbers its bodies (the ground's is never looked up: it has no slot).
    states.add(lower, { x: 0, y: -10 }, 7);
    states.add(upper, { x: 0, y: -10 }, 3);
    const ctx = new SoftStepContext().set(1 / 60, softSettings);
    const solver = new SoftContactSolver();
    if (withGather) {
      const gather = new ContactGather();
      gather.add(contacts[0], 0, 7);
      gather.add(contacts[1], 7, 3);
      solver.prepare(contacts, 2, states, ctx, gather);
    } else {
      solver.prepare(contacts, 2, states, ctx);
    }
    for (let k = 0; k < 4; k++) {
      states.integrateVelocities();
      solver.warmStart(states);
      solver.solve(states, ctx, true);
      solver.solve(states, ctx, false);
    }
    return Array.from(states.velocities.subarray(0, 3 * states.velocityStride));
  }

  it('gives bit-identical results to the prepare that reads the contact objects', () => {
    const plain = stackStep(false);
    const gathered = stackStep(true);
    expect(gathered).toEqual(plain);
    // The stack moved: the comparison is not of two untouched arrays.
    expect(plain.some((x, k) => k >= 8 && x !== 0)).toBe(true);
  });

  it('finds a slot by the index given to BodyStates.add, and none for an index not added this step', () => {
    const states = new BodyStates();
    states.begin();
    const slot = states.add(movingBox(1), { x: 0, y: -10 }, 1000);
    expect(states.slotOfIndex(1000)).toBe(slot);
    expect(states.slotOfIndex(999)).toBe(0);
    expect(states.slotOfIndex(5000)).toBe(0);
    states.begin();
    expect(states.slotOfIndex(1000)).toBe(0);
    expect(() => states.add(movingBox(1), { x: 0, y: -10 }, 1.5)).toThrow(ConstraintError);
    expect(() => states.add(movingBox(1), { x: 0, y: -10 }, -2)).toThrow(/^index = -2: must be an integer/);
  });

  it('refuses a gather of another length, a bad index, and a moving body the index finds no slot for', () => {
    const ground = new SolverBody(0, -0.5);
    const box = movingBox(0.49);
    const states = new BodyStates();
    states.begin();
    states.add(box, { x: 0, y: -10 }, 4);
    const ctx = new SoftStepContext().set(1 / 60, softSettings);
    const solver = new SoftContactSolver();
    const contacts = [resting(ground, box)];
    const gather = new ContactGather();
    expect(() => solver.prepare(contacts, 1, states, ctx, gather)).toThrow(
      /^gather\.count = 0: must equal count \(1\)/,
    );
    expect(() => gather.add(contacts[0], 0, -1)).toThrow(/^indexB = -1/);
    expect(() => gather.add(contacts[0], 0.5, 4)).toThrow(/^indexA = 0\.5/);
    expect(gather.count).toBe(0);
    // Index 5 was not added: the box would share the still slot.
    gather.add(contacts[0], 0, 5);
    expect(() => solver.prepare(contacts, 1, states, ctx, gather)).toThrow(
      /^contacts\[0\]\.bodyB = a body of inverse mass 1: has mass but no slot/,
    );
    gather.clear();
    gather.add(contacts[0], 0, 4);
    expect(() => solver.prepare(contacts, 1, states, ctx, gather)).not.toThrow();
  });
});

describe('BodyStates.maxLinearSpeed', () => {
  it('is DEFAULT_MAX_LINEAR_SPEED (400 m/s) and refuses anything but a finite number > 0', () => {
    const states = new BodyStates();
    expect(states.maxLinearSpeed).toBe(DEFAULT_MAX_LINEAR_SPEED);
    expect(DEFAULT_MAX_LINEAR_SPEED).toBe(400);
    for (const bad of [0, -2, Number.NaN, Number.POSITIVE_INFINITY, '1']) {
      expect(() => {
        states.maxLinearSpeed = bad as number;
      }).toThrow(ConstraintError);
    }
    expect(states.maxLinearSpeed).toBe(400);
  });

  it('scales a faster velocity down to the cap in both updates, direction kept; slower ones are untouched', () => {
    const states = new BodyStates();
    states.maxLinearSpeed = 10;
    states.begin();
    const fast = movingBox(0);
    fast.linearVelocity.set(30, -40);
    const slow = movingBox(5);
    slow.linearVelocity.set(3, 4);
    const a = states.add(fast, { x: 0, y: 0 });
    const b = states.add(slow, { x: 0, y: 0 });
    states.setStep(1 / 60, 1);
    states.integrateVelocities();
    const s = states.state;
    expect([s[8 * a], s[8 * a + 1]]).toEqual([6, -8]);
    expect([s[8 * b], s[8 * b + 1]]).toEqual([3, 4]);
    // A solve that left it faster: the position update caps it before moving the body by it.
    s[8 * a] = 0;
    s[8 * a + 1] = 20;
    states.integratePositions(new Float64Array(2), false);
    expect([s[8 * a], s[8 * a + 1]]).toEqual([0, 10]);
    expect([s[8 * a + 3], s[8 * a + 4]]).toEqual([0, 10 / 60]);
  });
});
