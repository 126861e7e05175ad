import { type Shape as CollisionShape, computeMass, MassData } from '@lite/collision';
import { SolverBody } from '@lite/constraints';
import { objectArray, Transform, Vec2, type Vec2Like } from '@lite/math';
import type { BodyType, ResolvedBodyOptions } from './body-options';
import type { Contact } from './contact';
import { WorldError } from './errors';
import type { Joint } from './joints';
import { checkGravityScale } from './limits';
import { type BodyShape, checkRestitution, farthestDistance, type ShapeOptions } from './shape';
import {
  checkBoolean,
  checkFinite,
  checkInvertible,
  checkNonNegative,
  checkPositive,
  checkVec2,
} from './validate';
import type { World } from './world';

/** A centre of mass closer to the origin than this fraction of the shapes' size is the origin (rounding). */
const CENTER_ROUNDING = 1e-12;

/**
 * Where a body keeps the world's numbers in `SolverBody.numbers` (from its base), after the
 * solver's four (docs/performance.md, "Slabs"). @internal
 */
// biome-ignore lint/suspicious/noConstEnum: inlined as numbers (the bundler links the modules first)
export const enum Own {
  /** The solver's four (`BodyNumber` in @lite/constraints): angle, angular velocity, inverses. */
  Angle = 0,
  AngularVelocity = 1,
  InvMass = 2,
  InvI = 3,
  MaxExtent = 4,
  Torque = 5,
  GravityScale = 6,
  LinearDamping = 7,
  AngularDamping = 8,
  /** (9 to 11 unused.) */
  SleepTime = 12,
  MinExtent = 13,
}

/**
 * A rigid body in a {@link World}, made by `world.createBody`, of any number of shapes; a
 * {@link SolverBody}, so the solvers read it directly. `position` is the origin (as in Box2D); the
 * body turns about its centre of mass (`center`, `localCenter`), whose velocity `linearVelocity` is.
 * Change the state through the methods (`setTransform`, `setLinearVelocity`, ...), which check their
 * input and wake the body; `angle`, `angularVelocity`, `invMass` and `invI` are read-only. Once
 * destroyed, every method and setter throws a `WorldError` naming the body.
 */
export class Body extends SolverBody {
  /** Integer id, unique in its world, increasing in creation order; contacts are keyed and ordered by it. */
  readonly id: number;
  /** How the body moves; change it with `setType`. */
  get type(): BodyType {
    return this.typeValue;
  }
  /** See {@link Body.type}; written with `assignBodyType`. @internal */
  typeValue: BodyType;
  /** Full width, m, of a body made with `width` and `height` (0 otherwise). */
  readonly width: number;
  /** Full height, m, of a body made with `width` and `height` (0 otherwise). */
  readonly height: number;
  /** The centre of mass in the body frame, m (the origin for static and kinematic bodies). */
  readonly localCenter: Vec2;
  /** The body's origin in the world, m (read it through `position`). */
  private readonly origin: Vec2;
  /** The body's origin in the world, m. Move the body with `setTransform`. */
  override get position(): Vec2 {
    return this.origin;
  }
  /** The body's pose as a rotation and translation, kept equal to `position` and `angle`. */
  readonly transform: Transform;
  /** The force accumulated for the next step, N (cleared after each step). */
  readonly force: Vec2;
  /**
   * The torque accumulated for the next step, N·m (cleared after each step; see `applyTorque`).
   * @throws WorldError naming `body.torque` when set to anything but a finite number
   */
  get torque(): number {
    return this.numbers[this.numbersBase + Own.Torque];
  }
  set torque(value: number) {
    checkState(this, 'torque', value);
    this.numbers[this.numbersBase + Own.Torque] = value;
  }

  /** The rotation, radians counter-clockwise; read-only: `setTransform` turns the body. */
  override get angle(): number {
    return this.numbers[this.numbersBase + Own.Angle];
  }
  /** The angular velocity, rad/s counter-clockwise; read-only: see `setAngularVelocity`. */
  override get angularVelocity(): number {
    return this.numbers[this.numbersBase + Own.AngularVelocity];
  }
  /** 1 / mass, 1/kg (0 for static and kinematic bodies); follows the mass (`setMass`). */
  override get invMass(): number {
    return this.numbers[this.numbersBase + Own.InvMass];
  }
  /** 1 / (rotational inertia about the centre of mass), 1/(kg·m²); 0 when the body does not turn. */
  override get invI(): number {
    return this.numbers[this.numbersBase + Own.InvI];
  }

  /** Writes the inverse mass and inertia unchecked (the mass functions, a snapshot's restore). @internal */
  setInverseMass(invMass: number, invI: number): void {
    this.numbers[this.numbersBase + Own.InvMass] = invMass;
    this.numbers[this.numbersBase + Own.InvI] = this.fixedRotationValue ? 0 : invI;
  }
  /** Anything you attached (the `userData` option). */
  userData: unknown;

  /** The world that owns the body; null once destroyed. @internal */
  world: World | null;
  /** The shapes, in id order. @internal */
  readonly shapeList: BodyShape[];
  /** True when the centre of mass is not the origin. @internal */
  hasOffset: boolean;
  /** Set while the continuous collision treats the body as fast. @internal */
  isFast: boolean;
  /** Set while continuous collision has moved the body back to a time of impact this step. @internal */
  isStopped: boolean;
  /** A shape is deeper in a static shape than half its smallest extent: swept even if slow. @internal */
  deepInStatic: boolean;
  /** The farthest a point of a shape lies from the centre of mass, m. @internal */
  get maxExtent(): number {
    return this.numbers[this.numbersBase + Own.MaxExtent];
  }
  /** @internal */
  set maxExtent(value: number) {
    this.numbers[this.numbersBase + Own.MaxExtent] = value;
  }
  /** The smallest extent of the shapes (from their centroids), m. @internal */
  get minExtent(): number {
    return this.numbers[this.numbersBase + Own.MinExtent];
  }
  /** @internal */
  set minExtent(value: number) {
    this.numbers[this.numbersBase + Own.MinExtent] = value;
  }
  /** Position in the world's body array (id order). @internal */
  index: number;
  /** True for dynamic bodies (cached type test for hot loops). @internal */
  isDynamic: boolean;
  /** True for static bodies. @internal */
  isStatic: boolean;
  /**
   * Awake flag (static bodies are never awake). The narrowphase compares it (and `hasOffset`) with
   * `=== true` (docs/performance.md, "Booleans"). @internal
   */
  isAwake: boolean;
  /** Seconds spent below the sleep tolerances. @internal */
  get sleepTime(): number {
    return this.numbers[this.numbersBase + Own.SleepTime];
  }
  /** @internal */
  set sleepTime(value: number) {
    this.numbers[this.numbersBase + Own.SleepTime] = value;
  }
  /** While asleep: the next body of its sleeping island, in a ring. @internal */
  sleepNext: Body | null;
  /** The contacts this body takes part in (any order). @internal */
  readonly contactEdges: Contact[];
  /** The joints attached to this body (any order). @internal */
  readonly jointEdges: Joint[];
  private bulletValue: boolean;
  private allowSleepValue: boolean;
  /** See {@link Body.fixedRotation}. @internal */
  fixedRotationValue: boolean;
  private massValue: number;
  private inertiaValue: number;
  private frictionValue: number;
  private restitutionValue: number;

  /** Bodies are made by `world.createBody`, which checks the options. @internal */
  constructor(world: World, id: number, o: ResolvedBodyOptions) {
    const dynamic = o.type === 'dynamic';
    super(
      o.x,
      o.y,
      o.angle,
      dynamic && o.mass > 0 ? 1 / o.mass : 0,
      dynamic && o.inertia > 0 ? 1 / o.inertia : 0,
    );
    this.id = id;
    this.typeValue = o.type;
    this.width = o.width;
    this.height = o.height;
    this.localCenter = new Vec2(0, 0);
    this.origin = new Vec2(o.x, o.y);
    this.bulletValue = o.bullet;
    this.transform = new Transform(o.x, o.y, o.angle);
    this.force = new Vec2(0, 0);
    this.torque = 0;
    this.userData = o.userData;
    this.allowSleepValue = o.allowSleep;
    this.fixedRotationValue = o.fixedRotation === true;
    if (this.fixedRotationValue) {
      this.numbers[this.numbersBase + Own.InvI] = 0;
      this.numbers[this.numbersBase + Own.AngularVelocity] = 0;
    }
    this.numbers[this.numbersBase + Own.LinearDamping] = o.linearDamping;
    this.numbers[this.numbersBase + Own.AngularDamping] = o.angularDamping;
    this.numbers[this.numbersBase + Own.GravityScale] = o.gravityScale;
    this.world = world;
    this.shapeList = objectArray();
    this.hasOffset = false;
    this.isFast = false;
    this.isStopped = false;
    this.deepInStatic = false;
    this.maxExtent = 0;
    this.minExtent = 0;
    this.index = -1;
    this.isDynamic = dynamic;
    this.isStatic = o.type === 'static';
    this.isAwake = !this.isStatic;
    this.sleepTime = 0;
    this.sleepNext = null;
    this.contactEdges = objectArray();
    this.jointEdges = objectArray();
    this.massValue = o.mass;
    this.inertiaValue = o.inertia;
    this.frictionValue = o.friction;
    this.restitutionValue = o.restitution;
    this.linearVelocity.x = o.vx;
    this.linearVelocity.y = o.vy;
    this.numbers[this.numbersBase + Own.AngularVelocity] = o.angularVelocity;
  }

  /**
   * A bullet gets continuous collision against dynamic bodies too, not only static ones.
   * @throws WorldError when set to a non-boolean or after the body was destroyed, or set to true in
   *   a world without continuous collision (`new World({ continuous: new ContinuousCollision() })`)
   */
  get bullet(): boolean {
    return this.bulletValue;
  }
  set bullet(value: boolean) {
    this.live('body.bullet');
    if (checkBoolean(value, 'body.bullet')) (this.world as World).checkBullet('body.bullet');
    this.bulletValue = value;
  }

  /**
   * Whether this body may fall asleep; false keeps its island awake from the next step on (it does
   * not wake a sleeping body: `setAwake(true)` does).
   * @throws WorldError when set to a non-boolean or after the body was destroyed
   */
  get allowSleep(): boolean {
    return this.allowSleepValue;
  }
  set allowSleep(value: boolean) {
    this.live('body.allowSleep');
    this.allowSleepValue = checkBoolean(value, 'body.allowSleep');
  }

  /**
   * Whether the body never turns (inverse inertia 0); on stops its spin, off restores the inertia.
   * Wakes the body.
   * @throws WorldError when set to a non-boolean or after the body was destroyed
   */
  get fixedRotation(): boolean {
    return this.fixedRotationValue;
  }
  set fixedRotation(value: boolean) {
    const world = this.live('body.fixedRotation');
    this.fixedRotationValue = checkBoolean(value, 'body.fixedRotation');
    world.wakeBody(this);
    if (value) this.numbers[this.numbersBase + Own.AngularVelocity] = 0;
    const inertia = this.inertiaValue;
    this.setInverseMass(this.invMass, this.isDynamic && inertia > 0 ? 1 / inertia : 0);
  }

  /**
   * Linear damping, 1/s (>= 0): v is scaled by 1 / (1 + dt · damping) each step.
   * @throws WorldError unless set to a finite number >= 0, or after the body was destroyed
   */
  get linearDamping(): number {
    return this.numbers[this.numbersBase + Own.LinearDamping];
  }
  set linearDamping(value: number) {
    this.live('body.linearDamping');
    this.numbers[this.numbersBase + Own.LinearDamping] = checkNonNegative(value, 'body.linearDamping');
  }

  /**
   * Angular damping, 1/s (>= 0).
   * @throws WorldError unless set to a finite number >= 0, or after the body was destroyed
   */
  get angularDamping(): number {
    return this.numbers[this.numbersBase + Own.AngularDamping];
  }
  set angularDamping(value: number) {
    this.live('body.angularDamping');
    this.numbers[this.numbersBase + Own.AngularDamping] = checkNonNegative(value, 'body.angularDamping');
  }

  /**
   * Multiplies the world's gravity for this body (0: none, -1: falls up).
   * @throws WorldError unless within ±{@link MAX_GRAVITY_SCALE}, or after the body was destroyed
   */
  get gravityScale(): number {
    return this.numbers[this.numbersBase + Own.GravityScale];
  }
  set gravityScale(value: number) {
    this.live('body.gravityScale');
    this.numbers[this.numbersBase + Own.GravityScale] = checkGravityScale(value, 'body.gravityScale');
  }

  /** The shapes, in id order (create and destroy them with `createShape` and `destroyShape`). */
  get shapes(): readonly BodyShape[] {
    return this.shapeList;
  }

  /** The geometry of the first shape (a `Box` for a body made with `width` and `height`), or null. */
  get shape(): CollisionShape | null {
    return this.shapeList.length > 0 ? this.shapeList[0].geometry : null;
  }

  /** The centre of mass in the world, m (a new vector, or written into `out`). */
  getWorldCenter(out: Vec2 = new Vec2()): Vec2 {
    this.live('body.getWorldCenter');
    out.x = this.center.x;
    out.y = this.center.y;
    return out;
  }

  /**
   * Adds a shape, recomputes the mass, centre of mass and inertia and wakes the body; returns the shape.
   * @throws WorldError naming the bad option (nothing is added then), or while the world steps
   */
  createShape(options: ShapeOptions): BodyShape {
    return this.live('body.createShape').createShape(this, options);
  }

  /**
   * Removes a shape and its contacts (`endContact` for touching ones), recomputes the mass, wakes the body.
   * @throws WorldError when the shape is not one of this body's, or while the world steps
   */
  destroyShape(shape: BodyShape): void {
    this.live('body.destroyShape').destroyShape(this, shape);
  }

  /** Mass, kg (0 for static and kinematic bodies). */
  get mass(): number {
    return this.massValue;
  }

  /** Rotational inertia about the centre of mass, kg·m² (0 for static and kinematic bodies). */
  get inertia(): number {
    return this.inertiaValue;
  }

  /**
   * Friction (>= 0), the default of shapes made without one; setting it sets every shape's, at once
   * (contacts mix them as √(μA μB)).
   */
  get friction(): number {
    return this.frictionValue;
  }
  set friction(value: number) {
    this.live('body.friction');
    this.frictionValue = checkNonNegative(value, 'body.friction');
    for (let i = 0; i < this.shapeList.length; ++i) this.shapeList[i].friction = value;
  }

  /**
   * Restitution in [0, 1], the default of shapes made without one; setting it sets every shape's
   * (contacts take the larger).
   * @throws WorldError outside [0, 1], or after the body was destroyed
   */
  get restitution(): number {
    return this.restitutionValue;
  }
  set restitution(value: number) {
    this.live('body.restitution');
    this.restitutionValue = checkRestitution(value, 'body.restitution');
    for (let i = 0; i < this.shapeList.length; ++i) this.shapeList[i].restitution = value;
  }

  /**
   * Recomputes mass, centre of mass and inertia from the shapes, keeping the origin in place and the
   * material points' velocities. A dynamic body with no mass gets 1 kg and no inertia. @internal
   */
  resetMassData(): void {
    const shapes = this.shapeList;
    let minExtent = Number.POSITIVE_INFINITY;
    for (let i = 0; i < shapes.length; ++i) minExtent = Math.min(minExtent, shapes[i].minExtent);
    this.minExtent = shapes.length > 0 ? minExtent : 0;
    let mass = 0;
    let inertia = 0;
    let cx = 0;
    let cy = 0;
    if (this.isDynamic) {
      const parts: MassData[] = [];
      for (let i = 0; i < shapes.length; ++i) {
        const shape = shapes[i];
        if (shape.density === 0) continue;
        const md = computeMass(shape.geometry, shape.density, new MassData());
        parts.push(md);
        mass += md.mass;
        cx += md.mass * md.centerX;
        cy += md.mass * md.centerY;
      }
      if (mass > 0) {
        cx /= mass;
        cy /= mass;
        // A centre within 1e-12 of the shapes' size of the origin is the origin (a regular
        // hexagon's centroid comes out 1e-17 m off), sparing the off-centre paths.
        let size = 0;
        for (const md of parts) {
          size = Math.max(
            size,
            Math.hypot(md.centerX, md.centerY) + Math.sqrt(md.rotationalInertia / md.mass),
          );
        }
        if (Math.hypot(cx, cy) <= CENTER_ROUNDING * size) {
          cx = 0;
          cy = 0;
        }
        for (const md of parts) {
          const dx = md.centerX - cx;
          const dy = md.centerY - cy;
          inertia += md.rotationalInertia + md.mass * (dx * dx + dy * dy);
        }
      } else {
        mass = 1;
        cx = 0;
        cy = 0;
      }
    }
    // The centre moves: keep the origin still and the velocity of every material point.
    const q = this.transform.q;
    const dx = cx - this.localCenter.x;
    const dy = cy - this.localCenter.y;
    const wdx = q.c * dx - q.s * dy;
    const wdy = q.s * dx + q.c * dy;
    this.linearVelocity.x -= this.angularVelocity * wdy;
    this.linearVelocity.y += this.angularVelocity * wdx;
    this.localCenter.x = cx;
    this.localCenter.y = cy;
    this.hasOffset = cx !== 0 || cy !== 0;
    placeCenter(this);
    this.massValue = this.isDynamic ? mass : 0;
    this.inertiaValue = inertia;
    this.setInverseMass(this.isDynamic ? 1 / mass : 0, this.isDynamic && inertia > 0 ? 1 / inertia : 0);
    this.updateExtents();
  }

  /** maxExtent from the shapes and the centre of mass. @internal */
  updateExtents(): void {
    let max = 0;
    for (let i = 0; i < this.shapeList.length; ++i) {
      const d = farthestDistance(this.shapeList[i].geometry, this.localCenter.x, this.localCenter.y);
      if (d > max) max = d;
    }
    this.maxExtent = max;
  }

  /** Sets a dynamic body's mass (kg, > 0) and inertia (kg·m², > 0) and wakes it; returns this. */
  override setMass(mass: number, inertia: number): this {
    const world = this.live('body.setMass');
    if (!this.isDynamic) throw new WorldError('body', this.toString(), 'only a dynamic body has a mass');
    checkPositive(mass, 'mass');
    checkPositive(inertia, 'inertia');
    checkInvertible(mass, 'mass', 'mass', mass);
    checkInvertible(inertia, 'rotational inertia', 'inertia', inertia);
    world.wakeBody(this);
    this.massValue = mass;
    this.inertiaValue = inertia;
    this.setInverseMass(1 / mass, 1 / inertia);
    return this;
  }

  /** Sets a dynamic body's mass (kg, > 0) as a solid box of `width` × `height`: I = m (w² + h²) / 12. */
  override setBoxMass(width: number, height: number, mass: number): this {
    this.live('body.setBoxMass');
    checkPositive(width, 'width');
    checkPositive(height, 'height');
    checkPositive(mass, 'mass');
    return this.setMass(mass, (mass * (width * width + height * height)) / 12);
  }

  /** Whether the body is simulated this step. Static bodies are never awake; sleeping bodies are not. */
  get awake(): boolean {
    return this.isAwake;
  }

  /** True until `world.destroyBody(body)`. */
  get alive(): boolean {
    return this.world !== null;
  }

  /** Wakes the body and its sleeping island, or puts it to sleep with zero velocity (not static bodies). */
  setAwake(awake: boolean): void {
    const world = this.live('body.setAwake');
    checkBoolean(awake, 'awake');
    if (awake) world.wakeBody(this);
    else world.sleepBody(this);
  }

  /**
   * Changes how the body moves (Box2D's `b2Body_SetType`): the mass comes again from the shapes (a
   * `setMass` is forgotten); a static body stops; contacts between two non-dynamic bodies end; joints
   * stay. Wakes the body and the bodies it touches or is jointed to.
   * @throws WorldError naming `type` unless `'static'`, `'kinematic'` or `'dynamic'`, or when the mass
   *   would not be finite; after the body was destroyed, or while the world steps
   */
  setType(type: BodyType): void {
    this.live('body.setType').setBodyType(this, type);
  }

  /**
   * Adds a force (N, world frame) for the next step, at a world `point` (default the centre of
   * mass, which adds no torque). Wakes the body. Ignored by static and kinematic bodies.
   */
  applyForce(force: Vec2Like, point?: Vec2Like): void {
    const world = this.live('body.applyForce');
    checkVec2(force, 'force');
    if (point !== undefined) checkVec2(point, 'point');
    if (!this.isDynamic) return;
    const fx = this.force.x + force.x;
    const fy = this.force.y + force.y;
    // T = (p - c) × F, about the centre of mass c.
    const torque =
      point === undefined
        ? this.torque
        : this.torque + (point.x - this.center.x) * force.y - (point.y - this.center.y) * force.x;
    requireFiniteResult(fx * 0 + fy * 0 + torque * 0, 'force', force, 'the accumulated force or torque');
    world.wakeBody(this);
    this.force.x = fx;
    this.force.y = fy;
    this.torque = torque;
  }

  /** Adds a torque (N·m) for the next step. Wakes the body. Ignored by static and kinematic bodies. */
  applyTorque(torque: number): void {
    const world = this.live('body.applyTorque');
    checkFinite(torque, 'torque');
    if (!this.isDynamic) return;
    requireFiniteResult((this.torque + torque) * 0, 'torque', torque, 'the accumulated torque');
    world.wakeBody(this);
    this.torque += torque;
  }

  /**
   * Applies an impulse (N·s, world frame) at a world `point` (default the centre of mass):
   * v += J / m, w += (p - c) × J / I, at once. Wakes the body. Ignored by static and kinematic bodies.
   */
  applyLinearImpulse(impulse: Vec2Like, point?: Vec2Like): void {
    const world = this.live('body.applyLinearImpulse');
    checkVec2(impulse, 'impulse');
    if (point !== undefined) checkVec2(point, 'point');
    if (!this.isDynamic) return;
    const vx = this.linearVelocity.x + this.invMass * impulse.x;
    const vy = this.linearVelocity.y + this.invMass * impulse.y;
    const w =
      point === undefined
        ? this.angularVelocity
        : this.angularVelocity +
          this.invI * ((point.x - this.center.x) * impulse.y - (point.y - this.center.y) * impulse.x);
    requireFiniteResult(vx * 0 + vy * 0 + w * 0, 'impulse', impulse, 'the velocity');
    world.wakeBody(this);
    this.linearVelocity.x = vx;
    this.linearVelocity.y = vy;
    this.numbers[this.numbersBase + Own.AngularVelocity] = w;
  }

  /** Applies an angular impulse (N·m·s): w += L / I, at once. Wakes the body. Ignored unless dynamic. */
  applyAngularImpulse(impulse: number): void {
    const world = this.live('body.applyAngularImpulse');
    checkFinite(impulse, 'impulse');
    if (!this.isDynamic) return;
    const w = this.angularVelocity + this.invI * impulse;
    requireFiniteResult(w * 0, 'impulse', impulse, 'the angular velocity');
    world.wakeBody(this);
    this.numbers[this.numbersBase + Own.AngularVelocity] = w;
  }

  /** Sets the velocity of the centre of mass (m/s). Wakes the body. Ignored by static bodies. */
  setLinearVelocity(velocity: Vec2Like): void {
    const world = this.live('body.setLinearVelocity');
    checkVec2(velocity, 'velocity');
    if (this.isStatic) return;
    world.wakeBody(this);
    this.linearVelocity.x = velocity.x;
    this.linearVelocity.y = velocity.y;
  }

  /** Sets the angular velocity (rad/s, counter-clockwise). Wakes the body. Ignored by static bodies. */
  setAngularVelocity(angularVelocity: number): void {
    const world = this.live('body.setAngularVelocity');
    checkFinite(angularVelocity, 'angularVelocity');
    if (this.isStatic) return;
    world.wakeBody(this);
    this.numbers[this.numbersBase + Own.AngularVelocity] = angularVelocity;
  }

  /**
   * Moves the body's origin to `position` (m) and `angle` (default: unchanged) without sweeping
   * (overlaps are pushed out by the next steps); wakes it and what touches it. Not while stepping.
   */
  setTransform(position: Vec2Like, angle: number = this.angle): void {
    const world = this.live('body.setTransform');
    checkVec2(position, 'position');
    checkFinite(angle, 'angle');
    world.setBodyTransform(this, position.x, position.y, angle);
  }

  /** A point given in the body's frame, in the world (a new vector, or written into `out`). */
  getWorldPoint(localPoint: Vec2Like, out: Vec2 = new Vec2()): Vec2 {
    this.live('body.getWorldPoint');
    checkVec2(localPoint, 'localPoint');
    const q = this.transform.q;
    const x = q.c * localPoint.x - q.s * localPoint.y + this.position.x;
    out.y = q.s * localPoint.x + q.c * localPoint.y + this.position.y;
    out.x = x;
    return out;
  }

  /** A world point in the body's frame (a new vector, or written into `out`). */
  getLocalPoint(worldPoint: Vec2Like, out: Vec2 = new Vec2()): Vec2 {
    this.live('body.getLocalPoint');
    checkVec2(worldPoint, 'worldPoint');
    const q = this.transform.q;
    const dx = worldPoint.x - this.position.x;
    const dy = worldPoint.y - this.position.y;
    out.x = q.c * dx + q.s * dy;
    out.y = -q.s * dx + q.c * dy;
    return out;
  }

  /** The velocity of the material point at a world `point`: v + w × (p - c) (a new vector, or `out`). */
  getVelocityAtPoint(point: Vec2Like, out: Vec2 = new Vec2()): Vec2 {
    this.live('body.getVelocityAtPoint');
    checkVec2(point, 'point');
    const w = this.angularVelocity;
    const rx = point.x - this.center.x;
    const ry = point.y - this.center.y;
    out.x = this.linearVelocity.x - w * ry;
    out.y = this.linearVelocity.y + w * rx;
    return out;
  }

  /** `Body #id (type)`, for messages and logs. */
  override toString(): string {
    return `Body #${this.id} (${this.type})`;
  }

  /** The owning world, or a WorldError naming `operation` if the body was destroyed. */
  private live(operation: string): World {
    const world = this.world;
    if (world === null) throw new WorldError('body', this.toString(), `was destroyed; ${operation} refused`);
    return world;
  }
}

/** Writes a body's type and its cached tests (no other bookkeeping: `body.setType` does it). @internal */
export function assignBodyType(body: Body, type: BodyType): void {
  body.typeValue = type;
  body.isDynamic = type === 'dynamic';
  body.isStatic = type === 'static';
}

/** Whether writes of `angle` and `angularVelocity` are checked (not while the stages write). */
let checkWrites = true;

/** Turns the bodies' setter checks off while a step's stages run, on before user code runs. @internal */
export function setBodyWritesChecked(on: boolean): void {
  checkWrites = on;
}

/** Gives Body's read-only accessor `name` a checked setter (the solvers write through `SolverBody`). */
function addSetter(name: string, set: (this: Body, value: number) => void): void {
  const { get } = Object.getOwnPropertyDescriptor(Body.prototype, name) as PropertyDescriptor;
  Object.defineProperty(Body.prototype, name, { get, set, configurable: true });
}
addSetter('angle', function (value) {
  if (checkWrites === true) checkState(this, 'angle', value);
  this.numbers[this.numbersBase + Own.Angle] = value;
});
addSetter('angularVelocity', function (value) {
  if (checkWrites === true) checkState(this, 'angularVelocity', value);
  this.numbers[this.numbersBase + Own.AngularVelocity] = value;
});
// The inverses follow the mass: only the solver body's constructor writes them, before the world is set.
addSetter('invMass', function (value) {
  if (this.world !== undefined) refuseDerived(this, 'invMass', value);
  this.numbers[this.numbersBase + Own.InvMass] = value;
});
addSetter('invI', function (value) {
  if (this.world !== undefined) refuseDerived(this, 'invI', value);
  this.numbers[this.numbersBase + Own.InvI] = value;
});

/** Throws a WorldError naming `body.<field>` unless `value` is a finite number and the body alive. */
function checkState(body: Body, field: string, value: unknown): void {
  if (typeof value === 'number' && value - value === 0 && body.world !== null) return;
  if (body.world === null)
    throw new WorldError('body', body.toString(), `was destroyed; body.${field} refused`);
  throw new WorldError(`body.${field}`, value, `must be a finite number (${body.toString()})`);
}

/** Throws a WorldError naming `body.<field>`, a value the body derives from its mass. */
function refuseDerived(body: Body, field: string, value: unknown): never {
  throw new WorldError(
    `body.${field}`,
    value,
    `is read-only: it follows the mass and inertia (set them with setMass or setBoxMass; ${body.toString()})`,
  );
}

/**
 * Throws a WorldError naming `argument` unless `zero` is 0 (a sum of x * 0 over the results: NaN
 * when one is not finite, as a finite input can overflow).
 */
function requireFiniteResult(zero: number, argument: string, value: unknown, what: string): void {
  if (zero !== 0) throw new WorldError(argument, value, `would make ${what} of the body non-finite`);
}

/** Puts the centre of mass of `b` (or `out`) where its origin and `transform.q` put it. @internal */
export function placeCenter(b: Body, out: Vec2 = b.center): void {
  const p = b.position;
  if (!b.hasOffset) {
    out.x = p.x;
    out.y = p.y;
    return;
  }
  const q = b.transform.q;
  const lc = b.localCenter;
  out.x = p.x + (q.c * lc.x - q.s * lc.y);
  out.y = p.y + (q.s * lc.x + q.c * lc.y);
}
