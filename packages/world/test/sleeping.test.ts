import { pyramid } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { DistanceJoint, World } from '../src/index';
import { buildScene, run, stateOf } from './helpers';

const dt = 1 / 60;

function groundAndBox(options: { allowSleep?: boolean } = {}) {
  const world = new World();
  const ground = world.createBody({ type: 'static', width: 20, height: 2, position: { x: 0, y: -1 } });
  const box = world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 }, ...options });
  return { world, ground, box };
}

describe('sleeping', () => {
  it('puts a resting box to sleep after about timeToSleep, with zero velocity', () => {
    const { world, box } = groundAndBox();
    let fellAsleepAt = -1;
    for (let i = 0; i < 120 && fellAsleepAt < 0; ++i) {
      world.step(dt);
      if (!box.awake) fellAsleepAt = i + 1;
    }
    // It rests from the start, so it sleeps once it has been slow for timeToSleep (0.5 s = 30 steps).
    expect(fellAsleepAt).toBeGreaterThanOrEqual(30);
    expect(fellAsleepAt).toBeLessThanOrEqual(40);
    expect(world.sleepingBodyCount).toBe(1);
    expect([box.linearVelocity.x, box.linearVelocity.y, box.angularVelocity]).toEqual([0, 0, 0]);
    const y = box.position.y;
    run(world, 60);
    expect(box.position.y).toBe(y); // not integrated
    expect(box.awake).toBe(false);
  });

  it('never sleeps with allowSleep false or with sleeping off, and waking all when switched off', () => {
    const a = groundAndBox({ allowSleep: false });
    run(a.world, 120);
    expect(a.box.awake).toBe(true);

    const world = new World({ sleeping: false });
    world.createBody({ type: 'static', width: 20, height: 2, position: { x: 0, y: -1 } });
    const box = world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 } });
    run(world, 120);
    expect(box.awake).toBe(true);

    const b = groundAndBox();
    run(b.world, 120);
    expect(b.box.awake).toBe(false);
    b.world.settings.sleeping = false;
    b.world.step(dt);
    expect(b.box.awake).toBe(true);
    expect(b.world.sleepingBodyCount).toBe(0);
  });

  it('wakes on force, impulse, velocity and pose changes', () => {
    const wakers: ((box: ReturnType<typeof groundAndBox>['box']) => void)[] = [
      (box) => box.applyForce({ x: 1, y: 0 }),
      (box) => box.applyTorque(1),
      (box) => box.applyLinearImpulse({ x: 1, y: 0 }),
      (box) => box.applyAngularImpulse(1),
      (box) => box.setLinearVelocity({ x: 1, y: 0 }),
      (box) => box.setAngularVelocity(1),
      (box) => box.setTransform({ x: 0, y: 3 }),
      (box) => box.setAwake(true),
    ];
    for (const wake of wakers) {
      const { world, box } = groundAndBox();
      run(world, 120);
      expect(box.awake).toBe(false);
      wake(box);
      expect(box.awake).toBe(true);
    }
  });

  it('wakes a sleeping stack when an awake body lands on it, as a whole island', () => {
    const world = new World();
    world.createBody({ type: 'static', width: 20, height: 2, position: { x: 0, y: -1 } });
    const stack = [0, 1, 2].map((i) =>
      world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 + i } }),
    );
    run(world, 120);
    expect(stack.every((b) => !b.awake)).toBe(true);
    const dropped = world.createBody({ width: 1, height: 1, position: { x: 0, y: 6 } });
    let woke = -1;
    for (let i = 0; i < 120 && woke < 0; ++i) {
      world.step(dt);
      if (stack.some((b) => b.awake)) woke = i;
    }
    expect(woke).toBeGreaterThan(0);
    // The whole island woke together, not only the top box.
    expect(stack.every((b) => b.awake)).toBe(true);
    expect(dropped.position.y).toBeLessThan(4.2);
    run(world, 240);
    expect([...stack, dropped].every((b) => !b.awake)).toBe(true);
    expect(dropped.position.y).toBeCloseTo(3.5, 1);
  });

  it('wakes what a destroyed body supported, and wakes a joint partner', () => {
    const world = new World();
    world.createBody({ type: 'static', width: 20, height: 2, position: { x: 0, y: -1 } });
    const bottom = world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 } });
    const top = world.createBody({ width: 1, height: 1, position: { x: 0, y: 1.5 } });
    run(world, 120);
    expect(top.awake).toBe(false);
    world.destroyBody(bottom);
    expect(top.awake).toBe(true);
    run(world, 60);
    expect(top.position.y).toBeCloseTo(0.5, 1);

    // Two boxes on the ground joined by a distance joint: pushing one wakes the other through the joint.
    const w2 = new World();
    w2.createBody({ type: 'static', width: 40, height: 2, position: { x: 0, y: -1 } });
    const a = w2.createBody({ width: 1, height: 1, position: { x: -3, y: 0.5 } });
    const b = w2.createBody({ width: 1, height: 1, position: { x: 3, y: 0.5 } });
    w2.createJoint(DistanceJoint, {
      bodyA: a,
      bodyB: b,
      anchorA: { x: -3, y: 0.5 },
      anchorB: { x: 3, y: 0.5 },
    });
    run(w2, 120);
    expect(a.awake || b.awake).toBe(false);
    a.setLinearVelocity({ x: -2, y: 0 });
    expect(b.awake).toBe(true); // the island wakes as a whole
    w2.step(dt);
    expect(b.linearVelocity.x).toBeLessThan(-0.5); // pulled along by the joint
  });

  it('a kinematic body moving into a sleeping box wakes it', () => {
    const world = new World();
    world.createBody({ type: 'static', width: 40, height: 2, position: { x: 0, y: -1 } });
    const box = world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 } });
    const pusher = world.createBody({ type: 'kinematic', width: 1, height: 1, position: { x: -5, y: 0.6 } });
    run(world, 120);
    expect(box.awake).toBe(false);
    expect(pusher.awake).toBe(false); // stopped kinematic bodies sleep too
    pusher.setLinearVelocity({ x: 2, y: 0 });
    run(world, 150);
    expect(box.awake).toBe(true);
    expect(box.position.x).toBeGreaterThan(0.5);
  });

  it('a sleeping pyramid costs nothing: no body moves and no contact is solved', () => {
    const { world } = buildScene(pyramid(10));
    run(world, 600);
    expect(world.sleepingBodyCount).toBe(55);
    const state = stateOf(world);
    const impulses = world.contacts.flatMap((c) => c.points.map((p) => p.normalImpulse));
    run(world, 60);
    const after = stateOf(world);
    for (let i = 0; i < state.length; ++i) expect(Object.is(after[i], state[i])).toBe(true);
    const impulsesAfter = world.contacts.flatMap((c) => c.points.map((p) => p.normalImpulse));
    expect(impulsesAfter).toEqual(impulses);
  });
});
