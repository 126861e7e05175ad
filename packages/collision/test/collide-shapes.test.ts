import { Transform } from '@lite/math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Box } from '../src/box';
import { collide } from '../src/collide';
import { collideBoxes } from '../src/collide-boxes';
import { collidePolygons } from '../src/collide-shapes';
import { CollisionError } from '../src/errors';
import { flipFeatureKey, Manifold, makeFeatureKey } from '../src/manifold';
import { makeBoxPolygon, makeCapsule, makeCircle, makePolygon, type Shape } from '../src/shapes';
import { fcParams, runs, uniform } from './fc-settings';
import {
  boxArb,
  boxPolygonArb,
  type Core,
  capsuleArb,
  circleArb,
  gapAlong,
  polygonArb,
  signedDistance,
  signedDistanceToShape,
  worldCore,
} from './shape-reference';

// Property tests of every pair's manifold against brute-force geometry (./shape-reference.ts).

const NUM_RUNS = runs(200);
const MARGIN = 0.05;
/** Positions and separations that must agree up to round-off, m. */
const EXACT = 1e-9;
/**
 * How much deeper than the true signed distance a polygon manifold may say its deepest point is NOT
 * allowed to be; and how much shallower it may be: the 0.5 mm thresholds of the algorithm (reference
 * face bias, the core gap below which polygons are clipped as overlapping, the vertex-vertex switch).
 */
const THRESHOLD = 1.2e-3;

const shapeArbs: Record<string, fc.Arbitrary<Shape>> = {
  circle: circleArb,
  capsule: capsuleArb,
  polygon: polygonArb(false),
  rounded: polygonArb(true),
  box: boxArb,
  boxPolygon: boxPolygonArb,
};

const pairs: [string, string][] = [
  ['circle', 'circle'],
  ['capsule', 'circle'],
  ['circle', 'capsule'],
  ['capsule', 'capsule'],
  ['polygon', 'circle'],
  ['circle', 'polygon'],
  ['rounded', 'circle'],
  ['box', 'circle'],
  ['polygon', 'capsule'],
  ['capsule', 'rounded'],
  ['polygon', 'polygon'],
  ['rounded', 'rounded'],
  ['polygon', 'rounded'],
  ['box', 'polygon'],
  ['rounded', 'box'],
  ['boxPolygon', 'boxPolygon'],
];

/** A pair: A at a random pose, B within a few metres of it, so about half the pairs touch. */
function pairArb(kindA: string, kindB: string) {
  return fc
    .record({
      a: shapeArbs[kindA],
      b: shapeArbs[kindB],
      x: uniform(-5, 5),
      y: uniform(-5, 5),
      angleA: uniform(-Math.PI, Math.PI),
      angleB: uniform(-Math.PI, Math.PI),
      dir: uniform(-Math.PI, Math.PI),
      reach: uniform(0, 1.1),
    })
    .map((r) => {
      const xfA = new Transform(r.x, r.y, r.angleA);
      const coreA = worldCore(r.a, xfA);
      const coreB0 = worldCore(r.b, new Transform(0, 0, r.angleB));
      const extent = (k: Core, cx: number, cy: number) =>
        Math.max(...k.points.map(([x, y]) => Math.hypot(x - cx, y - cy))) + k.radius;
      const dist = r.reach * (extent(coreA, r.x, r.y) + extent(coreB0, 0, 0));
      const xfB = new Transform(r.x + dist * Math.cos(r.dir), r.y + dist * Math.sin(r.dir), r.angleB);
      return { a: r.a, b: r.b, xfA, xfB };
    });
}

interface Pt {
  x: number;
  y: number;
  separation: number;
  key: number;
}

function run(a: Shape, xfA: Transform, b: Shape, xfB: Transform, margin = MARGIN) {
  const m = new Manifold();
  const count = collide(a, xfA, b, xfB, m, margin);
  const points: Pt[] = m.points
    .slice(0, count)
    .map((p) => ({ x: p.x, y: p.y, separation: p.separation, key: p.key }));
  return { count, nx: m.normalX, ny: m.normalY, points };
}

const isPolygonal = (k: string) => k !== 'circle';

describe.each(pairs)('%s against %s', (kindA, kindB) => {
  const bothPolygonal = isPolygonal(kindA) && isPolygonal(kindB);
  const offset = pairs.findIndex(([a, b]) => a === kindA && b === kindB) * 10;

  it('points and separations agree with the brute-force signed distance; the normal points from A to B', () => {
    fc.assert(
      fc.property(pairArb(kindA, kindB), ({ a, b, xfA, xfB }) => {
        const res = run(a, xfA, b, xfB);
        const coreA = worldCore(a, xfA);
        const coreB = worldCore(b, xfB);
        const ref = signedDistance(coreA, coreB);
        const tol = bothPolygonal ? THRESHOLD : EXACT * 10;
        expect(res.count).toBeLessThanOrEqual(2);
        if (res.count === 0) {
          // Nothing within the margin: the shapes are at least (nearly) that far apart.
          expect(ref).toBeGreaterThan(MARGIN - tol);
          return;
        }
        expect(Math.hypot(res.nx, res.ny)).toBeCloseTo(1, 12);
        const minSep = Math.min(...res.points.map((p) => p.separation));
        // Never deeper than the truth (but for the reference face bias towards A), never shallower
        // than the thresholds allow.
        expect(minSep).toBeGreaterThanOrEqual(ref - (bothPolygonal ? 0.0005 : 0) - EXACT * 10);
        expect(minSep).toBeLessThanOrEqual(ref + tol);
        for (const p of res.points) expect(p.separation).toBeLessThanOrEqual(MARGIN);
        // The normal is (nearly) the best separating direction, from A to B.
        expect(gapAlong(coreA, coreB, res.nx, res.ny)).toBeGreaterThanOrEqual(
          ref - tol - 0.5 * Math.max(ref, 0),
        );
        // Each point is midway between a point of A and a point of B, separation apart along the normal.
        for (const p of res.points) {
          const cA: [number, number] = [p.x - 0.5 * p.separation * res.nx, p.y - 0.5 * p.separation * res.ny];
          const cB: [number, number] = [p.x + 0.5 * p.separation * res.nx, p.y + 0.5 * p.separation * res.ny];
          expect(signedDistanceToShape(coreA, cA)).toBeLessThanOrEqual(EXACT * 10);
          expect(signedDistanceToShape(coreB, cB)).toBeLessThanOrEqual(EXACT * 10);
        }
      }),
      fcParams(100 + offset, NUM_RUNS),
    );
  });

  it('swapping A and B flips the normal and the keys and keeps points and separations', () => {
    fc.assert(
      fc.property(pairArb(kindA, kindB), ({ a, b, xfA, xfB }) => {
        const ab = run(a, xfA, b, xfB);
        const ba = run(b, xfB, a, xfA);
        if (bothPolygonal && !clearReference(worldCore(a, xfA), worldCore(b, xfB))) return;
        expect(ba.count).toBe(ab.count);
        if (ab.count === 0) return;
        expect(ba.nx).toBeCloseTo(-ab.nx, 9);
        expect(ba.ny).toBeCloseTo(-ab.ny, 9);
        const sort = (ps: Pt[]) => [...ps].sort((p, q) => p.key - q.key);
        const left = sort(ab.points);
        const right = sort(ba.points.map((p) => ({ ...p, key: flipFeatureKey(p.key) })));
        for (let i = 0; i < left.length; i++) {
          expect(right[i].key).toBe(left[i].key);
          expect(right[i].x).toBeCloseTo(left[i].x, 9);
          expect(right[i].y).toBeCloseTo(left[i].y, 9);
          expect(right[i].separation).toBeCloseTo(left[i].separation, 9);
        }
      }),
      fcParams(101 + offset, NUM_RUNS),
    );
  });

  it('a tiny motion keeps the feature keys (away from decision boundaries)', () => {
    fc.assert(
      fc.property(
        pairArb(kindA, kindB),
        uniform(-1, 1),
        uniform(-1, 1),
        uniform(-1, 1),
        (pair, ex, ey, ea) => {
          const { a, b, xfA, xfB } = pair;
          const before = run(a, xfA, b, xfB);
          const delta = 1e-9;
          const moved = new Transform(xfB.p.x + delta * ex, xfB.p.y + delta * ey, xfB.q.angle() + delta * ea);
          const after = run(a, xfA, b, moved);
          const coreA = worldCore(a, xfA);
          const coreB = worldCore(b, xfB);
          if (genericity(coreA, coreB, before.points) < 1e-6) return;
          expect(after.count).toBe(before.count);
          expect(after.points.map((p) => p.key).sort()).toEqual(before.points.map((p) => p.key).sort());
        },
      ),
      fcParams(102 + offset, NUM_RUNS),
    );
  });
});

type Pt2 = [number, number];

function faces(k: Core): { v: Pt2; n: Pt2; t: Pt2 }[] {
  const pts = k.points;
  if (pts.length < 2) return [];
  const m = pts.length;
  const out: { v: Pt2; n: Pt2; t: Pt2 }[] = [];
  for (let i = 0; i < (m === 2 ? 2 : m); i++) {
    const p = pts[i];
    const q = pts[(i + 1) % m];
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    const t: Pt2 = [(q[0] - p[0]) / len, (q[1] - p[1]) / len];
    out.push({ v: p, n: [t[1], -t[0]], t });
  }
  return out;
}

/** SAT separations of the cores on each one's face normals, best first. */
function faceSeparations(a: Core, b: Core): number[] {
  return faces(a)
    .map(({ v, n }) => Math.min(...b.points.map(([x, y]) => (x - v[0]) * n[0] + (y - v[1]) * n[1])))
    .sort((p, q) => q - p);
}

/** True when A's best face and B's best face are not within the reference-face bias of a tie. */
function clearReference(a: Core, b: Core): boolean {
  const sA = faceSeparations(a, b)[0];
  const sB = faceSeparations(b, a)[0];
  return Math.abs(sB - sA) > 0.0005 + 1e-6 && Math.abs(sB - (sA + 0.0005)) > 1e-6;
}

/**
 * How far the configuration is from every decision the polygon algorithm makes: ties between faces,
 * vertices on extended face lines or on the side lines through vertices, points at the margin, the
 * core gap at the clipping threshold. Small: a rounding error may legitimately change the keys.
 */
function genericity(a: Core, b: Core, points: Pt[]): number {
  let g = Number.POSITIVE_INFINITY;
  for (const p of points) g = Math.min(g, Math.abs(p.separation - MARGIN));
  if (a.points.length < 2 || b.points.length < 2) return g;
  for (const [p, q] of [
    [a, b],
    [b, a],
  ]) {
    const seps = faceSeparations(p, q);
    if (seps.length > 1) g = Math.min(g, seps[0] - seps[1]);
    g = Math.min(g, Math.abs(seps[0] - 0.0005));
    for (const { v, n, t } of faces(p)) {
      for (const [x, y] of q.points) {
        g = Math.min(
          g,
          Math.abs((x - v[0]) * n[0] + (y - v[1]) * n[1]),
          Math.abs((x - v[0]) * t[0] + (y - v[1]) * t[1]),
        );
      }
      // Incident-edge ties: two of q's normals equally anti-parallel to this one.
      const dots = faces(q)
        .map((f) => f.n[0] * n[0] + f.n[1] * n[1])
        .sort((u, w) => u - w);
      if (dots.length > 1) g = Math.min(g, dots[1] - dots[0]);
    }
  }
  const sA = faceSeparations(a, b)[0];
  const sB = faceSeparations(b, a)[0];
  g = Math.min(g, Math.abs(sB - (sA + 0.0005)));
  return g;
}

describe('hand-made cases', () => {
  const m = new Manifold();

  it('a box polygon resting on a ground polygon: two points, the keys of collideBoxes', () => {
    const ground = makeBoxPolygon(100, 20);
    const crate = makeBoxPolygon(1, 1);
    const groundXf = new Transform(0, -10, 0);
    const crateXf = new Transform(0, 0.49, 0);
    expect(collide(ground, groundXf, crate, crateXf, m, 0.02)).toBe(2);
    expect([m.normalX, m.normalY]).toEqual([0, 1]);
    const boxes = new Manifold();
    collideBoxes(new Box(100, 20), groundXf, new Box(1, 1), crateXf, boxes);
    const keys = (x: Manifold) =>
      x.points
        .slice(0, x.pointCount)
        .map((p) => p.key)
        .sort();
    expect(keys(m)).toEqual(keys(boxes));
    for (const p of m.points) {
      expect(p.separation).toBeCloseTo(-0.01, 12);
      expect(p.y).toBeCloseTo(-0.005, 12); // midway between the ground's top and the crate's bottom
    }
  });

  it('speculative points: kept up to the margin, dropped beyond', () => {
    const ground = makeBoxPolygon(10, 1);
    const crate = makeBoxPolygon(1, 1);
    const at = (gap: number) => new Transform(0, 0.5 + 0.5 + gap, 0);
    expect(collide(ground, new Transform(), crate, at(0.03), m, 0.04)).toBe(2);
    expect(m.points[0].separation).toBeCloseTo(0.03, 12);
    expect(collide(ground, new Transform(), crate, at(0.05), m, 0.04)).toBe(0);
    expect(collide(ground, new Transform(), crate, at(0.03), m, 0)).toBe(0);
    const ball = makeCircle(0.5);
    expect(collide(ground, new Transform(), ball, at(0.03), m, 0.04)).toBe(1);
    expect(m.points[0].separation).toBeCloseTo(0.03, 12);
    expect(collide(ball, at(0.03), ground, new Transform(), m, 0.02)).toBe(0);
  });

  it('a tilted crate: only the corner within the margin is kept', () => {
    const ground = makeBoxPolygon(10, 1);
    const crate = makeBoxPolygon(1, 1);
    // Turned so one bottom corner is 1 cm into the ground and the other about 18 cm above it.
    const angle = 0.2;
    const drop = 0.5 * (Math.cos(angle) + Math.sin(angle));
    const xf = new Transform(0, 0.5 + drop - 0.01, angle);
    expect(collide(ground, new Transform(), crate, xf, m, 0.05)).toBe(1);
    expect(m.points[0].separation).toBeCloseTo(-0.01, 9);
    expect(collide(ground, new Transform(), crate, xf, m, 0.5)).toBe(2);
  });

  it('circles: the point is midway between the surfaces on the line of centres', () => {
    const a = makeCircle(1);
    const b = makeCircle(0.5, { x: 0.25, y: 0 });
    expect(collide(a, new Transform(0, 0, 0), b, new Transform(1, 0, 0), m)).toBe(1);
    // Centres 1.25 apart, radii 1.5: overlap 0.25; surfaces at x = 1 and x = 0.75.
    expect(m.normalX).toBe(1);
    expect(m.points[0].separation).toBeCloseTo(-0.25, 15);
    expect(m.points[0].x).toBeCloseTo(0.875, 15);
    expect(m.points[0].key).toBe(0);
  });

  it('capsules lying on each other: two points at the ends of the overlap', () => {
    const cap = makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.25);
    expect(collide(cap, new Transform(0, 0, 0), cap, new Transform(0.5, 0.45, 0), m)).toBe(2);
    expect([m.normalX, m.normalY]).toEqual([0, 1]);
    const xs = m.points.map((p) => p.x).sort((p, q) => p - q);
    expect(xs[0]).toBeCloseTo(-0.5, 12);
    expect(xs[1]).toBeCloseTo(1, 12);
    for (const p of m.points) expect(p.separation).toBeCloseTo(-0.05, 12);
  });

  it('capsules end to end on one line: one point between the ends, normal along the line, the true gap', () => {
    // Their edge normals are all perpendicular to the line, so no separating axis shows the gap
    // between the ends: the segments' distance must (it once gave no point at all).
    fc.assert(
      fc.property(
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        fc.double({ min: 0.01, max: 0.5, noNaN: true }),
        fc.double({ min: 0.01, max: 0.5, noNaN: true }),
        fc.double({ min: -0.9, max: 1, noNaN: true }),
        (angle, lengthA, lengthB, rA, rB, g) => {
          const capA = makeCapsule({ x: -lengthA / 2, y: 0 }, { x: lengthA / 2, y: 0 }, rA);
          const capB = makeCapsule({ x: -lengthB / 2, y: 0 }, { x: lengthB / 2, y: 0 }, rB);
          // The gap between the rounded ends: from 90% of the smaller radius deep to past the margin.
          const gap = g < 0 ? g * Math.min(rA, rB) : g * 2 * MARGIN;
          const d = lengthA / 2 + rA + gap + rB + lengthB / 2;
          const c = Math.cos(angle);
          const s = Math.sin(angle);
          const xfA = new Transform(0.3, -0.2, angle);
          const xfB = new Transform(0.3 + d * c, -0.2 + d * s, angle);
          const count = collide(capA, xfA, capB, xfB, m, MARGIN);
          if (gap > MARGIN + EXACT) {
            expect(count).toBe(0);
            return;
          }
          expect(count).toBe(1);
          expect(m.normalX).toBeCloseTo(c, 9);
          expect(m.normalY).toBeCloseTo(s, 9);
          expect(m.points[0].separation).toBeCloseTo(gap, 9);
          expect(m.points[0].separation).toBeCloseTo(
            signedDistance(worldCore(capA, xfA), worldCore(capB, xfB)),
            9,
          );
          // Midway between the two ends along the line.
          const mid = lengthA / 2 + rA + gap / 2;
          expect(m.points[0].x).toBeCloseTo(0.3 + mid * c, 9);
          expect(m.points[0].y).toBeCloseTo(-0.2 + mid * s, 9);
        },
      ),
      fcParams(901, NUM_RUNS),
    );
  });

  it('rounded polygons corner to corner: one vertex-vertex point along the line between the corners', () => {
    const tri = makePolygon(
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 0, y: 1 },
      ],
      0.1,
    );
    // B: the same triangle turned half a turn, its corner (0, 0) at (-0.21, -0.21).
    expect(collide(tri, new Transform(0, 0, 0), tri, new Transform(-0.21, -0.21, Math.PI), m, 0.5)).toBe(1);
    expect(m.normalX).toBeCloseTo(-Math.SQRT1_2, 12);
    expect(m.normalY).toBeCloseTo(-Math.SQRT1_2, 12);
    expect(m.points[0].separation).toBeCloseTo(0.21 * Math.SQRT2 - 0.2, 12);
    // Vertex 0 of each (in-edge 3, out-edge 1).
    expect(m.points[0].key).toBe(makeFeatureKey(3, 1, 3, 1));
  });

  it('a box with offset and angle against a box goes through collideBoxes with the composed pose', () => {
    const plain = new Box(1, 2);
    const offset = { type: 'box' as const, width: 1, height: 2, offset: { x: 0.5, y: -0.25 }, angle: 0.3 };
    const xf = new Transform(1, 2, 0.4);
    const composed = new Transform(1, 2, 0.4).mul(new Transform(0.5, -0.25, 0.3));
    const other = new Box(3, 1);
    const otherXf = new Transform(1.5, 0.8, -0.2);
    const direct = new Manifold();
    const count = collideBoxes(plain, composed, other, otherXf, direct);
    expect(count).toBeGreaterThan(0);
    expect(collide(offset, xf, other, otherXf, m)).toBe(count);
    for (let i = 0; i < count; i++) {
      expect(m.points[i].x).toBeCloseTo(direct.points[i].x, 12);
      expect(m.points[i].y).toBeCloseTo(direct.points[i].y, 12);
      expect(m.points[i].key).toBe(direct.points[i].key);
    }
  });

  it('Box instances through collide are bit-identical to collideBoxes', () => {
    const a = new Box(1, 0.5);
    const b = new Box(0.7, 1.2);
    const direct = new Manifold();
    for (let i = 0; i < 200; i++) {
      const xfA = new Transform(Math.sin(i), Math.cos(3 * i), i);
      const xfB = new Transform(
        Math.sin(i) + 0.6 * Math.cos(7 * i),
        Math.cos(3 * i) + 0.6 * Math.sin(5 * i),
        -i,
      );
      expect(collide(a, xfA, b, xfB, m, 0.1)).toBe(collideBoxes(a, xfA, b, xfB, direct, 0.1));
      expect(m).toEqual(direct);
      expect(collide(a, xfA, b, xfB, m)).toBe(collideBoxes(a, xfA, b, xfB, direct));
      expect(m).toEqual(direct);
    }
  });

  it('refuses a negative or non-finite margin and unknown shape types', () => {
    const c = makeCircle(1);
    expect(() => collide(c, new Transform(), c, new Transform(), m, -1)).toThrow(CollisionError);
    expect(() => collide(c, new Transform(), c, new Transform(), m, -1)).toThrow('margin = -1');
    expect(() =>
      collidePolygons(makeBoxPolygon(1, 1), new Transform(), c as never, new Transform(), Number.NaN, m),
    ).toThrow('margin = NaN');
    expect(() => collide({ type: 'blob' } as never, new Transform(), c, new Transform(), m)).toThrow(
      'shapeA.type = blob',
    );
    expect(() => collide(c, new Transform(), { type: 'blob' } as never, new Transform(), m)).toThrow(
      'shapeB.type = blob',
    );
  });
});
