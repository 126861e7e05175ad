// The world's queries (`world.queryAABB`, `queryPoint`, `rayCast`, `rayCastAll`, `castShape`): each
// checks its input, asks the broadphase, and leaves or returns what it found.
import {
  AABB,
  computeShapeAABB,
  DistanceOutput,
  Sweep,
  shapeDistance,
  TOIOutput,
  timeOfImpact,
} from '@lite/collision';
import { Transform, type Vec2Like } from '@lite/math';
import type { Body } from './body';
import { WorldError } from './errors';
import {
  type AABBLike,
  compareBodies,
  compareHits,
  type QueryScratch,
  type RayCastHit,
  ShapeCastHit,
} from './queries';
import { type BodyShape, resolveShapeOptions, type ShapeGeometry } from './shape';
import type { StepState } from './step-state';
import { checkFinite, checkVec2 } from './validate';

/** Puts the bodies whose boxes overlap `bounds` in `queries.results` (broadphase order). */
export function collectInBounds(core: StepState, queries: QueryScratch, bounds: AABBLike): void {
  if (typeof bounds !== 'object' || bounds === null)
    throw new WorldError('bounds', bounds, 'must be an AABB');
  const q = queries.bounds;
  q.minX = checkFinite(bounds.minX, 'bounds.minX');
  q.minY = checkFinite(bounds.minY, 'bounds.minY');
  q.maxX = checkFinite(bounds.maxX, 'bounds.maxX');
  q.maxY = checkFinite(bounds.maxY, 'bounds.maxY');
  if (q.minX > q.maxX) throw new WorldError('bounds.maxX', q.maxX, `must be >= minX (${q.minX})`);
  if (q.minY > q.maxY) throw new WorldError('bounds.maxY', q.maxY, `must be >= minY (${q.minY})`);
  queries.results.length = 0;
  core.broadPhase.query(q, queries.collectAABB);
}

/** Puts the bodies containing `point` in `queries.results` (broadphase order). */
export function collectAtPoint(core: StepState, queries: QueryScratch, point: Vec2Like): void {
  checkVec2(point, 'point');
  const q = queries.bounds;
  q.minX = q.maxX = queries.x = point.x;
  q.minY = q.maxY = queries.y = point.y;
  queries.results.length = 0;
  core.broadPhase.query(q, queries.collectPoint);
}

/** `world.rayCast`, which documents it. */
export function rayCastClosest(
  core: StepState,
  queries: QueryScratch,
  from: Vec2Like,
  to: Vec2Like,
): RayCastHit | null {
  setRay(queries, from, to);
  queries.best = null;
  core.broadPhase.rayCast(queries.rayInput, queries.rayClosest);
  const best = queries.best;
  queries.best = null;
  return best;
}

/** `world.rayCastAll`, which documents it. */
export function rayCastEvery(
  core: StepState,
  queries: QueryScratch,
  from: Vec2Like,
  to: Vec2Like,
): RayCastHit[] {
  setRay(queries, from, to);
  queries.hits.length = 0;
  core.broadPhase.rayCast(queries.rayInput, queries.rayAll);
  const hits = queries.hits.slice();
  queries.hits.length = 0;
  return hits.sort(compareHits);
}

/** `world.castShape`, which documents it. */
export function castShapeIn(
  core: StepState,
  geometry: ShapeGeometry,
  from: Vec2Like,
  translation: Vec2Like,
  angle: number,
): ShapeCastHit | null {
  const cast = resolveShapeOptions(geometry, 'geometry', {
    density: 0,
    friction: 0,
    restitution: 0,
  }).geometry;
  checkVec2(from, 'from');
  checkVec2(translation, 'translation');
  checkFinite(angle, 'angle');
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
  const found: BodyShape[] = [];
  core.broadPhase.query(box, (proxyId) => {
    const shape = core.proxyShapes[proxyId];
    if (shape !== null && !shape.sensor) found.push(shape);
    return true;
  });
  found.sort((a, b) => a.body.id - b.body.id || a.id - b.id);
  const sweepA = new Sweep(from.x, from.y, angle, from.x + translation.x, from.y + translation.y, angle);
  const sweepB = new Sweep();
  const out = new TOIOutput();
  let best: BodyShape | null = null;
  let bestT = 1;
  for (const shape of found) {
    const body = shape.body;
    const xf = body.transform;
    sweepB.c1X = sweepB.c2X = xf.p.x;
    sweepB.c1Y = sweepB.c2Y = xf.p.y;
    sweepB.a1 = sweepB.a2 = body.angle;
    timeOfImpact(cast, sweepA, shape.geometry, sweepB, bestT, out);
    if (out.state === 'separated') continue;
    if (best === null || out.fraction < bestT) {
      best = shape;
      bestT = out.fraction;
    }
  }
  if (best === null) return null;
  const pose = sweepA.getTransform(bestT, new Transform());
  const d = shapeDistance(cast, pose, best.geometry, best.body.transform, new DistanceOutput());
  // GJK's normal points from the cast shape to the hit one; the surface normal points back.
  let nx = -d.normalX;
  let ny = -d.normalY;
  if (nx === 0 && ny === 0) {
    // Overlapping at the start: no direction; report the one against the translation.
    const length = Math.hypot(translation.x, translation.y);
    nx = length > 0 ? -translation.x / length : 0;
    ny = length > 0 ? -translation.y / length : 0;
  }
  return new ShapeCastHit(best, bestT, d.pointBX, d.pointBY, nx, ny);
}

/** Checks the ray's ends and sets up the broadphase's ray input. */
function setRay(queries: QueryScratch, from: Vec2Like, to: Vec2Like): void {
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
  const input = queries.rayInput;
  input.p1x = from.x;
  input.p1y = from.y;
  input.p2x = to.x;
  input.p2y = to.y;
  input.maxFraction = 1;
}

/** What a query or an edit locks while user code runs: the world's `locked` flag. */
export interface WorldLock {
  /** Whether the world refuses changes. */
  locked: boolean;
}

/**
 * The query's bodies in id order; with a `callback`, hands them to it (with the world locked)
 * until it returns false.
 */
export function finishQuery(
  world: WorldLock,
  queries: QueryScratch,
  callback: ((body: Body) => boolean | undefined) | undefined,
): Body[] {
  const sorted = queries.results.slice().sort(compareBodies);
  queries.results.length = 0;
  // A body with several shapes in the query appears once.
  const results: Body[] = [];
  for (let i = 0; i < sorted.length; ++i) if (i === 0 || sorted[i] !== sorted[i - 1]) results.push(sorted[i]);
  if (callback === undefined) return results;
  if (typeof callback !== 'function') throw new WorldError('callback', callback, 'must be a function');
  const wasLocked = world.locked;
  world.locked = true;
  try {
    for (let i = 0; i < results.length; ++i) {
      if (callback(results[i]) === false) return results.slice(0, i + 1);
    }
  } finally {
    world.locked = wasLocked;
  }
  return results;
}
