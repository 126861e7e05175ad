import { AABB, BroadPhase, collideBoxes, computeBoxAABB, Manifold, PairBuffer } from '@lite/collision';
import {
  BodyStates,
  ConstraintError,
  ContactSolver,
  mixFriction,
  mixRestitution,
  prepareJoints,
  SoftContactSolver,
  SoftStepContext,
  solveJointPositionsInto,
  solveJoints,
} from '@lite/constraints';
import { Vec2, type Vec2Like } from '@lite/math';
import { Body } from './body';
import { type BodyOptions, resolveBodyOptions } from './body-options';
import { Contact, compareContacts } from './contact';
import {
  findContact,
  mergeSortedContacts,
  removeItem,
  removeSortedContacts,
  shouldCollide,
  truncate,
} from './contact-list';
import { rethrowAsWorldError, WorldError } from './errors';
import {
  BEGIN_CONTACT,
  ContactEventQueue,
  type ContactListener,
  END_CONTACT,
  Listeners,
  type WorldEventName,
} from './events';
import { Islands, putToSleep } from './islands';
import {
  DistanceJoint,
  type DistanceJointOptions,
  type Joint,
  jointBodyA,
  jointBodyB,
  MouseJoint,
  type MouseJointOptions,
  RevoluteJoint,
  type RevoluteJointOptions,
  resetJointImpulsesIfNotFinite,
  resolveDistanceJointOptions,
  resolveMouseJointOptions,
  resolveRevoluteJointOptions,
} from './joints';
import { type AABBLike, compareBodies, compareHits, QueryScratch, type RayCastHit } from './queries';
import { type SolverKind, WorldSettings } from './settings';
import { checkBoolean, checkFinite, checkOptions, checkVec2 } from './validate';

/** What `new World(options)` takes; every field is optional. */
export interface WorldOptions {
  /** Gravity, m/s² (default (0, -10)). */
  gravity?: Vec2Like;
  /** Velocity iterations per step (per sub-step when `substeps` > 1; default 10). */
  iterations?: number;
  /** Sub-steps per step (default 1); see {@link WorldSettings.substeps}. */
  substeps?: number;
  /** Whether resting islands fall asleep (default true). */
  sleeping?: boolean;
  /** The solver (default `'soft'`); see {@link WorldSettings.solver}. */
  solver?: SolverKind;
}

/** Fields of a body's saved state in the step's snapshot (x, y, angle, vx, vy, w). */
const SNAPSHOT_STRIDE = 6;
/** Names of the snapshot fields, for error messages. */
const STATE_FIELDS = [
  'position.x',
  'position.y',
  'angle',
  'linearVelocity.x',
  'linearVelocity.y',
  'angularVelocity',
  'force.x',
  'force.y',
  'torque',
];

/**
 * A 2D rigid-body world: boxes, joints and the contacts between them, stepped in Box2D-Lite's order
 * with warm-started accumulated impulses, an optional block solver, islands and sleeping.
 *
 * ```ts
 * const world = new World({ gravity: { x: 0, y: -10 } });
 * world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 } });
 * const box = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 4 } });
 * for (let i = 0; i < 120; ++i) world.step(1 / 60);
 * box.position.y; // ≈ 0.5: resting on the ground
 * ```
 *
 * Everything the world does is ordered by integer ids (bodies, joints, and contacts by the pair of
 * body ids), never by hash or memory order, so the same calls give bit-identical results.
 * After the first steps of a scene whose contacts no longer change, `step` allocates nothing.
 */
export class World {
  /** Gravity, m/s² (mutable; checked at every step). */
  readonly gravity: Vec2;
  /** Live solver and world settings, read at every step. */
  readonly settings: WorldSettings;

  private readonly bodyList: Body[] = [];
  private readonly jointList: Joint[] = [];
  /** Every contact, sorted by pair key (lower body id, higher body id). */
  private readonly contactList: Contact[] = [];
  private readonly contactPool: Contact[] = [];
  /** Contacts removed during a step whose endContact event is still queued. */
  private readonly releaseList: Contact[] = [];
  private readonly newContacts: Contact[] = [];
  private readonly broadPhase = new BroadPhase();
  private readonly pairs = new PairBuffer();
  private readonly manifold = new Manifold();
  private readonly aabb = new AABB();
  private readonly fatAABB = new AABB();
  /** Body of each broadphase proxy id. */
  private readonly proxyBodies: (Body | null)[] = [];
  private readonly events = new ContactEventQueue();
  private readonly listeners = new Listeners();

  /** Contacts and joints handed to the solver this step, and their counts. */
  private readonly solverContacts: Contact[] = [];
  private solverContactCount = 0;
  private readonly solverJoints: Joint[] = [];
  private solverJointCount = 0;
  /** The largest joint error the last position pass found (a slot, not a returned number). */
  private readonly jointError = new Float64Array(1);
  /** The contacts' rows and the bodies' velocities packed in typed arrays for the iterations. */
  private readonly contactSolver = new ContactSolver();
  /** The soft step's packed body states, contact solver and per-step constants. */
  private readonly bodyStates = new BodyStates();
  private readonly softSolver = new SoftContactSolver();
  private readonly softContext = new SoftStepContext();
  private readonly cosSin = new Float64Array(2);

  /** Union-find islands and the sleeping rings (stage 10). */
  private readonly islands = new Islands();
  /** Per body index: the state saved before the step, to undo a step that turns non-finite. */
  private snapshot = new Float64Array(64 * SNAPSHOT_STRIDE);

  private nextBodyId = 0;
  private nextJointId = 0;
  private sleepingCount = 0;
  private locked = false;
  private stepCounter = 0;
  /**
   * The last step's dt and 1 / dt. Declared `unknown` and set to null first on purpose: V8 then
   * keeps them as boxed numbers, so passing 1 / dt to the solver re-uses one box instead of
   * allocating a new one every step (a number computed in a step and passed to a call that is not
   * inlined is boxed anew each time).
   */
  private lastDt: unknown = null;
  private lastInvDt: unknown = null;
  /** The last step's dt, sub-step count and dt / substeps (boxed once, as above). */
  private stepDt: unknown = null;
  private stepSubsteps = 1;
  private subDt: unknown = null;

  /** Scratch state and callbacks of the queries (set up once, so queries create no closures). */
  private readonly queries: QueryScratch;

  /**
   * @param options - gravity (default (0, -10)), iterations (default 10), substeps (default 1),
   *   sleeping (default true)
   * @throws WorldError on a non-finite gravity, a bad iteration or sub-step count or a non-boolean
   *   `sleeping`
   */
  constructor(options: WorldOptions = {}) {
    const o = checkOptions(options, 'options');
    const gravity = o.gravity === undefined ? { x: 0, y: -10 } : checkVec2(o.gravity, 'options.gravity');
    this.gravity = new Vec2(gravity.x, gravity.y);
    this.settings = new WorldSettings();
    if (o.solver !== undefined) this.settings.solver = o.solver;
    if (o.iterations !== undefined) this.settings.iterations = o.iterations;
    if (o.substeps !== undefined) this.settings.substeps = o.substeps;
    if (o.sleeping !== undefined) this.settings.sleeping = checkBoolean(o.sleeping, 'options.sleeping');

    this.queries = new QueryScratch(this.proxyBodies, this.aabb);
  }

  // ---------------------------------------------------------------------------------------------
  // Bodies

  /**
   * Creates a body. Only `width` and `height` are required: a dynamic 1 × 1 box of density 1 at the
   * origin is `world.createBody({ width: 1, height: 1 })`. Ids increase from 0 in creation order.
   * @throws WorldError naming the first bad option (non-finite or non-positive size, mass <= 0 on a
   *   dynamic body, mass and density together, a NaN pose or velocity, ...) or when called while
   *   the world steps; nothing is created then
   */
  createBody(options: BodyOptions): Body {
    this.checkUnlocked('createBody', 'options', options);
    const resolved = resolveBodyOptions(options);
    const body = new Body(this, this.nextBodyId++, resolved);
    body.index = this.bodyList.length;
    this.bodyList.push(body);
    this.ensureBodyCapacity(this.bodyList.length);
    computeBoxAABB(body.shape, body.transform, this.aabb);
    body.proxyId = this.broadPhase.createProxy(this.aabb, body.id, body.isStatic);
    while (this.proxyBodies.length <= body.proxyId) this.proxyBodies.push(null);
    this.proxyBodies[body.proxyId] = body;
    if (!resolved.awake) this.sleepBody(body);
    return body;
  }

  /**
   * Destroys a body, the joints attached to it and its contacts (emitting `endContact` for those that
   * touched), and wakes the bodies it touched or was jointed to. Using the body afterwards throws.
   * @throws WorldError when the body was already destroyed, belongs to another world, or the world
   *   is stepping (for example from an event listener)
   */
  destroyBody(body: Body): void {
    this.checkUnlocked('destroyBody', 'body', body);
    this.checkBody(body, 'body');

    // Endcontact for the touching contacts, in pair-key order, before anything changes.
    const edges = body.contactEdges;
    const removed = this.newContacts;
    removed.length = 0;
    for (let i = 0; i < edges.length; ++i) removed.push(edges[i]);
    removed.sort(compareContacts);
    this.dispatchRemoved(removed);

    // Wake what it touched or held (destroying a support must let the rest fall).
    this.wakeBody(body);
    for (let i = 0; i < edges.length; ++i) this.wakeBody(edges[i].other(body));
    while (body.jointEdges.length > 0) {
      this.removeJoint(body.jointEdges[body.jointEdges.length - 1], body);
    }

    for (let i = 0; i < removed.length; ++i) this.unlinkContact(removed[i]);
    removeSortedContacts(this.contactList, removed);
    for (let i = 0; i < removed.length; ++i) this.contactPool.push(removed[i]);
    removed.length = 0;

    this.broadPhase.destroyProxy(body.proxyId);
    this.proxyBodies[body.proxyId] = null;
    this.bodyList.splice(body.index, 1);
    for (let i = body.index; i < this.bodyList.length; ++i) this.bodyList[i].index = i;
    if (!body.isStatic && !body.isAwake) this.sleepingCount--;
    body.world = null;
    body.index = -1;
    body.proxyId = -1;
  }

  /** Every body, in id order (creation order). Read-only: create and destroy through the world. */
  get bodies(): readonly Body[] {
    return this.bodyList;
  }

  /** The body with this id, or undefined (binary search over the id-ordered bodies). */
  getBody(id: number): Body | undefined {
    const list = this.bodyList;
    let low = 0;
    let high = list.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const midId = list[mid].id;
      if (midId === id) return list[mid];
      if (midId < id) low = mid + 1;
      else high = mid - 1;
    }
    return undefined;
  }

  /** How many non-static bodies are asleep. */
  get sleepingBodyCount(): number {
    return this.sleepingCount;
  }

  // ---------------------------------------------------------------------------------------------
  // Joints

  /**
   * Pins `bodyA` and `bodyB` together at a world `anchor` (a hinge). Options: soft (`frequencyHz`,
   * `dampingRatio`), angle limits (`lowerAngle`, `upperAngle`, relative to the current relative
   * angle), a motor (`motorSpeed`, `maxMotorTorque`), `collideConnected` (default true).
   * @throws WorldError on a destroyed body, a body jointed to itself, a non-finite anchor or option,
   *   or when the world is stepping
   */
  createRevoluteJoint(options: RevoluteJointOptions): RevoluteJoint {
    this.checkUnlocked('createRevoluteJoint', 'options', options);
    const resolved = resolveRevoluteJointOptions(options, this);
    return this.addJoint(new RevoluteJoint(this, this.nextJointId++, resolved));
  }

  /**
   * Keeps world anchors `anchorA` (on `bodyA`) and `anchorB` (on `bodyB`) at a distance: `length`
   * (default: their current distance), or a rope between `minLength` and `maxLength`, rigid or soft
   * (`frequencyHz`, `dampingRatio`).
   * @throws WorldError on a destroyed body, a body jointed to itself, a non-finite anchor or option,
   *   or when the world is stepping
   */
  createDistanceJoint(options: DistanceJointOptions): DistanceJoint {
    this.checkUnlocked('createDistanceJoint', 'options', options);
    const resolved = resolveDistanceJointOptions(options, this);
    return this.addJoint(new DistanceJoint(this, this.nextJointId++, resolved));
  }

  /**
   * Drags `body` by the world point `target` with a soft spring (for the mouse in a testbed); move it
   * with `joint.setTarget(x, y)`. Options: `maxForce` (default 1000 × the body's weight),
   * `frequencyHz` (5), `dampingRatio` (0.7).
   * @throws WorldError on a destroyed or non-dynamic body, a non-finite target or option, or when the
   *   world is stepping
   */
  createMouseJoint(options: MouseJointOptions): MouseJoint {
    this.checkUnlocked('createMouseJoint', 'options', options);
    const resolved = resolveMouseJointOptions(options, this);
    return this.addJoint(new MouseJoint(this, this.nextJointId++, resolved));
  }

  /**
   * Destroys a joint and wakes its bodies; if it kept them from colliding, they collide again.
   * @throws WorldError when the joint was already destroyed, belongs to another world, or the world
   *   is stepping
   */
  destroyJoint(joint: Joint): void {
    this.checkUnlocked('destroyJoint', 'joint', joint);
    if (joint === null || typeof joint !== 'object' || !('world' in joint)) {
      throw new WorldError('joint', joint, 'must be a joint made by this world');
    }
    if (joint.world === null) throw new WorldError('joint', String(joint), 'was already destroyed');
    if (joint.world !== this) throw new WorldError('joint', String(joint), 'belongs to another world');
    this.removeJoint(joint, null);
  }

  /** Every joint, in id order. Read-only: create and destroy through the world. */
  get joints(): readonly Joint[] {
    return this.jointList;
  }

  // ---------------------------------------------------------------------------------------------
  // Contacts and events

  /**
   * Every contact, in pair-key order (lower body id, then higher): one per pair of bodies whose
   * fattened boxes overlap. Those with `touching` true have points, a normal and impulses. Valid
   * until the next step.
   */
  get contacts(): readonly Contact[] {
    return this.contactList;
  }

  /**
   * Subscribes `listener` to `beginContact` or `endContact`. Listeners run at the end of the step,
   * after the bodies moved, in pair-key order; the world is locked meanwhile (creating or
   * destroying bodies and joints throws), but forces, impulses and velocities may be set. Returns
   * a function that unsubscribes.
   */
  on(event: WorldEventName, listener: ContactListener): () => void {
    if (event !== 'beginContact' && event !== 'endContact') {
      throw new WorldError('event', event, "must be 'beginContact' or 'endContact'");
    }
    if (typeof listener !== 'function') throw new WorldError('listener', listener, 'must be a function');
    this.listeners[event] = [...this.listeners[event], listener];
    return () => this.off(event, listener);
  }

  /** Unsubscribes `listener` from `event` (no effect if it was not subscribed). */
  off(event: WorldEventName, listener: ContactListener): void {
    if (event !== 'beginContact' && event !== 'endContact') {
      throw new WorldError('event', event, "must be 'beginContact' or 'endContact'");
    }
    const list = this.listeners[event];
    const index = list.indexOf(listener);
    if (index >= 0) this.listeners[event] = list.filter((_, i) => i !== index);
  }

  // ---------------------------------------------------------------------------------------------
  // Queries

  /**
   * The bodies whose bounding boxes overlap `bounds` ({ minX, minY, maxX, maxY }, m), in id order.
   * With a `callback`, calls it for each in id order instead (return false to stop) and returns
   * the bodies it was called with.
   * @throws WorldError on non-finite or inverted bounds
   */
  queryAABB(bounds: AABBLike, callback?: (body: Body) => boolean | undefined): Body[] {
    if (typeof bounds !== 'object' || bounds === null)
      throw new WorldError('bounds', bounds, 'must be an AABB');
    const q = this.queries.bounds;
    q.minX = checkFinite(bounds.minX, 'bounds.minX');
    q.minY = checkFinite(bounds.minY, 'bounds.minY');
    q.maxX = checkFinite(bounds.maxX, 'bounds.maxX');
    q.maxY = checkFinite(bounds.maxY, 'bounds.maxY');
    if (q.minX > q.maxX) throw new WorldError('bounds.maxX', q.maxX, `must be >= minX (${q.minX})`);
    if (q.minY > q.maxY) throw new WorldError('bounds.maxY', q.maxY, `must be >= minY (${q.minY})`);
    this.queries.results.length = 0;
    this.broadPhase.query(q, this.queries.collectAABB);
    return this.finishQuery(callback);
  }

  /**
   * The bodies containing the world `point`, in id order. With a `callback`, calls it for each in
   * id order instead (return false to stop).
   * @throws WorldError on a non-finite point
   */
  queryPoint(point: Vec2Like, callback?: (body: Body) => boolean | undefined): Body[] {
    checkVec2(point, 'point');
    const q = this.queries.bounds;
    q.minX = q.maxX = this.queries.x = point.x;
    q.minY = q.maxY = this.queries.y = point.y;
    this.queries.results.length = 0;
    this.broadPhase.query(q, this.queries.collectPoint);
    return this.finishQuery(callback);
  }

  /**
   * The first body the segment from `from` to `to` enters, with the point, the surface normal and
   * the fraction along the segment; null when it hits nothing (or when it starts inside every box
   * it crosses). Ties go to the lower id.
   * @throws WorldError on a non-finite point
   */
  rayCast(from: Vec2Like, to: Vec2Like): RayCastHit | null {
    this.setRay(from, to);
    this.queries.best = null;
    this.broadPhase.rayCast(this.queries.rayInput, this.queries.rayClosest);
    const best = this.queries.best;
    this.queries.best = null;
    return best;
  }

  /**
   * Every body the segment from `from` to `to` enters, sorted by fraction along the segment (ties by
   * id), each with its point and normal.
   * @throws WorldError on a non-finite point
   */
  rayCastAll(from: Vec2Like, to: Vec2Like): RayCastHit[] {
    this.setRay(from, to);
    this.queries.hits.length = 0;
    this.broadPhase.rayCast(this.queries.rayInput, this.queries.rayAll);
    const hits = this.queries.hits.slice();
    this.queries.hits.length = 0;
    return hits.sort(compareHits);
  }

  // ---------------------------------------------------------------------------------------------
  // The step

  /**
   * Advances the world by `dt` seconds, in Box2D-Lite's order. Stages 1 to 9 run
   * `settings.substeps` times, each with dt / substeps (once with dt by default):
   *
   *  1. find new pairs in the broadphase and make their contacts;
   *  2. collide every awake contact (narrowphase), carrying accumulated impulses over by feature key,
   *     and drop contacts whose fat boxes no longer overlap;
   *  3. wake sleeping bodies touched by awake ones or jointed to them;
   *  4. integrate forces: v += dt (g + F / m), w += dt T / I;
   *  5. prepare contacts and joints (effective masses, biases) and warm start them;
   *  6. `settings.iterations` times: solve every contact, then every joint;
   *  7. integrate positions: x += dt v, angle += dt w; then relax the contacts (take back the
   *     velocity the Baumgarte bias added, when `settings.relax` is on) and run the joints'
   *     position passes;
   *  8. check that the state is finite (else restore it and throw);
   *  9. update transforms and move the broadphase proxies;
   * 10. put islands to sleep that rested long enough (sleep timers advance by dt);
   * 11. clear forces (so forces set before the step act during every sub-step);
   * 12. emit the step's contact events: once, after the whole step, in the order they were found
   *     (sub-step by sub-step, pair-key order within one). A contact that begins and ends within
   *     one step reports both, begin first, so the two events always pair up.
   *
   * @throws WorldError when `dt` is not a finite number > 0, a setting or gravity is bad, the world is
   *   already stepping, or a body's state is (or turns) non-finite; in the last case the error names
   *   the body id and field, and the bodies are restored to their state before the step
   */
  step(dt: number): void {
    if (this.locked) throw new WorldError('world.step', dt, 'called while the world is stepping');
    if (typeof dt !== 'number' || !Number.isFinite(dt) || dt <= 0) {
      throw new WorldError('dt', dt, 'must be a finite number > 0');
    }
    this.checkStepInput();
    this.locked = true;
    try {
      if (!this.settings.sleeping && this.sleepingCount > 0) this.wakeAll();
      if (this.settings.solver === 'soft') this.stepSoft(dt);
      else this.stepClassic(dt);
      this.updateSleep(dt);
      this.clearForces();
      this.dispatchEvents();
      this.stepCounter++;
    } finally {
      this.locked = false;
      this.releaseContacts();
    }
  }

  /**
   * The classic step (Box2D-Lite's, with the live toggles), `substeps` times over dt / substeps:
   * stages 1 to 9 of {@link World.step}.
   */
  private stepClassic(dt: number): void {
    {
      const substeps = this.settings.substeps;
      const h = this.subStepDt(dt, substeps);
      this.saveState();
      for (let i = 0; i < substeps; ++i) {
        this.findNewContacts();
        this.collideContacts(0, 0);
        this.wakeJointPartners();
        this.integrateForces(h);
        this.collectSolverConstraints();
        this.solveVelocities(h);
        this.integratePositions(h);
        this.contactSolver.applyPseudoVelocities(h, this.settings);
        this.relaxContacts();
        this.solveJointPositions();
        const bad = this.findNonFiniteBody();
        if (bad >= 0) this.failStep(bad, i > 0);
        this.updateTransforms();
        // The fat boxes are stretched by a whole step's motion, as with one sub-step.
        this.moveProxies(dt);
      }
    }
  }

  /**
   * The soft step (Box2D v3's solver): collide once, then `substeps` sub-steps of h = dt / n, each
   * integrating velocities, warm starting, solving with soft contacts, integrating positions and
   * relaxing; restitution once at the end. Every constraint acts on the packed body states
   * ({@link BodyStates}); the body objects get their poses at each sub-step (for the joints) and
   * their velocities at the end.
   */
  private stepSoft(dt: number): void {
    const settings = this.settings;
    const substeps = settings.substeps;
    const ctx = this.softContext.set(dt, settings);
    this.saveState();
    this.findNewContacts();
    this.collideContacts(settings.speculativeDistance, dt);
    this.wakeJointPartners();
    this.collectSolverConstraints();
    this.loadBodyStates();
    const states = this.bodyStates;
    states.h = ctx.h;
    const solver = this.softSolver;
    const cosSin = this.cosSin;
    solver.prepare(this.solverContacts, this.solverContactCount, states, ctx);
    const jointCount = this.solverJointCount;
    for (let i = 0; i < substeps; ++i) {
      states.integrateVelocities();
      solver.warmStart(states);
      if (jointCount > 0) {
        this.handJointStates(true);
        prepareJoints(this.solverJoints, jointCount, ctx.h, settings);
        this.handJointStates(false);
      }
      for (let k = 0, n = settings.iterations; k < n; ++k) {
        solver.solve(states, ctx, true);
        if (jointCount > 0) {
          this.handJointStates(true);
          solveJoints(this.solverJoints, jointCount, settings);
          this.handJointStates(false);
        }
      }
      for (let k = 0, n = settings.pushIterations; k < n; ++k) solver.push(states, ctx);
      states.integratePositions(cosSin);
      if (jointCount > 0 && settings.positionCorrection) {
        this.solveJointPositions();
        states.syncFromPoses(cosSin);
      }
      solver.solve(states, ctx, false);
    }
    solver.applyRestitution(states, ctx);
    solver.storeImpulses(ctx);
    states.storeVelocities();
    const bad = this.findNonFiniteBody();
    if (bad >= 0) this.failStep(bad, false);
    this.updateTransforms();
    this.moveProxies(dt);
  }

  /** Gives each awake dynamic or kinematic body its slot in the packed body states for this step. */
  private loadBodyStates(): void {
    const states = this.bodyStates;
    states.begin();
    const bodies = this.bodyList;
    const gravity = this.gravity;
    for (let i = 0, n = bodies.length; i < n; ++i) {
      const b = bodies[i];
      if (!b.isAwake || b.isStatic) continue;
      states.add(b, gravity);
    }
  }

  /**
   * Joints act on the body objects, the soft step's contacts on the packed states: `toJoints` true
   * writes the joints' bodies' velocities to the objects, false reads them back.
   */
  private handJointStates(toJoints: boolean): void {
    const states = this.bodyStates;
    const joints = this.solverJoints;
    for (let k = 0, n = this.solverJointCount; k < n; ++k) {
      const j = joints[k];
      if (toJoints) {
        states.storeBody(jointBodyA(j));
        states.storeBody(jointBodyB(j));
      } else {
        states.loadBody(jointBodyA(j));
        states.loadBody(jointBodyB(j));
      }
    }
  }

  /** How many steps have completed (sub-steps are not counted). */
  get stepCount(): number {
    return this.stepCounter;
  }

  /**
   * dt / substeps; dt itself for one sub-step. Kept boxed between steps (see `lastDt`), so a
   * steady dt allocates nothing.
   */
  private subStepDt(dt: number, substeps: number): number {
    if (substeps === 1) return dt;
    if (dt !== this.stepDt || substeps !== this.stepSubsteps) {
      this.stepDt = dt;
      this.stepSubsteps = substeps;
      this.subDt = dt / substeps;
    }
    return this.subDt as number;
  }

  /**
   * Saves every body's pose and velocity before the step, so a step that turns non-finite can be
   * undone. Sleeping bodies too: one may wake in a later sub-step, still in this state.
   */
  private saveState(): void {
    const bodies = this.bodyList;
    const snapshot = this.snapshot;
    for (let i = 0, n = bodies.length; i < n; ++i) {
      const b = bodies[i];
      const s = i * SNAPSHOT_STRIDE;
      snapshot[s] = b.position.x;
      snapshot[s + 1] = b.position.y;
      snapshot[s + 2] = b.angle;
      snapshot[s + 3] = b.linearVelocity.x;
      snapshot[s + 4] = b.linearVelocity.y;
      snapshot[s + 5] = b.angularVelocity;
    }
  }

  /** Stage 1: new broadphase pairs become contacts, merged into the sorted contact list. */
  private findNewContacts(): void {
    const pairs = this.pairs;
    const count = this.broadPhase.updatePairs(pairs);
    const added = this.newContacts;
    truncate(added, 0);
    for (let i = 0; i < count; ++i) {
      let a = this.proxyBodies[pairs.proxyA[i]]!;
      let b = this.proxyBodies[pairs.proxyB[i]]!;
      if (a.id > b.id) {
        const t = a;
        a = b;
        b = t;
      }
      if (!a.isDynamic && !b.isDynamic) continue;
      if (findContact(a, b) !== null || !shouldCollide(a, b)) continue;
      added.push(this.createContact(a, b));
    }
    if (added.length > 0) mergeSortedContacts(this.contactList, added);
    truncate(added, 0);
  }

  /**
   * Stage 2: the narrowphase. Each contact with an awake body gets a fresh manifold; the constraint
   * keeps the accumulated impulses of points whose feature key it finds again. Contacts whose fat
   * boxes separated are destroyed. Contacts between two sleeping (or static) bodies are skipped:
   * neither moved, so their manifold is still right.
   */
  private collideContacts(margin: number, stepDt: number): void {
    const contacts = this.contactList;
    const settings = this.settings;
    const manifold = this.manifold;
    const broadPhase = this.broadPhase;
    let write = 0;
    for (let i = 0, n = contacts.length; i < n; ++i) {
      const c = contacts[i];
      const a = c.bodyA;
      const b = c.bodyB;
      const activeA = a.isAwake;
      const activeB = b.isAwake;
      if (!activeA && !activeB) {
        contacts[write++] = c;
        continue;
      }
      if (!broadPhase.testOverlap(a.proxyId, b.proxyId)) {
        this.unlinkContact(c);
        if (c.touching) this.events.push(END_CONTACT, c);
        this.releaseList.push(c);
        continue;
      }
      // Speculative reach: the fixed margin plus how far the pair can close in one step (relative
      // speed of the centres and each box's rim speed), so a fast box meets its contact in time.
      let reach = margin;
      if (margin > 0) {
        const dvx = b.linearVelocity.x - a.linearVelocity.x;
        const dvy = b.linearVelocity.y - a.linearVelocity.y;
        reach +=
          stepDt *
          (Math.sqrt(dvx * dvx + dvy * dvy) +
            Math.abs(a.angularVelocity) * rimRadius(a) +
            Math.abs(b.angularVelocity) * rimRadius(b));
      }
      collideBoxes(a.shape, a.transform, b.shape, b.transform, manifold, reach);
      c.update(manifold, settings);
      const touching = manifold.pointCount > 0;
      if (touching !== c.touching) {
        c.touching = touching;
        this.events.push(touching ? BEGIN_CONTACT : END_CONTACT, c);
      }
      if (touching) {
        if (!activeA) this.wakeBody(a);
        if (!activeB) this.wakeBody(b);
      }
      contacts[write++] = c;
    }
    truncate(contacts, write);
  }

  /** Stage 3: a sleeping body jointed to an awake one wakes (with its whole sleeping island). */
  private wakeJointPartners(): void {
    const joints = this.jointList;
    for (let i = 0; i < joints.length; ++i) {
      const j = joints[i];
      const a = jointBodyA(j);
      const b = jointBodyB(j);
      if (a.isAwake && !b.isAwake) this.wakeBody(b);
      else if (b.isAwake && !a.isAwake) this.wakeBody(a);
    }
  }

  /**
   * Stage 4: v += dt (gravityScale g + F / m), w += dt T / I for awake dynamic bodies, then damping
   * v /= 1 + dt c.
   */
  private integrateForces(dt: number): void {
    const bodies = this.bodyList;
    const gx = this.gravity.x;
    const gy = this.gravity.y;
    for (let i = 0, n = bodies.length; i < n; ++i) {
      const b = bodies[i];
      if (!b.isAwake || !b.isDynamic) continue;
      const v = b.linearVelocity;
      let vx = v.x + dt * (b.gravityScale * gx + b.invMass * b.force.x);
      let vy = v.y + dt * (b.gravityScale * gy + b.invMass * b.force.y);
      let w = b.angularVelocity + dt * b.invI * b.torque;
      if (b.linearDamping > 0) {
        const scale = 1 / (1 + dt * b.linearDamping);
        vx *= scale;
        vy *= scale;
      }
      if (b.angularDamping > 0) w *= 1 / (1 + dt * b.angularDamping);
      v.x = vx;
      v.y = vy;
      b.angularVelocity = w;
    }
  }

  /**
   * The solver's working set: touching contacts and joints with at least one awake body, in pair-key
   * and joint-id order (an order that depends only on ids).
   */
  private collectSolverConstraints(): void {
    const contacts = this.contactList;
    const solverContacts = this.solverContacts;
    let count = 0;
    for (let i = 0, n = contacts.length; i < n; ++i) {
      const c = contacts[i];
      if (!c.touching || (!c.bodyA.isAwake && !c.bodyB.isAwake)) continue;
      if (count < solverContacts.length) solverContacts[count] = c;
      else solverContacts.push(c);
      count++;
    }
    this.solverContactCount = count;

    const joints = this.jointList;
    const solverJoints = this.solverJoints;
    count = 0;
    for (let i = 0, n = joints.length; i < n; ++i) {
      const j = joints[i];
      if (!jointBodyA(j).isAwake && !jointBodyB(j).isAwake) continue;
      if (count < solverJoints.length) solverJoints[count] = j;
      else solverJoints.push(j);
      count++;
    }
    this.solverJointCount = count;
  }

  /** Stages 5 and 6: prepare and warm start, then `iterations` rounds of contacts, then joints. */
  private solveVelocities(dt: number): void {
    const settings = this.settings;
    const contacts = this.solverContacts;
    const contactCount = this.solverContactCount;
    const joints = this.solverJoints;
    const jointCount = this.solverJointCount;
    if (dt !== this.lastDt) {
      this.lastDt = dt;
      this.lastInvDt = 1 / dt;
    }
    const solver = this.contactSolver;
    solver.prepare(contacts, contactCount, this.lastInvDt as number, settings);
    this.handJointBodies(true);
    prepareJoints(joints, jointCount, dt, settings);
    this.handJointBodies(false);
    for (let i = 0, n = settings.iterations; i < n; ++i) {
      solver.solve(settings, true);
      if (jointCount > 0) {
        this.handJointBodies(true);
        solveJoints(joints, jointCount, settings);
        this.handJointBodies(false);
      }
    }
    solver.storeVelocities();
    if (settings.splitImpulses) {
      for (let i = 0, n = settings.iterations; i < n; ++i) solver.solvePositions(settings);
    }
  }

  /**
   * Joints act on the body objects, contacts on the packed velocities: `toJoints` true writes the
   * packed velocities of the joints' bodies to the objects, false reads them back.
   */
  private handJointBodies(toJoints: boolean): void {
    const solver = this.contactSolver;
    const joints = this.solverJoints;
    for (let k = 0, n = this.solverJointCount; k < n; ++k) {
      const j = joints[k];
      if (toJoints) {
        solver.storeBody(jointBodyA(j));
        solver.storeBody(jointBodyB(j));
      } else {
        solver.loadBody(jointBodyA(j));
        solver.loadBody(jointBodyB(j));
      }
    }
  }

  /**
   * Stage 7a: one relax iteration over the contacts (when `settings.relax` and accumulated impulses
   * are on; see `relaxContacts` in @lite/constraints), then the contacts' impulses go back to their
   * objects, where the next step's warm start and the user find them.
   */
  private relaxContacts(): void {
    const settings = this.settings;
    const solver = this.contactSolver;
    if (settings.relax && settings.accumulateImpulses) {
      solver.loadVelocities();
      solver.solve(settings, false);
      solver.storeVelocities();
    }
    solver.storeImpulses();
  }

  /** Stage 7: x += dt v, angle += dt w for awake dynamic and kinematic bodies. */
  private integratePositions(dt: number): void {
    const bodies = this.bodyList;
    for (let i = 0, n = bodies.length; i < n; ++i) {
      const b = bodies[i];
      if (!b.isAwake) continue;
      const p = b.position;
      const v = b.linearVelocity;
      p.x += dt * v.x;
      p.y += dt * v.y;
      b.angle += dt * b.angularVelocity;
    }
  }

  /**
   * Stage 7b: the joints' position passes (rigid rows and violated limits move the bodies
   * directly), until the error is below the slop or `settings.jointPositionIterations` ran.
   */
  private solveJointPositions(): void {
    const settings = this.settings;
    const count = this.solverJointCount;
    if (count === 0) return;
    for (let i = 0, n = settings.jointPositionIterations; i < n; ++i) {
      solveJointPositionsInto(this.solverJoints, count, settings, this.jointError);
      if (this.jointError[0] <= settings.linearSlop) break;
    }
  }

  /** Stage 8: the index of the first awake body with a non-finite field, or -1. */
  private findNonFiniteBody(): number {
    const bodies = this.bodyList;
    for (let i = 0, n = bodies.length; i < n; ++i) {
      const b = bodies[i];
      if (b.isAwake && firstNonFiniteField(b) >= 0) return i;
    }
    return -1;
  }

  /**
   * A step turned body `index` non-finite: put every awake body back as it was before the step,
   * zero the warm-starting impulses that went non-finite, emit the contact events (they came from
   * the unchanged poses, or from sub-steps that did happen: begins and ends stay paired), and throw
   * naming the body and the field. `moved`: earlier sub-steps moved the broadphase proxies, which
   * follow the bodies back and report their pairs again at the next step.
   */
  private failStep(index: number, moved: boolean): never {
    const bodies = this.bodyList;
    const bad = bodies[index];
    const field = firstNonFiniteField(bad);
    const value = stateField(bad, field);
    const snapshot = this.snapshot;
    for (let i = 0, n = bodies.length; i < n; ++i) {
      const b = bodies[i];
      if (!b.isAwake) continue;
      const s = i * SNAPSHOT_STRIDE;
      b.position.x = snapshot[s];
      b.position.y = snapshot[s + 1];
      b.angle = snapshot[s + 2];
      b.linearVelocity.x = snapshot[s + 3];
      b.linearVelocity.y = snapshot[s + 4];
      b.angularVelocity = snapshot[s + 5];
      b.transform.set(b.position.x, b.position.y, b.angle);
      if (moved) {
        computeBoxAABB(b.shape, b.transform, this.aabb);
        this.broadPhase.moveProxy(b.proxyId, this.aabb, 0, 0);
        this.broadPhase.touchProxy(b.proxyId);
      }
    }
    for (let i = 0; i < this.solverContactCount; ++i) {
      const c = this.solverContacts[i];
      for (let k = 0; k < 2; ++k) {
        const point = c.points[k];
        if (!Number.isFinite(point.normalImpulse) || !Number.isFinite(point.tangentImpulse)) {
          point.normalImpulse = 0;
          point.tangentImpulse = 0;
        }
      }
    }
    for (let i = 0; i < this.solverJointCount; ++i) resetJointImpulsesIfNotFinite(this.solverJoints[i]);
    this.dispatchEvents();
    throw new WorldError(
      `body #${bad.id}.${STATE_FIELDS[field]}`,
      value,
      'became non-finite during the step; the bodies were restored to their state before it',
    );
  }

  /**
   * Stage 9a: each awake body's transform follows its pose. (A loop of its own: small enough for
   * the JIT to inline the sine and cosine, whose results would otherwise be boxed.)
   */
  private updateTransforms(): void {
    const bodies = this.bodyList;
    for (let i = 0, n = bodies.length; i < n; ++i) {
      const b = bodies[i];
      if (!b.isAwake) continue;
      const xf = b.transform;
      xf.p.x = b.position.x;
      xf.p.y = b.position.y;
      xf.q.setAngle(b.angle);
    }
  }

  /**
   * Stage 9b: a body whose box left its fat box in the broadphase is re-inserted there (with the
   * fat box stretched along its motion). Bodies still inside their fat box, all of them at rest,
   * cost one containment test and no call into the tree.
   */
  private moveProxies(dt: number): void {
    const bodies = this.bodyList;
    const aabb = this.aabb;
    const fat = this.fatAABB;
    const broadPhase = this.broadPhase;
    for (let i = 0, n = bodies.length; i < n; ++i) {
      const b = bodies[i];
      if (!b.isAwake) continue;
      computeBoxAABB(b.shape, b.transform, aabb);
      broadPhase.getFatAABB(b.proxyId, fat);
      if (fat.minX <= aabb.minX && fat.minY <= aabb.minY && aabb.maxX <= fat.maxX && aabb.maxY <= fat.maxY)
        continue;
      broadPhase.moveProxy(b.proxyId, aabb, dt * b.linearVelocity.x, dt * b.linearVelocity.y);
    }
  }

  /**
   * Stage 10: islands and sleeping (see {@link Islands}): islands of awake bodies joined through the
   * solved contacts and joints; those that rested for `timeToSleep` fall asleep as a whole.
   */
  private updateSleep(dt: number): void {
    if (!this.settings.sleeping) return;
    this.sleepingCount += this.islands.update(
      this.bodyList,
      this.solverContacts,
      this.solverContactCount,
      this.solverJoints,
      this.solverJointCount,
      this.settings,
      dt,
    );
  }

  /** Stage 11: forces and torques apply for one step. */
  private clearForces(): void {
    const bodies = this.bodyList;
    for (let i = 0, n = bodies.length; i < n; ++i) {
      const b = bodies[i];
      if (!b.isAwake) continue;
      b.force.x = 0;
      b.force.y = 0;
      b.torque = 0;
    }
  }

  /** Stage 12: the queued contact events, in the order they were found (pair-key order). */
  private dispatchEvents(): void {
    const events = this.events;
    const count = events.count;
    if (count === 0) return;
    const begin = this.listeners.beginContact;
    const end = this.listeners.endContact;
    for (let i = 0; i < count; ++i) {
      const list = events.kinds[i] === BEGIN_CONTACT ? begin : end;
      const c = events.contacts[i];
      for (let k = 0; k < list.length; ++k) list[k](c);
    }
    events.count = 0;
  }

  // ---------------------------------------------------------------------------------------------
  // Sleeping and waking (used by bodies and joints)

  /**
   * Wakes a sleeping body and every body of its sleeping island (they fell asleep together and wake
   * together). No effect on static or awake bodies. @internal
   */
  wakeBody(body: Body): void {
    if (body.isAwake || body.isStatic) return;
    let b: Body | null = body;
    do {
      const next: Body | null = b.sleepNext;
      b.isAwake = true;
      b.sleepTime = 0;
      b.sleepNext = null;
      this.sleepingCount--;
      b = next;
    } while (b !== null && b !== body);
  }

  /** Puts one body to sleep on its own (`body.setAwake(false)`). @internal */
  sleepBody(body: Body): void {
    if (!body.isAwake) return;
    body.sleepNext = body;
    putToSleep(body);
    this.sleepingCount++;
  }

  private wakeAll(): void {
    const bodies = this.bodyList;
    for (let i = 0; i < bodies.length; ++i) this.wakeBody(bodies[i]);
  }

  /**
   * Moves a body (after its checks passed): transform, broadphase proxy, wakes it and what touches
   * it. @internal
   */
  setBodyTransform(body: Body, x: number, y: number, angle: number): void {
    this.checkUnlocked('setTransform', 'body', body);
    this.wakeBody(body);
    const edges = body.contactEdges;
    for (let i = 0; i < edges.length; ++i) this.wakeBody(edges[i].other(body));
    body.position.x = x;
    body.position.y = y;
    body.angle = angle;
    body.transform.set(x, y, angle);
    computeBoxAABB(body.shape, body.transform, this.aabb);
    this.broadPhase.moveProxy(body.proxyId, this.aabb, 0, 0);
    this.broadPhase.touchProxy(body.proxyId);
  }

  /** A body's friction or restitution changed: its contacts mix them again. @internal */
  remixMaterials(body: Body): void {
    const edges = body.contactEdges;
    for (let i = 0; i < edges.length; ++i) {
      const c = edges[i];
      c.friction = mixFriction(c.bodyA.friction, c.bodyB.friction);
      c.restitution = mixRestitution(c.bodyA.restitution, c.bodyB.restitution);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Checks used by bodies and joints

  /** Throws unless `body` is a live body of this world. @internal */
  checkBody(body: unknown, argument: string): Body {
    if (!(body instanceof Body))
      throw new WorldError(argument, body, 'must be a body made by world.createBody');
    if (body.world === null) throw new WorldError(argument, body.toString(), 'was destroyed');
    if (body.world !== this) throw new WorldError(argument, body.toString(), 'belongs to another world');
    return body;
  }

  // ---------------------------------------------------------------------------------------------
  // Internals

  private checkUnlocked(operation: string, argument: string, value: unknown): void {
    if (this.locked) {
      throw new WorldError(
        argument,
        value,
        `world.${operation} refused: the world is stepping (for example, from an event listener)`,
      );
    }
  }

  /** Gravity, settings and every awake body must be finite before a step changes anything. */
  private checkStepInput(): void {
    checkFinite(this.gravity.x, 'world.gravity.x');
    checkFinite(this.gravity.y, 'world.gravity.y');
    try {
      this.settings.validate();
    } catch (error) {
      if (error instanceof ConstraintError) rethrowAsWorldError(error, 'settings.');
      throw error;
    }
    const bodies = this.bodyList;
    for (let i = 0, n = bodies.length; i < n; ++i) {
      const b = bodies[i];
      if (!b.isAwake) continue;
      const field = firstNonFiniteField(b);
      if (field >= 0) {
        throw new WorldError(
          `body #${b.id}.${STATE_FIELDS[field]}`,
          stateField(b, field),
          'must be finite before the step',
        );
      }
    }
  }

  private ensureBodyCapacity(count: number): void {
    this.islands.ensureCapacity(count);
    if (count * SNAPSHOT_STRIDE <= this.snapshot.length) return;
    this.snapshot = new Float64Array(2 * count * SNAPSHOT_STRIDE);
  }

  private createContact(a: Body, b: Body): Contact {
    const c = this.contactPool.length > 0 ? this.contactPool.pop()! : new Contact(a, b);
    c.reset(a, b, mixFriction(a.friction, b.friction), mixRestitution(a.restitution, b.restitution));
    c.touching = false;
    a.contactEdges.push(c);
    b.contactEdges.push(c);
    return c;
  }

  /** Removes a contact from its bodies' edge lists (not from the sorted list). */
  private unlinkContact(c: Contact): void {
    removeItem(c.bodyA.contactEdges, c);
    removeItem(c.bodyB.contactEdges, c);
  }

  /** Emits endContact for the touching contacts of `removed` (sorted), with the world locked. */
  private dispatchRemoved(removed: Contact[]): void {
    const listeners = this.listeners.endContact;
    if (listeners.length === 0) return;
    this.locked = true;
    try {
      for (let i = 0; i < removed.length; ++i) {
        const c = removed[i];
        if (!c.touching) continue;
        for (let k = 0; k < listeners.length; ++k) listeners[k](c);
      }
    } finally {
      this.locked = false;
    }
  }

  /** Contacts removed during the step go back to the pool once their events were emitted. */
  private releaseContacts(): void {
    const list = this.releaseList;
    for (let i = 0; i < list.length; ++i) {
      const c = list[i];
      c.touching = false;
      this.contactPool.push(c);
    }
    truncate(list, 0);
    this.events.count = 0;
  }

  private addJoint<T extends Joint>(joint: T): T {
    const a = jointBodyA(joint);
    const b = jointBodyB(joint);
    // A joint that keeps its bodies from colliding removes their contact.
    if (a !== b && !joint.collideConnected) {
      const c = findContact(a, b);
      if (c !== null) {
        const removed = this.newContacts;
        removed.length = 0;
        removed.push(c);
        this.dispatchRemoved(removed);
        this.unlinkContact(c);
        removeSortedContacts(this.contactList, removed);
        this.contactPool.push(c);
        removed.length = 0;
      }
    }
    this.jointList.push(joint);
    a.jointEdges.push(joint);
    if (b !== a) b.jointEdges.push(joint);
    this.wakeBody(a);
    this.wakeBody(b);
    return joint;
  }

  /** Unlinks a joint; `dying` is a body being destroyed (its proxy is not touched). */
  private removeJoint(joint: Joint, dying: Body | null): void {
    const a = jointBodyA(joint);
    const b = jointBodyB(joint);
    const list = this.jointList;
    let low = 0;
    let high = list.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (list[mid].id < joint.id) low = mid + 1;
      else high = mid - 1;
    }
    if (list[low] === joint) list.splice(low, 1);
    removeItem(a.jointEdges, joint);
    if (b !== a) removeItem(b.jointEdges, joint);
    joint.world = null;
    this.wakeBody(a);
    this.wakeBody(b);
    if (!joint.collideConnected && a !== b) {
      // They may collide again: have the broadphase report the pair anew.
      if (a !== dying) this.broadPhase.touchProxy(a.proxyId);
      if (b !== dying) this.broadPhase.touchProxy(b.proxyId);
    }
  }

  private finishQuery(callback: ((body: Body) => boolean | undefined) | undefined): Body[] {
    const results = this.queries.results.slice().sort(compareBodies);
    this.queries.results.length = 0;
    if (callback === undefined) return results;
    if (typeof callback !== 'function') throw new WorldError('callback', callback, 'must be a function');
    const wasLocked = this.locked;
    this.locked = true;
    try {
      for (let i = 0; i < results.length; ++i) {
        if (callback(results[i]) === false) return results.slice(0, i + 1);
      }
    } finally {
      this.locked = wasLocked;
    }
    return results;
  }

  private setRay(from: Vec2Like, to: Vec2Like): void {
    checkVec2(from, 'from');
    checkVec2(to, 'to');
    const input = this.queries.rayInput;
    input.p1x = from.x;
    input.p1y = from.y;
    input.p2x = to.x;
    input.p2y = to.y;
    input.maxFraction = 1;
  }
}

/** The farthest any point of the body's box is from its centre, m. */
function rimRadius(b: Body): number {
  const hw = b.shape.halfWidth;
  const hh = b.shape.halfHeight;
  return Math.sqrt(hw * hw + hh * hh);
}

/** The index (into STATE_FIELDS) of the first non-finite state field of `b`, or -1. */
function firstNonFiniteField(b: Body): number {
  if (!Number.isFinite(b.position.x)) return 0;
  if (!Number.isFinite(b.position.y)) return 1;
  if (!Number.isFinite(b.angle)) return 2;
  if (!Number.isFinite(b.linearVelocity.x)) return 3;
  if (!Number.isFinite(b.linearVelocity.y)) return 4;
  if (!Number.isFinite(b.angularVelocity)) return 5;
  if (!Number.isFinite(b.force.x)) return 6;
  if (!Number.isFinite(b.force.y)) return 7;
  if (!Number.isFinite(b.torque)) return 8;
  return -1;
}

/** The value of state field `field` (an index into STATE_FIELDS) of `b`. */
function stateField(b: Body, field: number): number {
  switch (field) {
    case 0:
      return b.position.x;
    case 1:
      return b.position.y;
    case 2:
      return b.angle;
    case 3:
      return b.linearVelocity.x;
    case 4:
      return b.linearVelocity.y;
    case 5:
      return b.angularVelocity;
    case 6:
      return b.force.x;
    case 7:
      return b.force.y;
    default:
      return b.torque;
  }
}
