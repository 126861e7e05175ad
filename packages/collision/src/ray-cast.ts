import type { Transform } from '@lite/math';
import type { Box } from './box';
import { CollisionError } from './errors';

/** A ray (a segment) from p1 towards p2, up to `maxFraction`; the point at fraction t is p1 + t (p2 - p1). */
export class RayCastInput {
  /** Start x, m. */
  p1x: number;
  /** Start y, m. */
  p1y: number;
  /** x of the point that fraction 1 reaches, m. */
  p2x: number;
  /** y of the point that fraction 1 reaches, m. */
  p2y: number;
  /** Hits beyond this fraction are ignored (1 = up to p2). */
  maxFraction: number;

  /** The ray from (p1x, p1y) to (p2x, p2y), up to `maxFraction` (default 1). All 0 by default. */
  constructor(p1x = 0, p1y = 0, p2x = 0, p2y = 0, maxFraction = 1) {
    this.p1x = p1x;
    this.p1y = p1y;
    this.p2x = p2x;
    this.p2y = p2y;
    this.maxFraction = maxFraction;
  }

  /** Sets all fields; returns this. */
  set(p1x: number, p1y: number, p2x: number, p2y: number, maxFraction = 1): this {
    this.p1x = p1x;
    this.p1y = p1y;
    this.p2x = p2x;
    this.p2y = p2y;
    this.maxFraction = maxFraction;
    return this;
  }

  /** Copies `input`; returns this. */
  copy(input: RayCastInput): this {
    return this.set(input.p1x, input.p1y, input.p2x, input.p2y, input.maxFraction);
  }
}

/** Where a ray hit a shape. Only meaningful when `hit` is true; a miss leaves the other fields alone. */
export class RayCastOutput {
  /** x of the outward unit normal of the face hit. */
  normalX: number;
  /** y of the outward unit normal of the face hit. */
  normalY: number;
  /** Fraction along p2 - p1 where the ray enters the shape. */
  fraction: number;
  /** World x of the hit point, m. */
  pointX: number;
  /** World y of the hit point, m. */
  pointY: number;
  /** True when the last cast hit. */
  hit: boolean;

  /** An empty result (no hit). */
  constructor() {
    this.normalX = 0;
    this.normalY = 0;
    this.fraction = 0;
    this.pointX = 0;
    this.pointY = 0;
    this.hit = false;
  }

  /** Copies `o`; returns this. */
  copy(o: RayCastOutput): this {
    this.normalX = o.normalX;
    this.normalY = o.normalY;
    this.fraction = o.fraction;
    this.pointX = o.pointX;
    this.pointY = o.pointY;
    this.hit = o.hit;
    return this;
  }
}

/**
 * Casts a ray against a box (slab method in the box's frame): the first point where the segment
 * p1 → p1 + maxFraction (p2 - p1) enters it. On a hit fills `out` (fraction, point, outward normal)
 * and returns true; on a miss sets `out.hit = false`. A ray starting inside (or with p1 = p2) does not
 * hit, as in Box2D; a grazing ray does.
 *
 * @returns true when the ray hits the box within [0, maxFraction]
 * @throws CollisionError naming `input` when p2 - p1 or its squared length is not finite (a
 *   segment between ±1e308, or longer than about 1.3e154)
 */
export function rayCastBox(box: Box, xf: Transform, input: RayCastInput, out: RayCastOutput): boolean {
  out.hit = false;
  const c = xf.q.c;
  const s = xf.q.s;
  // p = Rᵀ (p1 - x), d = Rᵀ (p2 - p1): the ray in the box's frame.
  const rx = input.p1x - xf.p.x;
  const ry = input.p1y - xf.p.y;
  const px = c * rx + s * ry;
  const py = -s * rx + c * ry;
  const ex = input.p2x - input.p1x;
  const ey = input.p2y - input.p1y;
  requireFiniteRay(input, ex, ey);
  const dx = c * ex + s * ey;
  const dy = -s * ex + c * ey;
  const hx = box.halfWidth;
  const hy = box.halfHeight;

  let tmin = Number.NEGATIVE_INFINITY;
  let tmax = Number.POSITIVE_INFINITY;
  // The local normal of the face through which the ray enters.
  let nx = 0;
  let ny = 0;

  // The x slab, then the y slab; a ray parallel to one is inside it or never.
  for (let axis = 0; axis < 2; axis++) {
    const p = axis === 0 ? px : py;
    const d = axis === 0 ? dx : dy;
    const h = axis === 0 ? hx : hy;
    if (d === 0) {
      if (p < -h || p > h) return false;
      continue;
    }
    const inv = 1 / d;
    let t1 = (-h - p) * inv;
    let t2 = (h - p) * inv;
    let sign = -1;
    if (t1 > t2) {
      const t = t1;
      t1 = t2;
      t2 = t;
      sign = 1;
    }
    if (t1 > tmin) {
      tmin = t1;
      nx = axis === 0 ? sign : 0;
      ny = axis === 0 ? 0 : sign;
    }
    if (t2 < tmax) tmax = t2;
    if (tmin > tmax) return false;
  }

  // Starting inside (tmin < 0), a zero-length ray (tmin = -∞) or a hit beyond maxFraction: no hit.
  if (!(tmin >= 0 && tmin <= input.maxFraction)) return false;

  out.fraction = tmin;
  out.normalX = c * nx - s * ny;
  out.normalY = s * nx + c * ny;
  out.pointX = input.p1x + tmin * ex;
  out.pointY = input.p1y + tmin * ey;
  out.hit = true;
  return true;
}

const RAY_FIELDS = ['p1x', 'p1y', 'p2x', 'p2y'] as const;

/** Throws a CollisionError unless the ray's points are finite and maxFraction is finite and ≥ 0. */
export function requireRay(input: RayCastInput): void {
  for (let i = 0; i < 4; i++) {
    const k = RAY_FIELDS[i];
    if (!Number.isFinite(input[k]))
      throw new CollisionError(`input.${k}`, input[k], 'must be a finite number');
  }
  if (!(Number.isFinite(input.maxFraction) && input.maxFraction >= 0)) {
    throw new CollisionError('input.maxFraction', input.maxFraction, 'must be a finite number >= 0');
  }
}

/**
 * Throws a CollisionError naming `input` unless p2 - p1 = (ex, ey) and its squared length are finite
 * (else fractions and points would be NaN). @internal
 */
export function requireFiniteRay(input: RayCastInput, ex: number, ey: number): void {
  if (!Number.isFinite(ex * ex + ey * ey)) {
    throw new CollisionError(
      'input',
      `(${input.p1x}, ${input.p1y}) -> (${input.p2x}, ${input.p2y})`,
      'the segment p1 -> p2 must have a finite length whose square is finite too (at most about 1.3e154)',
    );
  }
}
