import { Transform } from '@lite/math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collideBoxes } from '../src/collide-boxes';
import {
  featureKeyInEdgeA,
  featureKeyInEdgeB,
  featureKeyOutEdgeA,
  featureKeyOutEdgeB,
  flipFeatureKey,
  Manifold,
} from '../src/manifold';
import { fcParams, runs, uniform } from './fc-settings';
import {
  axes,
  corners,
  distanceOutside,
  distanceToBoundary,
  faceSeparations,
  genericity,
  type Placed,
  place,
  project,
  toLocal,
} from './reference';

// Property-based tests of the box-box manifold against independent geometry (./reference.ts).

const NUM_RUNS = runs(4000);
/** Tolerance on positions and separations (coordinates are within about ±20 m). */
const TOL = 1e-9;

const size = uniform(0.05, 5);
const angle = uniform(-Math.PI, Math.PI);
const coord = uniform(-10, 10);

/**
 * Two boxes near each other: B's centre at `reach` times the sum of the half diagonals from A's centre,
 * in direction `dir`. reach ≤ 1 always lets the bounding circles meet, so many pairs overlap.
 */
function pairOf(maxReach: number) {
  return fc
    .record({
      wA: size,
      hA: size,
      wB: size,
      hB: size,
      xA: coord,
      yA: coord,
      aA: angle,
      aB: angle,
      dir: angle,
      reach: uniform(0, maxReach),
    })
    .map((r) => {
      const dist = (r.reach * (Math.hypot(r.wA, r.hA) + Math.hypot(r.wB, r.hB))) / 2;
      return {
        a: place(r.wA, r.hA, r.xA, r.yA, r.aA),
        b: place(r.wB, r.hB, r.xA + dist * Math.cos(r.dir), r.yA + dist * Math.sin(r.dir), r.aB),
      };
    });
}

/**
 * Degenerate configurations on purpose: sizes and offsets on a coarse grid and angles that are
 * multiples of 45°, so faces are parallel, vertices touch faces, centres coincide, boxes touch exactly.
 */
const specialPair = fc
  .record({
    wA: fc.constantFrom(0.25, 0.5, 1, 2),
    hA: fc.constantFrom(0.25, 0.5, 1, 2),
    wB: fc.constantFrom(0.25, 0.5, 1, 2),
    hB: fc.constantFrom(0.25, 0.5, 1, 2),
    aA: fc.integer({ min: -4, max: 4 }),
    aB: fc.integer({ min: -4, max: 4 }),
    dx: fc.integer({ min: -8, max: 8 }),
    dy: fc.integer({ min: -8, max: 8 }),
  })
  .map((r) => ({
    a: place(r.wA, r.hA, 0, 0, (r.aA * Math.PI) / 4),
    b: place(r.wB, r.hB, r.dx / 4, r.dy / 4, (r.aB * Math.PI) / 4),
  }));

function collidePlaced(a: Placed, b: Placed): Manifold {
  const m = new Manifold();
  collideBoxes(a.box, a.xf, b.box, b.xf, m);
  return m;
}

function halfExtentsByAxis(a: Placed, b: Placed): number[] {
  return [a.box.halfWidth, a.box.halfHeight, b.box.halfWidth, b.box.halfHeight];
}

/**
 * True when no decision of the algorithm sits within `eps` of its threshold, so a rounding error
 * cannot flip it: every vertex is farther than eps from every extended face line of the other box;
 * no axis is within eps of the hysteresis threshold against another; the centres are not aligned on a
 * face axis (which fixes the normal's sign); the relative angle is not within eps of 45° (which picks
 * the incident edge).
 */
function unambiguous(a: Placed, b: Placed, eps: number): boolean {
  if (genericity(a, b) <= eps) return false;
  const seps = faceSeparations(a, b);
  const h = halfExtentsByAxis(a, b);
  for (let j = 0; j < 4; j++) {
    for (let k = 0; k < 4; k++) {
      if (j !== k && Math.abs(seps[k] - (0.95 * seps[j] + 0.01 * h[k])) <= eps) return false;
    }
  }
  const [dAx, dAy] = toLocal(a, b.xf.p.x, b.xf.p.y);
  const [dBx, dBy] = toLocal(b, a.xf.p.x, a.xf.p.y);
  if (Math.min(Math.abs(dAx), Math.abs(dAy), Math.abs(dBx), Math.abs(dBy)) <= eps) return false;
  const [[ax, ay]] = axes(a);
  const [[bx, by]] = axes(b);
  const cosRel = ax * bx + ay * by;
  const sinRel = ax * by - ay * bx;
  return Math.abs(Math.abs(cosRel) - Math.abs(sinRel)) > eps;
}

/** True when the best axis beats every other by more than the hysteresis in either argument order. */
function clearAxis(a: Placed, b: Placed, eps: number): boolean {
  const seps = faceSeparations(a, b);
  const h = halfExtentsByAxis(a, b);
  let best = 0;
  for (let k = 1; k < 4; k++) if (seps[k] > seps[best]) best = k;
  for (let k = 0; k < 4; k++) {
    if (k !== best && !(seps[best] > 0.95 * seps[k] + 0.01 * h[best] + eps)) return false;
  }
  return true;
}

function pointsOf(m: Manifold) {
  return m.points
    .slice(0, m.pointCount)
    .map((p) => ({ x: p.x, y: p.y, separation: p.separation, key: p.key }));
}

/** Matches each point of `expected` with a distinct point of `actual` within `tol`; keys must agree. */
function expectSamePoints(
  actual: { x: number; y: number; separation: number; key: number }[],
  expected: { x: number; y: number; separation: number; key: number }[],
  tol: number,
): void {
  expect(actual.length).toBe(expected.length);
  const used = new Set<number>();
  for (const e of expected) {
    const i = actual.findIndex(
      (p, index) =>
        !used.has(index) &&
        Math.abs(p.x - e.x) <= tol &&
        Math.abs(p.y - e.y) <= tol &&
        Math.abs(p.separation - e.separation) <= tol,
    );
    expect(i, `a point near (${e.x}, ${e.y}, sep ${e.separation})`).toBeGreaterThanOrEqual(0);
    used.add(i);
    expect(actual[i].key).toBe(e.key);
  }
}

describe('collideBoxes: properties', () => {
  it('swapping A and B flips the normal and keys and keeps the points and separations', () => {
    let withPoints = 0;
    fc.assert(
      fc.property(pairOf(1), ({ a, b }) => {
        fc.pre(unambiguous(a, b, 1e-7) && clearAxis(a, b, 1e-7));
        const ab = collidePlaced(a, b);
        const ba = collidePlaced(b, a);
        expect(ba.pointCount).toBe(ab.pointCount);
        if (ab.pointCount === 0) return;
        withPoints++;
        expect(Math.abs(ba.normalX + ab.normalX)).toBeLessThanOrEqual(TOL);
        expect(Math.abs(ba.normalY + ab.normalY)).toBeLessThanOrEqual(TOL);
        const flipped = pointsOf(ab).map((p) => ({ ...p, key: flipFeatureKey(p.key) }));
        expectSamePoints(pointsOf(ba), flipped, TOL);
      }),
      fcParams(0, NUM_RUNS),
    );
    // Guard against a vacuous run: a good share of the cases must have produced contacts.
    expect(withPoints).toBeGreaterThan(NUM_RUNS / 5);
  });

  it('moving both boxes rigidly moves the manifold the same way', () => {
    let withPoints = 0;
    const motion = fc.record({
      tx: fc.double({ min: -100, max: 100, noNaN: true }),
      ty: fc.double({ min: -100, max: 100, noNaN: true }),
      turn: angle,
    });
    fc.assert(
      fc.property(pairOf(1), motion, ({ a, b }, { tx, ty, turn }) => {
        fc.pre(unambiguous(a, b, 1e-7));
        const c = Math.cos(turn);
        const s = Math.sin(turn);
        const move = (p: Placed): Placed => {
          const x = c * p.xf.p.x - s * p.xf.p.y + tx;
          const y = s * p.xf.p.x + c * p.xf.p.y + ty;
          return { box: p.box, xf: new Transform(x, y, p.xf.q.angle() + turn) };
        };
        const before = collidePlaced(a, b);
        const after = collidePlaced(move(a), move(b));
        expect(after.pointCount).toBe(before.pointCount);
        if (before.pointCount === 0) return;
        withPoints++;
        // Rotation by `turn` is applied through sin/cos of the summed angle: allow for its rounding.
        const tol = 1e-8;
        expect(Math.abs(after.normalX - (c * before.normalX - s * before.normalY))).toBeLessThanOrEqual(tol);
        expect(Math.abs(after.normalY - (s * before.normalX + c * before.normalY))).toBeLessThanOrEqual(tol);
        const moved = pointsOf(before).map((p) => ({
          x: c * p.x - s * p.y + tx,
          y: s * p.x + c * p.y + ty,
          separation: p.separation,
          key: p.key,
        }));
        expectSamePoints(pointsOf(after), moved, tol);
      }),
      fcParams(1, NUM_RUNS),
    );
    expect(withPoints).toBeGreaterThan(NUM_RUNS / 5);
  });

  it('points lie on the reference face and inside both boxes; separations match the penetration', () => {
    let withPoints = 0;
    let deepestChecked = 0;
    fc.assert(
      fc.property(fc.oneof(pairOf(1), pairOf(1), pairOf(1), specialPair), ({ a, b }) => {
        const m = collidePlaced(a, b);
        if (m.pointCount === 0) return;
        withPoints++;
        const nx = m.normalX;
        const ny = m.normalY;
        expect(Math.abs(Math.hypot(nx, ny) - 1)).toBeLessThanOrEqual(1e-12);
        const points = pointsOf(m);
        for (const p of points) expect(p.separation).toBeLessThanOrEqual(0);

        // The reference box R has the face with outward normal m (n for A, -n for B); the other box O
        // holds the incident edge. Find an R for which the manifold is consistent.
        const seps = faceSeparations(a, b);
        const h = halfExtentsByAxis(a, b);
        const failures: string[] = [];
        for (const [R, O, mx, my, referenceIsA] of [
          [a, b, nx, ny, true],
          [b, a, -nx, -ny, false],
        ] as const) {
          const why = checkReference(R, O, mx, my, referenceIsA, points, seps, h);
          if (why === null) {
            if (why === null && deepestInside(R, O, mx, my)) deepestChecked++;
            return;
          }
          failures.push(why);
        }
        throw new Error(`no consistent reference face: ${failures.join('; ')}`);
      }),
      fcParams(2, NUM_RUNS),
    );
    expect(withPoints).toBeGreaterThan(NUM_RUNS / 5);
    expect(deepestChecked).toBeGreaterThan(NUM_RUNS / 10);
  });

  it('separated boxes (independent SAT) give no points; overlapping ones give at least one', () => {
    let separated = 0;
    let overlapping = 0;
    fc.assert(
      fc.property(fc.oneof(pairOf(1.3), pairOf(1.3), pairOf(1.3), specialPair), ({ a, b }) => {
        const gap = Math.max(...faceSeparations(a, b));
        const count = collidePlaced(a, b).pointCount;
        if (gap > TOL) {
          separated++;
          expect(count).toBe(0);
        } else if (gap < -TOL) {
          overlapping++;
          expect(count).toBeGreaterThan(0);
        }
      }),
      fcParams(3, NUM_RUNS),
    );
    expect(separated).toBeGreaterThan(NUM_RUNS / 5);
    expect(overlapping).toBeGreaterThan(NUM_RUNS / 5);
  });

  it('keys and point count do not change under a tiny motion of one box', () => {
    fc.assert(
      fc.property(
        pairOf(1),
        fc.double({ min: -1e-9, max: 1e-9, noNaN: true }),
        fc.double({ min: -1e-9, max: 1e-9, noNaN: true }),
        fc.double({ min: -1e-9, max: 1e-9, noNaN: true }),
        ({ a, b }, dx, dy, da) => {
          fc.pre(unambiguous(a, b, 1e-6));
          const before = collidePlaced(a, b);
          const nudged = { box: b.box, xf: new Transform(b.xf.p.x + dx, b.xf.p.y + dy, b.xf.q.angle() + da) };
          const after = collidePlaced(a, nudged);
          expect(after.pointCount).toBe(before.pointCount);
          expect(pointsOf(after).map((p) => p.key)).toEqual(pointsOf(before).map((p) => p.key));
        },
      ),
      fcParams(4, NUM_RUNS),
    );
  });
});

/**
 * Checks the manifold's points against box R as the reference (outward face normal (mx, my)) and O as
 * the incident box. Returns null when consistent, else the reason.
 */
function checkReference(
  R: Placed,
  O: Placed,
  mx: number,
  my: number,
  referenceIsA: boolean,
  points: { x: number; y: number; separation: number; key: number }[],
  seps: number[],
  h: number[],
): string | null {
  // (a) m is one of R's face normals.
  const [[ux, uy], [vx, vy]] = axes(R);
  if (Math.max(Math.abs(mx * ux + my * uy), Math.abs(mx * vx + my * vy)) < 1 - 1e-12)
    return 'not a face normal';
  const [, hiR] = project(R, mx, my);
  const [loO] = project(O, mx, my);
  let minSeparation = Number.POSITIVE_INFINITY;
  for (const q of points) {
    // (b) q lies on R's face: on its line and within R.
    if (Math.abs(q.x * mx + q.y * my - hiR) > TOL) return 'point off the face line';
    if (distanceOutside(R, q.x, q.y) > TOL) return 'point beyond the face ends';
    // (c) the incident point p = q + separation · m is between R's side planes (it is inside R unless
    // the overlap is deeper than R is thick) and on O's boundary.
    const px = q.x + q.separation * mx;
    const py = q.y + q.separation * my;
    const lateral = px * -my + py * mx;
    const [sideLo, sideHi] = project(R, -my, mx);
    if (lateral < sideLo - TOL || lateral > sideHi + TOL) return 'incident point beyond the side planes';
    if (distanceToBoundary(O, px, py) > TOL) return 'incident point off the incident box boundary';
    // (c') every edge named in the key passes through p: the incident box's edges (one edge for a
    // clipped point, the two that meet at the vertex otherwise) and the reference side plane that
    // clipped it, if any.
    const keyA = [featureKeyInEdgeA(q.key), featureKeyOutEdgeA(q.key)];
    const keyB = [featureKeyInEdgeB(q.key), featureKeyOutEdgeB(q.key)];
    const refEdges = (referenceIsA ? keyA : keyB).filter((e) => e !== 0);
    const incEdges = (referenceIsA ? keyB : keyA).filter((e) => e !== 0);
    if (incEdges.length === 0 || incEdges.length + refEdges.length !== 2) return `malformed key ${q.key}`;
    for (const e of incEdges)
      if (distanceToEdgeLine(O, e, px, py) > TOL) return `p not on incident edge ${e}`;
    for (const e of refEdges) if (distanceToEdgeLine(R, e, px, py) > TOL) return `p not on side edge ${e}`;
    minSeparation = Math.min(minSeparation, q.separation);
  }
  // (d) The deepest point is no deeper than the overlap of the projections on m ...
  const overlap = hiR - loO;
  if (-minSeparation > overlap + TOL) return `deeper (${-minSeparation}) than the overlap (${overlap})`;
  // ... and equals it when the deepest vertex of O lies within R's face.
  if (deepestInside(R, O, mx, my) && Math.abs(-minSeparation - overlap) > TOL) {
    return `deepest separation ${minSeparation} != -overlap ${-overlap}`;
  }
  // (e) The axis honours the hysteresis: no axis k has seps[k] > 0.95 · chosen + 0.01 · h[k] ...
  for (let k = 0; k < 4; k++) {
    if (seps[k] > 0.95 * -overlap + 0.01 * h[k] + TOL) return `axis ${k} should have been chosen`;
  }
  // ... and, where no comparison is within rounding of its threshold, it is the axis that the
  // rule in docs/collision.md picks from the independent separations (A.x, A.y, B.x, B.y in order; a later axis only if
  // sep > 0.95 · best + 0.01 · h).
  let chosen = 0;
  let ambiguous = false;
  for (let k = 1; k < 4; k++) {
    const threshold = 0.95 * seps[chosen] + 0.01 * h[k];
    if (Math.abs(seps[k] - threshold) <= 1e-9) ambiguous = true;
    if (seps[k] > threshold) chosen = k;
  }
  if (!ambiguous) {
    if (chosen < 2 !== referenceIsA) return `rule picks axis ${chosen}`;
    const [axisX, axisY] = axes(R)[chosen % 2];
    if (Math.abs(Math.abs(axisX * mx + axisY * my) - 1) > 1e-12) return `rule picks axis ${chosen}`;
  }
  return null;
}

/** Distance from (x, y) to the line of edge `e` of the box (e1 top, e2 left, e3 bottom, e4 right). */
function distanceToEdgeLine(b: Placed, e: number, x: number, y: number): number {
  const [lx, ly] = toLocal(b, x, y);
  const hx = b.box.width / 2;
  const hy = b.box.height / 2;
  switch (e) {
    case 1:
      return Math.abs(ly - hy);
    case 2:
      return Math.abs(lx + hx);
    case 3:
      return Math.abs(ly + hy);
    case 4:
      return Math.abs(lx - hx);
    default:
      return Number.POSITIVE_INFINITY;
  }
}

/** True when O's vertex deepest along -m lies within R's face extent by a clear margin. */
function deepestInside(R: Placed, O: Placed, mx: number, my: number): boolean {
  let deepest = corners(O)[0];
  for (const c of corners(O)) if (c[0] * mx + c[1] * my < deepest[0] * mx + deepest[1] * my) deepest = c;
  // Lateral direction along the face.
  const tx = -my;
  const ty = mx;
  const [lo, hi] = project(R, tx, ty);
  const t = deepest[0] * tx + deepest[1] * ty;
  return t > lo + 1e-6 && t < hi - 1e-6;
}
