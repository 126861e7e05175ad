import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CollisionError } from '../src/errors';
import { computeHull } from '../src/hull';
import {
  combineMassData,
  computeBoxMass,
  computeCapsuleMass,
  computeCircleMass,
  computeMass,
  computePolygonMass,
  MassData,
} from '../src/mass';
import {
  makeBox,
  makeBoxPolygon,
  makeCapsule,
  makeCircle,
  makePolygon,
  type PolygonShape,
} from '../src/shapes';
import { fcParams, runs, uniform } from './fc-settings';
import { distanceToCore, type P, polygonArb } from './shape-reference';

const REL = 1e-12;
function expectRel(actual: number, expected: number, rel = REL) {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(expected)));
}

describe('computeHull and makePolygon', () => {
  const cloud = fc.array(fc.record({ x: uniform(-2, 2), y: uniform(-2, 2) }), {
    minLength: 3,
    maxLength: 24,
  });

  it('returns a counter-clockwise convex hull of at most 8 input points that holds every point', () => {
    let built = 0;
    fc.assert(
      fc.property(cloud, (points) => {
        let hull: { x: number; y: number }[];
        try {
          hull = computeHull(points);
        } catch (e) {
          // Only a hull of more than 8 vertices may be refused for such clouds.
          expect(e).toBeInstanceOf(CollisionError);
          expect((e as Error).message).toMatch(/at most 8/);
          return;
        }
        built++;
        expect(hull.length).toBeGreaterThanOrEqual(3);
        expect(hull.length).toBeLessThanOrEqual(8);
        const n = hull.length;
        for (let i = 0; i < n; i++) {
          const a = hull[i];
          const b = hull[(i + 1) % n];
          const c = hull[(i + 2) % n];
          // Strictly convex, counter-clockwise, edges no shorter than the tolerance.
          expect((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)).toBeGreaterThan(0);
          expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeGreaterThanOrEqual(0.005);
          expect(points.some((p) => p.x === a.x && p.y === a.y)).toBe(true);
        }
        const core: P[] = hull.map((v) => [v.x, v.y]);
        // Every input point is inside, or within the tolerance of a dropped near-collinear vertex.
        for (const p of points) expect(distanceToCore(core, [p.x, p.y])).toBeLessThanOrEqual(0.005 + 1e-12);
      }),
      fcParams(300, runs(500)),
    );
    expect(built).toBeGreaterThan(100);
  });

  it('drops collinear and coincident points', () => {
    const hull = computeHull([
      { x: 0, y: 0 },
      { x: 0.5, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 1.001, y: 1.001 },
      { x: 0, y: 1 },
      { x: 0.5, y: 0.5 },
    ]);
    expect(hull.map((v) => [v.x, v.y])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ]);
  });

  it('refuses degenerate input with a CollisionError naming the argument and the value', () => {
    const refuse = (f: () => unknown, text: string) => {
      expect(f).toThrow(CollisionError);
      expect(f).toThrow(text);
    };
    const nine = Array.from({ length: 9 }, (_, i) => ({
      x: Math.cos((2 * Math.PI * i) / 9),
      y: Math.sin((2 * Math.PI * i) / 9),
    }));
    refuse(() => makePolygon(nine), 'points = [(1, 0)');
    refuse(() => makePolygon(nine), 'hull of 9 vertices; at most 8');
    refuse(
      () =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 2, y: 2 },
          { x: 3, y: 3.001 },
        ]),
      'must not all lie on one line',
    );
    refuse(
      () =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 0.001, y: 0 },
          { x: 1, y: 0 },
        ]),
      '2 after welding',
    );
    refuse(
      () =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ]),
      'points = [(0, 0), (1, 0)]: must hold at least 3 distinct points',
    );
    refuse(
      () =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 1, y: Number.NaN },
          { x: 0, y: 1 },
        ]),
      'points[1].y = NaN',
    );
    const square = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
    ];
    refuse(() => makePolygon(square, -1), 'radius = -1: must be a finite number >= 0');
    refuse(() => makePolygon(square, Number.POSITIVE_INFINITY), 'radius = Infinity');
    refuse(() => makeCircle(0), 'radius = 0');
    refuse(() => makeCircle(1, { x: Number.NaN, y: 0 }), 'center.x = NaN');
    refuse(() => makeCapsule({ x: 0, y: 0 }, { x: 0.001, y: 0 }, 1), 'center2 = (0.001, 0)');
    refuse(() => makeCapsule({ x: 0, y: 0 }, { x: 1, y: 0 }, -2), 'radius = -2');
    refuse(() => makeBox(0, 1), 'width = 0');
    refuse(() => makeBoxPolygon(1, 1, undefined, Number.NaN), 'angle = NaN');
  });

  it('makeBoxPolygon numbers its vertices like the box (vertex 0 at (+hx, +hy), edge 0 on top)', () => {
    const p = makeBoxPolygon(2, 1);
    expect(p.vertices.map((v) => [v.x, v.y])).toEqual([
      [1, 0.5],
      [-1, 0.5],
      [-1, -0.5],
      [1, -0.5],
    ]);
    expect(p.normals.map((v) => [v.x, v.y])).toEqual([
      [0, 1],
      [-1, 0],
      [0, -1],
      [1, 0],
    ]);
  });
});

// ---- Mass ----

/** Gauss–Legendre nodes and weights on [-1, 1]. */
function gaussLegendre(n: number): [number[], number[]] {
  const xs: number[] = [];
  const ws: number[] = [];
  for (let i = 1; i <= n; i++) {
    let x = Math.cos((Math.PI * (i - 0.25)) / (n + 0.5));
    let dp = 0;
    for (let it = 0; it < 100; it++) {
      let p0 = 1;
      let p1 = x;
      for (let k = 2; k <= n; k++) {
        const p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      dp = (n * (x * p1 - p0)) / (x * x - 1);
      const dx = p1 / dp;
      x -= dx;
      if (Math.abs(dx) < 1e-16) break;
    }
    xs.push(x);
    ws.push(2 / ((1 - x * x) * dp * dp));
  }
  return [xs, ws];
}
const [GX, GW] = gaussLegendre(24);

/**
 * Area, centroid and polar moment about the origin of a rounded convex polygon by Green's theorem on
 * its boundary (straight offset edges and arcs), each piece by Gauss–Legendre quadrature: an
 * independent route to the same integrals.
 */
function greenMoments(poly: PolygonShape) {
  const vs = poly.vertices;
  const r = poly.radius ?? 0;
  const n = vs.length;
  let area = 0;
  let mx = 0;
  let my = 0;
  let polar = 0;
  // ∮ x dy = A, ∮ x²/2 dy = ∫x, -∮ y²/2 dx = ∫y, (1/3)∮ x³ dy - y³ dx = ∫(x² + y²).
  const add = (x: number, y: number, dx: number, dy: number, w: number) => {
    area += w * x * dy;
    mx += w * 0.5 * x * x * dy;
    my -= w * 0.5 * y * y * dx;
    polar += (w * (x * x * x * dy - y * y * y * dx)) / 3;
  };
  for (let i = 0; i < n; i++) {
    const a = vs[i];
    const b = vs[(i + 1) % n];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const nx = (b.y - a.y) / len;
    const ny = -(b.x - a.x) / len;
    for (let k = 0; k < GX.length; k++) {
      const t = 0.5 * (GX[k] + 1);
      add(a.x + t * (b.x - a.x) + r * nx, a.y + t * (b.y - a.y) + r * ny, b.x - a.x, b.y - a.y, 0.5 * GW[k]);
    }
    if (r > 0) {
      const c = vs[(i + 2) % n];
      const len2 = Math.hypot(c.x - b.x, c.y - b.y);
      const a1 = Math.atan2(ny, nx);
      let a2 = Math.atan2(-(c.x - b.x) / len2, (c.y - b.y) / len2);
      while (a2 < a1) a2 += 2 * Math.PI;
      for (let k = 0; k < GX.length; k++) {
        const th = a1 + 0.5 * (GX[k] + 1) * (a2 - a1);
        const w = 0.5 * GW[k] * (a2 - a1);
        add(b.x + r * Math.cos(th), b.y + r * Math.sin(th), -r * Math.sin(th), r * Math.cos(th), w);
      }
    }
  }
  return { area, cx: mx / area, cy: my / area, polar };
}

describe('mass data', () => {
  const out = new MassData();

  it('circle: m = ρπr², I = m r²/2 about the centre, + m|c|² about the origin', () => {
    computeCircleMass(makeCircle(0.7, { x: 0.3, y: -0.2 }), 2.5, out);
    const m = 2.5 * Math.PI * 0.49;
    expectRel(out.mass, m);
    expectRel(out.centerX, 0.3);
    expectRel(out.centerY, -0.2);
    expectRel(out.rotationalInertia, 0.5 * m * 0.49);
    expectRel(out.originInertia, 0.5 * m * 0.49 + m * (0.09 + 0.04));
  });

  it('box: m = ρwh, I = m(w² + h²)/12 whatever the angle, shifted by the offset', () => {
    computeBoxMass(makeBox(2, 0.5, { x: 1, y: 2 }, 0.7), 3, out);
    const m = 3 * 2 * 0.5;
    expectRel(out.mass, m);
    expectRel(out.rotationalInertia, (m * (4 + 0.25)) / 12);
    expectRel(out.originInertia, (m * (4 + 0.25)) / 12 + m * 5);
    // The same box as a 4-gon polygon.
    const poly = computePolygonMass(makeBoxPolygon(2, 0.5, { x: 1, y: 2 }, 0.7), 3, new MassData());
    expectRel(poly.mass, out.mass);
    expectRel(poly.centerX, 1);
    expectRel(poly.centerY, 2);
    expectRel(poly.rotationalInertia, out.rotationalInertia);
    expectRel(poly.originInertia, out.originInertia);
  });

  it('capsule: rectangle plus two half discs, each integrated about the capsule centre', () => {
    const r = 0.3;
    const L = 1.6;
    const h = L / 2;
    const rho = 1.7;
    // Tilted and shifted: centre (0.5, -0.25).
    const dir = [Math.cos(0.4), Math.sin(0.4)];
    const cap = makeCapsule(
      { x: 0.5 - h * dir[0], y: -0.25 - h * dir[1] },
      { x: 0.5 + h * dir[0], y: -0.25 + h * dir[1] },
      r,
    );
    computeCapsuleMass(cap, rho, out);
    const m = rho * (Math.PI * r * r + 2 * r * L);
    // Rectangle L × 2r about its centre; each half disc: ∫|(h + x, y)|² over x ≥ 0 of the disc
    // = h² πr²/2 + 2h (2r³/3) + πr⁴/4.
    const inertia =
      (rho * 2 * r * L * (L * L + 4 * r * r)) / 12 +
      2 * rho * ((h * h * Math.PI * r * r) / 2 + (4 * h * r ** 3) / 3 + (Math.PI * r ** 4) / 4);
    expectRel(out.mass, m);
    expectRel(out.centerX, 0.5);
    expectRel(out.centerY, -0.25);
    expectRel(out.rotationalInertia, inertia);
    expectRel(out.originInertia, inertia + m * (0.25 + 0.0625));
  });

  it('triangle: centroid at the mean of the vertices, I = m (a² + b² + c²) / 36', () => {
    const tri = makePolygon([
      { x: 0.2, y: 0.1 },
      { x: 2.3, y: 0.4 },
      { x: 0.9, y: 1.7 },
    ]);
    computePolygonMass(tri, 2, out);
    const [a, b, c] = [
      [0.2, 0.1],
      [2.3, 0.4],
      [0.9, 1.7],
    ];
    const area = 0.5 * ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
    const m = 2 * area;
    const d2 = (p: number[], q: number[]) => (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2;
    const cx = (a[0] + b[0] + c[0]) / 3;
    const cy = (a[1] + b[1] + c[1]) / 3;
    expectRel(out.mass, m);
    expectRel(out.centerX, cx);
    expectRel(out.centerY, cy);
    expectRel(out.rotationalInertia, (m * (d2(a, b) + d2(b, c) + d2(c, a))) / 36);
    expectRel(out.originInertia, (m * (d2(a, b) + d2(b, c) + d2(c, a))) / 36 + m * (cx * cx + cy * cy));
  });

  it('rounded rectangle: core, four edge slabs and four quarter discs, exactly', () => {
    const w = 1.2;
    const h = 0.7;
    const r = 0.15;
    const rho = 1.3;
    computePolygonMass(makeBoxPolygon(w, h, undefined, 0, r), rho, out);
    const area = w * h + 2 * (w + h) * r + Math.PI * r * r;
    const slabs =
      (2 * (w * r * (w * w + r * r))) / 12 +
      2 * w * r * ((h + r) / 2) ** 2 +
      (2 * (h * r * (h * h + r * r))) / 12 +
      2 * h * r * ((w + r) / 2) ** 2;
    const corners =
      (Math.PI * r * r * (w * w + h * h)) / 4 + (4 * r ** 3 * (w + h)) / 3 + (Math.PI * r ** 4) / 2;
    const inertia = rho * ((w * h * (w * w + h * h)) / 12 + slabs + corners);
    expectRel(out.mass, rho * area);
    expectRel(out.centerX, 0);
    expectRel(out.centerY, 0);
    expectRel(out.rotationalInertia, inertia);
  });

  it('any rounded polygon: agrees with Green’s theorem integrated along its boundary', () => {
    fc.assert(
      fc.property(polygonArb(true), uniform(-2, 2), uniform(-2, 2), uniform(0.5, 3), (poly, ox, oy, rho) => {
        const moved = makePolygon(
          poly.vertices.map((v) => ({ x: v.x + ox, y: v.y + oy })),
          poly.radius,
        );
        const g = greenMoments(moved);
        computeMass(moved, rho, out);
        expectRel(out.mass, rho * g.area, 1e-11);
        expectRel(out.centerX, g.cx, 1e-11);
        expectRel(out.centerY, g.cy, 1e-11);
        expectRel(out.originInertia, rho * g.polar, 1e-11);
        expectRel(out.rotationalInertia, rho * (g.polar - g.area * (g.cx * g.cx + g.cy * g.cy)), 1e-10);
      }),
      fcParams(310, runs(200)),
    );
  });

  it('combineMassData: two unit squares side by side make the 2 × 1 box (parallel-axis theorem)', () => {
    const left = computeMass(makeBox(1, 1, { x: -0.5, y: 3 }), 2, new MassData());
    const right = computeMass(makeBox(1, 1, { x: 0.5, y: 3 }), 2, new MassData());
    const whole = computeMass(makeBox(2, 1, { x: 0, y: 3 }), 2, new MassData());
    combineMassData([left, right], out);
    expectRel(out.mass, whole.mass);
    expectRel(out.centerX, whole.centerX);
    expectRel(out.centerY, whole.centerY);
    expectRel(out.rotationalInertia, whole.rotationalInertia);
    expectRel(out.originInertia, whole.originInertia);
    combineMassData([], out);
    expect([out.mass, out.centerX, out.centerY, out.rotationalInertia, out.originInertia]).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });

  it('refuses a negative or non-finite density', () => {
    expect(() => computeMass(makeCircle(1), -1, out)).toThrow('density = -1');
    expect(() => computeMass(makeCircle(1), Number.NaN, out)).toThrow(CollisionError);
  });
});
