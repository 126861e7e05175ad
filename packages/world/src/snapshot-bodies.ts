import { Box, type Shape as CollisionShape, MAX_POLYGON_VERTICES } from '@lite/collision';
import { ConstraintError, type SolverBody } from '@lite/constraints';
import { Rot, Transform, Vec2 } from '@lite/math';
import { type Body, placeCenter } from './body';
import type { BodyType } from './body-options';
import { WorldError } from './errors';
import { checkGravityScale } from './limits';
import {
  type BodyShape,
  checkBits,
  checkGroup,
  checkRestitution,
  checkShapeMass,
  geometryFault,
  type ResolvedShape,
} from './shape';
import type { Decoded } from './snapshot';
import { type ByteReader, type ByteWriter, badSnapshot, isBeyond, refuse } from './snapshot-format';
import type { StepState } from './step-state';
import { checkFinite, checkInvertible, checkNonNegative, MAX_STATE_MAGNITUDE } from './validate';

// The bodies' and shapes' part of world snapshots; a body's numbers all go through `BODY_NUMBERS`.

const BODY_TYPES: readonly BodyType[] = ['dynamic', 'static', 'kinematic'];
const SHAPE_TYPES: readonly ResolvedShape['type'][] = ['box', 'polygon', 'capsule', 'circle'];
/** Types written with flag 128 and one more byte, their index (geometry codes 4 and 5). */
const EXTENDED_TYPES: readonly ResolvedShape['type'][] = ['segment', 'chain'];
const rot = new Rot(0);

/** A body's private fields. */
interface BodyPrivate {
  massValue: number;
  inertiaValue: number;
  frictionValue: number;
  restitutionValue: number;
  width: number;
  height: number;
}
const hidden = (b: Body) => b as unknown as BodyPrivate;

export interface ShapeRecord {
  id: number;
  body: BodyRecord;
  type: ResolvedShape['type'];
  code: number;
  sensor: boolean;
  geometry: CollisionShape;
  density: number;
  friction: number;
  restitution: number;
  rollingResistance: number;
  tangentSpeed: number;
  material: number;
  category: number;
  mask: number;
  group: number;
  overlaps: number[] | null;
}

export interface BodyRecord {
  id: number;
  type: BodyType;
  /** The two flag bytes (the second shifted by 8): the type in bits 0-1, then `B_...`. */
  flags: number;
  /** Where its numbers start in `Decoded.bodyValues`. */
  base: number;
  sleepNext: number;
  shapes: ShapeRecord[];
}

/** Body flags, after the type (bits 0-1). */
export const B_BULLET = 4;
export const B_ALLOW_SLEEP = 8;
export const B_AWAKE = 16;
export const B_OFFSET = 32;
export const B_FAST = 64;
/** The transform is the pose's; the material is the previous body's; no force; the centre is placed. */
const B_EXACT = 128;
const B_SAME = 256;
const B_NO_FORCE = 512;
export const B_CENTRED = 1024;
export const B_FIXED_ROTATION = 2048;

/** Offsets of a body's numbers, in `BODY_NUMBERS` and in `Decoded.bodyValues`. */
export enum BV {
  X,
  Y,
  Angle,
  Px,
  Py,
  Qc,
  Qs,
  Cx,
  Cy,
  Vx,
  Vy,
  W,
  Fx,
  Fy,
  Torque,
  SleepTime,
  Mass,
  Inertia,
  InvMass,
  InvI,
  Lcx,
  Lcy,
  Width,
  Height,
  MaxExtent,
  MinExtent,
  Friction,
  Restitution,
  LinearDamping,
  AngularDamping,
  GravityScale,
  Count,
}

/** How a body number is checked on reading (index into `REASONS`). */
const STATE = 0;
const NON_NEGATIVE = 1;
const FINITE = 2;
const REASONS = [
  `must be finite and at most ${MAX_STATE_MAGNITUDE} in magnitude`,
  'must be a finite number >= 0',
  'must be a finite number',
];

type BodyNumber = readonly [string, number, (b: Body) => number, (b: Body, v: number) => void];

/** Every number of a body a snapshot holds, in `BV` order: its name, check, getter and setter. */
export const BODY_NUMBERS: readonly BodyNumber[] = [
  ['position.x', STATE, (b) => b.position.x, (b, v) => (b.position.x = v)],
  ['position.y', STATE, (b) => b.position.y, (b, v) => (b.position.y = v)],
  ['angle', STATE, (b) => b.angle, (b, v) => ((b as SolverBody).angle = v)],
  ['transform.p.x', STATE, (b) => b.transform.p.x, (b, v) => (b.transform.p.x = v)],
  ['transform.p.y', STATE, (b) => b.transform.p.y, (b, v) => (b.transform.p.y = v)],
  ['transform.q.c', STATE, (b) => b.transform.q.c, (b, v) => (b.transform.q.c = v)],
  ['transform.q.s', STATE, (b) => b.transform.q.s, (b, v) => (b.transform.q.s = v)],
  ['center.x', STATE, (b) => b.center.x, (b, v) => (b.center.x = v)],
  ['center.y', STATE, (b) => b.center.y, (b, v) => (b.center.y = v)],
  ['linearVelocity.x', STATE, (b) => b.linearVelocity.x, (b, v) => (b.linearVelocity.x = v)],
  ['linearVelocity.y', STATE, (b) => b.linearVelocity.y, (b, v) => (b.linearVelocity.y = v)],
  ['angularVelocity', STATE, (b) => b.angularVelocity, (b, v) => ((b as SolverBody).angularVelocity = v)],
  ['force.x', STATE, (b) => b.force.x, (b, v) => (b.force.x = v)],
  ['force.y', STATE, (b) => b.force.y, (b, v) => (b.force.y = v)],
  ['torque', STATE, (b) => b.torque, (b, v) => (b.torque = v)],
  ['sleepTime', NON_NEGATIVE, (b) => b.sleepTime, (b, v) => (b.sleepTime = v)],
  ['mass', NON_NEGATIVE, (b) => hidden(b).massValue, (b, v) => (hidden(b).massValue = v)],
  ['inertia', NON_NEGATIVE, (b) => hidden(b).inertiaValue, (b, v) => (hidden(b).inertiaValue = v)],
  ['invMass', NON_NEGATIVE, (b) => b.invMass, (b, v) => b.setInverseMass(v, b.invI)],
  ['invI', NON_NEGATIVE, (b) => b.invI, (b, v) => b.setInverseMass(b.invMass, v)],
  ['localCenter.x', FINITE, (b) => b.localCenter.x, (b, v) => (b.localCenter.x = v)],
  ['localCenter.y', FINITE, (b) => b.localCenter.y, (b, v) => (b.localCenter.y = v)],
  ['width', NON_NEGATIVE, (b) => b.width, (b, v) => (hidden(b).width = v)],
  ['height', NON_NEGATIVE, (b) => b.height, (b, v) => (hidden(b).height = v)],
  ['maxExtent', NON_NEGATIVE, (b) => b.maxExtent, (b, v) => (b.maxExtent = v)],
  ['minExtent', NON_NEGATIVE, (b) => b.minExtent, (b, v) => (b.minExtent = v)],
  ['friction', NON_NEGATIVE, (b) => hidden(b).frictionValue, (b, v) => (hidden(b).frictionValue = v)],
  [
    'restitution',
    NON_NEGATIVE,
    (b) => hidden(b).restitutionValue,
    (b, v) => (hidden(b).restitutionValue = v),
  ],
  ['linearDamping', NON_NEGATIVE, (b) => b.linearDamping, (b, v) => (b.linearDamping = v)],
  ['angularDamping', NON_NEGATIVE, (b) => b.angularDamping, (b, v) => (b.angularDamping = v)],
  ['gravityScale', FINITE, (b) => b.gravityScale, (b, v) => (b.gravityScale = v)],
];

/** A live body's numbers into `v` (in `BV` order). */
export function bodyValues(b: Body, v: Float64Array): Float64Array {
  for (let k = 0; k < BV.Count; ++k) v[k] = BODY_NUMBERS[k][2](b);
  return v;
}

/** Runs of numbers written only when their flag is clear: [flag, first, last]. */
const SECTIONS: readonly (readonly [number, number, number])[] = [
  [B_AWAKE, BV.X, BV.Angle],
  [B_EXACT, BV.Px, BV.Qs],
  [B_CENTRED, BV.Cx, BV.Cy],
  [B_NO_FORCE, BV.Fx, BV.Torque],
];

/** An awake body's numbers in the block of raw doubles: its pose and velocities. */
const AWAKE_NUMBERS = [BV.X, BV.Y, BV.Angle, BV.Vx, BV.Vy, BV.W];

/** The material (`BV.Mass` on) of a body before any other: the defaults of `createBody`. */
const DEFAULT_MATERIAL = new Float64Array([1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0.2, 0, 0, 0, 1]);
/** The writer's numbers of the body being written and of the one before (swapped per body). */
let rowA: Float64Array = new Float64Array(BV.Count);
let rowB: Float64Array = new Float64Array(BV.Count);
const placed = new Vec2();

/** Bodies: flags, id step, timer, `SECTIONS`, material, ring and shapes; then awake poses as raw doubles. */
export function writeBodies(w: ByteWriter, s: StepState): void {
  const bodies = s.bodyList;
  w.uint(bodies.length);
  let prevId = -1;
  let prevShape: BodyShape | null = null;
  let prevShapeId = -1;
  rowB.set(DEFAULT_MATERIAL, BV.Mass);
  for (let i = 0; i < bodies.length; ++i) {
    const b = bodies[i];
    const v = bodyValues(b, rowA);
    // Numbers the reader would refuse that the public API sets freely; each name built only then.
    for (let k = BV.X; k <= BV.Inertia; ++k) {
      if (k !== BV.SleepTime && isBeyond(v[k], k >= BV.Mass))
        refuse(`body #${b.id}.${BODY_NUMBERS[k][0]}`, v[k], k >= BV.Mass);
    }
    rot.setAngle(b.angle);
    placeCenter(b, placed);
    let f = BODY_TYPES.indexOf(b.type) | (b.bullet ? B_BULLET : 0) | (b.allowSleep ? B_ALLOW_SLEEP : 0);
    if (b.fixedRotationValue) f |= B_FIXED_ROTATION;
    f |= (b.isAwake ? B_AWAKE : 0) | (b.hasOffset ? B_OFFSET : 0) | (b.isFast ? B_FAST : 0);
    const exact = Object.is(v[BV.Px], v[BV.X]) && Object.is(v[BV.Py], v[BV.Y]) && Object.is(v[BV.Qc], rot.c);
    if (exact && Object.is(v[BV.Qs], rot.s)) f |= B_EXACT;
    if (Object.is(placed.x, v[BV.Cx]) && Object.is(placed.y, v[BV.Cy])) f |= B_CENTRED;
    if (isPlusZero(v[BV.Fx]) && isPlusZero(v[BV.Fy]) && isPlusZero(v[BV.Torque])) f |= B_NO_FORCE;
    f |= B_SAME;
    for (let k = BV.Mass; k < BV.Count; ++k) if (!Object.is(v[k], rowB[k])) f &= ~B_SAME;
    w.u8(f & 255);
    w.u8(f >> 8);
    w.uint(b.id - prevId - 1);
    prevId = b.id;
    if (b.isAwake) for (const q of AWAKE_NUMBERS) w.raw(v[q]);
    w.float(b.sleepTime, 0);
    for (const [bit, from, to] of SECTIONS) if (!(f & bit)) for (let k = from; k <= to; ++k) w.float(v[k], 0);
    if (!(f & B_SAME)) for (let k = BV.Mass; k < BV.Count; ++k) w.float(v[k], rowB[k]);
    rowA = rowB;
    rowB = v;
    if (!b.isAwake && !b.isStatic) w.int((b.sleepNext as Body).id - b.id);
    const shapes = b.shapeList;
    w.uint(shapes.length);
    for (let k = 0; k < shapes.length; ++k) {
      const sh = shapes[k];
      const sameGeo = prevShape !== null && sameGeometry(sh.geometry, prevShape.geometry);
      const defaultFilter = sh.category === 1 && sh.mask === 0xffffffff && sh.group === 0;
      const extended = EXTENDED_TYPES.indexOf(sh.type);
      const code = extended >= 0 ? 128 : SHAPE_TYPES.indexOf(sh.type) | (geometryCode(sh.geometry) << 2);
      w.u8(code | (sh.sensor ? 16 : 0) | (defaultFilter ? 32 : 0) | (sameGeo ? 64 : 0));
      if (extended >= 0) w.u8(extended);
      w.int(sh.id - prevShapeId);
      prevShapeId = sh.id;
      if (!sameGeo) {
        if (sh.geometry.type === 'polygon') w.uint(sh.geometry.vertices.length);
        const n = geometryNumbers(sh.geometry, geometryA);
        for (let q = 0; q < n; ++q) w.float(geometryA[q], expectedGeometry(sh.geometry, geometryA, q));
      }
      w.float(sh.density, prevShape === null ? 1 : prevShape.density);
      w.float(sh.friction, prevShape === null ? 0.2 : prevShape.friction);
      w.float(sh.restitution, prevShape === null ? 0 : prevShape.restitution);
      w.float(sh.rollingResistance, prevShape === null ? 0 : prevShape.rollingResistance);
      w.float(sh.tangentSpeed, prevShape === null ? 0 : prevShape.tangentSpeed);
      w.float(sh.material, prevShape === null ? 0 : prevShape.material);
      if (!defaultFilter) {
        w.uint(sh.category);
        w.uint(sh.mask);
        w.int(sh.group);
      }
      if (sh.sensor) {
        w.uint(sh.overlaps.length);
        for (const o of sh.overlaps) w.uint(o.id);
      }
      prevShape = sh;
    }
  }
  w.endBlock();
}

export function isPlusZero(v: number): boolean {
  return v === 0 && 1 / v > 0;
}

/** 0: a `Box`, 1: a polygon, 2: a capsule, 3: a circle, 4: a segment, 5: a chain segment. */
export function geometryCode(g: CollisionShape): number {
  if (g instanceof Box) return 0;
  return ['polygon', 'capsule', 'circle', 'segment', 'chainSegment'].indexOf(g.type) + 1;
}

/** Scratch of `geometryNumbers`: room for a polygon's. */
const geometryA = new Float64Array(4 * MAX_POLYGON_VERTICES + 1);
const geometryB = new Float64Array(4 * MAX_POLYGON_VERTICES + 1);

/** A geometry's numbers into `out`, in the order a snapshot writes them; returns how many. */
function geometryNumbers(g: CollisionShape, out: Float64Array): number {
  if (g instanceof Box) return put(out, 0, g.width, g.height);
  if (g.type === 'circle') return put(out, 0, g.radius, g.center?.x ?? 0, g.center?.y ?? 0);
  if (g.type === 'capsule') return put(out, 0, g.center1.x, g.center1.y, g.center2.x, g.center2.y, g.radius);
  if (g.type === 'segment') return put(out, 0, g.point1.x, g.point1.y, g.point2.x, g.point2.y);
  if (g.type === 'chainSegment') {
    const { ghost1: a, point1: b, point2: c, ghost2: d } = g;
    return put(out, 0, a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y);
  }
  if (g.type !== 'polygon') return 0;
  const m = g.vertices.length;
  for (let i = 0; i < 2 * m; ++i) {
    const p = i < m ? g.vertices[i] : g.normals[i - m];
    put(out, 2 * i, p.x, p.y);
  }
  return put(out, 4 * m, g.radius ?? 0);
}

/** Writes `values` into `out` from `at`; returns where they end. */
function put(out: Float64Array, at: number, ...values: number[]): number {
  for (let i = 0; i < values.length; ++i) out[at + i] = values[i];
  return at + values.length;
}

/** The expected value of a geometry's number `i`: a box's width 1, its height its width; else 0. */
function expectedGeometry(g: CollisionShape | number, numbers: Float64Array, i: number): number {
  if (!(g instanceof Box || g === 0)) return 0;
  return i === 0 ? 1 : numbers[0];
}

/** Whether two geometries are equal number for number (then a snapshot writes the second as "same"). */
export function sameGeometry(a: CollisionShape, b: CollisionShape): boolean {
  if (a === b) return true;
  if (geometryCode(a) !== geometryCode(b)) return false;
  const n = geometryNumbers(a, geometryA);
  if (geometryNumbers(b, geometryB) !== n) return false;
  for (let i = 0; i < n; ++i) if (!Object.is(geometryA[i], geometryB[i])) return false;
  return true;
}

/** Scratch of `readBodies`, kept between restores (a restore is never re-entered). */
let bodyValuesScratch = new Float64Array(0);

/** Reads and checks what `writeBodies` wrote, into `d`. */
export function readBodies(r: ByteReader, d: Decoded): void {
  const { nextBodyId, nextShapeId } = d;
  const n = r.count('body count', Math.min(nextBodyId, r.remaining));
  const bodies: BodyRecord[] = [];
  if (bodyValuesScratch.length < n * BV.Count) bodyValuesScratch = new Float64Array(2 * n * BV.Count);
  const v = bodyValuesScratch;
  v.fill(0, 0, n * BV.Count);
  const shapes: ShapeRecord[] = [];
  const shapeById: ShapeRecord[] = [];
  let prevId = -1;
  let prevShape: ShapeRecord | null = null;
  let prevShapeId = -1;
  let awakeCount = 0;
  for (let i = 0; i < n; ++i) {
    const flags = r.u8() | (r.u8() << 8);
    if ((flags & 3) > 2 || flags >= 4096) badSnapshot(`body flags ${flags}`, 'are not valid');
    const id = prevId + 1 + r.count('body id step', nextBodyId);
    if (id >= nextBodyId) badSnapshot(`body id ${id}`, `is not below nextBodyId (${nextBodyId})`);
    prevId = id;
    const o = i * BV.Count;
    v[o + BV.SleepTime] = r.float(0);
    for (const [bit, from, to] of SECTIONS)
      if (!(flags & bit)) for (let k = from; k <= to; ++k) v[o + k] = r.float(0);
    for (let k = BV.Mass; k < BV.Count; ++k) {
      const previous = i === 0 ? DEFAULT_MATERIAL[k - BV.Mass] : v[o - BV.Count + k];
      v[o + k] = flags & B_SAME ? previous : r.float(previous);
    }
    const isStatic = (flags & 3) === 1;
    const awake = (flags & B_AWAKE) !== 0;
    if (awake) awakeCount++;
    if (isStatic && awake) badSnapshot(`body #${id}`, 'is static and awake');
    const sleepNext = !awake && !isStatic ? id + r.int() : -1;
    if (!awake && !isStatic && !(sleepNext >= 0 && sleepNext < nextBodyId)) {
      badSnapshot(`body #${id}`, `has sleepNext ${sleepNext}, not a body id`);
    }
    const body: BodyRecord = { id, type: BODY_TYPES[flags & 3], flags, base: o, sleepNext, shapes: [] };
    const shapeCount = r.count('shape count', Math.min(nextShapeId, r.remaining));
    for (let k = 0; k < shapeCount; ++k) {
      const sf = r.u8();
      const extended = sf & 128 ? r.u8() : -1;
      if ((sf & 128 && (sf & 12) !== 0) || extended >= EXTENDED_TYPES.length) {
        badSnapshot(`shape flags ${sf}`, 'are not valid');
      }
      const sid = prevShapeId + r.int();
      if (!(sid >= 0 && sid < nextShapeId) || shapeById[sid] !== undefined) {
        badSnapshot(`shape id ${sid}`, `is not a new id below nextShapeId (${nextShapeId})`);
      }
      prevShapeId = sid;
      const code = extended >= 0 ? 4 + extended : (sf >> 2) & 3;
      if (sf & 64 && (prevShape === null || prevShape.code !== code)) {
        badSnapshot(`shape #${sid}`, 'refers to the geometry of a shape that is not there');
      }
      const geometry = sf & 64 ? (prevShape as ShapeRecord).geometry : readGeometry(r, code, sid);
      const record: ShapeRecord = {
        id: sid,
        body,
        type: extended >= 0 ? EXTENDED_TYPES[extended] : SHAPE_TYPES[sf & 3],
        code,
        sensor: (sf & 16) !== 0,
        geometry,
        density: r.float(prevShape === null ? 1 : prevShape.density),
        friction: r.float(prevShape === null ? 0.2 : prevShape.friction),
        restitution: r.float(prevShape === null ? 0 : prevShape.restitution),
        // (Version 4 had none of these: 0.)
        rollingResistance: r.version < 5 ? 0 : r.float(prevShape === null ? 0 : prevShape.rollingResistance),
        tangentSpeed: r.version < 5 ? 0 : r.float(prevShape === null ? 0 : prevShape.tangentSpeed),
        material: r.version < 5 ? 0 : r.float(prevShape === null ? 0 : prevShape.material),
        category: sf & 32 ? 1 : r.count('filter category', 0xffffffff),
        mask: sf & 32 ? 0xffffffff : r.count('filter mask', 0xffffffff),
        group: sf & 32 ? 0 : r.int(),
        overlaps: null,
      };
      checkShapeRecord(record);
      if (record.sensor) {
        const m = r.count('sensor overlap count', Math.min(nextShapeId, r.remaining));
        const overlaps: number[] = [];
        for (let q = 0; q < m; ++q) overlaps.push(r.count('overlapping shape id', nextShapeId));
        record.overlaps = overlaps;
      }
      body.shapes.push(record);
      shapes.push(record);
      shapeById[sid] = record;
      prevShape = record;
    }
    bodies.push(body);
  }
  const block = r.doubles(AWAKE_NUMBERS.length * awakeCount);
  for (let i = 0, k = 0; i < n; ++i) {
    const o = i * BV.Count;
    if (bodies[i].flags & B_AWAKE) for (const q of AWAKE_NUMBERS) v[o + q] = block[k++];
    if (bodies[i].flags & B_EXACT) {
      rot.setAngle(v[o + BV.Angle]);
      put(v, o + BV.Px, v[o + BV.X], v[o + BV.Y], rot.c, rot.s);
    }
    checkBody(bodies[i], v);
  }
  // Sleeping rings: sleepNext is a permutation of the sleeping bodies.
  const seen = new Set<number>();
  for (const b of bodies) {
    if (b.sleepNext < 0) continue;
    const next = findRecord(bodies, b.sleepNext);
    if (next === undefined || next.sleepNext < 0 || seen.has(next.id)) {
      badSnapshot(`body #${b.id}`, `has a broken sleeping ring (next: ${b.sleepNext})`);
    }
    seen.add(next.id);
  }
  for (const s of shapes) {
    let last = -1;
    for (const id of s.overlaps ?? []) {
      const o = shapeById[id];
      if (o === undefined || o.sensor || o.body === s.body || id <= last) {
        badSnapshot(`shape #${s.id}`, `overlaps shape #${id}, which it cannot`);
      }
      last = id;
    }
  }
  d.bodies = bodies;
  d.bodyValues = v;
  d.shapes = shapes;
  d.shapeById = shapeById;
}

/** Raises the reader's error for body `id`'s number `k`: `snapshot = body #id.<name> = <value>: ...`. */
function badBodyValue(id: number, k: number, value: number, reason: string): never {
  throw new WorldError('snapshot', `body #${id}.${BODY_NUMBERS[k][0]} = ${value}`, reason);
}

/** Refuses a decoded body the engine could not hold (its checks, rotation, mass data and flags). */
function checkBody(rec: BodyRecord, v: Float64Array): void {
  const { id, flags } = rec;
  const o = rec.base;
  for (let k = 0; k < BV.Count; ++k) {
    const value = v[o + k];
    const kind = BODY_NUMBERS[k][1];
    const bad =
      kind === STATE
        ? !(Math.abs(value) <= MAX_STATE_MAGNITUDE)
        : !Number.isFinite(value) || (kind === NON_NEGATIVE && value < 0);
    if (bad) badBodyValue(id, k, value, REASONS[kind]);
  }
  const what = `body #${id}`;
  const c = v[o + BV.Qc];
  const s = v[o + BV.Qs];
  if (!(Math.abs(c * c + s * s - 1) <= UNIT_TOLERANCE)) {
    badSnapshot(what, `has the transform rotation (${c}, ${s}), which is not a unit vector`);
  }
  check(() => {
    checkRestitution(v[o + BV.Restitution], `${what}.restitution`);
    checkGravityScale(v[o + BV.GravityScale], `${what}.gravityScale`);
  }, what);
  const [mass, inertia, invMass, invI] = v.subarray(o + BV.Mass, o + BV.InvI + 1);
  if ((flags & 3) === 0) {
    check(() => checkInvertible(mass, 'mass', `${what}.mass`, mass), what);
    if (!Object.is(invMass, 1 / mass))
      badBodyValue(id, BV.InvMass, invMass, `must be 1 / mass (${1 / mass})`);
    if (inertia !== 0)
      check(() => checkInvertible(inertia, 'rotational inertia', `${what}.inertia`, inertia), what);
    const inverse = inertia === 0 || flags & B_FIXED_ROTATION ? 0 : 1 / inertia;
    if (!Object.is(invI, inverse))
      badBodyValue(id, BV.InvI, invI, `must be ${inverse} (1 / inertia; 0 for a fixed rotation)`);
  } else {
    for (const k of [BV.Mass, BV.Inertia, BV.InvMass, BV.InvI, BV.Lcx, BV.Lcy, BV.Fx, BV.Fy, BV.Torque]) {
      if (v[o + k] !== 0) badBodyValue(id, k, v[o + k], `must be 0 for a ${rec.type} body`);
    }
  }
  const offset = v[o + BV.Lcx] !== 0 || v[o + BV.Lcy] !== 0;
  if (offset !== ((flags & B_OFFSET) !== 0)) {
    badSnapshot(
      what,
      `has its centre-of-mass offset flag ${!offset}, but its centre at (${v[o + BV.Lcx]}, ${v[o + BV.Lcy]})`,
    );
  }
  if (flags & B_FAST && (flags & 3) !== 0) badSnapshot(what, 'is marked fast but is not a dynamic body');
}

/** The cap on the error of a unit vector's length squared (the engine's are within rounding). */
export const UNIT_TOLERANCE = 1e-6;

/** Runs a check of the public API (or the constraint package's), its error made the snapshot's. */
export function check(run: () => void, what = 'a value'): void {
  try {
    run();
  } catch (error) {
    if (error instanceof WorldError || error instanceof ConstraintError) badSnapshot(what, error.message);
    throw error;
  }
}

/** A shape's material, filter and (on a dynamic body) mass, checked as `createShape` checks them. */
function checkShapeRecord(sr: ShapeRecord): void {
  const what = `shape #${sr.id}`;
  check(() => {
    checkNonNegative(sr.density, `${what}.density`);
    checkNonNegative(sr.friction, `${what}.friction`);
    checkRestitution(sr.restitution, `${what}.restitution`);
    checkNonNegative(sr.rollingResistance, `${what}.rollingResistance`);
    checkFinite(sr.tangentSpeed, `${what}.tangentSpeed`);
    checkBits(sr.material, `${what}.material`);
    checkBits(sr.category, `${what}.filter.category`);
    checkBits(sr.mask, `${what}.filter.mask`);
    checkGroup(sr.group, `${what}.filter.group`);
    if (sr.body.type !== 'dynamic') return;
    checkShapeMass(
      { geometry: sr.geometry, density: sr.density } as ResolvedShape,
      `${what}.geometry`,
      sr.type,
    );
  }, what);
}

/** The item with this id among items in id order (bodies or their records): a binary search. */
export function findRecord<T extends { id: number }>(items: readonly T[], id: number): T | undefined {
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const midId = items[mid].id;
    if (midId === id) return items[mid];
    if (midId < id) low = mid + 1;
    else high = mid - 1;
  }
  return undefined;
}

/** A geometry of kind `code` (see `geometryCode`), read and checked as `createShape` checks one. */
function readGeometry(r: ByteReader, code: number, sid: number): CollisionShape {
  const m = code === 1 ? r.count('polygon vertex count', MAX_POLYGON_VERTICES) : 0;
  const count = [2, 4 * m + 1, 5, 3, 4, 8][code];
  const g = geometryA;
  for (let i = 0; i < count; ++i) g[i] = r.float(expectedGeometry(code, g, i));
  // (Box's constructor refuses a bad box with its own error: refused here first, as the snapshot's.)
  if (code === 0 && !(g[0] > 0 && g[1] > 0 && Number.isFinite(g[0]) && Number.isFinite(g[1]))) {
    badSnapshot(`shape #${sid}`, `has an invalid geometry: a box of ${g[0]} by ${g[1]} m`);
  }
  const p = (i: number) => new Vec2(g[i], g[i + 1]);
  const points = (from: number) => Array.from({ length: m }, (_, i) => p(from + 2 * i));
  const geometry: CollisionShape =
    code === 0
      ? new Box(g[0], g[1])
      : code === 1
        ? { type: 'polygon', vertices: points(0), normals: points(2 * m), radius: g[4 * m] }
        : code === 2
          ? { type: 'capsule', center1: p(0), center2: p(2), radius: g[4] }
          : code === 3
            ? { type: 'circle', radius: g[0], center: p(1) }
            : code === 4
              ? { type: 'segment', point1: p(0), point2: p(2) }
              : { type: 'chainSegment', ghost1: p(0), point1: p(2), point2: p(4), ghost2: p(6) };
  const fault = geometryFault(geometry);
  if (fault !== null) badSnapshot(`shape #${sid}`, `has an invalid geometry: ${fault}`);
  return geometry;
}

/** Scratch transforms of decoded bodies. */
export const xfA = new Transform();
export const xfB = new Transform();

/** A body record's transform, from the decoded values. */
export function recordTransform(body: BodyRecord, v: Float64Array, out: Transform): Transform {
  const o = body.base;
  out.p.set(v[o + BV.Px], v[o + BV.Py]);
  out.q.c = v[o + BV.Qc];
  out.q.s = v[o + BV.Qs];
  return out;
}
