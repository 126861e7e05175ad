import { AABB } from '@lite/collision';
import { objectArray } from '@lite/math';
import { Body, placeCenter } from './body';
import type { ResolvedBodyOptions } from './body-options';
import { type Joint, jointBodyA, jointBodyB } from './joints';
import { BodyShape, KIND_BOX, KIND_CAPSULE, KIND_CIRCLE, KIND_POLYGON } from './shape';
import type { Decoded, WorldInternals } from './snapshot';
import {
  type BodyPrivate,
  type BodyRecord,
  BV,
  findRecord,
  geometryCode,
  type ShapeRecord,
  sameGeometry,
} from './snapshot-bodies';
import { applyContacts } from './snapshot-contacts';
import { assignFields } from './snapshot-format';
import { jointSchema, makeJoint } from './snapshot-joints';
import { ensureBodyCapacity, type StepState } from './step-state';
import type { World } from './world';

/*
 * Applying a decoded snapshot to a world: the bodies, shapes and joints that exist in both are kept
 * and refilled, the others made anew or detached; the broadphase is rebuilt from the proxies; the
 * contact list is refilled.
 */

/** Scratch of `apply`: a kept body's shapes before the restore. */
const oldShapes: BodyShape[] = [];

/**
 * Puts the decoded bodies, shapes, broadphase proxies, joints and contacts into the world (the
 * counters, settings and carried values are `restoreSnapshot`'s).
 */
function apply(world: World, d: Decoded): void {
  const internals = world as unknown as WorldInternals;
  const s = internals.core;
  const records = d.bodies;
  const values = d.bodyValues;

  // Bodies: the live ones with the same id and type are kept (their handles stay valid). Both lists
  // are in id order: walk them together.
  const list = s.bodyList;
  const bodies: Body[] = new Array(records.length);
  const shapeObjects: BodyShape[] = [];
  let k = 0;
  for (let i = 0; i < records.length; ++i) {
    const rec = records[i];
    while (k < list.length && list[k].id < rec.id) detachBody(s, list[k++]);
    let body: Body;
    if (k < list.length && list[k].id === rec.id && list[k].type === rec.type) body = list[k++];
    else {
      if (k < list.length && list[k].id === rec.id) detachBody(s, list[k++]);
      body = makeBody(world, rec, values);
    }
    clear(oldShapes);
    for (let q = 0; q < body.shapeList.length; ++q) oldShapes.push(body.shapeList[q]);
    fillBody(body, rec, values, i);
    for (let q = 0; q < rec.shapes.length; ++q) {
      const sr = rec.shapes[q];
      let shape: BodyShape | null = null;
      for (let o = 0; o < oldShapes.length; ++o) {
        const old = oldShapes[o];
        if (old.id === sr.id) {
          if (shapeMatches(old, sr)) {
            shape = old;
            oldShapes[o] = oldShapes[oldShapes.length - 1];
            oldShapes.pop();
          }
          break;
        }
      }
      if (shape === null) shape = makeShape(body, sr);
      const sp = shape as unknown as { frictionValue: number; restitutionValue: number };
      sp.frictionValue = sr.friction;
      sp.restitutionValue = sr.restitution;
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
    if (shape.proxyId >= 0) {
      bp.getFatAABB(shape.proxyId, box);
      if (
        Object.is(box.minX, boxes[o]) &&
        Object.is(box.minY, boxes[o + 1]) &&
        Object.is(box.maxX, boxes[o + 2]) &&
        Object.is(box.maxY, boxes[o + 3])
      ) {
        continue;
      }
      bp.destroyProxy(shape.proxyId);
    }
    box.set(boxes[o], boxes[o + 1], boxes[o + 2], boxes[o + 3]);
    shape.proxyId = bp.createProxy(box, shapes[i].body.id, shapes[i].body.type === 'static', 0);
  }
  let moves = 0;
  for (let i = 0; i < shapes.length; ++i) if (d.proxyMoved[i] === 1) moves++;
  const moved = new Int32Array(moves);
  for (let i = 0, k = 0; i < shapes.length; ++i)
    if (d.proxyMoved[i] === 1) moved[k++] = shapeObjects[shapes[i].id].proxyId;
  bp.restoreMoves(moved, moves);
  const proxies = s.proxyShapes;
  const capacity = bp.tree.idBound;
  if (proxies.length > capacity) proxies.length = capacity;
  for (let i = 0; i < proxies.length; ++i) proxies[i] = null;
  while (proxies.length < capacity) proxies.push(null);
  for (let i = 0; i < shapes.length; ++i) {
    const shape = shapeObjects[shapes[i].id];
    proxies[shape.proxyId] = shape;
  }

  // Joints: kept when the id, class, bodies and collideConnected match; both lists in id order.
  const joints = s.jointList;
  let oldJoint = 0;
  const oldJoints = joints.slice();
  joints.length = 0;
  for (const jr of d.joints) {
    const a = findRecord(bodies, jr.bodyA) as Body;
    const b = findRecord(bodies, jr.bodyB) as Body;
    while (oldJoint < oldJoints.length && oldJoints[oldJoint].id < jr.id) oldJoints[oldJoint++].world = null;
    let joint: Joint | null = null;
    if (oldJoint < oldJoints.length && oldJoints[oldJoint].id === jr.id) {
      const j = oldJoints[oldJoint++];
      if (
        j.kind === jr.kind &&
        j.collideConnected === jr.collideConnected &&
        jointBodyA(j) === a &&
        jointBodyB(j) === b
      ) {
        joint = j;
      } else j.world = null;
    }
    if (joint === null) {
      joint = makeJoint(jr.kind, world, jr.id, a, b);
      (joint as unknown as { collideConnected: boolean }).collideConnected = jr.collideConnected;
    }
    assignFields(joint, jointSchema(jr.kind), jr.values);
    joint.world = world;
    joints.push(joint);
    a.jointEdges.push(joint);
    if (b !== a) b.jointEdges.push(joint);
  }
  while (oldJoint < oldJoints.length) oldJoints[oldJoint++].world = null;

  applyContacts(s, d, shapeObjects);
}

/** A body the snapshot does not hold: its handle acts as destroyed. */
function detachBody(s: StepState, b: Body): void {
  for (let i = 0; i < b.shapeList.length; ++i) detachShape(s, b.shapeList[i]);
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

/** A new body object for a record (its fields are then filled by `fillBody`). */
function makeBody(world: World, rec: BodyRecord, v: Float64Array): Body {
  const o = rec.base;
  const options: ResolvedBodyOptions = {
    type: rec.type,
    shape: null,
    shorthand: false,
    bullet: false,
    width: v[o + BV.Width],
    height: v[o + BV.Height],
    x: v[o + BV.X],
    y: v[o + BV.Y],
    angle: v[o + BV.Angle],
    // Placeholders (fillBody writes the mass data): 1 keeps the constructor's inverses finite.
    mass: 1,
    inertia: 1,
    friction: v[o + BV.Friction],
    restitution: v[o + BV.Restitution],
    vx: 0,
    vy: 0,
    angularVelocity: 0,
    linearDamping: 0,
    angularDamping: 0,
    gravityScale: 1,
    allowSleep: true,
    awake: true,
    userData: undefined,
  };
  return new Body(world, rec.id, options);
}

function fillBody(b: Body, rec: BodyRecord, v: Float64Array, index: number): void {
  const o = rec.base;
  const p = b as unknown as BodyPrivate & { width: number; height: number; bulletValue: boolean };
  b.position.x = v[o + BV.X];
  b.position.y = v[o + BV.Y];
  b.angle = v[o + BV.Angle];
  b.transform.p.x = v[o + BV.Px];
  b.transform.p.y = v[o + BV.Py];
  b.transform.q.c = v[o + BV.Qc];
  b.transform.q.s = v[o + BV.Qs];
  b.linearVelocity.x = v[o + BV.Vx];
  b.linearVelocity.y = v[o + BV.Vy];
  b.angularVelocity = v[o + BV.W];
  b.force.x = v[o + BV.Fx];
  b.force.y = v[o + BV.Fy];
  b.torque = v[o + BV.Torque];
  b.sleepTime = v[o + BV.SleepTime];
  p.massValue = v[o + BV.Mass];
  p.inertiaValue = v[o + BV.Inertia];
  b.setInverseMass(v[o + BV.InvMass], v[o + BV.InvI]);
  b.localCenter.x = v[o + BV.Lcx];
  b.localCenter.y = v[o + BV.Lcy];
  p.width = v[o + BV.Width];
  p.height = v[o + BV.Height];
  b.maxExtent = v[o + BV.MaxExtent];
  b.minExtent = v[o + BV.MinExtent];
  p.frictionValue = v[o + BV.Friction];
  p.restitutionValue = v[o + BV.Restitution];
  b.linearDamping = v[o + BV.LinearDamping];
  b.angularDamping = v[o + BV.AngularDamping];
  b.gravityScale = v[o + BV.GravityScale];
  const f = rec.flags;
  // Not through the setter: whether continuous collision is installed comes with the settings, later.
  p.bulletValue = (f & 4) !== 0;
  b.allowSleep = (f & 8) !== 0;
  b.isAwake = (f & 16) !== 0;
  b.hasOffset = (f & 32) !== 0;
  if (f & 256) placeCenter(b);
  else b.center.set(v[o + BV.Cx], v[o + BV.Cy]);
  b.isFast = (f & 64) !== 0;
  b.index = index;
  clear(b.shapeList);
  clear(b.contactEdges);
  clear(b.jointEdges);
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

const SHAPE_KINDS = [KIND_BOX, KIND_POLYGON, KIND_CAPSULE, KIND_CIRCLE];

function makeShape(body: Body, sr: ShapeRecord): BodyShape {
  return new BodyShape(body, sr.id, {
    type: sr.type,
    kind: SHAPE_KINDS[sr.code],
    geometry: sr.geometry,
    density: sr.density,
    friction: sr.friction,
    restitution: sr.restitution,
    sensor: sr.sensor,
    category: sr.category,
    mask: sr.mask,
    group: sr.group,
    userData: undefined,
  });
}

export { apply };
