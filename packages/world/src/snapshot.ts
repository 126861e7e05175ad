import { AABB, type Box, computeBoxAABB, computeShapeAABB } from '@lite/collision';
import { objectArray } from '@lite/math';
import { assignBodyType, Body, placeCenter } from './body';
import { resolveBodyOptions } from './body-options';
import { BodyShape } from './shape';
import {
  B_ALLOW_SLEEP,
  B_AWAKE,
  B_BULLET,
  B_CENTRED,
  B_FAST,
  B_FIXED_ROTATION,
  B_OFFSET,
  BODY_NUMBERS,
  type BodyRecord,
  BV,
  findRecord,
  geometryCode,
  readBodies,
  recordTransform,
  type ShapeRecord,
  sameGeometry,
  writeBodies,
  xfA,
} from './snapshot-bodies';
import { applyContacts, readContacts, writeContacts } from './snapshot-contacts';
import { ByteReader, ByteWriter, badSnapshot, isBeyond, refuse, stateValue } from './snapshot-format';
import { applyJoints, type JointRecord, readJoints, writeJoints } from './snapshot-joints';
import { scratchSettings, settingsPart } from './snapshot-settings';
import { computeAABB } from './stage-finish';
import { ensureBodyCapacity, type StepState } from './step-state';
import type { World } from './world';

/*
 * World snapshots (the format, part by part: docs/snapshots.md). In order: the counters, gravity,
 * the carried dt, the settings, the bodies with their shapes, the joints, the contacts, and each
 * shape's broadphase proxy (not the tree: no result depends on its shape or on proxy ids).
 * Reading is two passes: `decode` checks the whole buffer into plain records without touching the
 * world (a bad buffer throws there, changing nothing), then `apply` writes them into the world.
 */

/** The private parts of a world the snapshot reads and writes. */
interface WorldInternals {
  core: StepState;
  nextBodyId: number;
  nextShapeId: number;
  nextJointId: number;
  stepCounter: number;
}

/** The id counters, first in a snapshot. */
const COUNTERS = ['nextBodyId', 'nextShapeId', 'nextJointId'] as const;

const writers = new WeakMap<World, ByteWriter>();

/** Writes the snapshot of a compacted world (`saveWorld`), into `into` when it has room. @internal */
export function writeSnapshot(world: World, into?: Uint8Array): Uint8Array {
  const w = writers.get(world) ?? new ByteWriter();
  writers.set(world, w);
  const internals = world as unknown as WorldInternals;
  const s = internals.core;
  // A number the reader would refuse is refused here, before the snapshot is returned (see `refuse`).
  if (isBeyond(s.gravity.x)) refuse('world.gravity.x', s.gravity.x);
  if (isBeyond(s.gravity.y)) refuse('world.gravity.y', s.gravity.y);
  w.begin();
  for (const key of COUNTERS) w.uint(internals[key]);
  w.float(internals.stepCounter, 0);
  w.float(s.gravity.x, 0);
  w.float(s.gravity.y, -10);
  const carried = [s.lastDt, s.lastInvDt, s.stepDt, s.subDt];
  w.u8(carried.reduce<number>((mask, value, i) => mask | (value === null ? 0 : 1 << i), 0));
  for (const value of carried) if (value !== null) w.float(value as number, 0);
  w.uint(s.stepSubsteps);
  settingsPart(w, s);
  writeBodies(w, s);
  writeJoints(w, s);
  writeContacts(w, s);
  writeProxies(w, s);
  return w.finish(into);
}

/** Proxy flags: its fat box is derived (not written), it waits in the move buffer. */
const P_FITTED = 1;
const P_MOVED = 2;

/** Scratch of the proxies' writing and reading: a box, the move buffer, marks by proxy id. */
const proxyBox = new AABB();
let moveScratch = new Int32Array(16);
let movedMarks = new Uint8Array(0);

/**
 * Whether a proxy's fat box is its shape's tight box grown by the margin (as `refitProxy` and
 * `createProxy` store it): then it is not written. Not checked for awake bodies (rarely fitted).
 */
function isFitted(shape: BodyShape, fat: AABB, margin: number): boolean {
  const body = shape.owner as Body;
  if (body.isAwake) return false;
  computeAABB(shape, body.transform, proxyBox);
  const b = proxyBox;
  return sameBox(fat, b.minX - margin, b.minY - margin, b.maxX + margin, b.maxY + margin);
}

/** The proxies: per shape (in the bodies' order) its `P_` flags, then a block of the fat boxes not derived. */
function writeProxies(w: ByteWriter, s: StepState): void {
  const bp = s.broadPhase;
  const margin = bp.tree.margin;
  let moves = bp.copyMoves(moveScratch);
  if (moves > moveScratch.length) {
    moveScratch = new Int32Array(2 * moves);
    moves = bp.copyMoves(moveScratch);
  }
  if (movedMarks.length < bp.tree.idBound) movedMarks = new Uint8Array(2 * bp.tree.idBound);
  movedMarks.fill(0);
  for (let i = 0; i < moves; ++i) if (moveScratch[i] >= 0) movedMarks[moveScratch[i]] = P_MOVED;
  const bodies = s.bodyList;
  const fat = new AABB();
  for (let i = 0; i < bodies.length; ++i) {
    const shapes = bodies[i].shapeList;
    for (let k = 0; k < shapes.length; ++k) {
      const id = shapes[k].proxyId;
      const fitted = isFitted(shapes[k], bp.getFatAABB(id, fat), margin);
      w.u8((fitted ? P_FITTED : 0) | movedMarks[id]);
      if (fitted) continue;
      w.raw(fat.minX);
      w.raw(fat.minY);
      w.raw(fat.maxX);
      w.raw(fat.maxY);
    }
  }
  w.endBlock();
}

/** A snapshot read and checked, not yet applied. */
interface Decoded {
  nextBodyId: number;
  nextShapeId: number;
  nextJointId: number;
  stepCount: number;
  gravityX: number;
  gravityY: number;
  /** The last step's dt and 1 / dt, the step's dt and the sub-step's (null: none). */
  carried: (number | null)[];
  stepSubsteps: number;
  assignSettings: (s: StepState) => void;
  bodies: BodyRecord[];
  bodyValues: Float64Array;
  /** The shapes in snapshot order, and by id (a sparse array). */
  shapes: ShapeRecord[];
  shapeById: ShapeRecord[];
  joints: JointRecord[];
  contactCount: number;
  /** Per contact: its shapes' ids (2), flags, and numbers (`CONTACT_STRIDE` each). */
  contactShapes: Int32Array;
  contactFlags: Uint8Array;
  contactNumbers: Float64Array;
  /** Per shape (in `shapes` order): its proxy's fat box (4 numbers), and 1 when it waits in the move buffer. */
  proxyBoxes: Float64Array;
  proxyMoved: Uint8Array;
}

/**
 * Reads and checks a whole snapshot (`margin`: the broadphase's, which derived fat boxes are grown
 * by); throws a WorldError (changing nothing) on any fault.
 */
function decode(bytes: unknown, margin: number): Decoded {
  const r = new ByteReader(bytes);
  const d = {} as Decoded;
  for (const key of COUNTERS) d[key] = r.count(key, 0x7fffffff);
  d.stepCount = r.float(0);
  d.gravityX = r.float(0);
  d.gravityY = r.float(-10);
  if (!(Number.isInteger(d.stepCount) && d.stepCount >= 0))
    badSnapshot(`stepCount ${d.stepCount}`, 'is not a count');
  const mask = r.u8();
  d.carried = [0, 1, 2, 3].map((i) => ((mask >> i) & 1 ? r.float(0) : null));
  d.stepSubsteps = r.count('stepSubsteps', 1 << 20);
  checkCarried(mask, d.carried, d.stepSubsteps);
  stateValue(d.gravityX, 'gravity.x');
  stateValue(d.gravityY, 'gravity.y');
  d.assignSettings = settingsPart(r, null);
  readBodies(r, d);
  d.joints = readJoints(r, d);
  readContacts(r, d, scratchSettings);
  readProxies(r, d, margin);
  if (!r.done) badSnapshot('its payload', 'has bytes after the end of the world');
  return d;
}

/** The proxies written by `writeProxies`: each fat box finite with min <= max (the tree's rule). */
function readProxies(r: ByteReader, d: Decoded, margin: number): void {
  const shapes = d.shapes;
  const n = shapes.length;
  const boxes = new Float64Array(4 * n);
  const moved = new Uint8Array(n);
  let written = 0;
  for (let i = 0; i < n; ++i) {
    const flags = r.u8();
    if (flags > (P_FITTED | P_MOVED)) badSnapshot(`proxy flags ${flags}`, 'are not valid');
    moved[i] = flags & P_MOVED ? 1 : 0;
    if (flags & P_FITTED) {
      if (shapes[i].body.flags & B_AWAKE)
        badSnapshot(`shape #${shapes[i].id}`, 'has a derived fat box but is awake');
      boxes[4 * i] = Number.NaN;
    } else written++;
  }
  const block = r.doubles(4 * written);
  const v = d.bodyValues;
  for (let i = 0, k = 0; i < n; ++i) {
    const o = 4 * i;
    if (Number.isNaN(boxes[o])) {
      const sh = shapes[i];
      const xf = recordTransform(sh.body, v, xfA);
      if (sh.code === 0) computeBoxAABB(sh.geometry as Box, xf, proxyBox);
      else computeShapeAABB(sh.geometry, xf, proxyBox);
      boxes[o] = proxyBox.minX - margin;
      boxes[o + 1] = proxyBox.minY - margin;
      boxes[o + 2] = proxyBox.maxX + margin;
      boxes[o + 3] = proxyBox.maxY + margin;
    } else for (let q = o; q < o + 4; ++q) boxes[q] = block[k++];
    // Width and height finite and not negative: the corners finite, with min <= max.
    const width = boxes[o + 2] - boxes[o];
    const height = boxes[o + 3] - boxes[o + 1];
    if (!(Math.min(width, height) >= 0 && Math.max(width, height) < Number.POSITIVE_INFINITY)) {
      badSnapshot(`the fat box of shape #${shapes[i].id}`, 'must be finite with min <= max');
    }
  }
  d.proxyBoxes = boxes;
  d.proxyMoved = moved;
}

/** Checks the whole snapshot, then puts the world in its state (`restoreWorld`). @internal */
export function restoreSnapshot(world: World, bytes: unknown): void {
  const internals = world as unknown as WorldInternals;
  const s = internals.core;
  const d = decode(bytes, s.broadPhase.tree.margin);
  apply(world, d);
  for (const key of COUNTERS) internals[key] = d[key];
  internals.stepCounter = d.stepCount;
  s.gravity.set(d.gravityX, d.gravityY);
  d.assignSettings(s);
  [s.lastDt, s.lastInvDt, s.stepDt, s.subDt] = d.carried;
  s.stepSubsteps = d.stepSubsteps;
}

/** The carried dt values as only the step makes them (the step reads them back as they are). */
function checkCarried(mask: number, carried: (number | null)[], stepSubsteps: number): void {
  for (const value of carried) {
    if (value !== null && !(value >= 0 && Number.isFinite(value))) {
      badSnapshot(`the carried dt ${value}`, 'must be a finite number >= 0');
    }
  }
  if (mask > 15) badSnapshot(`the carried dt mask ${mask}`, 'has bits beyond the four values');
  const [lastDt, lastInvDt, stepDt, subDt] = carried;
  if ((lastDt === null) !== (lastInvDt === null) || (lastDt !== null && lastInvDt !== 1 / lastDt)) {
    badSnapshot(`the carried 1 / dt ${lastInvDt}`, `must be 1 / the carried dt ${lastDt}`);
  }
  if (stepDt === null) {
    if (subDt !== null || stepSubsteps !== 1) {
      badSnapshot(`the carried sub-step dt ${subDt} (${stepSubsteps} sub-steps)`, 'comes without a step dt');
    }
  } else if (stepSubsteps < 2 || subDt !== stepDt / stepSubsteps) {
    badSnapshot(
      `the carried sub-step dt ${subDt}`,
      `must be the carried step dt ${stepDt} / ${stepSubsteps} sub-steps (2 or more)`,
    );
  }
}

/** Scratch of `apply`: a kept body's shapes before the restore. */
const oldShapes: BodyShape[] = [];

/**
 * Puts the decoded bodies, shapes, proxies, joints and contacts into the world: those it has too are
 * kept and refilled, the others made anew or detached (the counters and settings: `restoreSnapshot`).
 */
function apply(world: World, d: Decoded): void {
  const internals = world as unknown as WorldInternals;
  const s = internals.core;
  const records = d.bodies;
  const values = d.bodyValues;

  // Bodies: the live ones with the same id are kept (their handles stay valid), with the saved type.
  // Both lists are in id order: walk them together.
  const list = s.bodyList;
  const bodies: Body[] = new Array(records.length);
  const shapeObjects: BodyShape[] = [];
  let k = 0;
  for (let i = 0; i < records.length; ++i) {
    const rec = records[i];
    while (k < list.length && list[k].id < rec.id) detachBody(s, list[k++]);
    const body = k < list.length && list[k].id === rec.id ? list[k++] : makeBody(world, rec, values);
    assignBodyType(body, rec.type);
    clear(oldShapes);
    for (let q = 0; q < body.shapeList.length; ++q) oldShapes.push(body.shapeList[q]);
    fillBody(body, rec, values, i);
    for (let q = 0; q < rec.shapes.length; ++q) {
      const sr = rec.shapes[q];
      let o = 0;
      while (o < oldShapes.length && oldShapes[o].id !== sr.id) o++;
      let shape = o < oldShapes.length && shapeMatches(oldShapes[o], sr) ? oldShapes[o] : null;
      if (shape === null) shape = makeShape(body, sr);
      else {
        oldShapes[o] = oldShapes[oldShapes.length - 1];
        oldShapes.pop();
      }
      const sp = shape as unknown as Record<string, number>;
      sp.frictionValue = sr.friction;
      sp.restitutionValue = sr.restitution;
      sp.rollingValue = sr.rollingResistance;
      sp.tangentSpeedValue = sr.tangentSpeed;
      sp.materialValue = sr.material;
      clear(shape.overlapsNext);
      shape.owner = body;
      body.shapeList.push(shape);
      shapeObjects[sr.id] = shape;
    }
    // Shapes the snapshot does not hold act as destroyed.
    for (let o = 0; o < oldShapes.length; ++o) detachShape(s, oldShapes[o]);
    bodies[i] = body;
  }
  while (k < list.length) detachBody(s, list[k++]);
  clear(oldShapes);
  clear(list);
  let sleeping = 0;
  for (let i = 0; i < bodies.length; ++i) {
    const b = bodies[i];
    list.push(b);
    const next = records[i].sleepNext;
    b.sleepNext = next >= 0 ? (findRecord(bodies, next) as Body) : null;
    if (!b.isStatic && !b.isAwake) sleeping++;
  }
  s.sleepingCount = sleeping;
  ensureBodyCapacity(s, bodies.length);

  // Sensors and their overlaps; the proxy table.
  s.sensors.length = 0;
  const shapes = d.shapes;
  for (let i = 0; i < shapes.length; ++i) {
    const sr = shapes[i];
    if (sr.overlaps === null) continue;
    const shape = shapeObjects[sr.id];
    s.sensors.push(shape);
    shape.overlaps = sr.overlaps.map((id) => shapeObjects[id]);
  }
  s.sensors.sort((a, b) => a.id - b.id);
  // The broadphase: a kept shape keeps its proxy when its fat box is the saved one; the others
  // (the detached shapes' proxies are gone) are inserted with their saved fat boxes. The tree and
  // the proxy ids then depend on the world restored into, which no result depends on.
  const bp = s.broadPhase;
  const boxes = d.proxyBoxes;
  const box = new AABB();
  for (let i = 0; i < shapes.length; ++i) {
    const shape = shapeObjects[shapes[i].id];
    const o = 4 * i;
    const isStatic = shapes[i].body.type === 'static';
    if (shape.proxyId >= 0) {
      const kept = bp.isStaticProxy(shape.proxyId) === isStatic && bp.getFatAABB(shape.proxyId, box);
      if (kept && sameBox(box, boxes[o], boxes[o + 1], boxes[o + 2], boxes[o + 3])) continue;
      bp.destroyProxy(shape.proxyId);
    }
    box.set(boxes[o], boxes[o + 1], boxes[o + 2], boxes[o + 3]);
    shape.proxyId = bp.createProxy(box, shapes[i].body.id, isStatic, 0);
  }
  const moved: number[] = [];
  for (let i = 0; i < shapes.length; ++i) if (d.proxyMoved[i]) moved.push(shapeObjects[shapes[i].id].proxyId);
  bp.restoreMoves(Int32Array.from(moved), moved.length);
  const proxies = s.proxyShapes;
  const capacity = bp.tree.idBound;
  if (proxies.length > capacity) proxies.length = capacity;
  for (let i = 0; i < proxies.length; ++i) proxies[i] = null;
  while (proxies.length < capacity) proxies.push(null);
  for (let i = 0; i < shapes.length; ++i) {
    const shape = shapeObjects[shapes[i].id];
    proxies[shape.proxyId] = shape;
  }

  applyJoints(world, s, d.joints, bodies);
  applyContacts(s, d, shapeObjects);
}

/** A body the snapshot does not hold: its handle acts as destroyed. */
function detachBody(s: StepState, b: Body): void {
  for (let i = 0; i < b.shapeList.length; ++i) detachShape(s, b.shapeList[i]);
  s.bodyStates.remove(b);
  b.world = null;
  b.index = -1;
  clear(b.contactEdges);
  clear(b.jointEdges);
  b.sleepNext = null;
}

function detachShape(s: StepState, shape: BodyShape): void {
  if (s.broadPhase.tree.isProxy(shape.proxyId)) s.broadPhase.destroyProxy(shape.proxyId);
  shape.owner = null;
  shape.proxyId = -1;
  shape.overlaps = objectArray();
}

/** A new body object for a record, at its pose: its other numbers are placeholders until `fillBody`. */
function makeBody(world: World, rec: BodyRecord, v: Float64Array): Body {
  const o = rec.base;
  const position = { x: v[o + BV.X], y: v[o + BV.Y] };
  return new Body(world, rec.id, resolveBodyOptions({ type: rec.type, position, angle: v[o + BV.Angle] }));
}

function fillBody(b: Body, rec: BodyRecord, v: Float64Array, index: number): void {
  const f = rec.flags;
  // First: the inverse inertia written next keeps to it.
  b.fixedRotationValue = (f & B_FIXED_ROTATION) !== 0;
  for (let k = 0; k < BV.Count; ++k) BODY_NUMBERS[k][3](b, v[rec.base + k]);
  // Not through the setter: whether continuous collision is installed comes with the settings, later.
  (b as unknown as { bulletValue: boolean }).bulletValue = (f & B_BULLET) !== 0;
  b.allowSleep = (f & B_ALLOW_SLEEP) !== 0;
  b.isAwake = (f & B_AWAKE) !== 0;
  b.hasOffset = (f & B_OFFSET) !== 0;
  b.isFast = (f & B_FAST) !== 0;
  if (f & B_CENTRED) placeCenter(b);
  b.index = index;
  clear(b.shapeList);
  clear(b.contactEdges);
  clear(b.jointEdges);
}

/** Whether `box` is (minX, minY, maxX, maxY), bit for bit. */
function sameBox(box: AABB, minX: number, minY: number, maxX: number, maxY: number): boolean {
  return (
    Object.is(box.minX, minX) &&
    Object.is(box.minY, minY) &&
    Object.is(box.maxX, maxX) &&
    Object.is(box.maxY, maxY)
  );
}

/** Empties an array by popping (setting `length` would give its storage back, to grow anew). */
function clear(list: unknown[]): void {
  while (list.length > 0) list.pop();
}

/** Whether a live shape has the record's fixed properties (then it is kept and refilled). */
function shapeMatches(shape: BodyShape, sr: ShapeRecord): boolean {
  return (
    shape.type === sr.type &&
    shape.sensor === sr.sensor &&
    Object.is(shape.density, sr.density) &&
    shape.category === sr.category &&
    shape.mask === sr.mask &&
    shape.group === sr.group &&
    geometryCode(shape.geometry) === sr.code &&
    sameGeometry(shape.geometry, sr.geometry)
  );
}

/** A new shape for a record (its geometry code is its kind). */
function makeShape(body: Body, sr: ShapeRecord): BodyShape {
  return new BodyShape(body, sr.id, { ...sr, kind: sr.code, chain: null, userData: undefined });
}

export type { Decoded, WorldInternals };
