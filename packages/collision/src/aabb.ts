import type { Transform } from '@lite/math';
import type { Box } from './box';
import { CollisionError } from './errors';

/** An axis-aligned box in world coordinates, the closed [minX, maxX] × [minY, maxY]; touching overlaps. */
export class AABB {
  /** Lower x bound, m. */
  minX: number;
  /** Lower y bound, m. */
  minY: number;
  /** Upper x bound, m. */
  maxX: number;
  /** Upper y bound, m. */
  maxY: number;

  /** The box [minX, maxX] × [minY, maxY] (all 0 by default). */
  constructor(minX = 0, minY = 0, maxX = 0, maxY = 0) {
    this.minX = minX;
    this.minY = minY;
    this.maxX = maxX;
    this.maxY = maxY;
  }

  /** Sets the four bounds; returns this. */
  set(minX: number, minY: number, maxX: number, maxY: number): this {
    this.minX = minX;
    this.minY = minY;
    this.maxX = maxX;
    this.maxY = maxY;
    return this;
  }

  /** Copies `b`; returns this. */
  copy(b: AABB): this {
    return this.set(b.minX, b.minY, b.maxX, b.maxY);
  }

  /** Sets this box to the smallest box holding both `a` and `b` (either may be this); returns this. */
  combine(a: AABB, b: AABB): this {
    this.minX = a.minX < b.minX ? a.minX : b.minX;
    this.minY = a.minY < b.minY ? a.minY : b.minY;
    this.maxX = a.maxX > b.maxX ? a.maxX : b.maxX;
    this.maxY = a.maxY > b.maxY ? a.maxY : b.maxY;
    return this;
  }

  /** True when the bounds are finite numbers with min ≤ max on both axes. */
  isValid(): boolean {
    return (
      Number.isFinite(this.minX) &&
      Number.isFinite(this.minY) &&
      Number.isFinite(this.maxX) &&
      Number.isFinite(this.maxY) &&
      this.minX <= this.maxX &&
      this.minY <= this.maxY
    );
  }

  /** True when `b` lies inside this box (boundaries included). */
  contains(b: AABB): boolean {
    return this.minX <= b.minX && this.minY <= b.minY && b.maxX <= this.maxX && b.maxY <= this.maxY;
  }

  /** True when this box and `b` overlap (touching counts). */
  overlaps(b: AABB): boolean {
    return testOverlapAABB(this, b);
  }
}

/** True when `a` and `b` overlap; boxes that only touch count as overlapping. */
export function testOverlapAABB(a: AABB, b: AABB): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/** The tight world bounds of a box at pose `xf`, written into `out` (returned). */
export function computeBoxAABB(box: Box, xf: Transform, out: AABB): AABB {
  const c = Math.abs(xf.q.c);
  const s = Math.abs(xf.q.s);
  const ex = c * box.halfWidth + s * box.halfHeight;
  const ey = s * box.halfWidth + c * box.halfHeight;
  const x = xf.p.x;
  const y = xf.p.y;
  out.minX = x - ex;
  out.minY = y - ey;
  out.maxX = x + ex;
  out.maxY = y + ey;
  return out;
}

/** Throws a CollisionError unless `aabb` is finite with min ≤ max. */
export function requireAABB(aabb: AABB, name = 'aabb'): void {
  if (!aabb.isValid()) {
    throw new CollisionError(
      name,
      `[${aabb.minX}, ${aabb.maxX}] × [${aabb.minY}, ${aabb.maxY}]`,
      'must be finite with min <= max',
    );
  }
}
