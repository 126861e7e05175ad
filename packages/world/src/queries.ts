// The world's queries (`world.queryAABB`, `queryPoint`, `rayCast`, `rayCastAll`, and the function
// `castShape`): each checks its input, asks the broadphase, and leaves or returns what it found.
import {
  AABB,
  type Box,
  computeShapeAABB,
  DistanceOutput,
  RayCastInput,
  RayCastOutput,
  rayCastBox,
  rayCastShape,
  type Shape,
  Sweep,
  shapeDistance,
  TOIOutput,
  testOverlapAABB,
  testPointBox,
  testPointShape,
  timeOfImpact,
} from '@lite/collision';
import { LENGTH_UNITS, Transform, Vec2, type Vec2Like } from '@lite/math';
import type { Body } from './body';
import { WorldError } from './errors';
import { type BodyShape, KIND_BOX, resolveShapeOptions, type ShapeGeometry } from './shape';
import { computeAABB } from './stage-finish';
import type { StepState } from './step-state';
import { checkFinite, checkVec2 } from './validate';
import { World } from './world';

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

/** Where a cast shape first touches a body: `castShape` returns one. */
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
 * The world's queries, with their scratch state and broadphase callbacks, made once per world so
 * that a query creates no closure: each checks its input, runs the broadphase with one of the
 * callbacks, and reads `results`, `best` or `hits`. @internal
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

  /** @param core - the world's step state (its broadphase, proxy shapes and a scratch box) */
  constructor(private readonly core: StepState) {
    const aabb = core.aabb;
    this.collectAABB = (proxyId) => {
      const shape = core.proxyShapes[proxyId]!;
      const body = shape.body;
      if (testOverlapAABB(computeAABB(shape, body.transform, aabb), this.bounds)) this.results.push(body);
      return true;
    };
    this.collectPoint = (proxyId) => {
      const shape = core.proxyShapes[proxyId]!;
      const body = shape.body;
      const inside =
        shape.kind === KIND_BOX
          ? testPointBox(shape.geometry as Box, body.transform, this.x, this.y)
          : testPointShape(shape.geometry, body.transform, this.x, this.y);
      if (inside) this.results.push(body);
      return true;
    };
    this.rayClosest = (input, proxyId) => {
      const shape = core.proxyShapes[proxyId]!;
      const out = this.rayOutput;
      if (!rayCastOne(shape, input, out) || !out.hit) return -1;
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
      const shape = core.proxyShapes[proxyId]!;
      const out = this.rayOutput;
      if (rayCastOne(shape, input, out) && out.hit) this.hits.push(new RayCastHit(shape, out));
      return input.maxFraction;
    };
  }

  /** `world.queryAABB`, which documents it. */
  queryAABB(world: WorldLock, bounds: AABBLike, callback?: (body: Body) => boolean | undefined): Body[] {
    if (typeof bounds !== 'object' || bounds === null)
      throw new WorldError('bounds', bounds, 'must be an AABB');
    const q = this.bounds;
    q.minX = checkFinite(bounds.minX, 'bounds.minX');
    q.minY = checkFinite(bounds.minY, 'bounds.minY');
    q.maxX = checkFinite(bounds.maxX, 'bounds.maxX');
    q.maxY = checkFinite(bounds.maxY, 'bounds.maxY');
    if (q.minX > q.maxX) throw new WorldError('bounds.maxX', q.maxX, `must be >= minX (${q.minX})`);
    if (q.minY > q.maxY) throw new WorldError('bounds.maxY', q.maxY, `must be >= minY (${q.minY})`);
    return this.collect(world, this.collectAABB, callback);
  }

  /** `world.queryPoint`, which documents it. */
  queryPoint(world: WorldLock, point: Vec2Like, callback?: (body: Body) => boolean | undefined): Body[] {
    checkVec2(point, 'point');
    const q = this.bounds;
    q.minX = q.maxX = this.x = point.x;
    q.minY = q.maxY = this.y = point.y;
    return this.collect(world, this.collectPoint, callback);
  }

  /** The bodies `visit` collects from the proxies meeting `bounds`, finished by {@link finishQuery}. */
  private collect(
    world: WorldLock,
    visit: (proxyId: number) => boolean,
    callback: ((body: Body) => boolean | undefined) | undefined,
  ): Body[] {
    this.core.broadPhase.query(this.bounds, visit);
    const found = this.results.slice();
    this.results.length = 0;
    return finishQuery(world, found, callback);
  }

  /** `world.rayCast`, which documents it. */
  rayCast(from: Vec2Like, to: Vec2Like): RayCastHit | null {
    this.setRay(from, to);
    this.best = null;
    this.core.broadPhase.rayCast(this.rayInput, this.rayClosest);
    const best = this.best;
    this.best = null;
    return best;
  }

  /** `world.rayCastAll`, which documents it. */
  rayCastAll(from: Vec2Like, to: Vec2Like): RayCastHit[] {
    this.setRay(from, to);
    this.hits.length = 0;
    this.core.broadPhase.rayCast(this.rayInput, this.rayAll);
    const hits = this.hits.slice();
    this.hits.length = 0;
    return hits.sort((a, b) => a.fraction - b.fraction || a.body.id - b.body.id || a.shape.id - b.shape.id);
  }

  /** Checks the ray's ends and sets up the broadphase's ray input. */
  private setRay(from: Vec2Like, to: Vec2Like): void {
    checkVec2(from, 'from');
    checkVec2(to, 'to');
    // The casts square the segment's length: from -1e308 to 1e308 it overflows, and the hit points
    // would come out NaN.
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    if (!Number.isFinite(dx * dx + dy * dy)) {
      throw new WorldError(
        'to',
        to,
        `is too far from ${JSON.stringify({ x: from.x, y: from.y })}: a ray's length must be finite and its square too (at most about 1.3e154 m)`,
      );
    }
    const input = this.rayInput;
    input.p1x = from.x;
    input.p1y = from.y;
    input.p2x = to.x;
    input.p2y = to.y;
    input.maxFraction = 1;
  }
}

/** A ray cast against one shape at its body's pose. */
function rayCastOne(shape: BodyShape, input: RayCastInput, out: RayCastOutput): boolean {
  const body = shape.body;
  if (shape.kind === KIND_BOX) return rayCastBox(shape.geometry as Box, body.transform, input, out);
  return rayCastShape(shape.geometry, body.transform, input, out);
}

/** How close two shapes' surfaces must come for `overlapShape` to count them as overlapping, m (times the length unit). */
export const OVERLAP_TOLERANCE = 0.0005;

/**
 * The shapes of bodies (not sensors) that `geometry` (not a chain) at `position` turned by `angle`
 * overlaps or touches (within {@link OVERLAP_TOLERANCE}), in shape id order, checked by GJK. With a
 * `callback`, calls it for each instead (world locked; false stops) and returns those it was called
 * with. A function, not a World method, so an unused query is not bundled.
 * @throws WorldError on a value that is not a World, a bad or chain geometry, a non-finite point
 *   or angle, or a callback that is not a function
 */
export function overlapShape(
  world: World,
  geometry: ShapeGeometry,
  position: Vec2Like,
  angle = 0,
  callback?: (shape: BodyShape) => boolean | undefined,
): BodyShape[] {
  const query = resolveQuery(world, 'overlapShape', geometry, position, 'position', angle);
  const pose = new Transform(position.x, position.y, angle);
  const found = candidates(query.core, computeShapeAABB(query.shape, pose, new AABB()));
  const d = new DistanceOutput();
  const hits = found.filter(
    (s) =>
      shapeDistance(query.shape, pose, s.geometry, s.body.transform, d).distance <=
      OVERLAP_TOLERANCE * LENGTH_UNITS[0],
  );
  return finishQuery(world as unknown as WorldLock, hits, callback);
}

/**
 * Casts `geometry` (not a chain) at `from` turned by `angle` along `translation` and returns where
 * it first touches a body's shape (not sensors), or null; touching at the start gives fraction 0;
 * ties go to the lower body id, then shape id. A function, so an unused cast is not bundled.
 * @throws WorldError on a value that is not a World, a bad or chain geometry or a non-finite point
 *   or angle, or naming `translation` when the cast's end overflows or the translation is longer
 *   than about 1.3e154 m
 */
export function castShape(
  world: World,
  geometry: ShapeGeometry,
  from: Vec2Like,
  translation: Vec2Like,
  angle = 0,
): ShapeCastHit | null {
  return castShapes(world, 'castShape', geometry, from, translation, angle, false)[0] ?? null;
}

/**
 * Like {@link castShape}, but every shape the cast touches, each once with where it first touches
 * it: sorted by fraction, ties by shape id. Shapes that start touching give fraction 0.
 * @throws WorldError as {@link castShape}
 */
export function castShapeAll(
  world: World,
  geometry: ShapeGeometry,
  from: Vec2Like,
  translation: Vec2Like,
  angle = 0,
): ShapeCastHit[] {
  return castShapes(world, 'castShapeAll', geometry, from, translation, angle, true);
}

/** The checked world, query shape and pose of a shape query. */
function resolveQuery(
  world: World,
  what: string,
  geometry: ShapeGeometry,
  at: Vec2Like,
  atName: string,
  angle: number,
) {
  if (!(world instanceof World)) throw new WorldError('world', world, `${what} needs a World`);
  const core = (world as unknown as { core: StepState }).core;
  const resolved = resolveShapeOptions(geometry, 'geometry', { density: 0, friction: 0, restitution: 0 });
  if (resolved.chain !== null) throw new WorldError('geometry.type', 'chain', 'must be a single shape');
  checkVec2(at, atName);
  checkFinite(angle, 'angle');
  return { core, shape: resolved.geometry };
}

/** The shapes (not sensors) whose broadphase boxes overlap `box`, in body id then shape id order. */
function candidates(core: StepState, box: AABB): BodyShape[] {
  const found: BodyShape[] = [];
  core.broadPhase.query(box, (proxyId) => {
    const shape = core.proxyShapes[proxyId];
    if (shape !== null && !shape.sensor) found.push(shape);
    return true;
  });
  return found.sort((a, b) => a.body.id - b.body.id || a.id - b.id);
}

/** `castShape` (`all` false: the first hit, or none) and `castShapeAll` (every hit, sorted). */
function castShapes(
  world: World,
  what: string,
  geometry: ShapeGeometry,
  from: Vec2Like,
  translation: Vec2Like,
  angle: number,
  all: boolean,
): ShapeCastHit[] {
  const { core, shape: cast } = resolveQuery(world, what, geometry, from, 'from', angle);
  checkVec2(translation, 'translation');
  if (
    !Number.isFinite(translation.x * translation.x + translation.y * translation.y) ||
    !Number.isFinite(from.x + translation.x) ||
    !Number.isFinite(from.y + translation.y)
  ) {
    throw new WorldError(
      'translation',
      translation,
      "must keep the cast's end finite, and its length's square too (at most about 1.3e154 m)",
    );
  }
  const start = new Transform(from.x, from.y, angle);
  const end = new Transform(from.x + translation.x, from.y + translation.y, angle);
  const box = computeShapeAABB(cast, start, new AABB());
  box.combine(box, computeShapeAABB(cast, end, new AABB()));
  const found = candidates(core, box);
  const sweepA = new Sweep(from.x, from.y, angle, from.x + translation.x, from.y + translation.y, angle);
  const sweepB = new Sweep();
  const out = new TOIOutput();
  const hits: ShapeCastHit[] = [];
  let best: BodyShape | null = null;
  let bestT = 1;
  for (const shape of found) {
    const body = shape.body;
    const xf = body.transform;
    sweepB.c1X = sweepB.c2X = xf.p.x;
    sweepB.c1Y = sweepB.c2Y = xf.p.y;
    sweepB.a1 = sweepB.a2 = body.angle;
    timeOfImpact(cast, sweepA, shape.geometry, sweepB, all ? 1 : bestT, out);
    if (out.state === 'separated') continue;
    if (all) hits.push(castHit(cast, sweepA, shape, out.fraction, translation));
    else if (best === null || out.fraction < bestT) {
      best = shape;
      bestT = out.fraction;
    }
  }
  if (best !== null) hits.push(castHit(cast, sweepA, best, bestT, translation));
  return hits.sort((a, b) => a.fraction - b.fraction || a.shape.id - b.shape.id);
}

/** The hit of a cast shape on `shape` at fraction `t` of `sweep`: the closest point and normal. */
function castHit(
  cast: Shape,
  sweep: Sweep,
  shape: BodyShape,
  t: number,
  translation: Vec2Like,
): ShapeCastHit {
  const pose = sweep.getTransform(t, new Transform());
  const d = shapeDistance(cast, pose, shape.geometry, shape.body.transform, new DistanceOutput());
  // GJK's normal points from the cast shape to the hit one; the surface normal points back.
  let nx = -d.normalX;
  let ny = -d.normalY;
  if (nx === 0 && ny === 0) {
    // Overlapping at the start: no direction; report the one against the translation.
    const length = Math.hypot(translation.x, translation.y);
    nx = length > 0 ? -translation.x / length : 0;
    ny = length > 0 ? -translation.y / length : 0;
  }
  return new ShapeCastHit(shape, t, d.pointBX, d.pointBY, nx, ny);
}

/**
 * A query's results (`found`, which it sorts) in id order, each once; with a `callback`, hands them to it (with the world
 * locked) until it returns false, and returns those it was handed.
 */
function finishQuery<T extends { readonly id: number }>(
  world: WorldLock,
  found: T[],
  callback: ((item: T) => boolean | undefined) | undefined,
): T[] {
  const sorted = found.sort((a, b) => a.id - b.id);
  const results = sorted.filter((item, i) => i === 0 || item !== sorted[i - 1]);
  if (callback === undefined) return results;
  if (typeof callback !== 'function') throw new WorldError('callback', callback, 'must be a function');
  const wasLocked = world.locked;
  world.locked = true;
  try {
    for (let i = 0; i < results.length; ++i)
      if (callback(results[i]) === false) return results.slice(0, i + 1);
  } finally {
    world.locked = wasLocked;
  }
  return results;
}

/** What a query or an edit locks while user code runs: the world's `locked` flag. */
export interface WorldLock {
  /** Whether the world refuses changes. */
  locked: boolean;
}
