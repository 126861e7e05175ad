import { jointReaction } from '@lite/constraints';
import { describe, expect, it } from 'vitest';
import {
  ClassicSolver,
  FilterJoint,
  JointKind,
  loadWorld,
  type SolverKind,
  saveWorld,
  World,
  WorldError,
} from '../src/index';

// The classic solver is installed, not built in: made once here, it is picked by name ('classic') below.
new ClassicSolver();

/*
 * The filter joint: it only keeps its two bodies from colliding. It has no rows (the bodies move
 * as if it were not there, apart from their contact), its reaction is zero, a snapshot keeps it,
 * and destroying it lets the bodies collide again.
 */

const dt = 1 / 60;

/** A static ground and a box resting on it, stepped until their contact touches. */
function boxOnGround(solver?: SolverKind) {
  const world = new World(solver === undefined ? {} : { solver });
  const ground = world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
  const box = world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 } });
  for (let i = 0; i < 10; ++i) world.step(dt);
  return { world, ground, box };
}

describe('FilterJoint', () => {
  for (const solver of ['soft', 'classic'] as const) {
    it(`${solver}: stops its bodies colliding; destroyed, they collide again`, () => {
      const { world, ground, box } = boxOnGround(solver);
      expect(world.contacts.filter((c) => c.touching).length).toBe(1);
      const rest = box.position.y;
      const joint = world.createJoint(FilterJoint, { bodyA: ground, bodyB: box });
      expect(joint).toBeInstanceOf(FilterJoint);
      expect(joint.kind).toBe(JointKind.Filter);
      expect(joint.collideConnected).toBe(false);
      expect(world.contacts.length).toBe(0);
      for (let i = 0; i < 5; ++i) world.step(dt);
      // Nothing holds the box: it falls into the ground (5 steps of free fall: about 3.5 cm).
      expect(world.contacts.length).toBe(0);
      expect(box.position.y).toBeLessThan(rest - 0.03);
      expect(box.linearVelocity.y).toBeLessThan(-0.5);
      world.destroyJoint(joint);
      expect(world.joints).not.toContain(joint);
      expect(() => joint.wakeBodies()).toThrow(WorldError);
      world.step(dt);
      expect(world.contacts.filter((c) => c.touching && c.bodyB === box).length).toBe(1);
      const vy = box.linearVelocity.y;
      for (let i = 0; i < 30; ++i) world.step(dt);
      // The contact stops the box's fall and pushes it back out of the ground.
      expect(box.linearVelocity.y).toBeGreaterThan(vy);
      expect(box.position.y).toBeGreaterThan(rest - 0.03);
    });
  }

  it('adds no force: its bodies move as if it were not there, to rounding', () => {
    const make = (filtered: boolean) => {
      const world = new World({ gravity: { x: 0, y: -10 } });
      const a = world.createBody({ width: 1, height: 1, position: { x: -3, y: 0 }, angularVelocity: 2 });
      const b = world.createBody({
        width: 1,
        height: 1,
        position: { x: 3, y: 0 },
        linearVelocity: { x: 1, y: 4 },
      });
      if (filtered) world.createJoint(FilterJoint, { bodyA: a, bodyB: b });
      for (let i = 0; i < 20; ++i) world.step(dt);
      return [a.position.x, a.position.y, a.angle, b.position.x, b.position.y, b.angle];
    };
    // Not bit for bit: jointed bodies take the joints' position passes, which write their poses back
    // through another path.
    const free = make(false);
    const filtered = make(true);
    for (let i = 0; i < free.length; ++i) expect(filtered[i]).toBeCloseTo(free[i], 12);
    expect(free[1]).toBeLessThan(-0.5);
    expect(free[2]).toBeGreaterThan(0.6);
  });

  it('has a zero reaction and never breaks', () => {
    const { world, ground, box } = boxOnGround();
    const joint = world.createJoint(FilterJoint, { bodyA: ground, bodyB: box, userData: 'tag' });
    world.step(dt);
    expect(joint.userData).toBe('tag');
    expect(joint.getReactionForce()).toEqual({ x: 0, y: 0 });
    expect(joint.getReactionTorque()).toBe(0);
    const out = new Float64Array([1, 1, 1]);
    jointReaction(joint, out);
    expect(Array.from(out)).toEqual([0, 0, 0]);
    expect(world.joints).toContain(joint);
    expect(String(joint)).toBe(`FilterJoint #${joint.id}`);
  });

  it('refuses bad options with a WorldError naming them', () => {
    const { world, ground, box } = boxOnGround();
    const refused = (options: unknown, argument: string) => {
      let caught: unknown;
      try {
        world.createJoint(FilterJoint, options as never);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(WorldError);
      expect((caught as WorldError).argument).toBe(argument);
    };
    refused({ bodyA: box, bodyB: box }, 'options.bodyB');
    refused({ bodyA: ground, bodyB: box, breakForce: 1 }, 'options.breakForce');
    refused({ bodyA: ground, bodyB: box, collideConnected: true }, 'options.collideConnected');
    refused({ bodyA: ground }, 'options.bodyB');
    expect(world.joints.length).toBe(0);
  });

  it('a snapshot keeps it: restored, the bodies still pass through each other, bit for bit', () => {
    const { world, ground, box } = boxOnGround();
    world.createJoint(FilterJoint, { bodyA: ground, bodyB: box });
    world.step(dt);
    const saved = saveWorld(world);
    const copy = loadWorld(saved);
    expect(copy.joints.length).toBe(1);
    const joint = copy.joints[0];
    expect(joint).toBeInstanceOf(FilterJoint);
    expect(joint.collideConnected).toBe(false);
    expect(joint.kind).toBe(JointKind.Filter);
    for (let i = 0; i < 10; ++i) {
      world.step(dt);
      copy.step(dt);
    }
    expect(saveWorld(copy)).toEqual(saveWorld(world));
    expect(copy.contacts.length).toBe(0);
    // Destroyed in the copy, its bodies collide again there.
    copy.destroyJoint(joint);
    copy.step(dt);
    expect(copy.contacts.length).toBe(1);
  });
});
