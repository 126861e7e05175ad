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
  normalX = 0;
  /** y of the outward unit normal of the face hit. */
  normalY = 0;
  /** Fraction along p2 - p1 where the ray enters the shape. */
  fraction = 0;
  /** World x of the hit point, m. */
  pointX = 0;
  /** World y of the hit point, m. */
  pointY = 0;
  /** True when the last cast hit. */
  hit = false;

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

/** Throws a CollisionError naming `input` unless p2 - p1 = (ex, ey) and its square are finite. @internal */
export function requireFiniteRay(input: RayCastInput, ex: number, ey: number): void {
  if (!Number.isFinite(ex * ex + ey * ey)) {
    throw new CollisionError(
      'input',
      `(${input.p1x}, ${input.p1y}) -> (${input.p2x}, ${input.p2y})`,
      'the segment p1 -> p2 must have a finite length whose square is finite too (at most about 1.3e154)',
    );
  }
}
