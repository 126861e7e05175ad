/** explode: impulses against the analytic values of Box2D v3's blast (width across the line × impulse). */
import { explode, World, WorldError } from '@lite/world';
import { describe, expect, test } from 'vitest';

function still(): World {
  return new World({ gravity: { x: 0, y: 0 } });
}

describe('explode', () => {
  test('a box in the radius takes impulse × its width across the line, at its centre', () => {
    const world = still();
    const box = world.createBody({ width: 1, height: 2, mass: 4, position: { x: 3, y: 0 } });
    explode(world, { position: { x: 0, y: 0 }, radius: 5, impulse: 2 });
    // The line to the blast is +x; across it the box is 2 m tall: 2 × 2 = 4 N·s on 4 kg.
    expect(box.linearVelocity.x).toBeCloseTo(1, 12);
    expect(box.linearVelocity.y).toBeCloseTo(0, 12);
    expect(box.angularVelocity).toBe(0);
  });

  test('the direction is to the closest point; a turned box shows its diagonal', () => {
    const world = still();
    const box = world.createBody({
      width: 1,
      height: 1,
      mass: 1,
      position: { x: 0, y: -4 },
      angle: Math.PI / 4,
    });
    explode(world, { position: { x: 0, y: 0 }, radius: 10, impulse: 1 });
    expect(box.linearVelocity.x).toBeCloseTo(0, 9);
    expect(box.linearVelocity.y).toBeCloseTo(-Math.SQRT2, 9);
  });

  test('circles and capsules: width 2r, and a capsule along the line adds nothing for its length', () => {
    const world = still();
    const ball = world.createBody({
      shape: { type: 'circle', radius: 0.5 },
      mass: 2,
      position: { x: -2, y: 0 },
    });
    const rod = world.createBody({
      shape: { type: 'capsule', center1: { x: -1, y: 0 }, center2: { x: 1, y: 0 }, radius: 0.25 },
      mass: 1,
      position: { x: 0, y: 3 },
    });
    explode(world, { position: { x: 0, y: 0 }, radius: 5, impulse: 3 });
    expect(ball.linearVelocity.x).toBeCloseTo(-(3 * 1) / 2, 12);
    // The rod lies across the line (+y): its width is its length plus both caps, 2.5 m.
    expect(rod.linearVelocity.y).toBeCloseTo(3 * 2.5, 12);
  });

  test('fall-off: linear beyond the radius, nothing beyond radius + falloff', () => {
    const world = still();
    const near = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 2.5, y: 0 } });
    const mid = world.createBody({ width: 1, height: 1, mass: 1, position: { x: -3.5, y: 0 } });
    const far = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 5.5 } });
    explode(world, { position: { x: 0, y: 0 }, radius: 2, falloff: 2, impulse: 1 });
    expect(near.linearVelocity.x).toBeCloseTo(1, 9); // surface at 2 m: the whole impulse
    expect(mid.linearVelocity.x).toBeCloseTo(-0.5, 9); // surface at 3 m: half way through the fall-off
    expect(far.linearVelocity.y).toBe(0); // surface at 5 m
    expect(far.awake).toBe(true);
  });

  test('static and kinematic bodies are not pushed; sleeping ones are woken; the mask filters', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
    const sleeper = world.createBody({ width: 1, height: 1, density: 1, position: { x: 2, y: 0.5 } });
    const skipped = world.createBody({ position: { x: -2, y: 0.5 } });
    skipped.createShape({ type: 'circle', radius: 0.5, density: 1, filter: { category: 2 } });
    const mover = world.createBody({ type: 'kinematic', width: 1, height: 1, position: { x: 0, y: 3 } });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(sleeper.awake).toBe(false);
    explode(world, { position: { x: 0, y: 0.5 }, radius: 3, impulse: 2, mask: 1 });
    expect(sleeper.awake).toBe(true);
    expect(sleeper.linearVelocity.x).toBeGreaterThan(0);
    expect(skipped.linearVelocity.x).toBe(0);
    expect(mover.linearVelocity.y).toBe(0);
  });

  test('a blast inside a shape pushes it along the line to its centroid', () => {
    const world = still();
    const box = world.createBody({ width: 2, height: 2, mass: 1, position: { x: 0.5, y: 0 } });
    explode(world, { position: { x: 0, y: 0 }, radius: 1, impulse: 1 });
    expect(box.linearVelocity.x).toBeCloseTo(2, 12);
    expect(box.linearVelocity.y).toBeCloseTo(0, 12);
  });

  test('bad options throw a WorldError naming them and push nothing', () => {
    const world = still();
    const box = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 1, y: 0 } });
    const base = { position: { x: 0, y: 0 }, radius: 2, impulse: 1 };
    expect(() => explode(world, { ...base, radius: -1 })).toThrow(WorldError);
    expect(() => explode(world, { ...base, radius: -1 })).toThrow(/options\.radius/);
    expect(() => explode(world, { ...base, impulse: Number.NaN })).toThrow(/options\.impulse/);
    expect(() => explode(world, { ...base, position: { x: 0, y: Number.POSITIVE_INFINITY } })).toThrow(
      /options\.position/,
    );
    expect(() => explode(world, { ...base, falloff: -2 })).toThrow(/options\.falloff/);
    expect(() => explode(world, { ...base, radious: 3 } as never)).toThrow(/radious/);
    expect(box.linearVelocity.x).toBe(0);
  });
});
