import { describe, expect, it } from 'vitest';
import {
  type Body,
  ClassicSolver,
  DistanceJoint,
  loadWorld,
  PrismaticJoint,
  RevoluteJoint,
  type SolverKind,
  saveWorld,
  World,
  WorldError,
} from '../src/index';

// The classic solver is installed, not built in: made once here, it is picked by name ('classic') below.
new ClassicSolver();

/**
 * A step that turns a body non-finite throws, and leaves the world as it was before the step: the
 * bodies, the contacts (points, feature keys, impulses, touching flags, which contacts exist), the
 * joints' impulses and the broadphase's pending pairs. Once the cause is removed, the world steps
 * on exactly as a copy saved before the failed step does.
 */

const DT = 1 / 60;
const SOLVERS: SolverKind[] = ['soft', 'classic'];

/** Every body's pose and velocity, by id. */
function states(world: World): number[] {
  const out: number[] = [];
  for (const b of world.bodies) {
    out.push(
      b.id,
      b.position.x,
      b.position.y,
      b.angle,
      b.linearVelocity.x,
      b.linearVelocity.y,
      b.angularVelocity,
    );
  }
  return out;
}

function expectSameBits(a: number[], b: number[]): void {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; ++i) expect(Object.is(a[i], b[i])).toBe(true);
}

function expectSameBytes(a: Uint8Array, b: Uint8Array): void {
  expect(a.length).toBe(b.length);
  let differing = 0;
  for (let i = 0; i < a.length; ++i) if (a[i] !== b[i]) differing++;
  expect(differing).toBe(0);
}

/** Three boxes stacked on the ground, the middle one light (1 g), settled for a second. */
function stack(solver: SolverKind): { world: World; ground: Body; light: Body } {
  const world = new World({ solver, sleeping: false });
  const ground = world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
  const boxes = [1, 1e-3, 1].map((mass, i) =>
    world.createBody({ width: 1, height: 1, mass, position: { x: 0, y: 0.5 + i } }),
  );
  for (let i = 0; i < 60; ++i) world.step(DT);
  return { world, ground, light: boxes[1] };
}

/** Pushes `body` with a force whose F / m · dt overflows to Infinity: the step throws. */
function failStep(world: World, body: Body): WorldError {
  body.applyForce({ x: 0, y: -1e308 });
  let error: unknown = null;
  try {
    world.step(DT);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(WorldError);
  // The cause removed.
  body.force.y = 0;
  return error as WorldError;
}

describe('a failed step', () => {
  for (const solver of SOLVERS) {
    it(`${solver}: leaves the world bit for bit as before it, and steps on as a copy saved then`, () => {
      const { world, light } = stack(solver);
      const before = saveWorld(world).slice();
      const count = world.stepCount;
      failStep(world, light);
      expect(world.stepCount).toBe(count);
      expectSameBytes(saveWorld(world), before);
      const copy = loadWorld(before);
      for (let i = 0; i < 120; ++i) {
        world.step(DT);
        copy.step(DT);
      }
      expectSameBits(states(world), states(copy));
      for (const b of world.bodies) expect(Number.isFinite(b.position.y)).toBe(true);
    });

    it(`${solver}: puts back the joints' impulses, and the world steps on as a copy saved before it`, () => {
      const { world, ground, light } = stack(solver);
      const bob = world.createBody({ width: 0.5, height: 0.5, position: { x: 4, y: 3 } });
      const joint = world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: bob, anchor: { x: 4, y: 5 } });
      // A second box hangs from the light one: its joint goes non-finite with it.
      const hanging = world.createBody({ width: 0.5, height: 0.5, position: { x: 1.5, y: 1.5 } });
      const link = world.createJoint(DistanceJoint, {
        bodyA: light,
        bodyB: hanging,
        anchorA: { x: 0.5, y: 1.5 },
        anchorB: { x: 1.5, y: 1.5 },
      });
      for (let i = 0; i < 30; ++i) world.step(DT);
      const reaction = [joint.getReactionForce(), link.getReactionForce()].map((f) => [f.x, f.y]);
      const before = saveWorld(world).slice();
      failStep(world, light);
      expectSameBits(
        [joint.getReactionForce(), link.getReactionForce()].flatMap((f) => [f.x, f.y]),
        reaction.flat(),
      );
      const copy = loadWorld(before);
      for (let i = 0; i < 120; ++i) {
        world.step(DT);
        copy.step(DT);
      }
      expectSameBits(states(world), states(copy));
    });

    it(`${solver}: puts back a static body whose joint's position pass turned it non-finite`, () => {
      // A rod's and a slider's position passes add 0 times their correction to the static body.
      for (const kind of ['rod', 'slider'] as const) {
        const world = new World({ solver, sleeping: false });
        const post = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: 5 } });
        const bob = world.createBody({ width: 0.5, height: 0.5, position: { x: 2, y: 5 } });
        if (kind === 'rod') {
          world.createJoint(DistanceJoint, {
            bodyA: post,
            bodyB: bob,
            anchorA: { x: 0.5, y: 5 },
            anchorB: { x: 2, y: 5 },
          });
        } else {
          world.createJoint(PrismaticJoint, {
            bodyA: post,
            bodyB: bob,
            anchor: { x: 1, y: 5 },
            axis: { x: 1, y: 0 },
          });
        }
        for (let i = 0; i < 30; ++i) world.step(DT);
        const before = saveWorld(world).slice();
        failStep(world, bob);
        expectSameBits(
          [post.position.x, post.position.y, post.center.x, post.center.y, post.angle],
          [0, 5, 0, 5, 0],
        );
        const copy = loadWorld(before);
        for (let i = 0; i < 60; ++i) {
          world.step(DT);
          copy.step(DT);
        }
        expectSameBits(states(world), states(copy));
      }
    });

    it(`${solver}: removes the contacts it made and keeps their pairs pending, bit for bit`, () => {
      const { world, light } = stack(solver);
      // Made touching the stack's side: its contacts would be made in the next step.
      world.createBody({ width: 1, height: 1, position: { x: 1, y: 1.5 } });
      const before = saveWorld(world).slice();
      const contacts = world.contacts.length;
      failStep(world, light);
      expect(world.contacts.length).toBe(contacts);
      expectSameBytes(saveWorld(world), before);
      const copy = loadWorld(before);
      for (let i = 0; i < 60; ++i) {
        world.step(DT);
        copy.step(DT);
      }
      expect(world.contacts.length).toBe(copy.contacts.length);
      expectSameBits(states(world), states(copy));
    });

    it(`${solver}: puts back the contacts of a sleeping pile the step woke`, () => {
      const world = new World({ solver });
      world.createBody({ type: 'static', width: 40, height: 1, position: { x: 0, y: -0.5 } });
      const pile = [0, 1, 2].map((i) =>
        world.createBody({ width: 1, height: 1, position: { x: 10, y: 0.5 + i } }),
      );
      for (let i = 0; i < 120; ++i) world.step(DT);
      expect(pile.every((b) => !b.awake)).toBe(true);
      const light = world.createBody({ width: 1, height: 1, mass: 1e-3, position: { x: 0, y: 0.5 } });
      // Made touching the sleeping pile: the step wakes it.
      world.createBody({ width: 1, height: 1, position: { x: 11, y: 0.5 } });
      const before = saveWorld(world).slice();
      const impulses = world.contacts.map((c) => c.points.slice(0, c.pointCount).map((p) => p.normalImpulse));
      failStep(world, light);
      expect(pile.every((b) => b.awake)).toBe(true);
      expectSameBits(
        world.contacts.flatMap((c) => c.points.slice(0, c.pointCount).map((p) => p.normalImpulse)),
        impulses.flat(),
      );
      const copy = loadWorld(before);
      for (let i = 0; i < 120; ++i) {
        world.step(DT);
        copy.step(DT);
      }
      expectSameBits(states(world), states(copy));
    });

    it(`${solver}: reports no contact event of the undone step, and the begin and end events stay paired`, () => {
      const { world, light } = stack(solver);
      world.createBody({ width: 1, height: 1, position: { x: 1, y: 1.5 } });
      const touchingNow = (): number => world.contacts.filter((c) => c.touching).length;
      // Counted from the contacts touching now, by the events from here on.
      let touching = touchingNow();
      let events = 0;
      world.on('beginContact', () => {
        touching++;
        events++;
      });
      world.on('endContact', () => {
        touching--;
        events++;
      });
      failStep(world, light);
      expect(events).toBe(0);
      expect(touching).toBe(touchingNow());
      for (let i = 0; i < 30; ++i) world.step(DT);
      // The new box's contacts began in the steps after (not in the undone one), each reported once.
      expect(events).toBeGreaterThan(0);
      expect(touching).toBe(touchingNow());
    });
  }
});
