import { AABB, BroadPhase, DistanceOutput, Manifold, PairBuffer } from '@lite/collision';
import { BodyStates, ContactGather, SoftContactSolver, SoftStepContext } from '@lite/constraints';
import { objectArray, Transform, type Vec2 } from '@lite/math';
import type { Body } from './body';
import type { Contact } from './contact';
import { freeContact } from './contact-order';
import { ContactEventQueue, Listeners, SensorEventQueue, StepCallbacks } from './events';
import { Islands } from './islands';
import type { Joint } from './joints';
import { StepProfile } from './profile';
import type { WorldSettings } from './settings';
import type { BodyShape } from './shape';
import type { InstalledSolver } from './solvers';
import { makeNewPairFilter } from './stage-contacts';
import type { ContinuousCollision } from './stage-continuous';
import { journalWoken, StepJournal } from './stage-journal';
import { makeSensorCollector } from './stage-sensors';

/** Fields of a body's saved state in the step's snapshot (x, y, angle, vx, vy, w, centre x, y). */
export const SNAPSHOT_STRIDE = 8;

/**
 * Everything the step's stages (`stage-*.ts`) share: bodies, joints, sorted contacts, the contact
 * pool, the broadphase, the solvers and their scratch. One per world. @internal
 */
export class StepState {
  /** The world's gravity and live settings (the object itself, not the user's guarded view). */
  readonly gravity: Vec2;
  readonly settings: WorldSettings;

  /** Every body, in id order; `body.index` is its position here. */
  readonly bodyList: Body[] = objectArray();
  /** Every joint, in id order. */
  readonly jointList: Joint[] = objectArray();
  /** Every contact, sorted by pair key (lower body id, higher body id). */
  readonly contactList: Contact[] = objectArray();
  /** Every contact object (listed, free or in `releaseList`) in making order; `contact.slot` indexes it. */
  readonly contactSlots: Contact[] = objectArray();
  /** The free slots (the pool of contact objects), the next to use on top, and their count. */
  freeSlots = new Int32Array(8);
  freeCount = 0;
  /** Per slot, its index in `freeSlots`, or -1 when its object is in use. */
  freeAt = new Int32Array(8);
  /** Scratch of `reorderContacts`: per slot, where its state is in `contactList`. */
  contactWhere = new Int32Array(8);
  /** Contacts placed out of slot order since `contactList` was last reordered. */
  contactsOutOfPlace = 0;
  /** Contacts removed during a step whose endContact event is still queued. */
  readonly releaseList: Contact[] = objectArray();
  /** Scratch list: the contacts made (or removed) by one operation. */
  readonly newContacts: Contact[] = objectArray();

  readonly broadPhase = new BroadPhase();
  readonly pairs = new PairBuffer(8);
  /** The broadphase's filter of candidate pairs: those that may make a contact and have none. */
  readonly newPairFilter: (proxyA: number, proxyB: number) => boolean;
  readonly manifold = new Manifold();
  /** The narrowphase's step dt, read per contact (see `collideEach`). @internal */
  readonly collideDt = new Float64Array(1);
  /** The shapes whose boxes left their fat boxes this step, and their new boxes (`noteMovedProxies`). */
  readonly movedShapes: BodyShape[] = objectArray();
  movedBoxes = new Float64Array(4 * 8);
  /** Where the swept fast bodies' notes start in `movedShapes` (slow ones first; each run in body order). */
  movedSplit = 0;
  /** Scratch boxes: a body's box, and its fat box in the broadphase. */
  readonly aabb = new AABB();
  readonly fatAABB = new AABB();
  /** Shape of each broadphase proxy id. */
  readonly proxyShapes: (BodyShape | null)[] = objectArray();
  /** The sensor shapes, in id order. */
  readonly sensors: BodyShape[] = objectArray();

  /** The bodies found fast this step (continuous collision). */
  readonly fastBodies: Body[] = objectArray();
  /** Scratch of continuous collision, the sensors and the queries: a box, a distance, transforms. */
  readonly queryBox = new AABB();
  readonly distanceOutput = new DistanceOutput();
  readonly xfScratch = new Transform();
  readonly xfOther = new Transform();
  /** The installed continuous collision (`options.continuous`), or null: no time-of-impact pass. */
  continuous: ContinuousCollision | null = null;
  /** The sensor being updated, its broadphase callback, and the step's sensor events. */
  sensorShape: BodyShape | null = null;
  readonly collectSensorOverlap: (proxyId: number) => boolean;
  readonly sensorEvents = new SensorEventQueue();

  /** The last step's time per stage (`world.profile`), filled while `settings.profile` is on. */
  readonly profile = new StepProfile();

  /** The step's contact events, emitted at its end, and their listeners. */
  readonly events = new ContactEventQueue();
  readonly listeners = new Listeners();
  readonly callbacks = new StepCallbacks();

  /** Contacts and joints handed to the solver this step, and their counts. */
  readonly solverContacts: Contact[] = objectArray();
  solverContactCount = 0;
  /** What the soft step's prepare reads of the solver's contacts, gathered with them. */
  readonly solverGather = new ContactGather();
  readonly solverJoints: Joint[] = objectArray();
  solverJointCount = 0;
  /** The joints that broke this step, in id order (scratch, emptied after their events). */
  readonly brokenJoints: Joint[] = objectArray();
  /** A joint's reaction (fx, fy, torque) for the break check (a slot, not a new vector). */
  readonly reaction = new Float64Array(3);
  /** The largest joint error the last position pass found (a slot, not a returned number). */
  readonly jointError = new Float64Array(1);
  /** The installed classic solver (`ClassicSolver`), or null until the world first uses it. */
  classic: InstalledSolver | null = null;
  /** The soft step's packed body states, contact solver and per-step constants. */
  readonly bodyStates = new BodyStates();
  readonly softSolver = new SoftContactSolver();
  readonly softContext = new SoftStepContext();
  readonly cosSin = new Float64Array(2);

  /** Union-find islands and the sleeping rings (stage 10). */
  readonly islands = new Islands();
  /** The first error a listener threw since the last rethrow (`listenerFailed`: one may throw undefined). */
  listenerError: unknown = null;
  listenerFailed = false;
  /**
   * Stands in for destroyed bodies in `bodyList` (until `compactBodies`) and in dropped contacts, so
   * nothing keeps a destroyed body alive. A static body outside the world.
   */
  readonly husk: Body;
  /** The shape the pool's free contacts and the dropped ones name (see `husk`): not in the world. */
  readonly huskShape: BodyShape;
  /** A second `husk`: a new pool contact is made between two different bodies, then names `husk` alone. */
  readonly huskOther: Body;
  /** Destroyed bodies still in `bodyList` (as `husk`; removed by `compactBodies`). */
  deadBodies = 0;
  /** Whether the last step's scratch may still name objects (`releaseStepReferences` empties it). */
  stepReferencesHeld = false;
  /** `body.index - indexOffset` is the body's place in `bodyList` between steps; 0 during a step. */
  indexOffset = 0;
  /** Dropped contacts still in `contactList` (removed by `compactContacts`). */
  droppedContacts = 0;
  /** How many non-static bodies are asleep. */
  sleepingCount = 0;
  /** How many times `wakeBody` woke a sleeping island (counting up; compared, never reset). */
  wakes = 0;
  /** `wakes` when the narrowphase gathered the solver's contacts (valid while equal), or -1. */
  gatheredAtWakes = -1;
  /** Per body index: the state saved before the step, to undo a step that turns non-finite. */
  snapshot = new Float64Array(8 * SNAPSHOT_STRIDE);
  /** The contacts' and joints' state saved before the step, likewise (see `StepJournal`). */
  readonly journal = new StepJournal();

  /** The last step's dt and 1 / dt, kept boxed (docs/performance.md, "Boxed numbers"). */
  lastDt: unknown = null;
  lastInvDt: unknown = null;
  /** The last step's dt, sub-step count and dt / substeps (boxed once, as above). */
  stepDt: unknown = null;
  stepSubsteps = 1;
  subDt: unknown = null;
  /** The soft step's last dt, sub-step count and sub-step h (boxed once, as above), for the joints. */
  softDt: unknown = null;
  softSubsteps = 0;
  softH: unknown = null;

  constructor(gravity: Vec2, settings: WorldSettings, husk: Body, huskShape: BodyShape, huskOther: Body) {
    this.gravity = gravity;
    this.settings = settings;
    this.husk = husk;
    this.huskShape = huskShape;
    this.huskOther = huskOther;
    this.newPairFilter = makeNewPairFilter(this);
    this.collectSensorOverlap = makeSensorCollector(this);
  }
}

/** Makes room for `count` bodies in the islands and the snapshot. */
export function ensureBodyCapacity(s: StepState, count: number): void {
  s.islands.ensureCapacity(count);
  if (count * SNAPSHOT_STRIDE <= s.snapshot.length) return;
  s.snapshot = new Float64Array(2 * count * SNAPSHOT_STRIDE);
}

/** dt / substeps (dt for one sub-step), kept boxed between steps (see `lastDt`). */
export function subStepDt(s: StepState, dt: number, substeps: number): number {
  if (substeps === 1) return dt;
  if (dt !== s.stepDt || substeps !== s.stepSubsteps) {
    s.stepDt = dt;
    s.stepSubsteps = substeps;
    s.subDt = dt / substeps;
  }
  return s.subDt as number;
}

/** Wakes a sleeping body and its whole sleeping island; no effect on static or awake bodies. */
export function wakeBody(s: StepState, body: Body): void {
  if (body.isAwake || body.isStatic) return;
  s.wakes = (s.wakes + 1) | 0;
  let b: Body | null = body;
  do {
    const next: Body | null = b.sleepNext;
    // During a step, before it changes them: a failed step puts them back.
    if (s.journal.active) journalWoken(s, b);
    b.isAwake = true;
    s.bodyStates.insert(b);
    b.sleepTime = 0;
    b.sleepNext = null;
    s.sleepingCount--;
    b = next;
  } while (b !== null && b !== body);
}

/**
 * Removes the destroyed bodies from `bodyList`, keeping id order: a splice when all are at the front
 * (then `indexOffset`), a truncation at the back, else one O(n) pass that renumbers.
 */
export function compactBodies(s: StepState): void {
  const dead = s.deadBodies;
  if (dead === 0) return;
  const list = s.bodyList;
  const n = list.length;
  let lead = 0;
  while (lead < n && list[lead].world === null) lead++;
  if (lead === dead) {
    list.splice(0, lead);
    s.indexOffset += lead;
    s.deadBodies = 0;
    return;
  }
  let trail = 0;
  while (trail < n && list[n - 1 - trail].world === null) trail++;
  if (trail === dead) {
    list.length = n - trail;
    s.deadBodies = 0;
    return;
  }
  s.indexOffset = 0;
  let write = 0;
  for (let i = 0, n = list.length; i < n; ++i) {
    const b = list[i];
    if (b.world === null) continue;
    b.index = write;
    list[write++] = b;
  }
  list.length = write;
  s.deadBodies = 0;
}

/** Empties the last step's scratch that still names objects (see `stepReferencesHeld`). */
export function releaseStepReferences(s: StepState): void {
  if (!s.stepReferencesHeld) return;
  s.stepReferencesHeld = false;
  s.solverContacts.length = 0;
  s.solverContactCount = 0;
  s.solverGather.clear();
  s.gatheredAtWakes = -1;
  s.solverJoints.length = 0;
  s.solverJointCount = 0;
  s.brokenJoints.length = 0;
  s.fastBodies.length = 0;
  s.movedShapes.length = 0;
  s.movedSplit = 0;
  if (s.continuous !== null) s.continuous.release();
  s.sensorShape = null;
  s.events.contacts.length = 0;
  s.events.kinds.length = 0;
  s.events.count = 0;
  s.sensorEvents.sensors.length = 0;
  s.sensorEvents.visitors.length = 0;
  s.sensorEvents.kinds.length = 0;
  s.sensorEvents.count = 0;
}

/** Makes `body.index` the body's position in `bodyList` again (the step needs it exact). */
export function renumberBodies(s: StepState): void {
  if (s.indexOffset === 0) return;
  const list = s.bodyList;
  for (let i = 0, n = list.length; i < n; ++i) list[i].index = i;
  s.indexOffset = 0;
}

/** Removes the dropped contacts from `contactList` (keeping pair-key order) and frees their objects. */
export function compactContacts(s: StepState): void {
  if (s.droppedContacts === 0) return;
  const list = s.contactList;
  let write = 0;
  for (let i = 0, n = list.length; i < n; ++i) {
    const c = list[i];
    if (c.dropped) {
      c.dropped = false;
      c.touching = false;
      freeContact(s, c);
      continue;
    }
    list[write++] = c;
  }
  list.length = write;
  s.droppedContacts = 0;
}

/** Keeps the first error a listener threw (later ones are dropped); the dispatch goes on. */
export function noteListenerError(s: StepState, error: unknown): void {
  if (s.listenerFailed) return;
  s.listenerFailed = true;
  s.listenerError = error;
}

/** Rethrows the listener error kept since the last call, if any, and forgets it. */
export function rethrowListenerError(s: StepState): void {
  if (!s.listenerFailed) return;
  const error = s.listenerError;
  s.listenerFailed = false;
  s.listenerError = null;
  throw error;
}
