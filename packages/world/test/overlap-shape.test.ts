/**
 * `overlapShape` and `castShapeAll` against brute force on seeded random worlds: every shape is
 * described here as a convex core (points) plus a radius in world coordinates, and its distance to
 * the query shape is measured by an independent test (edge crossings, points inside, point–segment
 * distances), not by the engine's GJK.
 */
import { TOI_TARGET } from '@lite/collision';
import { Random } from '@lite/math';
import { describe, expect, it } from 'vitest';
import {
  type BodyShape,
  castShape,
  castShapeAll,
  OVERLAP_TOLERANCE,
  overlapShape,
  type ShapeGeometry,
  World,
  WorldError,
} from '../src/index';

interface Pt {
  x: number;
  y: number;
}
/** A convex core (1 point, 2 points or a polygon, counter-clockwise) inflated by `radius`. */
interface Core {
  points: Pt[];
  radius: number;
}

const rot = (p: Pt, a: number, at: Pt): Pt => ({
  x: at.x + Math.cos(a) * p.x - Math.sin(a) * p.y,
  y: at.y + Math.sin(a) * p.x + Math.cos(a) * p.y,
});

/** The cores of a geometry (several for a chain) placed at `at` turned by `angle`. */
function coresOf(g: ShapeGeometry, at: Pt, angle: number): Core[] {
  const place = (points: Pt[], radius: number): Core => ({
    points: points.map((p) => rot(p, angle, at)),
    radius,
  });
  switch (g.type) {
    case 'circle':
      return [place([g.center ?? { x: 0, y: 0 }], g.radius)];
    case 'capsule':
      return [place([g.center1, g.center2], g.radius)];
    case 'segment':
      return [place([g.point1, g.point2], 0)];
    case 'polygon':
      return [place([...g.vertices], g.radius ?? 0)];
    case 'box': {
      const o = g.offset ?? { x: 0, y: 0 };
      const w = g.width / 2;
      const h = g.height / 2;
      const corners = [
        { x: -w, y: -h },
        { x: w, y: -h },
        { x: w, y: h },
        { x: -w, y: h },
      ].map((p) => rot(p, g.angle ?? 0, o));
      return [place(corners, 0)];
    }
    case 'chain':
      return g.points.slice(1).map((p, i) => place([g.points[i], p], 0));
  }
}

function pointSegment(p: Pt, a: Pt, b: Pt): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const ll = ex * ex + ey * ey;
  const t = ll === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * ex + (p.y - a.y) * ey) / ll));
  return Math.hypot(a.x + t * ex - p.x, a.y + t * ey - p.y);
}

const cross = (o: Pt, a: Pt, b: Pt): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

function segmentsCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  return cross(a, b, c) * cross(a, b, d) < 0 && cross(c, d, a) * cross(c, d, b) < 0;
}

function inside(p: Pt, poly: Pt[]): boolean {
  if (poly.length < 3) return false;
  for (let i = 0; i < poly.length; i++) if (cross(poly[i], poly[(i + 1) % poly.length], p) <= 0) return false;
  return true;
}

/** The edges of a core (a point's single edge is the point itself). */
function edges(points: Pt[]): [Pt, Pt][] {
  if (points.length === 1) return [[points[0], points[0]]];
  if (points.length === 2) return [[points[0], points[1]]];
  return points.map((p, i) => [p, points[(i + 1) % points.length]]);
}

/** The distance between two inflated cores' surfaces (negative when they overlap by more than a core's). */
function gap(a: Core, b: Core): number {
  let d = Number.POSITIVE_INFINITY;
  const ea = edges(a.points);
  const eb = edges(b.points);
  for (const [p, q] of ea) for (const [r, s] of eb) if (segmentsCross(p, q, r, s)) d = 0;
  if (a.points.some((p) => inside(p, b.points)) || b.points.some((p) => inside(p, a.points))) d = 0;
  for (const p of a.points) for (const [r, s] of eb) d = Math.min(d, pointSegment(p, r, s));
  for (const p of b.points) for (const [r, s] of ea) d = Math.min(d, pointSegment(p, r, s));
  return d - a.radius - b.radius;
}

/** A random convex geometry about 0.2 to 1.5 m across (chains only when `chain`). */
function randomGeometry(rng: Random, chain: boolean): ShapeGeometry {
  const kind = rng.int(chain ? 6 : 5);
  const r = rng.range(0.1, 0.7);
  switch (kind) {
    case 0:
      return { type: 'circle', radius: r, center: { x: rng.range(-0.3, 0.3), y: rng.range(-0.3, 0.3) } };
    case 1:
      return {
        type: 'capsule',
        center1: { x: -r, y: rng.range(-0.2, 0.2) },
        center2: { x: r, y: 0 },
        radius: r / 2,
      };
    case 2: {
      const n = 3 + rng.int(6);
      const vertices = Array.from({ length: n }, (_, i) => {
        const a = (2 * Math.PI * (i + rng.range(-0.2, 0.2))) / n;
        return { x: r * Math.cos(a), y: r * Math.sin(a) };
      });
      return { type: 'polygon', vertices, radius: rng.int(2) === 0 ? 0 : rng.range(0.01, 0.2) };
    }
    case 3:
      return {
        type: 'box',
        width: rng.range(0.2, 1.5),
        height: rng.range(0.2, 1.5),
        offset: { x: rng.range(-0.3, 0.3), y: rng.range(-0.3, 0.3) },
        angle: rng.range(-1, 1),
      };
    case 4:
      return { type: 'segment', point1: { x: -r, y: rng.range(-0.3, 0.3) }, point2: { x: r, y: 0 } };
    default: {
      const points = Array.from({ length: 4 }, (_, i) => ({ x: -1.5 + i, y: rng.range(-0.4, 0.4) }));
      return { type: 'chain', points };
    }
  }
}

interface Scene {
  world: World;
  /** Every shape of the world with its cores in world coordinates. */
  shapes: { shape: BodyShape; core: Core }[];
}

/** A seeded world of `count` bodies of random shapes in a 10 m square (some chains, some sensors). */
function randomScene(seed: number, count: number): Scene {
  const rng = new Random(seed);
  const world = new World({ gravity: { x: 0, y: 0 } });
  const shapes: Scene['shapes'] = [];
  for (let i = 0; i < count; i++) {
    const g = randomGeometry(rng, true);
    const position = { x: rng.range(0, 10), y: rng.range(0, 10) };
    const angle = rng.range(-Math.PI, Math.PI);
    const type = g.type === 'chain' || g.type === 'segment' || rng.int(3) === 0 ? 'static' : 'dynamic';
    const body = world.createBody({ type, position, angle, shape: g });
    const cores = coresOf(g, position, angle);
    body.shapes.forEach((shape, k) => {
      shapes.push({ shape, core: cores[k] });
    });
    // Some bodies also carry a sensor, which the queries skip.
    if (g.type !== 'chain' && rng.int(8) === 0) body.createShape({ type: 'circle', radius: 1, sensor: true });
  }
  return { world, shapes };
}

describe('overlapShape', () => {
  it('finds the same shapes as a brute-force separating test on random worlds', () => {
    let compared = 0;
    let found = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const { world, shapes } = randomScene(seed, 25);
      const rng = new Random(1000 + seed);
      for (let q = 0; q < 10; q++) {
        const g = randomGeometry(rng, false);
        const at = { x: rng.range(-1, 11), y: rng.range(-1, 11) };
        const angle = rng.range(-Math.PI, Math.PI);
        const query = coresOf(g, at, angle)[0];
        const result = overlapShape(world, g, at, angle);
        expect(result.map((s) => s.id)).toEqual([...result.map((s) => s.id)].sort((a, b) => a - b));
        for (const { shape, core } of shapes) {
          const d = gap(query, core);
          // Within a micrometre of the threshold either answer is right (the hull and GJK round).
          if (Math.abs(d - OVERLAP_TOLERANCE) < 1e-6) continue;
          expect(result.includes(shape), `seed ${seed} query ${q} shape ${shape.id} gap ${d}`).toBe(
            d <= OVERLAP_TOLERANCE,
          );
          compared++;
        }
        found += result.length;
      }
    }
    expect(compared).toBeGreaterThan(5000);
    expect(found).toBeGreaterThan(100);
  });

  it('counts touching within the tolerance, skips sensors, calls back in id order and stops on false', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const a = world.createBody({ type: 'static', width: 2, height: 2, position: { x: 0, y: 0 } });
    const b = world.createBody({ shape: { type: 'circle', radius: 0.5 }, position: { x: 3, y: 0 } });
    world
      .createBody({ width: 1, height: 1, position: { x: 0, y: 9 } })
      .createShape({ type: 'circle', radius: 9, sensor: true });
    const circle: ShapeGeometry = { type: 'circle', radius: 0.5 };
    // Between the box (right face x = 1) and the circle (left edge x = 2.5): touching both.
    expect(
      overlapShape(world, { type: 'box', width: 1.5 + OVERLAP_TOLERANCE, height: 1 }, { x: 1.75, y: 0 }),
    ).toEqual([a.shapes[0], b.shapes[0]]);
    expect(overlapShape(world, circle, { x: 1.5 + 2 * OVERLAP_TOLERANCE, y: 0 })).toEqual([]);
    expect(overlapShape(world, circle, { x: 1.5 + OVERLAP_TOLERANCE / 2, y: 0 })).toEqual([a.shapes[0]]);
    const seen: BodyShape[] = [];
    const big: ShapeGeometry = {
      type: 'capsule',
      center1: { x: -3, y: 0 },
      center2: { x: 3, y: 0 },
      radius: 1,
    };
    const stopped = overlapShape(world, big, { x: 1, y: 0 }, 0, (s) => {
      seen.push(s);
      expect(() => world.createBody({ width: 1, height: 1 })).toThrow(WorldError);
      return false;
    });
    expect(seen).toEqual([a.shapes[0]]);
    expect(stopped).toEqual([a.shapes[0]]);
    expect(overlapShape(world, big, { x: 1, y: 0 }, 0, () => true)).toEqual([a.shapes[0], b.shapes[0]]);
    expect(() =>
      overlapShape(
        world,
        {
          type: 'chain',
          points: [
            { x: 0, y: 0 },
            { x: 1, y: 0 },
          ],
        },
        { x: 0, y: 0 },
      ),
    ).toThrow(/geometry.type/);
    expect(() => overlapShape(world, circle, { x: Number.NaN, y: 0 })).toThrow(/position/);
    expect(() => overlapShape({} as World, circle, { x: 0, y: 0 })).toThrow(/world/);
  });
});

describe('castShapeAll', () => {
  it('finds every shape a marched brute-force cast first comes within the target of, at that fraction', () => {
    const steps = 400;
    let hitsSeen = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { world, shapes } = randomScene(seed, 20);
      const rng = new Random(2000 + seed);
      for (let q = 0; q < 6; q++) {
        const g = randomGeometry(rng, false);
        const from = { x: rng.range(-2, 12), y: rng.range(-2, 12) };
        const translation = { x: rng.range(-8, 8), y: rng.range(-8, 8) };
        const angle = rng.range(-Math.PI, Math.PI);
        const hits = castShapeAll(world, g, from, translation, angle);
        for (let i = 1; i < hits.length; i++) {
          const [p, h] = [hits[i - 1], hits[i]];
          expect(p.fraction < h.fraction || (p.fraction === h.fraction && p.shape.id < h.shape.id)).toBe(
            true,
          );
        }
        const first = castShape(world, g, from, translation, angle);
        expect(first?.shape ?? null).toBe(hits[0]?.shape ?? null);
        expect(first?.fraction).toBe(hits[0]?.fraction);
        for (const { shape, core } of shapes) {
          const hit = hits.find((h) => h.shape === shape);
          const limit = hit === undefined ? 1 : hit.fraction;
          const at = (t: number) =>
            coresOf(g, { x: from.x + t * translation.x, y: from.y + t * translation.y }, angle)[0];
          // Before the hit (or along the whole cast when none) the shapes stay at least the target apart.
          let closest = Number.POSITIVE_INFINITY;
          for (let k = 0; k <= steps && k / steps < limit; k++)
            closest = Math.min(closest, gap(at(k / steps), core));
          expect(closest, `seed ${seed} query ${q} shape ${shape.id}`).toBeGreaterThan(TOI_TARGET - 1e-6);
          if (hit === undefined) continue;
          // At the hit they are within the target and its tolerance (a quarter of it), or overlap from the start.
          const d = gap(at(hit.fraction), core);
          if (hit.fraction > 0) expect(d).toBeGreaterThan(TOI_TARGET - 1e-6);
          expect(d).toBeLessThan(1.25 * TOI_TARGET + 1e-6);
          expect(Math.hypot(hit.normal.x, hit.normal.y)).toBeCloseTo(1, 9);
          hitsSeen++;
        }
      }
    }
    expect(hitsSeen).toBeGreaterThan(50);
  });
});
