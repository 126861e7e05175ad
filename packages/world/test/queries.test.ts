import { Random } from '@lite/math';
import { describe, expect, it } from 'vitest';
import { type Body, World } from '../src/index';
import { corners } from './helpers';

/** A world of 80 random boxes (no gravity, nothing steps) and its bodies. */
function randomWorld(seed: number): { world: World; bodies: Body[] } {
  const rng = new Random(seed);
  const world = new World({ gravity: { x: 0, y: 0 } });
  const bodies: Body[] = [];
  for (let i = 0; i < 80; ++i) {
    bodies.push(
      world.createBody({
        type: i % 5 === 0 ? 'static' : 'dynamic',
        width: rng.range(0.2, 3),
        height: rng.range(0.2, 3),
        position: { x: rng.range(-20, 20), y: rng.range(-20, 20) },
        angle: rng.range(-Math.PI, Math.PI),
      }),
    );
  }
  return { world, bodies };
}

/** Brute force: the point in the box? (local coordinates, computed with Math.cos/sin). */
function contains(b: Body, x: number, y: number): boolean {
  const c = Math.cos(b.angle);
  const s = Math.sin(b.angle);
  const dx = x - b.position.x;
  const dy = y - b.position.y;
  const lx = c * dx + s * dy;
  const ly = -s * dx + c * dy;
  return Math.abs(lx) <= b.width / 2 && Math.abs(ly) <= b.height / 2;
}

/** Brute force: the fraction where the segment enters the box (slabs in the box frame), or null. */
function entry(b: Body, x1: number, y1: number, x2: number, y2: number): number | null {
  const c = Math.cos(b.angle);
  const s = Math.sin(b.angle);
  const local = (x: number, y: number) => {
    const dx = x - b.position.x;
    const dy = y - b.position.y;
    return [c * dx + s * dy, -s * dx + c * dy];
  };
  const [ax, ay] = local(x1, y1);
  const [bx, by] = local(x2, y2);
  let t0 = 0;
  let t1 = 1;
  for (const [p, d, h] of [
    [ax, bx - ax, b.width / 2],
    [ay, by - ay, b.height / 2],
  ]) {
    if (Math.abs(d) < 1e-15) {
      if (Math.abs(p) > h) return null;
      continue;
    }
    let ta = (-h - p) / d;
    let tb = (h - p) / d;
    if (ta > tb) [ta, tb] = [tb, ta];
    t0 = Math.max(t0, ta);
    t1 = Math.min(t1, tb);
    if (t0 > t1) return null;
  }
  return t0;
}

describe('queryAABB', () => {
  it('finds exactly the bodies whose bounding boxes overlap, in id order', () => {
    const { world, bodies } = randomWorld(11);
    const rng = new Random(5);
    for (let q = 0; q < 200; ++q) {
      const x = rng.range(-22, 22);
      const y = rng.range(-22, 22);
      const bounds = { minX: x, minY: y, maxX: x + rng.range(0, 8), maxY: y + rng.range(0, 8) };
      const expected = bodies
        .filter((b) => {
          const cs = corners(b);
          const minX = Math.min(...cs.map((p) => p.x));
          const maxX = Math.max(...cs.map((p) => p.x));
          const minY = Math.min(...cs.map((p) => p.y));
          const maxY = Math.max(...cs.map((p) => p.y));
          return minX <= bounds.maxX && bounds.minX <= maxX && minY <= bounds.maxY && bounds.minY <= maxY;
        })
        .map((b) => b.id);
      expect(world.queryAABB(bounds).map((b) => b.id)).toEqual(expected);
    }
  });

  it('calls the callback in id order and stops when it returns false', () => {
    const { world } = randomWorld(3);
    const all = world.queryAABB({ minX: -30, minY: -30, maxX: 30, maxY: 30 });
    expect(all.length).toBe(80);
    const seen: number[] = [];
    world.queryAABB({ minX: -30, minY: -30, maxX: 30, maxY: 30 }, (b) => {
      seen.push(b.id);
      return seen.length < 5;
    });
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('queryPoint', () => {
  it('finds exactly the bodies containing the point', () => {
    const { world, bodies } = randomWorld(12);
    const rng = new Random(6);
    let found = 0;
    for (let q = 0; q < 500; ++q) {
      const x = rng.range(-21, 21);
      const y = rng.range(-21, 21);
      const expected = bodies.filter((b) => contains(b, x, y)).map((b) => b.id);
      found += expected.length;
      expect(world.queryPoint({ x, y }).map((b) => b.id)).toEqual(expected);
    }
    expect(found).toBeGreaterThan(20); // the test did look at hits
  });
});

describe('rayCast and rayCastAll', () => {
  it('agree with a brute-force slab test on every body', () => {
    const { world, bodies } = randomWorld(13);
    const rng = new Random(7);
    let hits = 0;
    for (let q = 0; q < 300; ++q) {
      const x1 = rng.range(-25, 25);
      const y1 = rng.range(-25, 25);
      const x2 = rng.range(-25, 25);
      const y2 = rng.range(-25, 25);
      // Rays starting inside a box are left out: whether they report it is the collision layer's choice.
      if (bodies.some((b) => contains(b, x1, y1))) continue;
      const expected = bodies
        .map((b) => ({ id: b.id, fraction: entry(b, x1, y1, x2, y2) }))
        .filter((h): h is { id: number; fraction: number } => h.fraction !== null)
        .sort((a, b) => a.fraction - b.fraction || a.id - b.id);
      const all = world.rayCastAll({ x: x1, y: y1 }, { x: x2, y: y2 });
      expect(all.map((h) => h.body.id)).toEqual(expected.map((h) => h.id));
      for (let i = 0; i < all.length; ++i) {
        expect(all[i].fraction).toBeCloseTo(expected[i].fraction, 9);
        const h = all[i];
        expect(h.point.x).toBeCloseTo(x1 + h.fraction * (x2 - x1), 9);
        expect(h.point.y).toBeCloseTo(y1 + h.fraction * (y2 - y1), 9);
        expect(Math.hypot(h.normal.x, h.normal.y)).toBeCloseTo(1, 12);
        // The normal faces the ray.
        expect(h.normal.x * (x2 - x1) + h.normal.y * (y2 - y1)).toBeLessThanOrEqual(1e-12);
      }
      const closest = world.rayCast({ x: x1, y: y1 }, { x: x2, y: y2 });
      if (expected.length === 0) {
        expect(closest).toBeNull();
      } else {
        hits++;
        expect(closest?.body.id).toBe(expected[0].id);
        expect(closest?.fraction).toBeCloseTo(expected[0].fraction, 9);
      }
    }
    expect(hits).toBeGreaterThan(50);
  });
});

describe('world.broadphase', () => {
  it('counts a proxy per shape and reads the tree height', () => {
    const world = new World();
    expect(world.broadphase).toEqual({ proxyCount: 0, treeHeight: -1 });
    const a = world.createBody({ type: 'dynamic', width: 1, height: 1 });
    expect(world.broadphase).toEqual({ proxyCount: 1, treeHeight: 0 });
    a.createShape({ type: 'circle', radius: 0.5, center: { x: 2, y: 0 } });
    world.createBody({ type: 'static', width: 10, height: 1, position: { x: 0, y: -2 } });
    expect(world.broadphase).toEqual({ proxyCount: 3, treeHeight: 2 });
    world.destroyBody(a);
    expect(world.broadphase).toEqual({ proxyCount: 1, treeHeight: 0 });
  });

  it('keeps the tree of 80 boxes within a balanced height, stepping or not', () => {
    const { world } = randomWorld(7);
    const before = world.broadphase;
    expect(before.proxyCount).toBe(80);
    expect(before.treeHeight).toBeGreaterThanOrEqual(Math.ceil(Math.log2(80)));
    expect(before.treeHeight).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(80)));
    for (let i = 0; i < 10; ++i) world.step(1 / 60);
    expect(world.broadphase.proxyCount).toBe(80);
    expect(world.broadphase).not.toBe(world.broadphase);
  });
});
