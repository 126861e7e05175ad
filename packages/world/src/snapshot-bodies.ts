import { Box, type Shape as CollisionShape, MAX_POLYGON_VERTICES } from '@lite/collision';
import { ConstraintError } from '@lite/constraints';
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
import { type ByteReader, type ByteWriter, badSnapshot } from './snapshot-format';
import type { StepState } from './step-state';
import { checkInvertible, checkNonNegative, MAX_STATE_MAGNITUDE } from './validate';

/*
 * The bodies' and shapes' part of world snapshots: their records, written and read (with every check
 * a decoded body or shape passes), and the plain records `decode` reads them into.
 */

const BODY_TYPES: readonly BodyType[] = ['dynamic', 'static', 'kinematic'];
const SHAPE_TYPES: readonly ResolvedShape['type'][] = ['box', 'polygon', 'capsule', 'circle'];
const rot = new Rot(0);

/** A body's private fields. */
interface BodyPrivate {
  massValue: number;
  inertiaValue: number;
  frictionValue: number;
  restitutionValue: number;
}

interface ShapeRecord {
  id: number;
  body: BodyRecord;
  type: ResolvedShape['type'];
  code: number;
  sensor: boolean;
  geometry: CollisionShape;
  density: number;
  friction: number;
  restitution: number;
  category: number;
  mask: number;
  group: number;
  overlaps: number[] | null;
}

interface BodyRecord {
  id: number;
  type: BodyType;
  flags: number;
  /** Where its values start in `Decoded.bodyValues`. */
  base: number;
  sleepNext: number;
  shapes: ShapeRecord[];
}

/** Offsets of a body's values in `Decoded.bodyValues`. */
enum BV {
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

/**
 * A live body's values into `v` from `o`, in the order of `BV` (the table `decode` reads bodies
 * into and `fillBody` puts back).
 */
function bodyValues(b: Body, v: Float64Array, o: number): Float64Array {
  const p = b as unknown as BodyPrivate;
  v[o + BV.X] = b.position.x;
  v[o + BV.Y] = b.position.y;
  v[o + BV.Angle] = b.angle;
  v[o + BV.Px] = b.transform.p.x;
  v[o + BV.Py] = b.transform.p.y;
  v[o + BV.Qc] = b.transform.q.c;
  v[o + BV.Qs] = b.transform.q.s;
  v[o + BV.Cx] = b.center.x;
  v[o + BV.Cy] = b.center.y;
  v[o + BV.Vx] = b.linearVelocity.x;
  v[o + BV.Vy] = b.linearVelocity.y;
  v[o + BV.W] = b.angularVelocity;
  v[o + BV.Fx] = b.force.x;
  v[o + BV.Fy] = b.force.y;
  v[o + BV.Torque] = b.torque;
  v[o + BV.SleepTime] = b.sleepTime;
  v[o + BV.Mass] = p.massValue;
  v[o + BV.Inertia] = p.inertiaValue;
  v[o + BV.InvMass] = b.invMass;
  v[o + BV.InvI] = b.invI;
  v[o + BV.Lcx] = b.localCenter.x;
  v[o + BV.Lcy] = b.localCenter.y;
  v[o + BV.Width] = b.width;
  v[o + BV.Height] = b.height;
  v[o + BV.MaxExtent] = b.maxExtent;
  v[o + BV.MinExtent] = b.minExtent;
  v[o + BV.Friction] = p.frictionValue;
  v[o + BV.Restitution] = p.restitutionValue;
  v[o + BV.LinearDamping] = b.linearDamping;
  v[o + BV.AngularDamping] = b.angularDamping;
  v[o + BV.GravityScale] = b.gravityScale;
  return v;
}

/** The material (`BV.Mass` on) of a body before any other: the defaults of `createBody`. */
const DEFAULT_MATERIAL = new Float64Array([1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0.2, 0, 0, 0, 1]);
/** The writer's values of the body being written and of the one before (swapped per body). */
let rowA: Float64Array = new Float64Array(BV.Count);
let rowB: Float64Array = new Float64Array(BV.Count);
/** The writer's scratch: where the body's origin and rotation put its centre of mass. */
const placed = new Vec2();

/**
 * Bodies: per body a record (flags, id, sleep timer, a body not awake's position and angle,
 * transform and forces when not the usual, material when not the previous body's, sleeping ring,
 * shapes), then one block of raw doubles with every awake body's position, angle and velocities.
 */
function writeBodies(w: ByteWriter, s: StepState): void {
  const bodies = s.bodyList;
  w.uint(bodies.length);
  let prevId = -1;
  let prevShape: BodyShape | null = null;
  let prevShapeId = -1;
  let awake = 0;
  rowB.set(DEFAULT_MATERIAL, BV.Mass);
  for (let i = 0; i < bodies.length; ++i) {
    const b = bodies[i];
    const v = bodyValues(b, rowA, 0);
    rot.setAngle(b.angle);
    const exact =
      Object.is(v[BV.Px], v[BV.X]) &&
      Object.is(v[BV.Py], v[BV.Y]) &&
      Object.is(v[BV.Qc], rot.c) &&
      Object.is(v[BV.Qs], rot.s);
    placeCenter(b, placed);
    const centred = Object.is(placed.x, v[BV.Cx]) && Object.is(placed.y, v[BV.Cy]);
    const noForce = isPlusZero(v[BV.Fx]) && isPlusZero(v[BV.Fy]) && isPlusZero(v[BV.Torque]);
    let same = true;
    for (let k = BV.Mass; k < BV.Count; ++k) if (!Object.is(v[k], rowB[k])) same = false;
    w.u8(
      BODY_TYPES.indexOf(b.type) |
        (b.bullet ? 4 : 0) |
        (b.allowSleep ? 8 : 0) |
        (b.isAwake ? 16 : 0) |
        (b.hasOffset ? 32 : 0) |
        (b.isFast ? 64 : 0) |
        (exact ? 128 : 0),
    );
    w.u8((same ? 1 : 0) | (noForce ? 2 : 0) | (centred ? 4 : 0));
    w.uint(b.id - prevId - 1);
    prevId = b.id;
    if (b.isAwake) awake++;
    w.float(b.sleepTime, 0);
    // A resting body's pose (float32 when its island settled: 4 bytes a number), the transform and
    // forces when not implicit, the material when not the previous body's: runs of `BV`.
    if (!b.isAwake) for (let k = BV.X; k <= BV.Angle; ++k) w.float(v[k], 0);
    if (!exact) for (let k = BV.Px; k <= BV.Qs; ++k) w.float(v[k], 0);
    if (!centred) for (let k = BV.Cx; k <= BV.Cy; ++k) w.float(v[k], 0);
    if (!noForce) for (let k = BV.Fx; k <= BV.Torque; ++k) w.float(v[k], 0);
    if (!same) for (let k = BV.Mass; k < BV.Count; ++k) w.float(v[k], rowB[k]);
    rowA = rowB;
    rowB = v;
    if (!b.isAwake && !b.isStatic) w.int((b.sleepNext as Body).id - b.id);
    const shapes = b.shapeList;
    w.uint(shapes.length);
    for (let k = 0; k < shapes.length; ++k) {
      const sh = shapes[k];
      const sameGeo = prevShape !== null && sameGeometry(sh.geometry, prevShape.geometry);
      const defaultFilter = sh.category === 1 && sh.mask === 0xffffffff && sh.group === 0;
      w.u8(
        SHAPE_TYPES.indexOf(sh.type) |
          (geometryCode(sh.geometry) << 2) |
          (sh.sensor ? 16 : 0) |
          (defaultFilter ? 32 : 0) |
          (sameGeo ? 64 : 0),
      );
      w.int(sh.id - prevShapeId);
      prevShapeId = sh.id;
      if (!sameGeo) writeGeometry(w, sh.geometry);
      w.float(sh.density, prevShape === null ? 1 : prevShape.density);
      w.float(sh.friction, prevShape === null ? 0.2 : prevShape.friction);
      w.float(sh.restitution, prevShape === null ? 0 : prevShape.restitution);
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
  const block = w.beginDoubles(6 * awake);
  let k = 0;
  for (let i = 0; i < bodies.length; ++i) {
    const b = bodies[i];
    if (!b.isAwake) continue;
    block[k++] = b.position.x;
    block[k++] = b.position.y;
    block[k++] = b.angle;
    block[k++] = b.linearVelocity.x;
    block[k++] = b.linearVelocity.y;
    block[k++] = b.angularVelocity;
  }
  w.endDoubles();
}

function isPlusZero(v: number): boolean {
  return v === 0 && 1 / v > 0;
}

/** 0: a `Box`, 1: a polygon, 2: a capsule, 3: a circle. */
function geometryCode(g: CollisionShape): number {
  if (g instanceof Box) return 0;
  if (g.type === 'polygon') return 1;
  if (g.type === 'capsule') return 2;
  if (g.type === 'circle') return 3;
  throw new Error(`unexpected geometry ${g.type}`);
}

/** Scratch of `geometryNumbers`: room for a polygon's. */
const geometryA = new Float64Array(4 * MAX_POLYGON_VERTICES + 1);
const geometryB = new Float64Array(4 * MAX_POLYGON_VERTICES + 1);

/**
 * A geometry's numbers into `out`, in the order a snapshot writes them (after a polygon's vertex
 * count): a box's width and height; a circle's radius and centre; a capsule's centres and radius;
 * a polygon's vertices, normals and radius. Returns how many.
 */
function geometryNumbers(g: CollisionShape, out: Float64Array): number {
  let n = 0;
  if (g instanceof Box) {
    out[n++] = g.width;
    out[n++] = g.height;
  } else if (g.type === 'circle') {
    out[n++] = g.radius;
    out[n++] = g.center?.x ?? 0;
    out[n++] = g.center?.y ?? 0;
  } else if (g.type === 'capsule') {
    out[n++] = g.center1.x;
    out[n++] = g.center1.y;
    out[n++] = g.center2.x;
    out[n++] = g.center2.y;
    out[n++] = g.radius;
  } else if (g.type === 'polygon') {
    const m = g.vertices.length;
    for (let i = 0; i < 2 * m; ++i) {
      const p = i < m ? g.vertices[i] : g.normals[i - m];
      out[n++] = p.x;
      out[n++] = p.y;
    }
    out[n++] = g.radius ?? 0;
  }
  return n;
}

/** A geometry (a box's height expected to be its width, its width 1). */
function writeGeometry(w: ByteWriter, g: CollisionShape): void {
  if (g.type === 'polygon') w.uint(g.vertices.length);
  const n = geometryNumbers(g, geometryA);
  const box = g instanceof Box;
  for (let i = 0; i < n; ++i) w.float(geometryA[i], box ? (i === 0 ? 1 : geometryA[0]) : 0);
}

/** Whether two geometries are equal number for number (then a snapshot writes the second as "same"). */
function sameGeometry(a: CollisionShape, b: CollisionShape): boolean {
  if (a === b) return true;
  if (geometryCode(a) !== geometryCode(b)) return false;
  const n = geometryNumbers(a, geometryA);
  if (geometryNumbers(b, geometryB) !== n) return false;
  for (let i = 0; i < n; ++i) if (!Object.is(geometryA[i], geometryB[i])) return false;
  return true;
}

/** Scratch of `readBodies`, kept between restores (a restore is never re-entered). */
let bodyValuesScratch = new Float64Array(0);

function readBodies(r: ByteReader, d: Decoded): void {
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
    const flags = r.u8();
    const typeIndex = flags & 3;
    if (typeIndex > 2) badSnapshot(`body flags ${flags}`, 'are not valid');
    const more = r.u8();
    if (more > 7) badSnapshot(`body flags ${more}`, 'are not valid');
    const id = prevId + 1 + r.count('body id step', nextBodyId);
    if (id >= nextBodyId) badSnapshot(`body id ${id}`, `is not below nextBodyId (${nextBodyId})`);
    prevId = id;
    const o = i * BV.Count;
    v[o + BV.SleepTime] = r.float(0);
    // A body not awake's pose, the transform and forces when not implicit, the material when not
    // the previous body's (each a run of `BV`, in the writer's order).
    if (!(flags & 16)) for (let k = BV.X; k <= BV.Angle; ++k) v[o + k] = r.float(0);
    if (!(flags & 128)) for (let k = BV.Px; k <= BV.Qs; ++k) v[o + k] = r.float(0);
    if (!(more & 4)) for (let k = BV.Cx; k <= BV.Cy; ++k) v[o + k] = r.float(0);
    if (!(more & 2)) for (let k = BV.Fx; k <= BV.Torque; ++k) v[o + k] = r.float(0);
    for (let k = BV.Mass; k < BV.Count; ++k) {
      const previous = i === 0 ? DEFAULT_MATERIAL[k - BV.Mass] : v[o - BV.Count + k];
      v[o + k] = more & 1 ? previous : r.float(previous);
    }
    checkMaterial(id, typeIndex, flags, v, o);
    const isStatic = typeIndex === 1;
    const awake = (flags & 16) !== 0;
    if (awake) awakeCount++;
    if (isStatic && awake) badSnapshot(`body #${id}`, 'is static and awake');
    const sleepNext = !awake && !isStatic ? id + r.int() : -1;
    if (!awake && !isStatic && !(sleepNext >= 0 && sleepNext < nextBodyId)) {
      badSnapshot(`body #${id}`, `has sleepNext ${sleepNext}, not a body id`);
    }
    // Flag 256: the centre of mass is where the pose puts it (not written).
    const body: BodyRecord = {
      id,
      type: BODY_TYPES[typeIndex],
      flags: flags | (more & 4 ? 256 : 0),
      base: o,
      sleepNext,
      shapes: [],
    };
    const shapeCount = r.count('shape count', Math.min(nextShapeId, r.remaining));
    for (let k = 0; k < shapeCount; ++k) {
      const sf = r.u8();
      if (sf >= 128) badSnapshot(`shape flags ${sf}`, 'are not valid');
      const sid = prevShapeId + r.int();
      if (!(sid >= 0 && sid < nextShapeId) || shapeById[sid] !== undefined) {
        badSnapshot(`shape id ${sid}`, `is not a new id below nextShapeId (${nextShapeId})`);
      }
      prevShapeId = sid;
      const code = (sf >> 2) & 3;
      let geometry: CollisionShape;
      if (sf & 64) {
        if (prevShape === null || prevShape.code !== code) {
          badSnapshot(`shape #${sid}`, 'refers to the geometry of a shape that is not there');
        }
        geometry = prevShape.geometry;
      } else geometry = readGeometry(r, code, sid);
      const record: ShapeRecord = {
        id: sid,
        body,
        type: SHAPE_TYPES[sf & 3],
        code,
        sensor: (sf & 16) !== 0,
        geometry,
        density: r.float(prevShape === null ? 1 : prevShape.density),
        friction: r.float(prevShape === null ? 0.2 : prevShape.friction),
        restitution: r.float(prevShape === null ? 0 : prevShape.restitution),
        category: 1,
        mask: 0xffffffff,
        group: 0,
        overlaps: null,
      };
      if (!(sf & 32)) {
        record.category = r.count('filter category', 0xffffffff);
        record.mask = r.count('filter mask', 0xffffffff);
        record.group = r.int();
      }
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
  const block = r.doubles(6 * awakeCount);
  let k = 0;
  for (let i = 0; i < n; ++i) {
    const o = i * BV.Count;
    if (bodies[i].flags & 16) {
      for (let q = BV.X; q <= BV.Angle; ++q) v[o + q] = block[k++];
      for (let q = BV.Vx; q <= BV.W; ++q) v[o + q] = block[k++];
    }
    // Pose, velocities (and a written transform): finite and within the state's bound.
    for (let k = BV.X; k <= BV.W; ++k) {
      if (!(Math.abs(v[o + k]) <= MAX_STATE_MAGNITUDE)) {
        badBodyValue(
          bodies[i].id,
          k,
          v[o + k],
          `must be finite and at most ${MAX_STATE_MAGNITUDE} in magnitude`,
        );
      }
    }
    if (!(bodies[i].flags & 128)) checkTransform(bodies[i].id, v, o);
    if (bodies[i].flags & 128) {
      // The transform is the pose's: position and the rotation of the angle.
      rot.setAngle(v[o + BV.Angle]);
      v[o + BV.Px] = v[o + BV.X];
      v[o + BV.Py] = v[o + BV.Y];
      v[o + BV.Qc] = rot.c;
      v[o + BV.Qs] = rot.s;
    }
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
    if (s.overlaps === null) continue;
    let last = -1;
    for (const id of s.overlaps) {
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

/** The names of a body's values, for the reader's errors. */
const BV_NAMES = [
  'position.x',
  'position.y',
  'angle',
  'transform.p.x',
  'transform.p.y',
  'transform.q.c',
  'transform.q.s',
  'center.x',
  'center.y',
  'linearVelocity.x',
  'linearVelocity.y',
  'angularVelocity',
  'force.x',
  'force.y',
  'torque',
  'sleepTime',
  'mass',
  'inertia',
  'invMass',
  'invI',
  'localCenter.x',
  'localCenter.y',
  'width',
  'height',
  'maxExtent',
  'minExtent',
  'friction',
  'restitution',
  'linearDamping',
  'angularDamping',
  'gravityScale',
];

/** Raises the reader's error for body `id`'s value `k` (a `BV` offset): `snapshot = body #id.<name> = <value>: ...`. */
function badBodyValue(id: number, k: number, value: number, reason: string): never {
  throw new WorldError('snapshot', `body #${id}.${BV_NAMES[k]} = ${value}`, reason);
}

/**
 * A body's values past its pose, as the engine keeps them (checked with the public API's own
 * checks where a setter or an option sets the value): forces, sleep timer, sizes and extents
 * finite and (but forces) not negative; friction, restitution and damping as `createBody` takes
 * them, a gravity scale as `body.gravityScale` takes it; the mass data of its type. A static or kinematic body has no mass,
 * no inertia, zero inverses and its centre of mass at its origin, and no force. A dynamic body has
 * a mass > 0 whose inverse is finite (`setMass`'s rule; a body with no shape has 1 kg) and
 * `invMass` exactly 1 / mass; an inertia of 0 (a point mass: `invI` 0) or > 0 with `invI` exactly
 * 1 / inertia. `hasOffset` is whether the centre of mass is off the origin; only a dynamic body is
 * marked fast (for continuous collision).
 */
function checkMaterial(id: number, typeIndex: number, flags: number, v: Float64Array, o: number): void {
  for (let k = BV.Fx; k < BV.Count; ++k) {
    const value = v[o + k];
    if (!Number.isFinite(value)) badBodyValue(id, k, value, 'must be a finite number');
    if (k <= BV.Torque && !(Math.abs(value) <= MAX_STATE_MAGNITUDE)) {
      badBodyValue(id, k, value, `is larger than ${MAX_STATE_MAGNITUDE} in magnitude`);
    }
    if (k >= BV.SleepTime && k !== BV.Lcx && k !== BV.Lcy && k !== BV.GravityScale && value < 0)
      badBodyValue(id, k, value, 'must not be negative');
  }
  const what = `body #${id}`;
  check(() => {
    checkRestitution(v[o + BV.Restitution], `${what}.restitution`);
    checkGravityScale(v[o + BV.GravityScale], `${what}.gravityScale`);
  }, what);
  const mass = v[o + BV.Mass];
  const inertia = v[o + BV.Inertia];
  const invMass = v[o + BV.InvMass];
  const invI = v[o + BV.InvI];
  if (typeIndex === 0) {
    check(() => checkInvertible(mass, 'mass', `${what}.mass`, mass), what);
    if (!Object.is(invMass, 1 / mass))
      badBodyValue(id, BV.InvMass, invMass, `must be 1 / mass (${1 / mass})`);
    if (inertia === 0) {
      if (!Object.is(invI, 0)) badBodyValue(id, BV.InvI, invI, 'must be 0 for an inertia of 0');
    } else {
      check(() => checkInvertible(inertia, 'rotational inertia', `${what}.inertia`, inertia), what);
      if (!Object.is(invI, 1 / inertia))
        badBodyValue(id, BV.InvI, invI, `must be 1 / inertia (${1 / inertia})`);
    }
  } else {
    for (const k of [BV.Mass, BV.Inertia, BV.InvMass, BV.InvI, BV.Lcx, BV.Lcy, BV.Fx, BV.Fy, BV.Torque]) {
      if (v[o + k] !== 0) badBodyValue(id, k, v[o + k], `must be 0 for a ${BODY_TYPES[typeIndex]} body`);
    }
  }
  const offset = v[o + BV.Lcx] !== 0 || v[o + BV.Lcy] !== 0;
  if (offset !== ((flags & 32) !== 0)) {
    badSnapshot(
      what,
      `has its centre-of-mass offset flag ${(flags & 32) !== 0}, but its centre at (${v[o + BV.Lcx]}, ${v[o + BV.Lcy]})`,
    );
  }
  if (flags & 64 && typeIndex !== 0) badSnapshot(what, 'is marked fast but is not a dynamic body');
}

/** The cap on the error of a transform's rotation: |c² + s² - 1| (the engine's are within rounding). */
const UNIT_TOLERANCE = 1e-6;

/** A written transform (not the pose's): finite, with a unit rotation. */
function checkTransform(id: number, v: Float64Array, o: number): void {
  for (let k = BV.Px; k <= BV.Qs; ++k) {
    if (!(Math.abs(v[o + k]) <= MAX_STATE_MAGNITUDE)) {
      badBodyValue(id, k, v[o + k], `must be finite and at most ${MAX_STATE_MAGNITUDE} in magnitude`);
    }
  }
  const c = v[o + BV.Qc];
  const s = v[o + BV.Qs];
  if (!(Math.abs(c * c + s * s - 1) <= UNIT_TOLERANCE)) {
    badSnapshot(`body #${id}`, `has the transform rotation (${c}, ${s}), which is not a unit vector`);
  }
}

/**
 * Runs a check of the public API (or the constraint package's), its error made the snapshot's:
 * `snapshot = <what>: <its message>`.
 */
function check(run: () => void, what = 'a value'): void {
  try {
    run();
  } catch (error) {
    if (error instanceof WorldError || error instanceof ConstraintError) badSnapshot(what, error.message);
    throw error;
  }
}

/**
 * A shape's material and filter as `createShape` checks them (density and friction finite and not
 * negative, restitution in [0, 1], 32-bit category and mask, a group in its range), and on a
 * dynamic body the mass and inertia its geometry gives at its density finite, with a finite
 * inverse (`createShape`'s rule for a dynamic body's shapes).
 */
function checkShapeRecord(sr: ShapeRecord): void {
  const what = `shape #${sr.id}`;
  check(() => {
    checkNonNegative(sr.density, `${what}.density`);
    checkNonNegative(sr.friction, `${what}.friction`);
    checkRestitution(sr.restitution, `${what}.restitution`);
    checkBits(sr.category, `${what}.filter.category`);
    checkBits(sr.mask, `${what}.filter.mask`);
    checkGroup(sr.group, `${what}.filter.group`);
    if (sr.body.type === 'dynamic') {
      checkShapeMass(
        { geometry: sr.geometry, density: sr.density } as ResolvedShape,
        `${what}.geometry`,
        sr.type,
      );
    }
  }, what);
}

/** The item with this id among items in id order (bodies or their records): a binary search. */
function findRecord<T extends { id: number }>(items: readonly T[], id: number): T | undefined {
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

function readGeometry(r: ByteReader, code: number, sid: number): CollisionShape {
  let geometry: CollisionShape;
  if (code === 0) {
    const width = r.float(1);
    const height = r.float(width);
    // (Box's constructor refuses these with its own error: refused here first, as the snapshot's.)
    if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
      badSnapshot(`shape #${sid}`, `has an invalid geometry: a box of ${width} by ${height} m`);
    }
    geometry = new Box(width, height);
  } else if (code === 3) {
    const radius = r.float(0);
    const x = r.float(0);
    geometry = { type: 'circle', radius, center: new Vec2(x, r.float(0)) };
  } else if (code === 2) {
    const x1 = r.float(0);
    const y1 = r.float(0);
    const x2 = r.float(0);
    const y2 = r.float(0);
    geometry = { type: 'capsule', center1: new Vec2(x1, y1), center2: new Vec2(x2, y2), radius: r.float(0) };
  } else {
    const n = r.count('polygon vertex count', MAX_POLYGON_VERTICES);
    const vertices: Vec2[] = [];
    const normals: Vec2[] = [];
    for (let i = 0; i < n; ++i) vertices.push(new Vec2(r.float(0), r.float(0)));
    for (let i = 0; i < n; ++i) normals.push(new Vec2(r.float(0), r.float(0)));
    geometry = { type: 'polygon', vertices, normals, radius: r.float(0) };
  }
  // The rule `createShape` applies to the geometries it builds: the two sides accept the same ones.
  const fault = geometryFault(geometry);
  if (fault !== null) badSnapshot(`shape #${sid}`, `has an invalid geometry: ${fault}`);
  return geometry;
}

/** Scratch transforms of decoded bodies. */
const xfA = new Transform();
const xfB = new Transform();

/** A body record's transform, from the decoded values. */
function recordTransform(body: BodyRecord, v: Float64Array, out: Transform): Transform {
  const o = body.base;
  out.p.x = v[o + BV.Px];
  out.p.y = v[o + BV.Py];
  out.q.c = v[o + BV.Qc];
  out.q.s = v[o + BV.Qs];
  return out;
}

export {
  BODY_TYPES,
  type BodyPrivate,
  type BodyRecord,
  BV,
  BV_NAMES,
  bodyValues,
  check,
  findRecord,
  geometryCode,
  isPlusZero,
  readBodies,
  recordTransform,
  SHAPE_TYPES,
  type ShapeRecord,
  sameGeometry,
  UNIT_TOLERANCE,
  writeBodies,
  xfA,
  xfB,
};
