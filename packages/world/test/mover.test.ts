/**
 * The character mover on terrain: distances checked by brute force (points along the capsule's core
 * against the terrain polygons' edges), not by the GJK the mover itself uses.
 */

import { Vec2 } from '@lite/math';
import { CharacterMover, CollisionPlane, clipVector, solvePlanes, World, WorldError } from '@lite/world';
import { describe, expect, test } from 'vitest';

type P = { x: number; y: number };

/** Static quads 1 m deep under each sloped or flat piece of the polyline `points`. */
function terrain(world: World, points: P[]): P[][] {
  const polygons: P[][] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [p, q] = [points[i], points[i + 1]];
    if (p.x === q.x) continue; // a step's riser is the next piece's side
    const vertices = [p, q, { x: q.x, y: q.y - 1 }, { x: p.x, y: p.y - 1 }];
    world.createBody({ type: 'static', shape: { type: 'polygon', vertices } });
    polygons.push(vertices);
  }
  return polygons;
}

function pointSegment(p: P, a: P, b: P): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** Signed distance from `p` to a convex polygon: negative inside. */
function pointPolygon(p: P, polygon: P[]): number {
  let d = Number.POSITIVE_INFINITY;
  let inside = true;
  // Winding: the quads above are clockwise (p, q, below q, below p).
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i];
    const b = polygon[(i + 1) % polygon.length];
    d = Math.min(d, pointSegment(p, a, b));
    if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) > 0) inside = false;
  }
  return inside ? -d : d;
}

/** The least gap between the mover's capsule surface and any polygon (negative: overlap), by sampling its core. */
function gap(mover: CharacterMover, polygons: P[][]): number {
  const { center1, center2, radius } = mover.capsule;
  let least = Number.POSITIVE_INFINITY;
  for (let k = 0; k <= 40; k++) {
    const t = k / 40;
    const p = {
      x: mover.position.x + center1.x + t * (center2.x - center1.x),
      y: mover.position.y + center1.y + t * (center2.y - center1.y),
    };
    for (const polygon of polygons) least = Math.min(least, pointPolygon(p, polygon) - radius);
  }
  return least;
}

const dt = 1 / 60;
const slope30 = Math.tan(Math.PI / 6);

describe('CharacterMover', () => {
  test('walks 50 m of 30° slopes and 0.25 m steps up and down without sticking or sinking 1 cm', () => {
    const world = new World();
    const rise = 5 * slope30;
    const polygons = terrain(world, [
      { x: -5, y: 0 },
      { x: 10, y: 0 },
      { x: 15, y: rise },
      { x: 20, y: rise },
      { x: 20, y: rise + 0.25 },
      { x: 27, y: rise + 0.25 },
      { x: 32, y: 0.25 },
      { x: 35, y: 0.25 },
      { x: 35, y: 0 },
      { x: 40, y: 0 },
      { x: 40, y: 0.25 },
      { x: 44, y: 0.25 },
      { x: 44, y: 0 },
      { x: 70, y: 0 },
    ]);
    const mover = new CharacterMover(world, { position: { x: -3, y: 1.5 } });
    for (let i = 0; i < 60; i++) mover.update(dt, 0);
    expect(mover.onGround).toBe(true);
    let worst = Number.POSITIVE_INFINITY;
    let lastSecondX = mover.position.x;
    let steps = 0;
    while (mover.position.x < 50 && steps < 60 * 30) {
      mover.update(dt, 1);
      world.step(dt);
      worst = Math.min(worst, gap(mover, polygons));
      if (++steps % 60 === 0) {
        // Never stuck: at least 2 m in every second (top speed 6 m/s).
        expect(mover.position.x - lastSecondX).toBeGreaterThan(2);
        lastSecondX = mover.position.x;
      }
    }
    expect(mover.position.x).toBeGreaterThanOrEqual(50);
    expect(worst).toBeGreaterThan(-0.01);
  });

  test('hovers at its rest height over flat ground and stands still without input', () => {
    const world = new World();
    terrain(world, [
      { x: -10, y: 0 },
      { x: 10, y: 0 },
    ]);
    const mover = new CharacterMover(world, { position: { x: 0, y: 3 } });
    for (let i = 0; i < 180; i++) mover.update(dt, 0);
    // center1 (0.5 below the position) rests 0.9 above the ground.
    expect(mover.position.y).toBeCloseTo(1.4, 2);
    expect(mover.position.x).toBe(0);
    expect(mover.onGround).toBe(true);
  });

  test('does not climb a 60° slope', () => {
    const world = new World();
    const polygons = terrain(world, [
      { x: -10, y: 0 },
      { x: 5, y: 0 },
      { x: 5 + 3, y: 3 * Math.tan(Math.PI / 3) },
      { x: 20, y: 3 * Math.tan(Math.PI / 3) },
    ]);
    const mover = new CharacterMover(world, { position: { x: 0, y: 1.5 } });
    let highest = 0;
    let worst = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 600; i++) {
      mover.update(dt, 1);
      highest = Math.max(highest, mover.position.y);
      worst = Math.min(worst, gap(mover, polygons));
    }
    // It walks into the slope and stays at its foot (the top is 5.2 m up).
    expect(mover.position.x).toBeLessThan(6);
    expect(highest).toBeLessThan(2.5);
    expect(worst).toBeGreaterThan(-0.01);
  });

  test('jumps from the ground only, and lands', () => {
    const world = new World();
    terrain(world, [
      { x: -10, y: 0 },
      { x: 10, y: 0 },
    ]);
    const mover = new CharacterMover(world, { position: { x: 0, y: 1.4 } });
    for (let i = 0; i < 30; i++) mover.update(dt, 0);
    expect(mover.jump()).toBe(true);
    expect(mover.jump()).toBe(false);
    let top = 0;
    for (let i = 0; i < 120; i++) {
      mover.update(dt, 0);
      top = Math.max(top, mover.position.y);
    }
    // v²/2g = 100 / 60 = 1.67 m above the start (a little less: the step is discrete).
    expect(top - 1.4).toBeGreaterThan(1.5);
    expect(top - 1.4).toBeLessThan(1.75);
    expect(mover.onGround).toBe(true);
  });

  test('a filter makes a one-way platform: jumped up through from below, stood on from above', () => {
    // Jump speed 14 m/s: v²/2g = 196/60 = 3.27 m. The platform's underside (2.8 m) is above the
    // standing capsule's head (1.4 + 0.5 + 0.3 = 2.2 m); standing on its top (3.0 m) puts the
    // position at 3.0 + 0.9 (hover) + 0.5 = 4.4 m, below the apex (1.4 + 3.27 = 4.67 m).
    const run = (oneWay: boolean): { top: number; mover: CharacterMover } => {
      const world = new World();
      terrain(world, [
        { x: -10, y: 0 },
        { x: 10, y: 0 },
      ]);
      const platform = world.createBody({ type: 'static', position: { x: 0, y: 2.9 } });
      const shape = platform.createShape({ type: 'box', width: 4, height: 0.2 });
      const mover = new CharacterMover(world, { position: { x: 0, y: 1.4 }, jumpSpeed: 14 });
      if (oneWay) {
        // Solid only while the capsule's bottom is above the top and it is not rising.
        mover.filter = (s) => s !== shape || (mover.velocity.y <= 0 && mover.position.y - 0.8 >= 3.0);
      }
      for (let i = 0; i < 30; i++) mover.update(dt, 0);
      expect(mover.jump()).toBe(true);
      let top = 0;
      for (let i = 0; i < 180; i++) {
        mover.update(dt, 0);
        top = Math.max(top, mover.position.y);
      }
      return { top, mover };
    };
    const blocked = run(false);
    // The head stops at the underside: position + 0.8 <= 2.8 (to the cast's 5 mm margin).
    expect(blocked.top).toBeLessThan(2.0 + 0.01);
    expect(blocked.mover.position.y).toBeCloseTo(1.4, 1);
    const through = run(true);
    expect(through.top).toBeGreaterThan(4.5);
    expect(through.mover.onGround).toBe(true);
    // Hovering on the platform at its rest height (the spring settles within a few mm).
    expect(Math.abs(through.mover.position.y - 4.4)).toBeLessThan(0.02);
    expect(through.mover.ground?.position.y).toBe(2.9);
  });

  test('pushes a box it walks into, and rides a moving platform', () => {
    const world = new World();
    terrain(world, [
      { x: -10, y: 0 },
      { x: 30, y: 0 },
    ]);
    const box = world.createBody({
      width: 1,
      height: 1,
      density: 1,
      position: { x: 3, y: 0.5 },
      friction: 0.2,
    });
    const mover = new CharacterMover(world, { position: { x: 0, y: 1.4 } });
    for (let i = 0; i < 120; i++) {
      mover.update(dt, 1);
      world.step(dt);
    }
    expect(box.position.x).toBeGreaterThan(4);
    expect(mover.position.x).toBeLessThan(box.position.x);

    const world2 = new World();
    const platform = world2.createBody({
      type: 'kinematic',
      width: 4,
      height: 0.5,
      position: { x: 0, y: 0 },
    });
    platform.setLinearVelocity({ x: 2, y: 0 });
    const rider = new CharacterMover(world2, { position: { x: 0, y: 1.65 } });
    for (let i = 0; i < 30; i++) {
      rider.update(dt, 0);
      world2.step(dt);
    }
    const start = rider.position.x - platform.position.x;
    for (let i = 0; i < 60; i++) {
      rider.update(dt, 0);
      world2.step(dt);
    }
    expect(rider.ground).toBe(platform);
    expect(rider.position.x - platform.position.x).toBeCloseTo(start, 1);
  });

  test('solvePlanes: the closest move out of two planes; clipVector removes the speed into them', () => {
    const floor = Object.assign(new CollisionPlane(), { normalX: 0, normalY: 1, offset: 0.1 });
    const wall = Object.assign(new CollisionPlane(), { normalX: -1, normalY: 0, offset: 0 });
    const out = solvePlanes(1, -1, [floor, wall], 2, { x: 0, y: 0, iterations: 0 });
    // Out of the floor by its 0.1 m less the 5 mm slop; not into the wall beyond the slop.
    expect(out.y).toBeCloseTo(0.095, 12);
    expect(out.x).toBeCloseTo(0.005, 12);
    const v = clipVector(new Vec2(3, -2), [floor, wall], 2);
    expect(v.x).toBe(0);
    expect(v.y).toBe(0);
  });

  test('bad options are refused by name', () => {
    const world = new World();
    expect(() => new CharacterMover(world, { position: { x: 0, y: Number.NaN } })).toThrow(WorldError);
    expect(() => new CharacterMover(world, { position: { x: 0, y: 0 }, maxSpeed: -1 })).toThrow(
      /options\.maxSpeed/,
    );
    expect(() => new CharacterMover(world, { position: { x: 0, y: 0 }, maxSlope: 2 })).toThrow(
      /options\.maxSlope/,
    );
    expect(
      () =>
        new CharacterMover(world, {
          position: { x: 0, y: 0 },
          capsule: { center1: { x: 0, y: 0 }, center2: { x: 0, y: 1 }, radius: 0 },
        }),
    ).toThrow(/options\.capsule\.radius/);
    expect(
      () => new CharacterMover(world, { position: { x: 0, y: 0 }, filter: 1 as unknown as () => boolean }),
    ).toThrow(/options\.filter/);
    const mover = new CharacterMover(world, { position: { x: 0, y: 0 } });
    expect(() => {
      mover.filter = 'no' as unknown as () => boolean;
    }).toThrow(/filter/);
    expect(mover.filter).toBe(null);
    expect(() => mover.update(0, 1)).toThrow(/dt/);
    expect(() => mover.update(dt, Number.NaN)).toThrow(/throttle/);
  });
});
