/** shape.setFilter: contacts follow the new filter at once (ended) or at the next step (made). */
import { World, WorldError } from '@lite/world';
import { expect, test } from 'vitest';

const dt = 1 / 60;

test('a box whose filter stops matching the ground falls through it; set back, it is caught again', () => {
  const world = new World({ gravity: { x: 0, y: -10 } });
  const ground = world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
  const box = world.createBody({ width: 1, height: 1, density: 1, position: { x: 0, y: 0.5 } });
  for (let i = 0; i < 60; i++) world.step(dt);
  expect(box.position.y).toBeCloseTo(0.5, 1);
  const ended: string[] = [];
  world.on('endContact', (c) => ended.push(`${c.bodyA.id}-${c.bodyB.id}`));
  box.shapes[0].setFilter({ mask: 0xfffffffe });
  expect(ended).toEqual([`${ground.id}-${box.id}`]);
  expect(world.contacts).toHaveLength(0);
  expect(box.awake).toBe(true);
  // Free fall for 0.2 s: about g t² / 2 = 0.2 m (no contact stops it).
  for (let i = 0; i < 12; i++) world.step(dt);
  expect(box.position.y).toBeLessThan(0.5 - 0.15);
  // Matching again: the next step finds the pair; the box, half inside the ground, is pushed out.
  box.shapes[0].setFilter({ mask: 0xffffffff });
  for (let i = 0; i < 120; i++) world.step(dt);
  expect(world.contacts.length).toBe(1);
  expect(box.position.y).toBeGreaterThan(0.3);
  expect(box.shapes[0].mask).toBe(0xffffffff);
});

test('groups: a shared negative group stops two boxes colliding', () => {
  const world = new World({ gravity: { x: 0, y: 0 } });
  const a = world.createBody({ width: 1, height: 1, density: 1, position: { x: 0, y: 0 } });
  const b = world.createBody({ width: 1, height: 1, density: 1, position: { x: 0.9, y: 0 } });
  world.step(dt);
  expect(world.contacts.some((c) => c.touching)).toBe(true);
  a.shapes[0].setFilter({ group: -3 });
  b.shapes[0].setFilter({ group: -3 });
  world.step(dt);
  expect(world.contacts).toHaveLength(0);
  expect(a.shapes[0].category).toBe(1);
});

test('a bad filter is refused by name and changes nothing', () => {
  const world = new World();
  const box = world.createBody({ width: 1, height: 1, density: 1 });
  const shape = box.shapes[0];
  expect(() => shape.setFilter({ mask: -1 })).toThrow(WorldError);
  expect(() => shape.setFilter({ mask: 1, group: 1.5 })).toThrow(/filter\.group/);
  expect(() => shape.setFilter({ mask: 1, grupo: 1 } as never)).toThrow(/grupo/);
  expect(shape.mask).toBe(0xffffffff);
});
