import { Float64Slab } from '@lite/math';
import { checkBodies } from './checked-fields';
import { ConstraintError, requireNonNegativeArg } from './errors';
import { ContactData, PointData } from './layout';
import type { SolverSettings } from './settings';
import type { SolverBody } from './solver-body';

/**
 * One point of a contact manifold, as {@link ContactConstraint.update} reads it. `@lite/collision`'s
 * `ManifoldPoint` has this shape; so does any plain object a test builds by hand.
 */
export interface ManifoldPointLike {
  /** World x of the contact point, m. */
  readonly x: number;
  /** World y of the contact point, m. */
  readonly y: number;
  /** Signed distance along the normal, m (<= 0 when touching or overlapping). */
  readonly separation: number;
  /** Integer feature key: the edges that made the point, stable from step to step. */
  readonly key: number;
}

/** A contact manifold as {@link ContactConstraint.update} reads it; `@lite/collision`'s `Manifold` is one. */
export interface ManifoldLike {
  /** Unit normal x, pointing from body A to body B. */
  readonly normalX: number;
  /** Unit normal y, pointing from body A to body B. */
  readonly normalY: number;
  /** Number of valid points: 0, 1 or 2. */
  readonly pointCount: number;
  /** The points; only the first `pointCount` are read. */
  readonly points: ArrayLike<ManifoldPointLike>;
}

/**
 * One contact point: geometry and impulses (in the constraint's {@link ContactConstraint.data}) and,
 * after `prepareContacts`, lever arms, effective masses and biases.
 */
export class ContactPoint {
  /** The constraint's data block. */
  private readonly data: Float64Array;
  /** This point's base in {@link ContactPoint.data}. */
  private readonly base: number;
  /** Lever arm from body A's centre to the point, x, m (set by `prepareContacts`). */
  rAx = 0;
  /** Lever arm from body A's centre to the point, y, m. */
  rAy = 0;
  /** Lever arm from body B's centre to the point, x, m. */
  rBx = 0;
  /** Lever arm from body B's centre to the point, y, m. */
  rBy = 0;
  /** Effective mass of the normal row, 1 / (J M⁻¹ Jᵀ), kg (0 when both bodies are immovable). */
  normalMass = 0;
  /** Effective mass of the friction row, kg. */
  tangentMass = 0;
  /** Baumgarte bias -(β/dt) min(0, separation + slop), m/s (0 when position correction is off). */
  bias = 0;
  /** Restitution target -e vn⁻ when vn⁻ < -threshold, else 0, m/s. */
  velocityBias = 0;
  /**
   * The normal velocity the solver aims for, m/s: max(bias, velocityBias), so a bounce stays exactly
   * -e vn⁻ while Baumgarte may push harder.
   */
  targetVelocity = 0;

  /** A point whose state lives in `data` (the constraint's block) from index `base` on. */
  constructor(data: Float64Array, base: number) {
    this.data = data;
    this.base = base;
  }

  /** World x of the point, m. */
  get x(): number {
    return this.data[this.base + PointData.X];
  }
  set x(value: number) {
    this.data[this.base + PointData.X] = value;
  }
  /** World y of the point, m. */
  get y(): number {
    return this.data[this.base + PointData.Y];
  }
  set y(value: number) {
    this.data[this.base + PointData.Y] = value;
  }
  /** Signed distance along the normal, m (negative: penetration). */
  get separation(): number {
    return this.data[this.base + PointData.Separation];
  }
  set separation(value: number) {
    this.data[this.base + PointData.Separation] = value;
  }
  /** The manifold's feature key for this point. */
  get key(): number {
    return this.data[this.base + PointData.Key];
  }
  set key(value: number) {
    this.data[this.base + PointData.Key] = value;
  }
  /**
   * The relative normal velocity vn⁻ measured by {@link ContactConstraint.update} (when contact was
   * found, before the step's forces), m/s; negative when approaching. The restitution target uses it.
   */
  get approachVelocity(): number {
    return this.data[this.base + PointData.ApproachVelocity];
  }
  set approachVelocity(value: number) {
    this.data[this.base + PointData.ApproachVelocity] = value;
  }
  /**
   * The normal impulse of this step, N s (>= 0): the clamped running total with accumulated
   * impulses (it warm starts the next step), else the sum of the iterations' impulses.
   */
  get normalImpulse(): number {
    return this.data[this.base + PointData.NormalImpulse];
  }
  set normalImpulse(value: number) {
    this.data[this.base + PointData.NormalImpulse] = value;
  }
  /** The friction impulse of this step along the tangent t = (n.y, -n.x), N s. */
  get tangentImpulse(): number {
    return this.data[this.base + PointData.TangentImpulse];
  }
  set tangentImpulse(value: number) {
    this.data[this.base + PointData.TangentImpulse] = value;
  }
  /** Without accumulated impulses: the normal impulse of the latest iteration (it bounds friction). */
  get lastNormalImpulse(): number {
    return this.data[this.base + PointData.LastNormalImpulse];
  }
  set lastNormalImpulse(value: number) {
    this.data[this.base + PointData.LastNormalImpulse] = value;
  }
}

/** Where contacts take their data: views into blocks of 256 contacts' (docs/performance.md, "Slabs"). */
const pointData = /* @__PURE__ */ new Float64Slab(ContactData.Length, 256);

/** Friction mixing: μ = sqrt(μA μB) (a zero on either side gives a frictionless contact). */
export function mixFriction(a: number, b: number): number {
  return Math.sqrt(a * b);
}

/** Restitution mixing: e = max(eA, eB) (a bouncy ball bounces on any floor). */
export function mixRestitution(a: number, b: number): number {
  return a > b ? a : b;
}

/**
 * The contact between two bodies: up to two points on one normal, each with a normal and a friction
 * row, plus the block solver's 2x2 K. Per step: {@link ContactConstraint.update} with the manifold,
 * then `prepareContacts` and `solveContacts`.
 */
export class ContactConstraint {
  /** The body the normal points away from. */
  bodyA: SolverBody;
  /** The body the normal points towards. */
  bodyB: SolverBody;
  /** Friction coefficient μ (see {@link mixFriction}). */
  get friction(): number {
    return this.data[ContactData.Friction];
  }
  set friction(value: number) {
    this.data[ContactData.Friction] = value;
  }
  /** Restitution coefficient e (see {@link mixRestitution}). */
  get restitution(): number {
    return this.data[ContactData.Restitution];
  }
  set restitution(value: number) {
    this.data[ContactData.Restitution] = value;
  }
  /**
   * The rounding radius of A's side, m (a circle's, capsule's or rounded polygon's; 0 when sharp).
   * The soft step turns a rounded side's contact about the centre of its rounding.
   */
  get radiusA(): number {
    return this.data[ContactData.RadiusA];
  }
  set radiusA(value: number) {
    this.data[ContactData.RadiusA] = value;
  }
  /** The rounding radius of B's side, m (see {@link ContactConstraint.radiusA}). */
  get radiusB(): number {
    return this.data[ContactData.RadiusB];
  }
  set radiusB(value: number) {
    this.data[ContactData.RadiusB] = value;
  }
  /**
   * Rolling resistance, m: the rolling row on ωB - ωA holds at most this times the total normal
   * impulse (0: none). A world sets the larger coefficient times the larger radius, as Box2D v3.
   */
  get rollingResistance(): number {
    return this.data[ContactData.RollingResistance];
  }
  set rollingResistance(value: number) {
    this.data[ContactData.RollingResistance] = value;
  }
  /** Tangential speed the friction rows aim at along t = (n.y, -n.x), m/s (a conveyor belt's). */
  get tangentSpeed(): number {
    return this.data[ContactData.TangentSpeed];
  }
  set tangentSpeed(value: number) {
    this.data[ContactData.TangentSpeed] = value;
  }
  /** The rolling row's impulse of the last step, N m s (it warm starts the next). */
  get rollingImpulse(): number {
    return this.data[ContactData.RollingImpulse];
  }
  set rollingImpulse(value: number) {
    this.data[ContactData.RollingImpulse] = value;
  }
  /** Unit normal x, from A to B. */
  get normalX(): number {
    return this.data[ContactData.NormalX];
  }
  set normalX(value: number) {
    this.data[ContactData.NormalX] = value;
  }
  /** Unit normal y, from A to B. */
  get normalY(): number {
    return this.data[ContactData.NormalY];
  }
  set normalY(value: number) {
    this.data[ContactData.NormalY] = value;
  }
  /** Number of valid points: 0, 1 or 2. */
  pointCount = 0;
  /** The two points; only the first `pointCount` are valid. Made at the first read (solvers read `data`). */
  get points(): [ContactPoint, ContactPoint] {
    return this.pointObjects ?? this.makePoints();
  }
  private pointObjects: [ContactPoint, ContactPoint] | null = null;
  /**
   * The contact's numbers in one block: point i's step-to-step state from index 8 i, then from 16 the
   * normal, friction, restitution and rounding radii (read through the accessors of those names).
   */
  readonly data: Float64Array;
  /** The shared block {@link ContactConstraint.data} is a view of (from `dataOffset`). @internal */
  readonly dataBlock: Float64Array;
  /** The index in {@link ContactConstraint.dataBlock} of `data[0]`. @internal */
  readonly dataOffset: number;
  /** Block solver: K = J M⁻¹ Jᵀ of the two normal rows, entry (1,1). */
  k11 = 0;
  /** Block solver: K entry (1,2) = (2,1). */
  k12 = 0;
  /** Block solver: K entry (2,2). */
  k22 = 0;
  /** Block solver: K⁻¹ entry (1,1). */
  m11 = 0;
  /** Block solver: K⁻¹ entry (1,2) = (2,1). */
  m12 = 0;
  /** Block solver: K⁻¹ entry (2,2). */
  m22 = 0;
  /** True when the last prepare found two points and a well-conditioned K (the block solver may run). */
  blockUsable = false;
  /**
   * Which LCP case the last block solve took: 1 both active, 2 only point 1, 3 only point 2,
   * 4 neither, -1 none valid (nothing applied), 0 the block solver was not used.
   */
  blockCase = 0;

  /**
   * @param bodyA - the first body (the normal points away from it)
   * @param bodyB - the second body
   * @param friction - μ, default 0.2
   * @param restitution - e, default 0
   * @throws ConstraintError when the bodies are the same or a coefficient is negative
   */
  constructor(bodyA: SolverBody, bodyB: SolverBody, friction = 0.2, restitution = 0) {
    this.bodyA = bodyA;
    this.bodyB = bodyB;
    this.data = pointData.take();
    this.dataBlock = pointData.lastBlock as Float64Array;
    this.dataOffset = pointData.lastOffset;
    this.normalY = 1;
    this.reset(bodyA, bodyB, friction, restitution);
  }

  /** {@link ContactConstraint.points} the first time. */
  private makePoints(): [ContactPoint, ContactPoint] {
    const points: [ContactPoint, ContactPoint] = [
      new ContactPoint(this.data, 0),
      new ContactPoint(this.data, PointData.Stride),
    ];
    this.pointObjects = points;
    return points;
  }

  /**
   * Rebinds the constraint to a new pair (for pooling): bodies and coefficients set, points,
   * impulses and rounding radii dropped.
   * @throws ConstraintError when the bodies are not two distinct {@link SolverBody}s or a
   *   coefficient is negative or not finite
   */
  reset(bodyA: SolverBody, bodyB: SolverBody, friction: number, restitution: number): void {
    checkBodies(bodyA, bodyB);
    const nx = this.normalX;
    const ny = this.normalY;
    const f = requireNonNegativeArg(friction, 'friction');
    const e = requireNonNegativeArg(restitution, 'restitution');
    this.bodyA = bodyA;
    this.bodyB = bodyB;
    this.data.fill(0);
    this.friction = f;
    this.restitution = e;
    // The normal stays (a contact not yet touching hands its normal on to the next manifold).
    this.normalX = nx;
    this.normalY = ny;
    this.pointCount = 0;
    this.blockUsable = false;
    this.blockCase = 0;
  }

  /**
   * Takes this step's manifold: copies normal and points, carries impulses by feature key (when
   * `settings.warmStarting`), and measures vn⁻. Call it before forces are integrated, so a bounce
   * reflects the arrival velocity.
   * @throws ConstraintError when `manifold.pointCount` is not 0, 1 or 2
   */
  update(manifold: ManifoldLike, settings: SolverSettings): void {
    const count = manifold.pointCount;
    if (!(count === 0 || count === 1 || count === 2)) {
      throw new ConstraintError('manifold.pointCount', count, 'must be 0, 1 or 2');
    }
    if (count === 0 && this.pointCount === 0) {
      // Still apart: the impulses were zeroed when the last point went.
      this.normalX = manifold.normalX;
      this.normalY = manifold.normalY;
      return;
    }
    const carry = settings.warmStarting;
    // Through the shared block, not the view: one object fewer to load per contact.
    const data = this.dataBlock;
    const o = this.dataOffset;
    // Save the old keys and impulses in scalars first: the new points overwrite the same slots.
    const oldCount = this.pointCount;
    const key0 = data[o + PointData.Key];
    const normal0 = data[o + PointData.NormalImpulse];
    const tangent0 = data[o + PointData.TangentImpulse];
    const key1 = data[o + PointData.Stride + PointData.Key];
    const normal1 = data[o + PointData.Stride + PointData.NormalImpulse];
    const tangent1 = data[o + PointData.Stride + PointData.TangentImpulse];

    const nx = manifold.normalX;
    const ny = manifold.normalY;
    data[o + ContactData.NormalX] = nx;
    data[o + ContactData.NormalY] = ny;
    const bA = this.bodyA;
    const bB = this.bodyB;
    const xAx = bA.center.x;
    const xAy = bA.center.y;
    const xBx = bB.center.x;
    const xBy = bB.center.y;
    const vAx = bA.linearVelocity.x;
    const vAy = bA.linearVelocity.y;
    const wA = bA.angularVelocity;
    const vBx = bB.linearVelocity.x;
    const vBy = bB.linearVelocity.y;
    const wB = bB.angularVelocity;
    for (let i = 0; i < count; i++) {
      const source = manifold.points[i];
      const d = i * PointData.Stride;
      const key = source.key;
      const px = source.x;
      const py = source.y;
      data[o + d + PointData.X] = px;
      data[o + d + PointData.Y] = py;
      data[o + d + PointData.Separation] = source.separation;
      data[o + d + PointData.Key] = key;
      // vn⁻ = (vB + wB × rB - vA - wA × rA) · n, measured now, before this step's forces.
      const rAx = px - xAx;
      const rAy = py - xAy;
      const rBx = px - xBx;
      const rBy = py - xBy;
      data[o + d + PointData.ApproachVelocity] =
        (vBx - wB * rBy - vAx + wA * rAy) * nx + (vBy + wB * rBx - vAy - wA * rAx) * ny;
      let normal = 0;
      let tangent = 0;
      // Compared before the guards (docs/performance.md, "Code that never ran").
      const same0 = key0 === key;
      const same1 = key1 === key;
      if (carry && oldCount > 0 && same0) {
        normal = normal0;
        tangent = tangent0;
      } else if (carry && oldCount > 1 && same1) {
        normal = normal1;
        tangent = tangent1;
      }
      data[o + d + PointData.NormalImpulse] = normal;
      data[o + d + PointData.TangentImpulse] = tangent;
    }
    // A contact that lost its points (or is not warm started) keeps no rolling impulse.
    if (count === 0 || !carry) data[o + ContactData.RollingImpulse] = 0;
    for (let i = count; i < 2; i++) {
      data[o + i * PointData.Stride + PointData.NormalImpulse] = 0;
      data[o + i * PointData.Stride + PointData.TangentImpulse] = 0;
    }
    this.pointCount = count;
  }
}

/** The block solver is used only when k11² < BLOCK_MAX_CONDITION · (k11 k22 - k12²). */
export const BLOCK_MAX_CONDITION = 1000;
