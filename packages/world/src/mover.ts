import {
  type Shape as CollisionShape,
  DistanceOutput,
  Sweep,
  shapeDistance,
  TOIOutput,
  timeOfImpact,
} from '@lite/collision';
import { LENGTH_UNITS, Transform, Vec2, type Vec2Like } from '@lite/math';
import type { Body } from './body';
import { WorldError } from './errors';
import type { BodyShape } from './shape';
import {
  checkBoolean,
  checkFinite,
  checkInteger,
  checkKeys,
  checkNonNegative,
  checkPositive,
  checkVec2,
} from './validate';
import type { World } from './world';

// A character mover after Box2D v3.1's: a capsule the program moves, not a body. Each update
// gathers the planes it touches (collideMover), solves for the closest move that stays out of them
// (solvePlanes), sweeps along it to the first new surface (castMover), and repeats.

/** A capsule about a mover's position: every point within `radius` of the segment `center1`–`center2`. */
export interface MoverCapsule {
  /** One end of the core segment, relative to the position, m. */
  center1: Vec2Like;
  /** The other end, relative to the position, m. */
  center2: Vec2Like;
  /** Radius, m (> 0). */
  radius: number;
}

/**
 * A surface a mover touches, as a plane relative to the mover's position: a move `d` keeps clear of
 * it when `normal · d >= offset`. Written by {@link collideMover}; {@link solvePlanes} fills `push`.
 */
export class CollisionPlane {
  /** x of the unit normal, pointing from the surface to the mover. */
  normalX = 0;
  /** y of the unit normal. */
  normalY = 0;
  /** How far the mover must move along the normal to just touch the surface, m (> 0: it overlaps). */
  offset = 0;
  /** World x of the closest point on the surface, m. */
  pointX = 0;
  /** World y of the closest point on the surface, m. */
  pointY = 0;
  /** The body the surface belongs to. */
  body: Body | null = null;
  /** The shape the surface belongs to. */
  shape: BodyShape | null = null;
  /** The push {@link solvePlanes} gave along the normal, m. */
  push = 0;
  /** The most this surface may push the mover, m (default unlimited). */
  pushLimit = Number.POSITIVE_INFINITY;
  /** Whether {@link clipVector} removes the velocity into this surface (default true). */
  clipVelocity = true;
}

const core: { type: 'capsule'; center1: Vec2; center2: Vec2; radius: number } = {
  type: 'capsule',
  center1: new Vec2(),
  center2: new Vec2(),
  radius: 0,
};
const moverPose = new Transform();
const distance = new DistanceOutput();
const sweepA = new Sweep();
const sweepB = new Sweep();
const toi = new TOIOutput();

function checkCapsule(capsule: MoverCapsule, argument: string): void {
  if (typeof capsule !== 'object' || capsule === null) {
    throw new WorldError(argument, capsule, 'must be a capsule { center1, center2, radius }');
  }
  checkVec2(capsule.center1, `${argument}.center1`);
  checkVec2(capsule.center2, `${argument}.center2`);
  checkPositive(capsule.radius, `${argument}.radius`);
}

/**
 * Says whether a mover meets `shape` (false: it passes through). Called per candidate shape on
 * every collide, cast and ground probe; a one-way platform, say, returns false while the mover is
 * below its top or rising.
 */
export type MoverFilter = (shape: BodyShape) => boolean;

/** `filter` when given, else null; checked. */
function filterOf(filter: MoverFilter | null | undefined, argument: string): MoverFilter | null {
  if (filter === undefined || filter === null) return null;
  if (typeof filter !== 'function') throw new WorldError(argument, filter, 'must be a function or null');
  return filter;
}

/** `mask` when given, else every category; checked. */
function maskOf(mask: number | undefined, argument: string): number {
  return mask === undefined ? 0xffffffff : checkInteger(mask, argument, 0, 0xffffffff);
}

/**
 * Checks a mover query's arguments; returns the shapes (not sensors, category in `mask`, passed by
 * `filter`) of the bodies whose boxes meet the capsule's swept by `translation`, in body id then
 * shape order.
 */
function shapesNear(
  world: World,
  position: Vec2Like,
  capsule: MoverCapsule,
  translation: Vec2Like,
  mask: number | undefined,
  filter: MoverFilter | null | undefined,
): BodyShape[] {
  checkVec2(position, 'position');
  checkCapsule(capsule, 'capsule');
  checkVec2(translation, 'translation');
  const bits = maskOf(mask, 'mask');
  const passes = filterOf(filter, 'filter');
  const { center1: c1, center2: c2, radius: r } = capsule;
  const bounds = {
    minX: position.x + Math.min(0, translation.x) + Math.min(c1.x, c2.x) - r,
    minY: position.y + Math.min(0, translation.y) + Math.min(c1.y, c2.y) - r,
    maxX: position.x + Math.max(0, translation.x) + Math.max(c1.x, c2.x) + r,
    maxY: position.y + Math.max(0, translation.y) + Math.max(c1.y, c2.y) + r,
  };
  const found: BodyShape[] = [];
  for (const body of world.queryAABB(bounds)) {
    for (const shape of body.shapes) {
      if (!shape.sensor && (shape.category & bits) !== 0 && (passes === null || passes(shape)))
        found.push(shape);
    }
  }
  return found;
}

/** No translation (the capsule where it stands). */
const STILL: Vec2Like = { x: 0, y: 0 };

/**
 * The surfaces the capsule at `position` touches or overlaps, as planes written into `planes`
 * (reused, grown as needed), bodies in id order; returns how many. A surface the core segment has
 * sunk into gives no plane (no way out is known). Only shapes in `mask` that `filter` passes count.
 * @throws WorldError naming the argument on a bad capsule, position, mask or filter.
 */
export function collideMover(
  world: World,
  position: Vec2Like,
  capsule: MoverCapsule,
  planes: CollisionPlane[],
  mask?: number,
  filter?: MoverFilter | null,
): number {
  const shapes = shapesNear(world, position, capsule, STILL, mask, filter);
  core.center1.set(capsule.center1.x, capsule.center1.y);
  core.center2.set(capsule.center2.x, capsule.center2.y);
  moverPose.set(position.x, position.y, 0);
  const r = capsule.radius;
  let count = 0;
  for (const shape of shapes) {
    shapeDistance(shape.geometry, shape.body.transform, core, moverPose, distance);
    if (distance.distance > r || (distance.normalX === 0 && distance.normalY === 0)) continue;
    if (count === planes.length) planes.push(new CollisionPlane());
    const plane = planes[count++];
    plane.normalX = distance.normalX;
    plane.normalY = distance.normalY;
    plane.offset = r - distance.distance;
    plane.pointX = distance.pointAX;
    plane.pointY = distance.pointAY;
    plane.body = shape.body;
    plane.shape = shape;
    plane.push = 0;
    plane.pushLimit = Number.POSITIVE_INFINITY;
    plane.clipVelocity = true;
  }
  return count;
}

/**
 * The fraction of `translation` the capsule at `position` can move before it comes within 5 mm of a
 * surface it did not already touch (surfaces it overlaps at the start are ignored, so a mover can
 * always leave them); 1 when nothing is in the way. Only shapes in `mask` that `filter` passes count.
 * @throws WorldError naming the argument on a bad capsule, position, translation, mask or filter.
 */
export function castMover(
  world: World,
  position: Vec2Like,
  capsule: MoverCapsule,
  translation: Vec2Like,
  mask?: number,
  filter?: MoverFilter | null,
): number {
  const shapes = shapesNear(world, position, capsule, translation, mask, filter);
  const shape: CollisionShape = {
    type: 'capsule',
    center1: capsule.center1,
    center2: capsule.center2,
    radius: capsule.radius,
  };
  sweepA.c1X = position.x;
  sweepA.c1Y = position.y;
  sweepA.c2X = position.x + translation.x;
  sweepA.c2Y = position.y + translation.y;
  sweepA.a1 = sweepA.a2 = 0;
  let fraction = 1;
  for (const hit of shapes) {
    const body = hit.body;
    sweepB.c1X = sweepB.c2X = body.transform.p.x;
    sweepB.c1Y = sweepB.c2Y = body.transform.p.y;
    sweepB.a1 = sweepB.a2 = body.angle;
    timeOfImpact(shape, sweepA, hit.geometry, sweepB, fraction, toi);
    if (toi.state === 'hit' && toi.fraction > 0 && toi.fraction < fraction) fraction = toi.fraction;
  }
  return fraction;
}

/** What {@link solvePlanes} returns. */
export interface PlaneSolution {
  /** The move that keeps clear of the planes, closest to the wanted one, m. */
  x: number;
  /** y of the move, m. */
  y: number;
  /** Gauss–Seidel iterations used. */
  iterations: number;
}

/**
 * The move closest to (`dx`, `dy`) that keeps clear of the first `count` planes (within 5 mm of
 * slop, which keeps a resting mover from jittering): each plane pushes along its normal, at most its
 * `pushLimit` and never pulling, by projected Gauss–Seidel until the pushes change by less than the
 * slop (at most 20 passes). Writes each plane's `push`.
 */
export function solvePlanes(
  dx: number,
  dy: number,
  planes: readonly CollisionPlane[],
  count: number,
  out: PlaneSolution,
): PlaneSolution {
  const slop = 0.005 * LENGTH_UNITS[0];
  for (let i = 0; i < count; i++) planes[i].push = 0;
  let x = dx;
  let y = dy;
  let iteration = 0;
  for (; iteration < 20; iteration++) {
    let total = 0;
    for (let i = 0; i < count; i++) {
      const plane = planes[i];
      const separation = plane.normalX * x + plane.normalY * y - plane.offset + slop;
      const before = plane.push;
      plane.push = Math.min(Math.max(before - separation, 0), plane.pushLimit);
      const push = plane.push - before;
      x += push * plane.normalX;
      y += push * plane.normalY;
      total += Math.abs(push);
    }
    if (total < slop) break;
  }
  out.x = x;
  out.y = y;
  out.iterations = iteration;
  return out;
}

/** Removes from `v` its part into each of the first `count` planes that pushed (and clip velocity). */
export function clipVector(v: Vec2, planes: readonly CollisionPlane[], count: number): Vec2 {
  for (let i = 0; i < count; i++) {
    const plane = planes[i];
    if (plane.push === 0 || !plane.clipVelocity) continue;
    const into = Math.min(0, v.x * plane.normalX + v.y * plane.normalY);
    v.x -= into * plane.normalX;
    v.y -= into * plane.normalY;
  }
  return v;
}

/**
 * How a {@link CharacterMover} walks: live, change any between updates. Defaults given in metres
 * (speeds, gravity, the hover height, the capsule) are multiplied by the length unit
 * (`setLengthUnitsPerMeter`) when the mover is made.
 */
export interface MoverTuning {
  /** Top walking speed, m/s (default 6). */
  maxSpeed: number;
  /** Acceleration on the ground, in top speeds a second (default 20). */
  accelerate: number;
  /** Share of `accelerate` available in the air (default 0.2). */
  airSteer: number;
  /** Ground friction, 1/s (default 8). */
  friction: number;
  /** Below this speed, friction takes off a fixed amount, m/s (default 3). */
  stopSpeed: number;
  /** Below this speed the mover stops, m/s (default 0.1). */
  minSpeed: number;
  /** The mover's own gravity, m/s² downward (default 30; it is not a body). */
  gravity: number;
  /** Upward speed of a jump, m/s (default 10). */
  jumpSpeed: number;
  /** Rest length of the spring from `capsule.center1` down to the ground, m (default 0.9). */
  hoverHeight: number;
  /** The hover spring's frequency, Hz (default 5). */
  hoverHertz: number;
  /** The hover spring's damping ratio (default 0.8). */
  hoverDampingRatio: number;
  /** The steepest ground it stands on, rad (default 0.8, about 46°): on steeper slopes it slides. */
  maxSlope: number;
  /** Whether it pushes the dynamic bodies it walks into (default true). */
  pushBodies: boolean;
}

/** What a {@link CharacterMover} takes: where it starts, its shape, and any {@link MoverTuning}. */
export interface CharacterMoverOptions extends Partial<MoverTuning> {
  /** Where the mover starts, m. */
  position: Vec2Like;
  /** Its capsule about its position (default (0, -0.5) to (0, 0.5), radius 0.3). */
  capsule?: MoverCapsule;
  /** Categories of the shapes it meets (default every category). */
  mask?: number;
  /** Which of those shapes it meets (default all; see {@link MoverFilter}). */
  filter?: MoverFilter | null;
}

const TUNING: MoverTuning = {
  maxSpeed: 6,
  accelerate: 20,
  airSteer: 0.2,
  friction: 8,
  stopSpeed: 3,
  minSpeed: 0.1,
  gravity: 30,
  jumpSpeed: 10,
  hoverHeight: 0.9,
  hoverHertz: 5,
  hoverDampingRatio: 0.8,
  maxSlope: 0.8,
  pushBodies: true,
};
/** The tuning values measured in lengths (metres, or metres per second…): scaled by the length unit. */
const LENGTH_TUNING = ['maxSpeed', 'stopSpeed', 'minSpeed', 'gravity', 'jumpSpeed', 'hoverHeight'] as const;

/** Checks a tuning value: gravity any finite number, the hover spring > 0, the slope below π/2, the rest >= 0. */
function checkTuning(key: keyof MoverTuning, value: unknown): void {
  const argument = `options.${key}`;
  if (key === 'pushBodies') checkBoolean(value, argument);
  else if (key === 'gravity') checkFinite(value, argument);
  else if (key === 'hoverHeight' || key === 'hoverHertz') checkPositive(value, argument);
  else if (checkNonNegative(value, argument) >= Math.PI / 2 && key === 'maxSlope') {
    throw new WorldError(argument, value, 'must be below π/2');
  }
}

/** The most planes a mover keeps per pass. */
const MAX_PLANES = 8;

/**
 * A walking character for games (Box2D v3.1's geometric mover): a capsule moved by the program,
 * not simulated, that walks with Quake's ground and air model, hovers on a spring over the ground
 * (so steps lower than the gap under the capsule pass beneath it), slides along walls and slopes,
 * stands only on ground no steeper than `maxSlope`, rides the body it stands on, and pushes the
 * dynamic bodies it walks into. Call {@link CharacterMover.update} once per world step.
 */
export class CharacterMover {
  /** The mover's position, m (the capsule is about it). */
  readonly position: Vec2;
  /** Its velocity, m/s. */
  readonly velocity = new Vec2();
  /** Its capsule, relative to `position`. */
  readonly capsule: MoverCapsule;
  /** How it walks (live). */
  readonly tuning: MoverTuning;
  /** Categories of the shapes it meets. */
  readonly mask: number;
  private filterFn: MoverFilter | null;
  /** Whether it stood on ground at the last update. */
  onGround = false;
  /** The body it stood on at the last update (null in the air). */
  ground: Body | null = null;
  /** The planes of the last pass (the first {@link CharacterMover.planeCount}). */
  readonly planes: CollisionPlane[] = [];
  /** How many of `planes` the last pass found. */
  planeCount = 0;
  /**
   * The hover spring's vertical speed, m/s (kept apart from `velocity`, which walks and jumps). Save
   * and restore it with `position`, `velocity`, `onGround` and `ground` to step a mover back.
   */
  hoverVelocity = 0;
  private readonly solution: PlaneSolution = { x: 0, y: 0, iterations: 0 };
  private readonly probeFrom = new Vec2();
  private readonly probeTo = new Vec2();
  private readonly target = new Vec2();
  private readonly groundVelocity = new Vec2();
  private readonly center = new Vec2();

  /**
   * @param world - the world it walks in
   * @param options - where it starts and how it walks (see {@link CharacterMoverOptions})
   * @throws WorldError naming the option on a bad value
   */
  constructor(
    readonly world: World,
    options: CharacterMoverOptions,
  ) {
    if (typeof options !== 'object' || options === null) {
      throw new WorldError('options', options, 'must be an options object');
    }
    checkKeys(options, ['position', 'capsule', 'mask', 'filter', ...Object.keys(TUNING)], 'options');
    const p = checkVec2(options.position, 'options.position');
    const u = LENGTH_UNITS[0];
    const capsule = options.capsule ?? {
      center1: { x: 0, y: -0.5 * u },
      center2: { x: 0, y: 0.5 * u },
      radius: 0.3 * u,
    };
    checkCapsule(capsule, 'options.capsule');
    this.mask = maskOf(options.mask, 'options.mask');
    this.filterFn = filterOf(options.filter, 'options.filter');
    // The defaults are in metres: a world in other length units gets them scaled.
    const tuning = { ...TUNING };
    for (const key of LENGTH_TUNING) tuning[key] *= u;
    for (const key of Object.keys(TUNING) as (keyof MoverTuning)[]) {
      if (options[key] === undefined) continue;
      checkTuning(key, options[key]);
      (tuning as Record<string, unknown>)[key] = options[key];
    }
    this.tuning = tuning;
    this.position = new Vec2(p.x, p.y);
    this.capsule = {
      center1: { x: capsule.center1.x, y: capsule.center1.y },
      center2: { x: capsule.center2.x, y: capsule.center2.y },
      radius: capsule.radius,
    };
  }

  /**
   * Which of the shapes in `mask` it meets (null: all); live, see {@link MoverFilter}.
   * @throws WorldError naming `filter` when set to anything but a function or null
   */
  get filter(): MoverFilter | null {
    return this.filterFn;
  }
  set filter(value: MoverFilter | null) {
    this.filterFn = filterOf(value, 'filter');
  }

  /** Jumps when on the ground; returns whether it did. */
  jump(): boolean {
    if (!this.onGround) return false;
    this.velocity.y = this.tuning.jumpSpeed;
    this.onGround = false;
    this.ground = null;
    return true;
  }

  /**
   * Moves the mover by one step of `dt` seconds with horizontal input `throttle` in [-1, 1] (−1 full
   * left, 1 full right). Call it once per world step, before or after `world.step`.
   * @throws WorldError naming `dt` or `throttle` on a bad value
   */
  update(dt: number, throttle: number): void {
    checkPositive(dt, 'dt');
    checkFinite(throttle, 'throttle');
    const v = this.velocity;
    this.applyFriction(dt);
    this.steer(dt, Math.max(-1, Math.min(1, throttle)));
    const probeHit = this.probeGround();
    if (!this.onGround) {
      v.y -= this.tuning.gravity * dt;
      this.hoverVelocity = 0;
    } else {
      v.y = 0;
      // The spring's velocity, implicit in the step (stable at any stiffness).
      const omega = 2 * Math.PI * this.tuning.hoverHertz;
      const h = omega * dt;
      const offset = probeHit - this.tuning.hoverHeight;
      this.hoverVelocity =
        (this.hoverVelocity - omega * h * offset) / (1 + 2 * this.tuning.hoverDampingRatio * h + h * h);
    }
    const target = this.target;
    target.x = this.position.x + dt * v.x;
    target.y = this.position.y + dt * (v.y + this.hoverVelocity);
    if (this.ground !== null) {
      // Ride the ground: its velocity under the mover.
      this.ground.getVelocityAtPoint(this.probeTo, this.groundVelocity);
      target.x += dt * this.groundVelocity.x;
      target.y += dt * this.groundVelocity.y;
    }
    for (let pass = 0; pass < 5; pass++) {
      this.planeCount = Math.min(
        MAX_PLANES,
        collideMover(this.world, this.position, this.capsule, this.planes, this.mask, this.filterFn),
      );
      const move = solvePlanes(
        target.x - this.position.x,
        target.y - this.position.y,
        this.planes,
        this.planeCount,
        this.solution,
      );
      const fraction = castMover(this.world, this.position, this.capsule, move, this.mask, this.filterFn);
      this.position.x += fraction * move.x;
      this.position.y += fraction * move.y;
      if (fraction * fraction * (move.x * move.x + move.y * move.y) < 1e-4) break;
    }
    if (this.tuning.pushBodies) this.push();
    // No speed builds up against a wall.
    clipVector(v, this.planes, this.planeCount);
  }

  /** Quake's friction on the ground: proportional above `stopSpeed`, fixed below it. */
  private applyFriction(dt: number): void {
    const v = this.velocity;
    const speed = Math.hypot(v.x, v.y);
    if (speed < this.tuning.minSpeed) {
      v.x = 0;
      v.y = 0;
    } else if (this.onGround) {
      const drop = Math.max(speed, this.tuning.stopSpeed) * this.tuning.friction * dt;
      const scale = Math.max(0, speed - drop) / speed;
      v.x *= scale;
      v.y *= scale;
    }
  }

  /** Accelerates towards `throttle` × top speed, fully on the ground, `airSteer` of it in the air. */
  private steer(dt: number, throttle: number): void {
    const wanted = Math.abs(throttle) * this.tuning.maxSpeed;
    if (wanted === 0) return;
    const direction = Math.sign(throttle);
    const add = wanted - this.velocity.x * direction;
    if (add <= 0) return;
    const gain =
      (this.onGround ? 1 : this.tuning.airSteer) * this.tuning.accelerate * this.tuning.maxSpeed * dt;
    this.velocity.x += Math.min(gain, add) * direction;
  }

  /**
   * Casts the hover ray down from `capsule.center1` (twice the hover height when on the ground, so
   * the spring can stretch) and sets `onGround` and `ground`; returns the distance to the ground.
   */
  private probeGround(): number {
    const reach = this.onGround ? 2 * this.tuning.hoverHeight : this.tuning.hoverHeight;
    const from = this.probeFrom;
    from.x = this.position.x + this.capsule.center1.x;
    from.y = this.position.y + this.capsule.center1.y;
    this.probeTo.x = from.x;
    this.probeTo.y = from.y - reach;
    let hit = null;
    for (const candidate of this.world.rayCastAll(from, this.probeTo)) {
      const shape = candidate.shape;
      if ((shape.category & this.mask) !== 0 && (this.filterFn === null || this.filterFn(shape))) {
        hit = candidate;
        break;
      }
    }
    const ground = hit !== null && hit.normal.y > Math.cos(this.tuning.maxSlope);
    // Rising (a jump) does not snap back to the ground.
    this.onGround = ground && (this.onGround || this.velocity.y <= 0.01 * LENGTH_UNITS[0]);
    this.ground = this.onGround && hit !== null ? hit.body : null;
    if (hit === null) return reach;
    this.probeTo.x = hit.point.x;
    this.probeTo.y = hit.point.y;
    return hit.fraction * reach;
  }

  /**
   * The mover as a body of infinite mass: a normal impulse at each plane of a dynamic body stops the
   * body's approach (as the solver's contact row would), all of it on the body.
   */
  private push(): void {
    for (let i = 0; i < this.planeCount; i++) {
      const plane = this.planes[i];
      const body = plane.body as Body;
      if (body.type !== 'dynamic' || body.mass === 0) continue;
      const nx = -plane.normalX;
      const ny = -plane.normalY;
      const center = body.getWorldCenter(this.center);
      const rx = plane.pointX - center.x;
      const ry = plane.pointY - center.y;
      const rn = rx * ny - ry * nx;
      const k = 1 / body.mass + (body.inertia > 0 ? (rn * rn) / body.inertia : 0);
      const w = body.angularVelocity;
      const vn =
        (body.linearVelocity.x - w * ry - this.velocity.x) * nx +
        (body.linearVelocity.y + w * rx - this.velocity.y) * ny;
      const impulse = Math.max(-vn / k, 0);
      if (impulse === 0) continue;
      body.applyLinearImpulse({ x: impulse * nx, y: impulse * ny }, { x: plane.pointX, y: plane.pointY });
    }
  }
}
