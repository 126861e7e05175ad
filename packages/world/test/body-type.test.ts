import type { BodyStates } from '@lite/constraints';
import { describe, expect, it } from 'vitest';
import {
  type Body,
  type BodyType,
  ClassicSolver,
  type Joint,
  loadWorld,
  MouseJoint,
  RevoluteJoint,
  restoreWorld,
  type SolverKind,
  saveWorld,
  WeldJoint,
  World,
  WorldError,
} from '../src/index';
import { allFinite } from './helpers';

// `body.setType` changes a body between static, kinematic and dynamic at run time: mass, contacts,
// the awake slots, the broadphase's trees and sleeping follow, with either solver.

new ClassicSolver();

const dt = 1 / 60;
const g = 10;
const SOLVERS: readonly SolverKind[] = ['soft', 'classic'];

interface Internals {
  core: {
    bodyStates: BodyStates;
    broadPhase: { isStaticProxy(id: number): boolean };
    proxyShapes: readonly unknown[];
  };
}

function internals(world: World): Internals['core'] {
  return (world as unknown as Internals).core;
}

function run(world: World, steps: number): void {
  for (let i = 0; i < steps; i++) world.step(dt);
}

function newWorld(solver: SolverKind, sleeping = true): World {
  return new World({ solver, sleeping, gravity: { x: 0, y: -g } });
}

function ground(world: World): Body {
  return world.createBody({ type: 'static', width: 40, height: 1, position: { x: 0, y: -0.5 } });
}

/** Whether the slots hold exactly the awake non-static bodies, each once. */
function slotsMatchAwakeBodies(world: World): boolean {
  const states = internals(world).bodyStates;
  const inSlots = new Set<unknown>();
  for (let slot = 1; slot < states.count; slot++) {
    const body = states.bodyAt(slot);
    if (states.slotOf(body) !== slot || inSlots.has(body)) return false;
    inSlots.add(body);
  }
  const awake = world.bodies.filter((b) => b.awake && b.type !== 'static');
  return awake.length === inSlots.size && awake.every((b) => inSlots.has(b));
}

/**
 * Whether every awake non-static body has a slot and no static body has one (a body that fell asleep
 * in the last step gives its slot back at the start of the next).
 */
function slotsCoverAwakeBodies(world: World): boolean {
  const states = internals(world).bodyStates;
  return world.bodies.every((b) =>
    b.type === 'static' ? states.slotOf(b) === 0 : !b.awake || states.slotOf(b) > 0,
  );
}

/**
 * The world's invariants after a type change: finite state, slots, no static body awake, mass only
 * on dynamic bodies, no contact between two non-dynamic bodies, every shape's proxy of its body's
 * kind, and a snapshot that loads (its checks refuse inconsistent bodies). The slots are checked
 * unless `slots` is false (a restore, like a new body, leaves them to the next step).
 */
function expectConsistent(world: World, slots = true): void {
  expect(allFinite(world)).toBe(true);
  if (slots) expect(slotsCoverAwakeBodies(world)).toBe(true);
  const core = internals(world);
  for (const b of world.bodies) {
    if (b.type === 'static') expect(b.awake).toBe(false);
    if (b.type !== 'dynamic') expect([b.mass, b.invMass, b.invI]).toEqual([0, 0, 0]);
    else expect(b.invMass).toBeGreaterThan(0);
    for (const shape of b.shapes) {
      const proxyId = (shape as unknown as { proxyId: number }).proxyId;
      expect(core.broadPhase.isStaticProxy(proxyId)).toBe(b.type === 'static');
      expect(core.proxyShapes[proxyId]).toBe(shape);
    }
  }
  for (const c of world.contacts) expect(c.bodyA.type === 'dynamic' || c.bodyB.type === 'dynamic').toBe(true);
  expect(() => loadWorld(saveWorld(world))).not.toThrow();
}

/** Steps `world` and a copy loaded from its snapshot now: both must give the same bytes. */
function expectSameAsFresh(world: World, steps: number): void {
  const copy = loadWorld(saveWorld(world));
  run(world, steps);
  run(copy, steps);
  expect(saveWorld(world)).toEqual(saveWorld(copy));
}

function box(world: World, x: number, y: number, type: BodyType = 'dynamic', size = 1): Body {
  return world.createBody({ type, width: size, height: size, position: { x, y } });
}

describe('body.setType', () => {
  for (const solver of SOLVERS) {
    describe(solver, () => {
      it('static → dynamic: falls with g, and the box resting on it falls with it', () => {
        const world = newWorld(solver);
        const shelf = world.createBody({ type: 'static', width: 4, height: 0.5, position: { x: 0, y: 20 } });
        const top = box(world, 0, 20.75);
        run(world, 120);
        expect(top.awake).toBe(false);
        const gap = top.position.y - shelf.position.y;
        expect(gap).toBeCloseTo(0.75, 1);
        shelf.setType('dynamic');
        expect(shelf.awake).toBe(true);
        expect(top.awake).toBe(true);
        expect(shelf.mass).toBeCloseTo(2, 12); // 4 × 0.5 m² at density 1
        expectConsistent(world);
        const steps = 60;
        run(world, steps);
        const t = steps * dt;
        // Semi-implicit Euler falls ½ g t² plus at most ½ g t dt (per sub-step: less).
        const drop = 20 - shelf.position.y;
        expect(Math.abs(drop - 0.5 * g * t * t)).toBeLessThanOrEqual(0.5 * g * t * dt + 1e-9);
        expect(shelf.linearVelocity.y).toBeCloseTo(-g * t, 6);
        // In free fall together: the box still lies on the shelf.
        expect(Math.abs(top.position.y - shelf.position.y - gap)).toBeLessThan(0.02);
        expect(Math.abs(top.position.x)).toBeLessThan(1e-6);
        expectConsistent(world);
      });

      it('dynamic → static: stops dead; a box dropped on it rests on it', () => {
        const world = newWorld(solver);
        const block = world.createBody({
          width: 4,
          height: 1,
          position: { x: 0, y: 10 },
          linearVelocity: { x: 1, y: 2 },
          angularVelocity: 0.5,
        });
        run(world, 10);
        block.setType('static');
        expect(block.awake).toBe(false);
        expect(block.mass).toBe(0);
        expect(block.linearVelocity.x).toBe(0);
        expect(block.linearVelocity.y).toBe(0);
        expect(block.angularVelocity).toBe(0);
        expectConsistent(world);
        const x = block.position.x;
        const y = block.position.y;
        const angle = block.angle;
        // Level it (setTransform on a static body), then drop a box on it.
        block.setTransform({ x, y }, 0);
        const dropped = box(world, x, y + 3);
        run(world, 180);
        expect(block.position.x).toBe(x);
        expect(block.position.y).toBe(y);
        expect(angle).not.toBe(0);
        // Resting on its top face: y + 0.5 + 0.5, within twice the linear slop (0.005 m).
        expect(Math.abs(dropped.position.y - (y + 1))).toBeLessThan(0.011);
        expect(Math.abs(dropped.linearVelocity.y)).toBeLessThan(0.01);
        expectConsistent(world);
      });

      it('dynamic → kinematic: moves at its velocity, ignores gravity and a box hitting it, pushes boxes', () => {
        const world = newWorld(solver);
        ground(world);
        const pusher = box(world, -4, 0.6, 'dynamic', 1.2);
        const pushed = box(world, -2, 0.5);
        run(world, 60);
        pusher.setType('kinematic');
        pusher.setLinearVelocity({ x: 1, y: 0 });
        const x0 = pusher.position.x;
        const y0 = pusher.position.y;
        expectConsistent(world);
        // A box thrown at it from the right, at head height.
        world.createBody({
          width: 0.5,
          height: 0.5,
          position: { x: 1, y: 1.2 },
          linearVelocity: { x: -8, y: 0 },
        });
        const steps = 120;
        for (let i = 1; i <= steps; i++) {
          world.step(dt);
          expect(pusher.linearVelocity.x).toBe(1);
          expect(pusher.linearVelocity.y).toBe(0);
          expect(pusher.angularVelocity).toBe(0);
        }
        expect(pusher.position.x).toBeCloseTo(x0 + steps * dt, 9);
        expect(pusher.position.y).toBe(y0);
        // The pushed box moves ahead of it, in contact.
        expect(pushed.position.x).toBeGreaterThan(-2 + 0.9);
        expect(pushed.position.x - pusher.position.x).toBeCloseTo(1.1, 1);
        expectConsistent(world);
      });

      it('kinematic → dynamic: keeps its velocity, then gravity acts', () => {
        const world = newWorld(solver);
        const lift = world.createBody({
          type: 'kinematic',
          width: 2,
          height: 0.5,
          position: { x: 0, y: 0 },
          linearVelocity: { x: 0, y: 3 },
        });
        run(world, 30);
        expect(lift.position.y).toBeCloseTo(1.5, 9);
        lift.setType('dynamic');
        expect(lift.linearVelocity.y).toBe(3);
        expect(lift.mass).toBeCloseTo(1, 12);
        run(world, 30);
        expect(lift.linearVelocity.y).toBeCloseTo(3 - g * 0.5, 6);
        expectConsistent(world);
      });

      it('a static body overlapping another, made dynamic, gets a contact with it', () => {
        const world = newWorld(solver);
        const floor = ground(world);
        const block = box(world, 0, 0.4, 'static');
        run(world, 5);
        expect(world.contacts.length).toBe(0);
        block.setType('dynamic');
        world.step(dt);
        expect(world.contacts.length).toBe(1);
        const c = world.contacts[0];
        expect([c.bodyA, c.bodyB]).toEqual([floor, block]);
        expect(c.touching).toBe(true);
        run(world, 120);
        // Pushed out to rest on the floor.
        expect(block.position.y).toBeCloseTo(0.5, 1);
        expectConsistent(world);
      });

      it('contacts two non-dynamic bodies cannot have end, with endContact', () => {
        const world = newWorld(solver);
        const floor = ground(world);
        const a = box(world, 0, 0.5);
        const b = box(world, 3, 0.5);
        run(world, 30);
        const ended: Body[] = [];
        world.on('endContact', (c) => ended.push(c.bodyA === floor ? c.bodyB : c.bodyA));
        a.setType('kinematic');
        expect(ended).toEqual([a]);
        expect(world.contacts.map((c) => c.bodyB)).toEqual([b]);
        // Kinematic → static and back: no contact with the floor either way; dynamic: found again.
        a.setType('static');
        a.setType('kinematic');
        world.step(dt);
        expect(world.contacts.map((c) => c.bodyB)).toEqual([b]);
        a.setType('dynamic');
        world.step(dt);
        expect(world.contacts.map((c) => c.bodyB)).toEqual([a, b]);
        expectConsistent(world);
      });

      it('slots: a body made static gives its slot back, one made moving takes one, awake', () => {
        const world = newWorld(solver);
        ground(world);
        const boxes = [0, 1, 2, 3].map((i) => box(world, 1.5 * i, 0.5));
        run(world, 10);
        const states = internals(world).bodyStates;
        const count = states.count;
        boxes[1].setType('static');
        expect(states.slotOf(boxes[1])).toBe(0);
        expect(states.count).toBe(count - 1);
        expect(slotsMatchAwakeBodies(world)).toBe(true);
        boxes[1].setType('kinematic');
        expect(states.slotOf(boxes[1])).toBeGreaterThan(0);
        expect(boxes[1].awake).toBe(true);
        boxes[2].setType('kinematic');
        expect(states.count).toBe(count);
        expect(slotsMatchAwakeBodies(world)).toBe(true);
        expectSameAsFresh(world, 20);
        // A sleeping body made static leaves the sleeping count; the others of its pile wake.
        run(world, 200);
        expect(boxes[0].awake).toBe(false);
        const sleeping = world.sleepingBodyCount;
        boxes[0].setType('static');
        expect(world.sleepingBodyCount).toBe(sleeping - 1);
        expect(slotsMatchAwakeBodies(world)).toBe(true);
        expectSameAsFresh(world, 20);
        expectConsistent(world);
      });

      it('joints stay attached: a pendulum whose pivot is made dynamic falls with it; two static bodies hold it inert', () => {
        const world = newWorld(solver);
        const pivot = box(world, 0, 10, 'static', 0.5);
        const bob = box(world, 2, 10, 'dynamic', 0.5);
        const joint: Joint = world.createJoint(RevoluteJoint, {
          bodyA: pivot,
          bodyB: bob,
          anchor: { x: 0, y: 10 },
        });
        run(world, 30);
        pivot.setType('dynamic');
        run(world, 30);
        expect(world.joints).toEqual([joint]);
        // Held together at the anchor while both fall.
        const a = pivot.getWorldPoint({ x: 0, y: 0 });
        const b = bob.getWorldPoint({ x: -2, y: 0 });
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(0.05);
        expect(pivot.position.y).toBeLessThan(9);
        pivot.setType('static');
        bob.setType('static');
        const before = saveWorld(world);
        run(world, 10);
        expect(bob.awake).toBe(false);
        expect(pivot.position.y).toBe(loadWorld(before).getBody(pivot.id)?.position.y);
        bob.setType('dynamic');
        run(world, 30);
        expect(Math.hypot(bob.position.x - pivot.position.x, bob.position.y - pivot.position.y)).toBeCloseTo(
          2,
          1,
        );
        expectConsistent(world);
      });

      it('snapshots keep the new type; restoring one from before keeps the handle with its old type', () => {
        const world = newWorld(solver);
        ground(world);
        const a = box(world, 0, 0.5);
        const b = box(world, 0, 1.5, 'static');
        run(world, 20);
        const before = saveWorld(world);
        a.setType('kinematic');
        b.setType('dynamic');
        const after = saveWorld(world);
        const copy = loadWorld(after);
        expect(copy.bodies.map((x) => x.type)).toEqual(['static', 'kinematic', 'dynamic']);
        run(world, 30);
        run(copy, 30);
        expect(saveWorld(copy)).toEqual(saveWorld(world));
        const later = saveWorld(world);
        restoreWorld(world, before);
        expect([a.alive, b.alive]).toEqual([true, true]);
        expect([a.type, b.type]).toEqual(['dynamic', 'static']);
        expectConsistent(world, false);
        restoreWorld(world, after);
        expect([a.type, b.type]).toEqual(['kinematic', 'dynamic']);
        expectConsistent(world, false);
        run(world, 30);
        expect(saveWorld(world)).toEqual(later);
      });

      it('refuses a bad type, a destroyed body and a call while stepping, changing nothing', () => {
        const world = newWorld(solver);
        ground(world);
        const a = box(world, 0, 0.5);
        run(world, 5);
        const saved = saveWorld(world);
        for (const bad of ['Static', '', null, undefined, 1, { type: 'static' }]) {
          let caught: unknown = null;
          try {
            a.setType(bad as BodyType);
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(WorldError);
          expect((caught as WorldError).argument).toBe('type');
          expect((caught as WorldError).value).toBe(bad);
        }
        expect(saveWorld(world)).toEqual(saved);
        a.setType('dynamic'); // the same type: nothing
        expect(saveWorld(world)).toEqual(saved);
        world.on('beginContact', () => a.setType('static'));
        world.createBody({ width: 1, height: 1, position: { x: 0, y: 1.5 } });
        expect(() => run(world, 30)).toThrow(/setType refused: the world is stepping/);
        expect(a.type).toBe('dynamic');
        const c = box(world, 5, 0.5);
        world.destroyBody(c);
        expect(() => c.setType('static')).toThrow(/was destroyed; body.setType refused/);
      });

      it('a dynamic type is refused when a shape density gives no finite mass', () => {
        const world = newWorld(solver);
        const heavy = world.createBody({ type: 'static', width: 1e100, height: 1e100, density: 1e140 });
        const saved = saveWorld(world);
        expect(() => heavy.setType('dynamic')).toThrow(WorldError);
        expect(heavy.type).toBe('static');
        expect(saveWorld(world)).toEqual(saved);
      });

      it('random type changes in a jointed pile: never NaN, invariants kept, deterministic', () => {
        const types: BodyType[] = ['static', 'kinematic', 'dynamic'];
        const play = (seed: number) => {
          let state = seed;
          const next = (n: number) => {
            state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
            return (state >>> 8) % n;
          };
          const world = newWorld(solver);
          ground(world);
          const bodies: Body[] = [];
          for (let i = 0; i < 8; i++)
            bodies.push(box(world, (i % 3) * 0.9 - 0.9, 0.5 + 1.05 * Math.floor(i / 3)));
          world.createJoint(RevoluteJoint, { bodyA: bodies[0], bodyB: bodies[4], anchor: { x: -0.5, y: 1 } });
          world.createJoint(WeldJoint, { bodyA: bodies[1], bodyB: bodies[2], anchor: { x: 0.45, y: 0.5 } });
          world.createJoint(MouseJoint, { body: bodies[7], target: { x: 0, y: 4 }, maxForce: 50 });
          world.step(dt);
          for (let k = 0; k < 40; k++) {
            const body = bodies[next(bodies.length)];
            body.setType(types[next(3)]);
            if (body.type === 'kinematic' && next(2) === 0) body.setLinearVelocity({ x: next(3) - 1, y: 0 });
            expectConsistent(world);
            run(world, 1 + next(8));
            expectConsistent(world);
          }
          return saveWorld(world);
        };
        for (const seed of [1, 2, 3]) expect(play(seed)).toEqual(play(seed));
      });
    });
  }
});
