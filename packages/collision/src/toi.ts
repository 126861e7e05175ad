import { cosSinInPlace, LENGTH_UNITS, Transform } from '@lite/math';
import { DistanceOutput, packedDistance } from './distance';
import { CollisionError } from './errors';
import { PACKED_SHAPE_LENGTH, PackedShapeSlot, packInto } from './packed-shape';
import type { Shape } from './shapes';

/** A body's motion over a step: its centre moves from `c1` to `c2` while its angle goes from `a1` to `a2`. */
export class Sweep {
  /** x of the centre of rotation in the body frame, m. */
  localCenterX: number;
  /** y of the centre of rotation in the body frame, m. */
  localCenterY: number;
  /** World x of the centre at fraction 0, m. */
  c1X: number;
  /** World y of the centre at fraction 0, m. */
  c1Y: number;
  /** World x of the centre at fraction 1, m. */
  c2X: number;
  /** World y of the centre at fraction 1, m. */
  c2Y: number;
  /** Angle at fraction 0, rad. */
  a1: number;
  /** Angle at fraction 1, rad. */
  a2: number;

  /** A sweep from (c1X, c1Y, a1) to (c2X, c2Y, a2) about the body point (localCenterX, localCenterY). */
  constructor(c1X = 0, c1Y = 0, a1 = 0, c2X = c1X, c2Y = c1Y, a2 = a1, localCenterX = 0, localCenterY = 0) {
    this.localCenterX = localCenterX;
    this.localCenterY = localCenterY;
    this.c1X = c1X;
    this.c1Y = c1Y;
    this.c2X = c2X;
    this.c2Y = c2Y;
    this.a1 = a1;
    this.a2 = a2;
  }

  /** The body's pose at fraction `t` (0 to 1), written into `out` (returned), with lite's own sin and cos. */
  getTransform(t: number, out: Transform): Transform {
    at[0] = t;
    return sweepTransform(this, out);
  }
}

/** The pose of `sweep` at the fraction in at[0] (no number crosses the call: nothing to box). */
function sweepTransform(self: Sweep, out: Transform): Transform {
  const t = at[0];
  trig[0] = self.a1 + t * (self.a2 - self.a1);
  cosSinInPlace(trig);
  const c = trig[0];
  const s = trig[1];
  const cx = self.c1X + t * (self.c2X - self.c1X);
  const cy = self.c1Y + t * (self.c2Y - self.c1Y);
  out.q.c = c;
  out.q.s = s;
  out.p.x = cx - (c * self.localCenterX - s * self.localCenterY);
  out.p.y = cy - (s * self.localCenterX + c * self.localCenterY);
  return out;
}

const trig = new Float64Array(2);
const at = new Float64Array(2);

/**
 * How {@link timeOfImpact} ended: `'hit'` (at `fraction`), `'separated'` (not before `tMax`),
 * `'overlapped'` (at fraction 0) or `'failed'` (no convergence; `fraction` is still safe).
 */
export type TOIState = 'hit' | 'separated' | 'overlapped' | 'failed';

/** The result of {@link timeOfImpact}. */
export class TOIOutput {
  /** How the search ended. */
  state: TOIState = 'separated';
  /** The fraction of the sweeps reached: the time of impact on a hit, tMax when separated. */
  fraction = 0;
  /** Distance between the surfaces at `fraction`, m (as last measured). */
  distance = 0;
  /** Conservative-advancement steps taken. */
  iterations = 0;
}

/** The distance {@link timeOfImpact} brings the shapes to by default, m (times the length unit). */
export const TOI_TARGET = 0.005;
const MAX_ITERATIONS = 64;

const packA = /* @__PURE__ */ new Float64Array(PACKED_SHAPE_LENGTH);
const packB = /* @__PURE__ */ new Float64Array(PACKED_SHAPE_LENGTH);
const xfA = /* @__PURE__ */ new Transform();
const xfB = /* @__PURE__ */ new Transform();
const distance = /* @__PURE__ */ new DistanceOutput();

/** Writes into at[1] the farthest a vertex of the packed shape lies from the sweep's local centre, m. */
function reach(p: Float64Array, sweep: Sweep): void {
  let best = 0;
  const V = PackedShapeSlot.Vertices;
  for (let i = 0; i < p[PackedShapeSlot.Count]; i++) {
    const dx = p[V + 2 * i] - sweep.localCenterX;
    const dy = p[V + 2 * i + 1] - sweep.localCenterY;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > best) best = d;
  }
  at[1] = best;
}

/**
 * The first fraction in [0, tMax] at which two sweeping shapes come within `target` (± `tolerance`),
 * by conservative advancement: GJK's distance d and normal n, then a step of (d - target) over the
 * fastest any point closes along n, which never passes the target.
 * @param tMax - the last fraction to look at, in [0, 1]
 * @param out - receives the result (returned)
 * @param target - the surface distance to stop at, m (default {@link TOI_TARGET} in the length unit); a finite number > 0
 * @param tolerance - how far above the target still counts as a hit, m (default target / 4); in (0, target)
 * @throws CollisionError when tMax, target or tolerance is out of range, or a shape's type is unknown.
 */
export function timeOfImpact(
  shapeA: Shape,
  sweepA: Sweep,
  shapeB: Shape,
  sweepB: Sweep,
  tMax: number,
  out: TOIOutput = new TOIOutput(),
  target: number = TOI_TARGET * LENGTH_UNITS[0],
  tolerance?: number,
): TOIOutput {
  const input = wrapperInput;
  input.shapeA = shapeA;
  input.sweepA = sweepA;
  input.shapeB = shapeB;
  input.sweepB = sweepB;
  input.tMax = tMax;
  input.target = target;
  input.tolerance = tolerance === undefined ? 0 : tolerance;
  // An explicit tolerance of 0 is out of range here, not the default.
  if (tolerance !== undefined && !(tolerance > 0)) {
    throw new CollisionError('tolerance', tolerance, `must be > 0 and < target (${target})`);
  }
  try {
    return computeTimeOfImpact(input, out);
  } finally {
    // Holds none of the caller's objects between calls.
    input.shapeA = input.shapeB = UNIT_CIRCLE;
    input.sweepA = input.sweepB = STILL;
  }
}

/** {@link timeOfImpact}'s arguments in an object, so many queries pass no number (docs/performance.md). */
export class TOIInput {
  /** The first shape (body frame of `sweepA`). */
  shapeA: Shape = UNIT_CIRCLE;
  /** The motion of the first shape's body. */
  sweepA = new Sweep();
  /** The second shape (body frame of `sweepB`). */
  shapeB: Shape = UNIT_CIRCLE;
  /** The motion of the second shape's body. */
  sweepB = new Sweep();
  /** The last fraction to look at, in [0, 1] (default 1). */
  tMax = 1;
  /** The surface distance to stop at, m: a finite number > 0 (default {@link TOI_TARGET} in the length unit). */
  target = TOI_TARGET * LENGTH_UNITS[0];
  /** How far above the target still counts as a hit, m, in (0, target); 0 (the default): target / 4. */
  tolerance = 0;
}

const UNIT_CIRCLE: Shape = { type: 'circle', radius: 1 };
const STILL = /* @__PURE__ */ new Sweep();
const wrapperInput = /* @__PURE__ */ new TOIInput();

/** {@link timeOfImpact} with its arguments in a {@link TOIInput}. @throws CollisionError as that. */
export function computeTimeOfImpact(input: TOIInput, out: TOIOutput = new TOIOutput()): TOIOutput {
  const shapeA = input.shapeA;
  const sweepA = input.sweepA;
  const shapeB = input.shapeB;
  const sweepB = input.sweepB;
  const tMax = input.tMax;
  const target = input.target;
  const tol = input.tolerance === 0 ? 0.25 * target : input.tolerance;
  if (!(tMax >= 0 && tMax <= 1)) throw new CollisionError('tMax', tMax, 'must be a number in [0, 1]');
  if (!(target > 0 && target < Number.POSITIVE_INFINITY)) {
    throw new CollisionError('target', target, 'must be a finite number > 0');
  }
  if (!(tol > 0 && tol < target)) {
    throw new CollisionError('tolerance', tol, `must be > 0 and < target (${target})`);
  }
  packInto(shapeA, packA);
  packInto(shapeB, packB);
  reach(packA, sweepA);
  const reachA = Math.abs(sweepA.a2 - sweepA.a1) * at[1];
  reach(packB, sweepB);
  const reachB = Math.abs(sweepB.a2 - sweepB.a1) * at[1];
  const vx = sweepA.c2X - sweepA.c1X - (sweepB.c2X - sweepB.c1X);
  const vy = sweepA.c2Y - sweepA.c1Y - (sweepB.c2Y - sweepB.c1Y);

  let t = 0;
  out.iterations = 0;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    at[0] = t;
    sweepTransform(sweepA, xfA);
    sweepTransform(sweepB, xfB);
    packedDistance(packA, xfA, packB, xfB, distance);
    const d = distance.distance;
    out.iterations = iteration + 1;
    out.distance = d;
    if (d <= 0) {
      out.state = t === 0 ? 'overlapped' : 'failed';
      out.fraction = t;
      return out;
    }
    if (d < target + tol) {
      out.state = 'hit';
      out.fraction = t;
      return out;
    }
    const rate = vx * distance.normalX + vy * distance.normalY + reachA + reachB;
    if (!(rate > 0)) break;
    const next = t + (d - target) / rate;
    if (next >= tMax) break;
    t = next;
    if (iteration === MAX_ITERATIONS - 1) {
      out.state = 'failed';
      out.fraction = t;
      return out;
    }
  }
  out.state = 'separated';
  out.fraction = tMax;
  return out;
}
