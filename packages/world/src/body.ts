import { Box } from '@lite/collision';
import { SolverBody } from '@lite/constraints';
import { Transform, Vec2, type Vec2Like } from '@lite/math';
import type { BodyType, ResolvedBodyOptions } from './body-options';
import type { Contact } from './contact';
import { WorldError } from './errors';
import type { Joint } from './joints';
import { checkFinite, checkNonNegative, checkPositive, checkVec2 } from './validate';
import type { World } from './world';

/**
 * A rigid box in a {@link World}, made by `world.createBody`. It extends the constraint solver's
 * {@link SolverBody} (`position`, `angle`, `linearVelocity`, `angularVelocity`, `invMass`, `invI`),
 * so the solvers read it directly; every field is set in the constructor, so all bodies share one
 * hidden class.
 *
 * Read `position`, `angle`, `linearVelocity` and `angularVelocity` freely; change them through the
 * methods (`setTransform`, `setLinearVelocity`, ...), which check their input, wake the body and keep
 * the broadphase in step. After `world.destroyBody(body)` every method throws a `WorldError`.
 */
export class Body extends SolverBody {
  /** Integer id, unique in its world, increasing in creation order; contacts are keyed and ordered by it. */
  readonly id: number;
  /** How the body moves. */
  readonly type: BodyType;
  /** Full width, m. */
  readonly width: number;
  /** Full height, m. */
  readonly height: number;
  /** The collision shape (a box of `width` × `height` centred on the body). */
  readonly shape: Box;
  /** The body's pose as a rotation and translation, kept equal to `position` and `angle`. */
  readonly transform: Transform;
  /** The force accumulated for the next step, N (cleared after each step). */
  readonly force: Vec2;
  /** The torque accumulated for the next step, N·m (cleared after each step). */
  torque: number;
  /** Anything you attached (the `userData` option). */
  userData: unknown;
  /**
   * Whether this body may fall asleep. Setting it to false keeps its island awake from the next
   * step on (it does not wake a body that is already asleep: call `setAwake(true)` for that).
   */
  allowSleep: boolean;
  /** Linear damping, 1/s. */
  linearDamping: number;
  /** Angular damping, 1/s. */
  angularDamping: number;
  /** Multiplies the world's gravity for this body. */
  gravityScale: number;

  /** The world that owns the body; null once destroyed. @internal */
  world: World | null;
  /** Broadphase proxy id. @internal */
  proxyId: number;
  /** Position in the world's body array (id order). @internal */
  index: number;
  /** True for dynamic bodies (cached type test for hot loops). @internal */
  readonly isDynamic: boolean;
  /** True for static bodies. @internal */
  readonly isStatic: boolean;
  /** Awake flag (static bodies are never awake). @internal */
  isAwake: boolean;
  /** Seconds spent below the sleep tolerances. @internal */
  sleepTime: number;
  /** While asleep: the next body of its sleeping island, in a ring. @internal */
  sleepNext: Body | null;
  /** The contacts this body takes part in (any order). @internal */
  readonly contactEdges: Contact[];
  /** The joints attached to this body (any order). @internal */
  readonly jointEdges: Joint[];
  private massValue: number;
  private inertiaValue: number;
  private frictionValue: number;
  private restitutionValue: number;

  /** Bodies are made by `world.createBody`, which checks the options. @internal */
  constructor(world: World, id: number, o: ResolvedBodyOptions) {
    const dynamic = o.type === 'dynamic';
    super(o.x, o.y, o.angle, dynamic ? 1 / o.mass : 0, dynamic && o.inertia > 0 ? 1 / o.inertia : 0);
    this.id = id;
    this.type = o.type;
    this.width = o.width;
    this.height = o.height;
    this.shape = new Box(o.width, o.height);
    this.transform = new Transform(o.x, o.y, o.angle);
    this.force = new Vec2(0, 0);
    this.torque = 0;
    this.userData = o.userData;
    this.allowSleep = o.allowSleep;
    this.linearDamping = o.linearDamping;
    this.angularDamping = o.angularDamping;
    this.gravityScale = o.gravityScale;
    this.world = world;
    this.proxyId = -1;
    this.index = -1;
    this.isDynamic = dynamic;
    this.isStatic = o.type === 'static';
    this.isAwake = !this.isStatic;
    this.sleepTime = 0;
    this.sleepNext = null;
    this.contactEdges = [];
    this.jointEdges = [];
    this.massValue = o.mass;
    this.inertiaValue = o.inertia;
    this.frictionValue = o.friction;
    this.restitutionValue = o.restitution;
    this.linearVelocity.x = o.vx;
    this.linearVelocity.y = o.vy;
    this.angularVelocity = o.angularVelocity;
  }

  /** Mass, kg (0 for static and kinematic bodies). */
  get mass(): number {
    return this.massValue;
  }

  /** Rotational inertia about the centre, kg·m²: m (w² + h²) / 12 (0 for static and kinematic bodies). */
  get inertia(): number {
    return this.inertiaValue;
  }

  /** Friction coefficient (>= 0). Contacts mix it as sqrt(μA μB); a change applies to them at once. */
  get friction(): number {
    return this.frictionValue;
  }
  set friction(value: number) {
    this.frictionValue = checkNonNegative(value, 'body.friction');
    this.world?.remixMaterials(this);
  }

  /** Restitution (>= 0). Contacts take the larger of the two bodies' values. */
  get restitution(): number {
    return this.restitutionValue;
  }
  set restitution(value: number) {
    this.restitutionValue = checkNonNegative(value, 'body.restitution');
    this.world?.remixMaterials(this);
  }

  /**
   * Sets a dynamic body's mass (kg, > 0) and rotational inertia about its centre (kg·m², > 0) and
   * wakes it. Returns this.
   */
  override setMass(mass: number, inertia: number): this {
    const world = this.live('body.setMass');
    if (!this.isDynamic) throw new WorldError('body', this.toString(), 'only a dynamic body has a mass');
    checkPositive(mass, 'mass');
    checkPositive(inertia, 'inertia');
    world.wakeBody(this);
    this.massValue = mass;
    this.inertiaValue = inertia;
    this.invMass = 1 / mass;
    this.invI = 1 / inertia;
    return this;
  }

  /** Sets a dynamic body's mass (kg, > 0) as a solid box of `width` × `height`: I = m (w² + h²) / 12. */
  override setBoxMass(width: number, height: number, mass: number): this {
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

  /**
   * Wakes the body (and the sleeping island it belongs to), or puts it to sleep with zero velocity.
   * No effect on static bodies.
   */
  setAwake(awake: boolean): void {
    const world = this.live('body.setAwake');
    if (awake) world.wakeBody(this);
    else world.sleepBody(this);
  }

  /**
   * Adds a force (N, world frame) for the next step, at a world `point` (default the centre, which
   * adds no torque). Wakes the body. Ignored by static and kinematic bodies.
   */
  applyForce(force: Vec2Like, point?: Vec2Like): void {
    const world = this.live('body.applyForce');
    checkVec2(force, 'force');
    if (point !== undefined) checkVec2(point, 'point');
    if (!this.isDynamic) return;
    world.wakeBody(this);
    this.force.x += force.x;
    this.force.y += force.y;
    if (point !== undefined) {
      // T = (p - x) × F
      this.torque += (point.x - this.position.x) * force.y - (point.y - this.position.y) * force.x;
    }
  }

  /** Adds a torque (N·m) for the next step. Wakes the body. Ignored by static and kinematic bodies. */
  applyTorque(torque: number): void {
    const world = this.live('body.applyTorque');
    checkFinite(torque, 'torque');
    if (!this.isDynamic) return;
    world.wakeBody(this);
    this.torque += torque;
  }

  /**
   * Applies an impulse (N·s, world frame) at a world `point` (default the centre): v += J / m,
   * w += (p - x) × J / I, at once. Wakes the body. Ignored by static and kinematic bodies.
   */
  applyLinearImpulse(impulse: Vec2Like, point?: Vec2Like): void {
    const world = this.live('body.applyLinearImpulse');
    checkVec2(impulse, 'impulse');
    if (point !== undefined) checkVec2(point, 'point');
    if (!this.isDynamic) return;
    world.wakeBody(this);
    this.linearVelocity.x += this.invMass * impulse.x;
    this.linearVelocity.y += this.invMass * impulse.y;
    if (point !== undefined) {
      const rx = point.x - this.position.x;
      const ry = point.y - this.position.y;
      this.angularVelocity += this.invI * (rx * impulse.y - ry * impulse.x);
    }
  }

  /** Applies an angular impulse (N·m·s): w += L / I, at once. Wakes the body. Ignored unless dynamic. */
  applyAngularImpulse(impulse: number): void {
    const world = this.live('body.applyAngularImpulse');
    checkFinite(impulse, 'impulse');
    if (!this.isDynamic) return;
    world.wakeBody(this);
    this.angularVelocity += this.invI * impulse;
  }

  /** Sets the velocity of the centre (m/s). Wakes the body. Ignored by static bodies. */
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
    this.angularVelocity = angularVelocity;
  }

  /**
   * Moves the body to `position` (its centre, m) and `angle` (radians; default: keep the current
   * angle) at once, without sweeping: whatever it now overlaps is pushed out by the contacts of the
   * next steps. Wakes the body and the bodies touching it. Not allowed while the world steps.
   */
  setTransform(position: Vec2Like, angle: number = this.angle): void {
    const world = this.live('body.setTransform');
    checkVec2(position, 'position');
    checkFinite(angle, 'angle');
    world.setBodyTransform(this, position.x, position.y, angle);
  }

  /** A point given in the body's frame, in the world (a new vector, or written into `out`). */
  getWorldPoint(localPoint: Vec2Like, out: Vec2 = new Vec2()): Vec2 {
    const q = this.transform.q;
    const x = q.c * localPoint.x - q.s * localPoint.y + this.position.x;
    out.y = q.s * localPoint.x + q.c * localPoint.y + this.position.y;
    out.x = x;
    return out;
  }

  /** A world point in the body's frame (a new vector, or written into `out`). */
  getLocalPoint(worldPoint: Vec2Like, out: Vec2 = new Vec2()): Vec2 {
    const q = this.transform.q;
    const dx = worldPoint.x - this.position.x;
    const dy = worldPoint.y - this.position.y;
    out.x = q.c * dx + q.s * dy;
    out.y = -q.s * dx + q.c * dy;
    return out;
  }

  /** The velocity of the material point at a world `point`: v + w × (p - x) (a new vector, or `out`). */
  getVelocityAtPoint(point: Vec2Like, out: Vec2 = new Vec2()): Vec2 {
    const w = this.angularVelocity;
    const rx = point.x - this.position.x;
    const ry = point.y - this.position.y;
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
