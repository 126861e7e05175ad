import type { BodyStates } from '@lite/constraints';
import { describe, expect, it } from 'vitest';
import { type Body, ClassicSolver, loadWorld, restoreWorld, saveWorld, World } from '../src/index';

// The awake bodies keep their slots in the packed body states from step to step. What the user
// changes between steps must reach the next step exactly as in a world made afresh from the same
// state (`loadWorld`, whose body states start empty), and the slots must follow every body that
// wakes, falls asleep, is made, destroyed or restored.

const dt = 1 / 60;

function scene(solver: 'soft' | 'classic', sleeping: boolean) {
  const world = new World(solver === 'classic' ? { solver: new ClassicSolver(), sleeping } : { sleeping });
  world.createBody({ type: 'static', width: 40, height: 2, position: { x: 0, y: -1 } });
  const boxes: Body[] = [];
  for (let i = 0; i < 6; i++) {
    boxes.push(
      world.createBody({ width: 1, height: 1, position: { x: (i % 3) * 1.2 - 1.2, y: 0.5 + (i >> 1) } }),
    );
  }
  const lift = world.createBody({
    type: 'kinematic',
    width: 2,
    height: 0.2,
    position: { x: 6, y: 1 },
    linearVelocity: { x: 0, y: 0.5 },
  });
  return { world, boxes, lift };
}

function run(world: World, steps: number): void {
  for (let i = 0; i < steps; i++) world.step(dt);
}

/** The slots' bodies, and whether they are exactly the awake dynamic and kinematic bodies. */
function slotsMatchAwakeBodies(world: World): boolean {
  const states = (world as unknown as { core: { bodyStates: BodyStates } }).core.bodyStates;
  const inSlots = new Set<unknown>();
  for (let slot = 1; slot < states.count; slot++) {
    const body = states.bodyAt(slot);
    if (states.slotOf(body) !== slot || inSlots.has(body)) return false;
    inSlots.add(body);
  }
  const awake = world.bodies.filter((b) => b.awake && b.type !== 'static');
  return awake.length === inSlots.size && awake.every((b) => inSlots.has(b));
}

/** Steps `world` and a copy made from its snapshot now: both must give the same bytes. */
function expectSameAsFresh(world: World, steps: number): void {
  const copy = loadWorld(saveWorld(world));
  run(world, steps);
  run(copy, steps);
  expect(saveWorld(world)).toEqual(saveWorld(copy));
}

describe('persistent body slots', () => {
  for (const solver of ['soft', 'classic'] as const) {
    it(`${solver}: a user write between two steps changes the next step as in a world made afresh`, () => {
      const writes: ((s: ReturnType<typeof scene>) => void)[] = [
        ({ boxes }) => {
          boxes[0].linearVelocity.x = 3;
        },
        ({ boxes }) => boxes[1].setTransform({ x: 4, y: 3 }, 0.3),
        ({ boxes }) => boxes[2].applyLinearImpulse({ x: 1, y: 2 }, { x: 0, y: 1 }),
        ({ boxes }) => boxes[3].setAngularVelocity(-2),
        ({ boxes }) => {
          boxes[4].gravityScale = 0.25;
        },
        ({ boxes }) => boxes[5].applyForce({ x: 40, y: 0 }),
        ({ boxes }) =>
          boxes[0].createShape({ type: 'circle', radius: 0.3, center: { x: 0.4, y: 0 }, density: 5 }),
        ({ lift }) => lift.setLinearVelocity({ x: 1, y: 0 }),
      ];
      for (const write of writes) {
        const s = scene(solver, false);
        run(s.world, 20);
        write(s);
        expectSameAsFresh(s.world, 20);
        expect(slotsMatchAwakeBodies(s.world)).toBe(true);
      }
    });

    it(`${solver}: the slots follow bodies that sleep, wake, are made, destroyed and restored`, () => {
      const { world, boxes, lift } = scene(solver, true);
      lift.setLinearVelocity({ x: 0, y: 0 });
      run(world, 120);
      expect(boxes.some((b) => !b.awake)).toBe(true);
      expect(slotsMatchAwakeBodies(world)).toBe(true);
      boxes[1].setLinearVelocity({ x: 0, y: 2 });
      world.destroyBody(boxes[4]);
      world.createBody({ width: 0.5, height: 0.5, position: { x: 3, y: 4 } });
      expectSameAsFresh(world, 30);
      expect(slotsMatchAwakeBodies(world)).toBe(true);
      const saved = saveWorld(world);
      run(world, 60);
      const after = saveWorld(world);
      // Back to the snapshot in the same world: bodies restored asleep or awake take or give slots.
      restoreWorld(world, saved);
      run(world, 60);
      expect(saveWorld(world)).toEqual(after);
      expect(slotsMatchAwakeBodies(world)).toBe(true);
    });
  }
});
