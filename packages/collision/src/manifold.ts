/** One contact point of a {@link Manifold}, reused from step to step: copy out what you keep. */
export class ManifoldPoint {
  /** World x of the contact point, m. For box-box it lies on the reference face. */
  x: number;
  /** World y of the contact point, m. */
  y: number;
  /** Signed distance between the shapes along the normal at this point: ≤ 0 when touching or overlapping, m. */
  separation: number;
  /** The features (edges) that made the point, to find it again next step (see {@link makeFeatureKey}). */
  key: number;

  /** A point at the origin with zero separation and key 0. */
  constructor() {
    // Fractions first (docs/performance.md, "Fields"), as in Manifold's constructor.
    this.x = 0.5;
    this.y = 0.5;
    this.separation = 0.5;
    this.key = 0.5;
    this.x = 0;
    this.y = 0;
    this.separation = 0;
    this.key = 0;
  }

  /** Copies `p` into this point; returns this. */
  copy(p: ManifoldPoint): this {
    this.x = p.x;
    this.y = p.y;
    this.separation = p.separation;
    this.key = p.key;
    return this;
  }
}

/** The contact between shapes A and B: a unit normal from A to B and `pointCount` (0 to 2) points. */
export class Manifold {
  /** x of the unit normal, pointing from A to B. */
  normalX: number;
  /** y of the unit normal, pointing from A to B. */
  normalY: number;
  /** How many of `points` are in use: 0, 1 or 2. */
  pointCount: number;
  /** The two point slots (both always allocated, reused). */
  readonly points: [ManifoldPoint, ManifoldPoint];
  /** The speculative margin, m (default 0), for {@link collide} calls without a `margin` argument. */
  get margin(): number {
    return this.marginSlot[0];
  }
  set margin(value: number) {
    this.marginSlot[0] = value;
  }
  private readonly marginSlot = new Float64Array(1);

  /** An empty manifold (no points, normal (0, 0), margin 0). */
  constructor() {
    // Written twice, the normal first as fractions (docs/performance.md, "Fields").
    this.normalX = 0.5;
    this.normalY = 0.5;
    this.pointCount = 1;
    this.normalX = 0;
    this.normalY = 0;
    this.pointCount = 0;
    this.points = [new ManifoldPoint(), new ManifoldPoint()];
  }

  /** Removes every point (the normal is kept); returns this. */
  clear(): this {
    this.pointCount = 0;
    return this;
  }

  /** Copies `m` (normal, count and both point slots) into this manifold; returns this. */
  copy(m: Manifold): this {
    this.normalX = m.normalX;
    this.normalY = m.normalY;
    this.pointCount = m.pointCount;
    this.points[0].copy(m.points[0]);
    this.points[1].copy(m.points[1]);
    return this;
  }
}

/**
 * Packs four edge numbers (0..255, 0: none) into one unsigned key:
 * `inEdgeA | outEdgeA << 8 | inEdgeB << 16 | outEdgeB << 24`.
 */
export function makeFeatureKey(inEdgeA: number, outEdgeA: number, inEdgeB: number, outEdgeB: number): number {
  return (
    ((inEdgeA & 0xff) | ((outEdgeA & 0xff) << 8) | ((inEdgeB & 0xff) << 16) | ((outEdgeB & 0xff) << 24)) >>> 0
  );
}

/** The key of the same feature pair with A and B swapped: the A bytes and the B bytes exchange places. */
export function flipFeatureKey(key: number): number {
  return (((key & 0xffff) << 16) | (key >>> 16)) >>> 0;
}

/** The in-edge of shape A in a feature key (0 when none). */
export function featureKeyInEdgeA(key: number): number {
  return key & 0xff;
}

/** The out-edge of shape A in a feature key (0 when none). */
export function featureKeyOutEdgeA(key: number): number {
  return (key >>> 8) & 0xff;
}

/** The in-edge of shape B in a feature key (0 when none). */
export function featureKeyInEdgeB(key: number): number {
  return (key >>> 16) & 0xff;
}

/** The out-edge of shape B in a feature key (0 when none). */
export function featureKeyOutEdgeB(key: number): number {
  return (key >>> 24) & 0xff;
}
