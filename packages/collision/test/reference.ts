// Independent reference geometry for the tests: written from the definitions (corners, projections),
// never from the code under test.
import { Transform } from '@lite/math';
import { Box } from '../src/box';

/** A box and its pose. */
export interface Placed {
  box: Box;
  xf: Transform;
}

/** A box of full size (w, h) at (x, y) turned by `angle`. */
export function place(w: number, h: number, x: number, y: number, angle: number): Placed {
  return { box: new Box(w, h), xf: new Transform(x, y, angle) };
}

/** The box's axes in world: x axis (c, s), y axis (-s, c). */
export function axes(b: Placed): [[number, number], [number, number]] {
  const { c, s } = b.xf.q;
  return [
    [c, s],
    [-s, c],
  ];
}

/** The four world corners. */
export function corners(b: Placed): [number, number][] {
  const { c, s } = b.xf.q;
  const hx = b.box.width / 2;
  const hy = b.box.height / 2;
  const out: [number, number][] = [];
  for (const [lx, ly] of [
    [hx, hy],
    [-hx, hy],
    [-hx, -hy],
    [hx, -hy],
  ]) {
    out.push([b.xf.p.x + c * lx - s * ly, b.xf.p.y + s * lx + c * ly]);
  }
  return out;
}

/** [min, max] of the box projected on the direction (nx, ny). */
export function project(b: Placed, nx: number, ny: number): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const [x, y] of corners(b)) {
    const d = x * nx + y * ny;
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  return [lo, hi];
}

/**
 * The separation along each of the four face axes (A.x, A.y, B.x, B.y), measured in the direction
 * from A's centre to B's centre: the gap between A's far side and B's near side, negative when the
 * projections overlap (then it is minus the distance B must move along that direction to clear A).
 */
export function faceSeparations(a: Placed, b: Placed): number[] {
  const out: number[] = [];
  const dx = b.xf.p.x - a.xf.p.x;
  const dy = b.xf.p.y - a.xf.p.y;
  for (const [nx, ny] of [...axes(a), ...axes(b)]) {
    const [aLo, aHi] = project(a, nx, ny);
    const [bLo, bHi] = project(b, nx, ny);
    out.push(dx * nx + dy * ny >= 0 ? bLo - aHi : aLo - bHi);
  }
  return out;
}

/** The point (x, y) in the box's frame. */
export function toLocal(b: Placed, x: number, y: number): [number, number] {
  const { c, s } = b.xf.q;
  const dx = x - b.xf.p.x;
  const dy = y - b.xf.p.y;
  return [c * dx + s * dy, -s * dx + c * dy];
}

/** How far (x, y) is outside the box (0 inside or on it): the Euclidean distance to the box. */
export function distanceOutside(b: Placed, x: number, y: number): number {
  const [lx, ly] = toLocal(b, x, y);
  const ox = Math.max(Math.abs(lx) - b.box.width / 2, 0);
  const oy = Math.max(Math.abs(ly) - b.box.height / 2, 0);
  return Math.hypot(ox, oy);
}

/** Distance from (x, y) to the boundary of the box (inside or outside). */
export function distanceToBoundary(b: Placed, x: number, y: number): number {
  const [lx, ly] = toLocal(b, x, y);
  const ex = Math.abs(lx) - b.box.width / 2;
  const ey = Math.abs(ly) - b.box.height / 2;
  if (ex <= 0 && ey <= 0) return Math.min(-ex, -ey);
  return Math.hypot(Math.max(ex, 0), Math.max(ey, 0));
}

/**
 * The smallest signed distance from any vertex of one box to any face line of the other (in absolute
 * value). Tiny values mark non-generic configurations (a vertex on an extended face), where a
 * rounding error may legitimately change which vertices are clipped.
 */
export function genericity(a: Placed, b: Placed): number {
  let best = Number.POSITIVE_INFINITY;
  for (const [p, q] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const [nx, ny] of axes(q)) {
      const [lo, hi] = project(q, nx, ny);
      for (const [x, y] of corners(p)) {
        const d = x * nx + y * ny;
        best = Math.min(best, Math.abs(d - lo), Math.abs(d - hi));
      }
    }
  }
  return best;
}
