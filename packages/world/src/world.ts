import type { SolverBody } from '@lite/constraints';
import { Vec2, type Vec2Like } from '@lite/math';
import { Body, placeCenter, setBodyWritesChecked } from './body';
import { type BodyOptions, type BodyType, resolveBodyOptions } from './body-options';
import type { ClassicSolver } from './classic-solver';
import { type Contact, compareContacts } from './contact';
import { removeItem, truncate } from './contact-list';
import { WorldError } from './errors';
import {
  type CustomFilterCallback,
  checkEvent,
  type MaterialMixCallback,
  type PreSolveCallback,
  type WorldEventMap,
  type WorldEventName,
} from './events';
import { putToSleep } from './islands';
import { findJoint, type Joint, type JointClass, type WorldJointKind } from './joints';
import { Stage, type StepProfile } from './profile';
import { type AABBLike, QueryScratch, type RayCastHit } from './queries';
import { guardedSettings, type SolverKind, type WorldSettings } from './settings';
import {
  BodyShape,
  checkShapeMass,
  compareShapes,
  type ResolvedShape,
  resolveShapeOptions,
  type ShapeOptions,
} from './shape';
import { continuousOf, pickSolver, requireContinuous, solverOf } from './solvers';
import { dropContacts, releaseContacts, remixShape, setMixCallback } from './stage-contacts';
import {
  clearForces,
  dispatchEvents,
  dispatchHits,
  dispatchJointBreaks,
  nonFiniteBodyError,
  placeProxies,
  saveState,
  updateSleep,
} from './stage-finish';
import { journalStep } from './stage-journal';
import { updateSensors } from './stage-sensors';
import {
  compactBodies,
  compactContacts,
  ensureBodyCapacity,
  releaseStepReferences,
  renumberBodies,
  rethrowListenerError,
  StepState,
  wakeBody,
} from './step-state';
import { checkCallback, checkNonNegative } from './validate';
import {
  breakJoints,
  changeBodyType,
  createShapeProxy,
  dispatchRemoved,
  linkJoint,
  releaseShape,
  resetMass,
  unlinkJoint,
} from './world-edits';
import { installParts, MIN_DT, resolveWorldOptions, type WorldOptions } from './world-options';

/**
 * A 2D rigid-body world: bodies of boxes, polygons, circles and capsules, seven joint kinds and the
 * contacts between them, stepped by Box2D v3's soft step (default: sub-steps of soft contacts, a
 * relax pass and restitution) or by Box2D-Lite's classic solver (installed: `solver: new
 * ClassicSolver()`), with continuous collision (installed: `continuous: new ContinuousCollision()`),
 * islands, sleeping and snapshots.
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
  /**
   * Live settings of the world and its soft step (the classic solver's: {@link World.classicSolver});
   * each setter checks its value, and an unknown key is refused with a WorldError.
   */
  readonly settings: WorldSettings;

  /** What the step's stages (`stage-*.ts`) share: bodies, joints, contacts, broadphase, solvers. */
  private readonly core: StepState;
  /** Scratch state and callbacks of the queries (set up once, so queries create no closures). */
  private readonly queries: QueryScratch;

  private nextBodyId = 0;
  private nextShapeId = 0;
  private nextJointId = 0;
  /** Whether the world refuses changes (while it steps, or a listener or query callback runs). @internal */
  locked = false;
  private stepCounter = 0;

  /**
   * @param options - gravity, solver, counts, sleeping, continuous collision: {@link WorldOptions}
   * @throws WorldError naming the first bad option or unknown key, or when no kernels can run (no
   *   WebAssembly and no `jsKernels`)
   */
  constructor(options: WorldOptions = {}) {
    const o = resolveWorldOptions(options);
    this.gravity = new Vec2(o.gravity.x, o.gravity.y);
    // Users get a view that refuses unknown keys; the step reads the object itself (core.settings).
    this.settings = guardedSettings(o.settings);

    // What destroyed bodies and dropped or pooled contacts point at instead of what they held (see
    // `StepState.husk`): a static body outside the world, with a shape outside it.
    const huskOptions = resolveBodyOptions({ type: 'static', width: 1, height: 1 });
    const husk = new Body(this, -1, huskOptions);
    husk.world = null;
    const huskShape = new BodyShape(husk, -1, huskOptions.shape as ResolvedShape);
    huskShape.owner = null;
    const huskOther = new Body(this, -1, huskOptions);
    huskOther.world = null;
    this.core = new StepState(this.gravity, o.settings, husk, huskShape, huskOther);
    installParts(this.core, o);
    this.queries = new QueryScratch(this.core);
  }

  /**
   * Which solver steps the world, `'soft'` (the default, set by `world.settings`) or `'classic'`
   * (set by its {@link World.classicSolver}); switchable between steps: assign `'soft'`, a
   * `ClassicSolver`, or `'classic'` (the world's own; a new one when it has none).
   * @throws WorldError for anything else, or `'classic'` before any `ClassicSolver` was made
   */
  get solver(): SolverKind {
    return this.core.settings.solverKind;
  }
  set solver(value: SolverKind | ClassicSolver) {
    pickSolver(this.core, value, 'world.solver');
  }

  /** The world's classic solver, whose fields are its settings; null while it never had one. */
  get classicSolver(): ClassicSolver | null {
    return (this.core.classic as ClassicSolver | null)?.view ?? null;
  }

  // ---------------------------------------------------------------------------------------------
  // Bodies

  /**
   * Creates a body: `world.createBody({ width: 1, height: 1 })` is a dynamic 1 × 1 box of density 1
   * at the origin; `{ shape: { type: 'circle', radius: 0.5 } }` any other shape; more shapes with
   * `body.createShape`. Ids increase from 0 in creation order.
   * @throws WorldError naming the first bad option and its value, or while the world steps; nothing
   *   is created then and no id is used
   */
  createBody(options: BodyOptions): Body {
    this.checkUnlocked('createBody', 'options', options);
    const resolved = resolveBodyOptions(options);
    if (resolved.bullet) this.checkBullet('options.bullet');
    // The id is used only once the body exists (a refused body uses none).
    const body = new Body(this, this.nextBodyId, resolved);
    this.nextBodyId++;
    body.index = this.core.bodyList.length + this.core.indexOffset;
    this.core.bodyList.push(body);
    ensureBodyCapacity(this.core, this.core.bodyList.length);
    if (resolved.shape !== null) this.addShape(body, resolved.shape);
    if (resolved.shorthand) {
      // The box formulas (mass and inertia set by the constructor).
      body.minExtent = 0.5 * Math.min(resolved.width, resolved.height);
      body.updateExtents();
    } else {
      body.resetMassData();
    }
    if (!resolved.awake) this.sleepBody(body);
    return body;
  }

  /** Makes a shape on `body` and its broadphase proxy (no mass update). */
  private addShape(body: Body, resolved: ReturnType<typeof resolveShapeOptions>): BodyShape {
    const chain = resolved.chain;
    if (chain !== null) {
      // One shape per segment of a chain; the first is returned.
      const first = this.addShape(body, { ...resolved, chain: null });
      for (let i = 1; i < chain.length; ++i)
        this.addShape(body, { ...resolved, geometry: chain[i], chain: null });
      return first;
    }
    const shape = new BodyShape(body, this.nextShapeId++, resolved);
    body.shapeList.push(shape);
    createShapeProxy(this.core, shape);
    if (shape.sensor) this.core.sensors.push(shape);
    return shape;
  }

  /** `body.createShape`. @internal */
  createShape(body: Body, options: ShapeOptions): BodyShape {
    this.checkUnlocked('createShape', 'options', options);
    this.checkBody(body, 'body');
    const resolved = resolveShapeOptions(options, 'options', {
      density: 1,
      friction: body.friction,
      restitution: body.restitution,
    });
    if (body.isDynamic) checkShapeMass(resolved, 'options', options);
    this.wakeBody(body);
    const shape = this.addShape(body, resolved);
    resetMass(body);
    return shape;
  }

  /** `body.destroyShape`. @internal */
  destroyShape(body: Body, shape: BodyShape): void {
    this.checkUnlocked('destroyShape', 'shape', shape);
    this.checkBody(body, 'body');
    releaseStepReferences(this.core);
    // The shape itself, not an object made from it (Object.create(shape) reads the same owner).
    if (!(shape instanceof BodyShape) || shape.owner !== body || !body.shapeList.includes(shape)) {
      throw new WorldError('shape', String(shape), `is not a shape of ${body.toString()}`);
    }
    this.wakeBody(body);
    const edges = body.contactEdges;
    const removed = this.core.newContacts;
    truncate(removed, 0);
    for (let i = 0; i < edges.length; ++i) {
      if (edges[i].shapeA === shape || edges[i].shapeB === shape) removed.push(edges[i]);
    }
    removed.sort(compareContacts);
    dispatchRemoved(this, this.core, removed);
    for (let i = 0; i < removed.length; ++i) this.wakeBody(removed[i].other(body));
    dropContacts(this.core, removed);
    releaseShape(this, this.core, shape);
    removeItem(body.shapeList, shape);
    body.shapeList.sort(compareShapes);
    resetMass(body);
    rethrowListenerError(this.core);
  }

  /**
   * Destroys a body, its joints and its contacts (emitting `endContact` for touching ones) and wakes
   * the bodies it touched or was jointed to. Using the body afterwards throws.
   * @throws WorldError when the body was already destroyed, is another world's or a copy, or the
   *   world is stepping; a listener's error is rethrown once the destruction is complete
   */
  destroyBody(body: Body): void {
    this.checkUnlocked('destroyBody', 'body', body);
    this.checkBody(body, 'body');
    releaseStepReferences(this.core);

    // Endcontact for the touching contacts, in pair-key order, before anything changes.
    const edges = body.contactEdges;
    const removed = this.core.newContacts;
    removed.length = 0;
    for (let i = 0; i < edges.length; ++i) removed.push(edges[i]);
    removed.sort(compareContacts);
    dispatchRemoved(this, this.core, removed);

    // Wake what it touched or held (destroying a support must let the rest fall).
    this.wakeBody(body);
    for (let i = 0; i < edges.length; ++i) this.wakeBody(edges[i].other(body));
    while (body.jointEdges.length > 0) {
      unlinkJoint(this.core, body.jointEdges[body.jointEdges.length - 1], body);
    }

    dropContacts(this.core, removed);

    for (const shape of body.shapeList) releaseShape(this, this.core, shape);
    // Marked (the husk takes its place), compacted in one pass later: O(1) amortised each. Husks at
    // the end of the list go at once, so bodies made and destroyed between steps leave no trail.
    const core = this.core;
    if (!body.isStatic && !body.isAwake) core.sleepingCount--;
    core.bodyStates.remove(body);
    const list = core.bodyList;
    const at = body.index - core.indexOffset;
    list[at] = core.husk;
    body.world = null;
    core.deadBodies++;
    if (at === list.length - 1) {
      while (list.length > 0 && list[list.length - 1] === core.husk) {
        list.pop();
        core.deadBodies--;
      }
    }
    // A listener that threw (endContact, sensorEnd) did not stop the destruction.
    rethrowListenerError(this.core);
  }

  /**
   * Every body, in id order (creation order). Read-only: create and destroy through the world. To
   * destroy many, destroy them from a copy (`for (const b of world.bodies.slice())`): O(1) each.
   */
  get bodies(): readonly Body[] {
    compactBodies(this.core);
    return this.core.bodyList;
  }

  /** The body with this id, or undefined (binary search over the id-ordered bodies). */
  getBody(id: number): Body | undefined {
    compactBodies(this.core);
    const list = this.core.bodyList;
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
    return this.core.sleepingCount;
  }

  /** The broadphase's proxies (one per shape) and its tree's height (-1 when empty), a new object. */
  get broadphase(): { readonly proxyCount: number; readonly treeHeight: number } {
    return { proxyCount: this.core.broadPhase.proxyCount, treeHeight: this.core.broadPhase.tree.getHeight() };
  }

  // ---------------------------------------------------------------------------------------------
  // Joints

  /**
   * Makes a joint of `kind`, a joint class ({@link RevoluteJoint}, {@link DistanceJoint},
   * {@link MouseJoint}, {@link PrismaticJoint}, {@link WeldJoint}, {@link WheelJoint},
   * {@link MotorJoint}, {@link FilterJoint}), with that kind's `<Kind>Options`. A kind's code is in
   * the bundle only if the program imports it.
   *
   * ```ts
   * import { RevoluteJoint } from '@lite/world';
   * const hinge = world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: door, anchor: { x: 0, y: 2 } });
   * ```
   * @throws WorldError naming `kind` when it is not a joint class, or the first bad option and its
   *   value (a destroyed body, a body jointed to itself, a non-finite anchor, ...), or when the
   *   world is stepping; nothing is added then
   */
  createJoint<J extends Joint, O>(kind: JointClass<J, O>, options: O): J {
    this.checkUnlocked('createJoint', 'options', options);
    const entry = (kind as { jointKind?: WorldJointKind } | null)?.jointKind;
    if (typeof kind !== 'function' || entry?.cls !== kind) {
      throw new WorldError(
        'kind',
        kind,
        'must be a joint class (RevoluteJoint, DistanceJoint, MouseJoint, ...)',
      );
    }
    const resolved = entry.resolve(options, this);
    return linkJoint(this, this.core, new entry.cls(this, this.nextJointId++, resolved as never) as J);
  }

  /**
   * Destroys a joint and wakes its bodies; if it kept them from colliding, they collide again.
   * @throws WorldError when the joint was already destroyed, belongs to another world, is not the
   *   world's own object (`Object.create(joint)`), or the world is stepping
   */
  destroyJoint(joint: Joint): void {
    this.checkUnlocked('destroyJoint', 'joint', joint);
    if (joint === null || typeof joint !== 'object' || !('world' in joint)) {
      throw new WorldError('joint', joint, 'must be a joint made by this world');
    }
    if (joint.world === null) throw new WorldError('joint', String(joint), 'was already destroyed');
    if (joint.world !== this) throw new WorldError('joint', String(joint), 'belongs to another world');
    if (findJoint(this.core.jointList, joint) < 0) {
      // An object made from a joint (Object.create(joint)) reads the same world.
      throw new WorldError('joint', String(joint), 'must be a joint made by this world, not a copy');
    }
    releaseStepReferences(this.core);
    unlinkJoint(this.core, joint, null);
  }

  /** Every joint, in id order. Read-only: create and destroy through the world. */
  get joints(): readonly Joint[] {
    return this.core.jointList;
  }

  // ---------------------------------------------------------------------------------------------
  // Contacts and events

  /**
   * Every contact, in pair-key order (lower body id, then higher): one per pair of bodies whose
   * fattened boxes overlap; `touching` ones have points. Read it again after a step; an ended
   * contact throws a WorldError when read.
   */
  get contacts(): readonly Contact[] {
    compactContacts(this.core);
    const list = this.core.contactList;
    // Given to the user: the world will not move another pair's state into these objects.
    for (let i = 0; i < list.length; ++i) list[i].handed = true;
    return list;
  }

  /**
   * Subscribes `listener` to `event` (see {@link WorldEventMap}); listeners run at the end of the
   * step, contacts in pair-key order, then sensors by sensor and visitor id, with the world locked
   * (no creating or destroying; forces and velocities may be set). Returns a function that unsubscribes.
   */
  on<K extends WorldEventName>(event: K, listener: WorldEventMap[K]): () => void {
    checkEvent(event);
    if (typeof listener !== 'function') throw new WorldError('listener', listener, 'must be a function');
    const listeners = this.core.listeners as unknown as Record<string, unknown[]>;
    listeners[event] = [...listeners[event], listener];
    return () => this.off(event, listener);
  }

  /**
   * Sets (or with null, removes) the callback each step calls for every touching contact with the
   * two shapes and the fresh manifold (normal from A, of the lower body id, to B): false switches the
   * contact off for that step (a one-way platform). Read the world, change nothing; a throw is
   * rethrown at the end of the step.
   */
  setPreSolveCallback(callback: PreSolveCallback | null): void {
    this.core.callbacks.preSolve = checkCallback(callback);
  }

  /**
   * Sets (or with null, removes) the callback asked, when two shapes that their filters let collide
   * first come near, whether they get a contact (return false: no contact, until their proxies
   * separate and meet again). Shape A's body has the lower id.
   */
  setCustomFilterCallback(callback: CustomFilterCallback | null): void {
    this.core.callbacks.customFilter = checkCallback(callback);
  }

  /** The approach speed above which a contact reports a `hit` event, m/s (finite, >= 0; default 1). */
  get hitEventThreshold(): number {
    return this.core.callbacks.hitThreshold;
  }

  set hitEventThreshold(value: number) {
    this.core.callbacks.hitThreshold = checkNonNegative(value, 'hitEventThreshold');
  }

  /** Unsubscribes `listener` from `event` (no effect if it was not subscribed). */
  off<K extends WorldEventName>(event: K, listener: WorldEventMap[K]): void {
    checkEvent(event);
    const listeners = this.core.listeners as unknown as Record<string, unknown[]>;
    const list = listeners[event];
    const index = list.indexOf(listener);
    if (index >= 0) listeners[event] = list.filter((_, i) => i !== index);
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
    return this.queries.queryAABB(this, bounds, callback);
  }

  /**
   * The bodies containing the world `point`, in id order. With a `callback`, calls it for each in
   * id order instead (return false to stop).
   * @throws WorldError on a non-finite point
   */
  queryPoint(point: Vec2Like, callback?: (body: Body) => boolean | undefined): Body[] {
    return this.queries.queryPoint(this, point, callback);
  }

  /**
   * The first body the segment from `from` to `to` enters, with the point, the surface normal and
   * the fraction along the segment; null when it hits nothing (or when it starts inside every box
   * it crosses). Ties go to the lower id.
   * @throws WorldError on a non-finite point, or naming `to` when the segment is longer than about
   *   1.3e154 m (its squared length overflows)
   */
  rayCast(from: Vec2Like, to: Vec2Like): RayCastHit | null {
    return this.queries.rayCast(from, to);
  }

  /**
   * Every body the segment from `from` to `to` enters, sorted by fraction along the segment (ties by
   * id), each with its point and normal.
   * @throws WorldError on a non-finite point, or naming `to` when the segment is longer than about
   *   1.3e154 m (its squared length overflows)
   */
  rayCastAll(from: Vec2Like, to: Vec2Like): RayCastHit[] {
    return this.queries.rayCastAll(from, to);
  }

  // ---------------------------------------------------------------------------------------------
  // The step

  /**
   * Advances the world by `dt` seconds: contacts are found and collided, the solver in use solves,
   * continuous collision runs when installed, rested islands sleep, forces clear, and the step's
   * events are emitted in the order found. A listener that throws does not stop the step: the first
   * listener error is rethrown when `step` returns.
   *
   * @throws WorldError, with nothing changed, when `dt` is not a finite number >= {@link MIN_DT}, a
   *   joint's field, gravity or a body's state is not finite, or the world is already stepping.
   *   WorldError naming the body id and field when a body's state turns non-finite during the step:
   *   the step is undone, so once the cause is fixed the next step is the one that failed.
   */
  step(dt: number): void {
    if (this.locked) throw new WorldError('world.step', dt, 'called while the world is stepping');
    if (typeof dt !== 'number' || !(dt >= MIN_DT && dt < Number.POSITIVE_INFINITY)) {
      throw new WorldError('dt', dt, `must be a finite number >= ${MIN_DT} s (MIN_DT)`);
    }
    this.compactAll();
    const core = this.core;
    // The parts a restored snapshot names, made (or refused) before anything moves.
    const solver = solverOf(core);
    continuousOf(core);
    const profile = core.profile;
    profile.begin(core.settings.profile);
    this.checkStepInput();
    profile.lap(Stage.Transforms);
    this.locked = true;
    // The solvers write bodies' angles through their checked setters: unchecked until the events.
    setBodyWritesChecked(false);
    try {
      // Sleeping turned off: every body wakes.
      if (!core.settings.sleeping && core.sleepingCount > 0) for (const b of core.bodyList) wakeBody(core, b);
      // Stages 1 to 9: stage-soft.ts or stage-classic.ts (with stage-contacts.ts, stage-finish.ts).
      solver.step(core, dt);
      if (core.sensors.length > 0) updateSensors(core);
      // Stages 10 to 12: stage-finish.ts.
      updateSleep(core, dt, solver);
      profile.lap(Stage.Sleep);
      clearForces(core);
      breakJoints(core, this);
      dispatchEvents(core);
      dispatchHits(core);
      dispatchJointBreaks(this.core);
      profile.lap(Stage.Events);
      profile.end();
      this.stepCounter++;
    } catch (error) {
      // The step's own error (a state turned non-finite) wins over a listener's.
      core.listenerFailed = false;
      core.listenerError = null;
      throw error;
    } finally {
      setBodyWritesChecked(true);
      this.locked = false;
      core.journal.active = false;
      releaseContacts(core);
      core.stepReferencesHeld = true;
    }
    rethrowListenerError(core);
  }

  /**
   * Where the last step's time went, ms per stage ({@link StepProfile}), while `settings.profile` is
   * on: a read-only view each profiled step overwrites.
   *
   * ```ts
   * world.settings.profile = true;
   * world.step(1 / 60);
   * console.log(world.profile.collide, world.profile.solve, world.profile.total);
   * ```
   */
  get profile(): StepProfile {
    return this.core.profile;
  }

  /** How many steps have completed (sub-steps are not counted). */
  get stepCount(): number {
    return this.stepCounter;
  }

  /** Drops destroyed bodies and contacts from the lists and renumbers the bodies from 0. @internal */
  compactAll(): void {
    const core = this.core;
    compactBodies(core);
    renumberBodies(core);
    compactContacts(core);
  }

  // ---------------------------------------------------------------------------------------------
  // Sleeping and waking (used by bodies and joints)

  /** Wakes a sleeping body and its whole sleeping island (see step-state.ts). @internal */
  wakeBody(body: Body): void {
    wakeBody(this.core, body);
  }

  /** Puts one body to sleep on its own (`body.setAwake(false)`). @internal */
  sleepBody(body: Body): void {
    if (!body.isAwake) return;
    body.sleepNext = body;
    putToSleep(body);
    this.core.sleepingCount++;
  }

  /** Moves a checked body: transform and proxies; wakes it and what touches it. @internal */
  setBodyTransform(body: Body, x: number, y: number, angle: number): void {
    this.checkUnlocked('setTransform', 'body', body);
    this.wakeBody(body);
    const edges = body.contactEdges;
    for (let i = 0; i < edges.length; ++i) this.wakeBody(edges[i].other(body));
    body.position.x = x;
    body.position.y = y;
    (body as SolverBody).angle = angle;
    body.transform.set(x, y, angle);
    placeCenter(body);
    placeProxies(this.core, body);
  }

  /** `body.setType`. @internal */
  setBodyType(body: Body, type: BodyType): void {
    this.checkUnlocked('setType', 'type', type);
    changeBodyType(this, this.core, body, type);
  }

  /** A shape's material changed: its contacts mix it again (`wake`: and their bodies wake). @internal */
  remixShapeMaterials(shape: BodyShape, wake: boolean): void {
    remixShape(this.core, shape, wake);
  }

  /**
   * Sets (or with null, removes) how a contact's friction is mixed from its shapes' (Box2D v3's
   * `frictionCallback`; default sqrt(μA μB)), asked when a contact is made or a material changes,
   * and now for every contact. A throw or a result not finite and >= 0 is rethrown and the default
   * used. Snapshots do not keep the callback.
   */
  setFrictionCallback(callback: MaterialMixCallback | null): void {
    this.checkUnlocked('setFrictionCallback', 'callback', callback);
    setMixCallback(this.core, 'friction', callback);
  }

  /**
   * Sets (or with null, removes) how a contact's restitution is mixed (Box2D v3's
   * `restitutionCallback`), as {@link World.setFrictionCallback} friction, the result in [0, 1];
   * without one, max(eA, eB). Continuous collision's bounces ask it too.
   */
  setRestitutionCallback(callback: MaterialMixCallback | null): void {
    this.checkUnlocked('setRestitutionCallback', 'callback', callback);
    setMixCallback(this.core, 'restitution', callback);
  }

  // ---------------------------------------------------------------------------------------------
  // Checks used by bodies and joints

  /** Throws unless `body` is a live body of this world. @internal */
  checkBody(body: unknown, argument: string): Body {
    if (!(body instanceof Body))
      throw new WorldError(argument, body, 'must be a body made by world.createBody');
    if (body.world === null) throw new WorldError(argument, body.toString(), 'was destroyed');
    if (body.world !== this) throw new WorldError(argument, body.toString(), 'belongs to another world');
    // The body itself, not an object made from it (Object.create(body) reads the same world).
    if (this.core.bodyList[body.index - this.core.indexOffset] !== body) {
      throw new WorldError(argument, body.toString(), 'must be a body made by world.createBody, not a copy');
    }
    return body;
  }

  // ---------------------------------------------------------------------------------------------
  // Internals

  /** Throws unless continuous collision is installed: a bullet needs it. @internal */
  checkBullet(argument: string): void {
    requireContinuous(this.core, argument);
  }

  /** Throws while the world steps (or runs a listener or query callback). @internal */
  checkUnlocked(operation: string, argument: string, value: unknown): void {
    if (this.locked) {
      throw new WorldError(
        argument,
        value,
        `world.${operation} refused: the world is stepping (for example, from an event listener)`,
      );
    }
  }

  /**
   * Checks gravity and the bodies are finite before a step changes anything, saving their state
   * (`saveState`) and journaling the rest (`journalStep`) for an undo.
   */
  private checkStepInput(): void {
    // In place, not through checkFinite: a number passed to a call that is not inlined is boxed.
    const gravity = this.gravity;
    if (!Number.isFinite(gravity.x))
      throw new WorldError('world.gravity.x', gravity.x, 'must be a finite number');
    if (!Number.isFinite(gravity.y))
      throw new WorldError('world.gravity.y', gravity.y, 'must be a finite number');
    const bad = saveState(this.core);
    if (bad >= 0) throw nonFiniteBodyError(this.core.bodyList[bad], 'must be finite before the step');
    journalStep(this.core);
  }
}
