/** Pre-solve (one-way platforms), the custom filter and hit events, against hand-worked motion. */
import { type HitEvent, World, WorldError } from '@lite/world';
import { describe, expect, test } from 'vitest';

const dt = 1 / 60;

describe('pre-solve', () => {
  test('a one-way platform: a box thrown up passes through it, then lands on it', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const platform = world.createBody({ type: 'static', width: 4, height: 0.2, position: { x: 0, y: 3 } });
    const box = world.createBody({ width: 0.5, height: 0.5, density: 1, position: { x: 0, y: 1 } });
    // Switch the contact off unless the box is above the platform's top and not rising.
    world.setPreSolveCallback((shapeA, shapeB) => {
      const other = shapeA.body === platform ? shapeB.body : shapeA.body;
      return other.position.y - 0.25 >= 3.1 - 0.02 && other.linearVelocity.y <= 0.01;
    });
    box.setLinearVelocity({ x: 0, y: 10 });
    let highest = 0;
    for (let i = 0; i < 240; i++) {
      world.step(dt);
      highest = Math.max(highest, box.position.y);
    }
    // It rose through (v²/2g = 5 m above y = 1: past the platform at 3), fell back and rests on top.
    expect(highest).toBeGreaterThan(5.5);
    expect(box.position.y).toBeCloseTo(3.1 + 0.25, 1);
    expect(Math.abs(box.linearVelocity.y)).toBeLessThan(0.05);
  });

  test('without the callback the platform stops the box from below', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    world.createBody({ type: 'static', width: 4, height: 0.2, position: { x: 0, y: 3 } });
    const box = world.createBody({ width: 0.5, height: 0.5, density: 1, position: { x: 0, y: 1 } });
    box.setLinearVelocity({ x: 0, y: 10 });
    let highest = 0;
    for (let i = 0; i < 120; i++) {
      world.step(dt);
      highest = Math.max(highest, box.position.y);
    }
    expect(highest).toBeLessThan(3 - 0.1 - 0.25 + 0.02);
  });
});

describe('custom filter', () => {
  test('pairs it refuses get no contact: a box falls through the ground it refuses', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody({ type: 'static', width: 10, height: 1, position: { x: 0, y: -0.5 } });
    const ghost = world.createBody({ width: 1, height: 1, density: 1, position: { x: -2, y: 1 } });
    const solid = world.createBody({ width: 1, height: 1, density: 1, position: { x: 2, y: 1 } });
    const asked: [number, number][] = [];
    world.setCustomFilterCallback((a, b) => {
      asked.push([a.body.id, b.body.id]);
      return a.body !== ghost && b.body !== ghost;
    });
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(ghost.position.y).toBeLessThan(-3);
    expect(solid.position.y).toBeCloseTo(0.5, 1);
    // Asked once per new pair, lower body id first.
    expect(asked).toContainEqual([ground.id, solid.id]);
    expect(asked.every(([a, b]) => a < b)).toBe(true);
    world.setCustomFilterCallback(null);
  });

  test('a non-function is refused', () => {
    const world = new World();
    expect(() => world.setCustomFilterCallback(3 as never)).toThrow(WorldError);
    expect(() => world.setPreSolveCallback('x' as never)).toThrow(/callback/);
  });
});

describe('hit events', () => {
  test('a box dropped from h reports one hit at about √(2gh), at its landing point, normal up', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    world.createBody({ type: 'static', width: 10, height: 1, position: { x: 0, y: -0.5 } });
    world.createBody({ width: 1, height: 1, density: 1, position: { x: 0, y: 0.5 + 1.8 } });
    const hits: HitEvent[] = [];
    world.on('hit', (event) => hits.push(event));
    for (let i = 0; i < 120; i++) world.step(dt);
    expect(hits).toHaveLength(1);
    // √(2 · 10 · 1.8) = 6 m/s; the step's discrete fall lands within a step's gain (g dt) of it.
    expect(hits[0].approachSpeed).toBeGreaterThan(6 - 10 * dt);
    expect(hits[0].approachSpeed).toBeLessThan(6 + 10 * dt);
    expect(Math.abs(hits[0].pointY)).toBeLessThan(0.05);
    expect(hits[0].normalY).toBeCloseTo(1, 6);
  });

  test('below the threshold nothing is reported', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    world.createBody({ type: 'static', width: 10, height: 1, position: { x: 0, y: -0.5 } });
    world.createBody({ width: 1, height: 1, density: 1, position: { x: 0, y: 0.5 + 1.8 } });
    world.hitEventThreshold = 7;
    let hits = 0;
    world.on('hit', () => hits++);
    for (let i = 0; i < 120; i++) world.step(dt);
    expect(hits).toBe(0);
    expect(() => {
      world.hitEventThreshold = -1;
    }).toThrow(/hitEventThreshold/);
  });
});
