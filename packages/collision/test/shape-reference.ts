// Independent reference geometry for the shape tests: every shape as a world-frame "core" (a point, a
// segment or a convex polygon) inflated by a radius, and brute-force distances, support functions and
// signed distances written from those definitions, never from the code under test.
import { Transform } from '@lite/math';
import fc from 'fast-check';
import { makeBoxPolygon, makeCapsule, makeCircle, makePolygon, type Shape } from '../src/shapes';
import { uniform } from './fc-settings';

export type P = [number, number];

/** A shape in the world: its core points (convex, counter-clockwise when ≥ 3) and its radius. */
export interface Core {
  points: P[];
  radius: number;
}

export function worldCore(shape: Shape, xf: Transform): Core {
  const { c, s } = xf.q;
  const tr = (x: number, y: number): P => [c * x - s * y + xf.p.x, s * x + c * y + xf.p.y];
  switch (shape.type) {
    case 'circle':
      return { points: [tr(shape.center?.x ?? 0, shape.center?.y ?? 0)], radius: shape.radius };
    case 'capsule':
      return {
        points: [tr(shape.center1.x, shape.center1.y), tr(shape.center2.x, shape.center2.y)],
        radius: shape.radius,
      };
    case 'polygon':
      return { points: shape.vertices.map((v) => tr(v.x, v.y)), radius: shape.radius ?? 0 };
    case 'segment':
    case 'chainSegment':
      return { points: [tr(shape.point1.x, shape.point1.y), tr(shape.point2.x, shape.point2.y)], radius: 0 };
    case 'box': {
      const hx = shape.width / 2;
      const hy = shape.height / 2;
      const a = shape.angle ?? 0;
      const ca = Math.cos(a);
      const sa = Math.sin(a);
      const ox = shape.offset?.x ?? 0;
      const oy = shape.offset?.y ?? 0;
      return {
        points: (
          [
            [hx, hy],
            [-hx, hy],
            [-hx, -hy],
            [hx, -hy],
          ] as P[]
        ).map(([x, y]) => tr(ox + ca * x - sa * y, oy + sa * x + ca * y)),
        radius: 0,
      };
    }
  }
}

/** Distance from q to the segment a-b. */
export function pointSegment(q: P, a: P, b: P): number {
  const ex = b[0] - a[0];
  const ey = b[1] - a[1];
  const ee = ex * ex + ey * ey;
  let t = ee === 0 ? 0 : ((q[0] - a[0]) * ex + (q[1] - a[1]) * ey) / ee;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(q[0] - a[0] - t * ex, q[1] - a[1] - t * ey);
}

function edges(points: P[]): [P, P][] {
  if (points.length === 1) return [[points[0], points[0]]];
  if (points.length === 2) return [[points[0], points[1]]];
  return points.map((p, i) => [p, points[(i + 1) % points.length]]);
}

/** True when q lies inside (or on) the convex core. */
export function inCore(core: P[], q: P): boolean {
  if (core.length < 3) return false;
  for (let i = 0; i < core.length; i++) {
    const a = core[i];
    const b = core[(i + 1) % core.length];
    if ((b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0]) < -1e-12) return false;
  }
  return true;
}

/** Distance from q to the core (0 inside it). */
export function distanceToCore(core: P[], q: P): number {
  if (inCore(core, q)) return 0;
  return Math.min(...edges(core).map(([a, b]) => pointSegment(q, a, b)));
}

/** Signed distance from q to the shape's surface: negative inside. */
export function signedDistanceToShape(k: Core, q: P): number {
  if (inCore(k.points, q)) {
    // Inside the core: minus the distance to the core's boundary, minus the radius.
    const d = Math.min(...edges(k.points).map(([a, b]) => pointSegment(q, a, b)));
    return -d - k.radius;
  }
  return distanceToCore(k.points, q) - k.radius;
}

function segmentsCross(a: P, b: P, c: P, d: P): boolean {
  const o = (p: P, q: P, r: P) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = o(c, d, a);
  const d2 = o(c, d, b);
  const d3 = o(a, b, c);
  const d4 = o(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** Exact distance between two cores (0 when they intersect). */
export function coreDistance(a: P[], b: P[]): number {
  if (a.some((p) => inCore(b, p)) || b.some((p) => inCore(a, p))) return 0;
  let best = Number.POSITIVE_INFINITY;
  for (const [p, q] of edges(a)) {
    for (const [r, s] of edges(b)) {
      if (segmentsCross(p, q, r, s)) return 0;
      best = Math.min(
        best,
        pointSegment(p, r, s),
        pointSegment(q, r, s),
        pointSegment(r, p, q),
        pointSegment(s, p, q),
      );
    }
  }
  return best;
}

/** Support function of a shape: max over its points of p · (nx, ny), for a unit direction. */
export function support(k: Core, nx: number, ny: number): number {
  return Math.max(...k.points.map(([x, y]) => x * nx + y * ny)) + k.radius;
}

/** The gap between A and B along the unit direction n: min over B of b·n - max over A of a·n. */
export function gapAlong(a: Core, b: Core, nx: number, ny: number): number {
  return -support(b, -nx, -ny) - support(a, nx, ny);
}

/**
 * Signed distance between two convex shapes: max over unit directions of the gap along them (the
 * distance when apart, minus the penetration depth when overlapping). Brute force: 720 directions
 * plus every edge normal, then golden-section refinement around the best.
 */
export function signedDistance(a: Core, b: Core): number {
  // When apart, the exact distance is cheaper and exact.
  const apart = coreDistance(a.points, b.points);
  if (apart > 0 && apart - a.radius - b.radius > 0) return apart - a.radius - b.radius;
  const g = (t: number) => gapAlong(a, b, Math.cos(t), Math.sin(t));
  const candidates: number[] = [];
  for (let i = 0; i < 720; i++) candidates.push((2 * Math.PI * i) / 720);
  for (const k of [a, b]) {
    for (const [p, q] of edges(k.points)) {
      if (p === q) continue;
      candidates.push(Math.atan2(-(q[0] - p[0]), q[1] - p[1]), Math.atan2(q[0] - p[0], -(q[1] - p[1])));
    }
  }
  let bestT = candidates[0];
  let best = g(bestT);
  for (const t of candidates) {
    const v = g(t);
    if (v > best) {
      best = v;
      bestT = t;
    }
  }
  let lo = bestT - (2 * Math.PI) / 720;
  let hi = bestT + (2 * Math.PI) / 720;
  const phi = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 80; i++) {
    const m1 = hi - phi * (hi - lo);
    const m2 = lo + phi * (hi - lo);
    if (g(m1) < g(m2)) lo = m1;
    else hi = m2;
  }
  return Math.max(best, g(0.5 * (lo + hi)));
}

/** Dense samples of a shape's boundary (world). */
export function boundarySamples(k: Core, perUnit = 400): P[] {
  const out: P[] = [];
  const pts = k.points;
  const r = k.radius;
  if (pts.length >= 2) {
    for (const [p, q] of edges(pts)) {
      const ex = q[0] - p[0];
      const ey = q[1] - p[1];
      const len = Math.hypot(ex, ey);
      const nx = ey / len;
      const ny = -ex / len;
      const m = Math.max(2, Math.ceil(len * perUnit));
      for (let i = 0; i <= m; i++) {
        out.push([p[0] + (ex * i) / m + r * nx, p[1] + (ey * i) / m + r * ny]);
        if (pts.length === 2) out.push([p[0] + (ex * i) / m - r * nx, p[1] + (ey * i) / m - r * ny]);
      }
    }
  }
  if (r > 0) {
    const m = Math.max(16, Math.ceil(2 * Math.PI * r * perUnit));
    for (const p of pts) {
      for (let i = 0; i < m; i++) {
        const t = (2 * Math.PI * i) / m;
        out.push([p[0] + r * Math.cos(t), p[1] + r * Math.sin(t)]);
      }
    }
  }
  // Keep only points on the boundary (the discs' arcs inside the shape are dropped).
  return out.filter((q) => Math.abs(signedDistanceToShape(k, q)) < 1e-9);
}

// ---- Arbitraries ----

const coord = uniform(-3, 3);
const size = uniform(0.1, 2);
const angle = uniform(-Math.PI, Math.PI);

export const circleArb = fc
  .record({ r: size, cx: uniform(-0.5, 0.5), cy: uniform(-0.5, 0.5) })
  .map(({ r, cx, cy }) => makeCircle(r, { x: cx, y: cy }));

export const capsuleArb = fc
  .record({
    len: uniform(0.2, 2),
    a: angle,
    r: uniform(0.05, 0.8),
    ox: uniform(-0.3, 0.3),
    oy: uniform(-0.3, 0.3),
  })
  .map(({ len, a, r, ox, oy }) =>
    makeCapsule(
      { x: ox - (len / 2) * Math.cos(a), y: oy - (len / 2) * Math.sin(a) },
      { x: ox + (len / 2) * Math.cos(a), y: oy + (len / 2) * Math.sin(a) },
      r,
    ),
  );

/** Random convex polygons: points on a jittered ellipse, so the hull has 3 to 8 vertices. */
export const polygonArb = (rounded: boolean) =>
  fc
    .record({
      n: fc.integer({ min: 3, max: 8 }),
      rx: uniform(0.2, 1.5),
      ry: uniform(0.2, 1.5),
      phase: angle,
      jitter: fc.array(uniform(0.15, 0.85), { minLength: 8, maxLength: 8 }),
      r: rounded ? uniform(0.02, 0.4) : fc.constant(0),
    })
    .map(({ n, rx, ry, phase, jitter, r }) => {
      const pts = [];
      for (let i = 0; i < n; i++) {
        const t = phase + ((i + jitter[i]) * 2 * Math.PI) / n;
        pts.push({ x: rx * Math.cos(t), y: ry * Math.sin(t) });
      }
      return makePolygon(pts, r);
    });

export const boxArb = fc
  .record({ w: size, h: size, a: angle, ox: uniform(-0.3, 0.3), oy: uniform(-0.3, 0.3) })
  .map(({ w, h, a, ox, oy }) => ({
    type: 'box' as const,
    width: w,
    height: h,
    offset: { x: ox, y: oy },
    angle: a,
  }));

export const boxPolygonArb = fc.record({ w: size, h: size }).map(({ w, h }) => makeBoxPolygon(w, h));

export const poseArb = fc
  .record({ x: coord, y: coord, a: angle })
  .map(({ x, y, a }) => new Transform(x, y, a));

/** A pose for B near A's pose: within `reach` m of it. */
export function nearPose(reach: number) {
  return fc
    .record({ dir: angle, dist: uniform(0, reach), a: angle })
    .map(({ dir, dist, a }) => ({ dir, dist, a }));
}
