import {
  AABB,
  type Box,
  RayCastInput,
  RayCastOutput,
  rayCastBox,
  rayCastShape,
  testPointBox,
  testPointShape,
} from '@lite/collision';
import { Vec2 } from '@lite/math';
import type { Body } from './body';
import { type BodyShape, KIND_BOX } from './shape';
import { computeAABB } from './stage-finish';

/** An axis-aligned box given by its corners, m: what `world.queryAABB` takes. */
export interface AABBLike {
  /** Left edge. */
  minX: number;
  /** Bottom edge. */
  minY: number;
  /** Right edge. */
  maxX: number;
  /** Top edge. */
  maxY: number;
}

/** Where a ray cast entered a body: `world.rayCast` and `world.rayCastAll` return these. */
export class RayCastHit {
  /** The body hit. */
  readonly body: Body;
  /** The shape of the body the ray entered. */
  readonly shape: BodyShape;
  /** The world point where the segment enters the shape, m. */
  readonly point: Vec2;
  /** The outward unit normal of the face entered. */
  readonly normal: Vec2;
  /** How far along the segment the point lies, in [0, 1]: point = from + fraction (to - from). */
  readonly fraction: number;

  /** Copies a collision ray-cast result. @internal */
  constructor(shape: BodyShape, output: RayCastOutput) {
    this.body = shape.body;
    this.shape = shape;
    this.point = new Vec2(output.pointX, output.pointY);
    this.normal = new Vec2(output.normalX, output.normalY);
    this.fraction = output.fraction;
  }
}

/** Where a cast shape first touches a body: `world.castShape` returns one. */
export class ShapeCastHit {
  /** The body hit. */
  readonly body: Body;
  /** The shape of the body that was hit. */
  readonly shape: BodyShape;
  /** How far along the translation the cast shape got, in [0, 1] (0: it starts touching). */
  readonly fraction: number;
  /** The point of the hit shape nearest the cast shape at that fraction, m. */
  readonly point: Vec2;
  /** The unit normal of the hit shape's surface there, pointing towards the cast shape. */
  readonly normal: Vec2;

  /** Made by the world. @internal */
  constructor(shape: BodyShape, fraction: number, px: number, py: number, nx: number, ny: number) {
    this.body = shape.body;
    this.shape = shape;
    this.fraction = fraction;
    this.point = new Vec2(px, py);
    this.normal = new Vec2(nx, ny);
  }
}

/**
 * The queries' scratch state and broadphase callbacks, made once per world so that a query
 * creates no closure. The world's query methods fill in the bounds, point or ray, run the
 * broadphase with one of the callbacks, and read `results`, `best` or `hits`. @internal
 */
export class QueryScratch {
  /** The box of `queryAABB`, or the point of `queryPoint` as a box. */
  readonly bounds = new AABB();
  /** The point of `queryPoint`. */
  x = 0;
  y = 0;
  /** The bodies found by `collectAABB` and `collectPoint`, in broadphase order. */
  readonly results: Body[] = [];
  readonly rayInput = new RayCastInput();
  readonly rayOutput = new RayCastOutput();
  /** The closest hit so far (`rayClosest`) and every hit (`rayAll`). */
  best: RayCastHit | null = null;
  readonly hits: RayCastHit[] = [];

  /** Collects the body of a proxy whose box overlaps `bounds`. */
  readonly collectAABB: (proxyId: number) => boolean;
  /** Collects the body of a proxy whose box contains the point (x, y). */
  readonly collectPoint: (proxyId: number) => boolean;
  /** Keeps the closest hit (ties to the lower id) and clips the ray to it. */
  readonly rayClosest: (input: RayCastInput, proxyId: number) => number;
  /** Collects every hit along the whole ray. */
  readonly rayAll: (input: RayCastInput, proxyId: number) => number;

  /**
   * @param proxyShapes - the world's shape of each broadphase proxy id (read at each query)
   * @param aabb - a scratch box
   */
  constructor(proxyShapes: readonly (BodyShape | null)[], aabb: AABB) {
    this.collectAABB = (proxyId) => {
      const shape = proxyShapes[proxyId]!;
      const body = shape.body;
      computeAABB(shape, body.transform, aabb);
      const a = aabb;
      const q = this.bounds;
      if (a.minX <= q.maxX && q.minX <= a.maxX && a.minY <= q.maxY && q.minY <= a.maxY) {
        this.results.push(body);
      }
      return true;
    };
    this.collectPoint = (proxyId) => {
      const shape = proxyShapes[proxyId]!;
      const body = shape.body;
      const inside =
        shape.kind === KIND_BOX
          ? testPointBox(shape.geometry as Box, body.transform, this.x, this.y)
          : testPointShape(shape.geometry, body.transform, this.x, this.y);
      if (inside) this.results.push(body);
      return true;
    };
    this.rayClosest = (input, proxyId) => {
      const shape = proxyShapes[proxyId]!;
      const out = this.rayOutput;
      if (!castShape(shape, input, out) || !out.hit) return -1;
      const best = this.best;
      if (
        best !== null &&
        (out.fraction > best.fraction ||
          (out.fraction === best.fraction &&
            (shape.body.id > best.body.id || (shape.body === best.body && shape.id > best.shape.id))))
      ) {
        return input.maxFraction;
      }
      this.best = new RayCastHit(shape, out);
      return out.fraction;
    };
    this.rayAll = (input, proxyId) => {
      const shape = proxyShapes[proxyId]!;
      const out = this.rayOutput;
      if (castShape(shape, input, out) && out.hit) this.hits.push(new RayCastHit(shape, out));
      return input.maxFraction;
    };
  }
}

/** A ray cast against one shape at its body's pose. */
function castShape(shape: BodyShape, input: RayCastInput, out: RayCastOutput): boolean {
  const body = shape.body;
  if (shape.kind === KIND_BOX) return rayCastBox(shape.geometry as Box, body.transform, input, out);
  return rayCastShape(shape.geometry, body.transform, input, out);
}

/** Orders bodies by id. */
export function compareBodies(a: Body, b: Body): number {
  return a.id - b.id;
}

/** Orders hits by fraction along the ray, then body id, then shape id. */
export function compareHits(a: RayCastHit, b: RayCastHit): number {
  return a.fraction - b.fraction || a.body.id - b.body.id || a.shape.id - b.shape.id;
}
