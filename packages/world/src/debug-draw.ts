import { AABB, type Shape as CollisionShape } from '@lite/collision';
import type { Transform } from '@lite/math';
import type { Body } from './body';
import { WorldError } from './errors';
import type { Joint } from './joints';
import type { AABBLike } from './queries';
import { type BodyShape, roundingRadius } from './shape';
import { computeAABB } from './stage-finish';
import { checkBoolean, checkKeys } from './validate';
import type { World } from './world';

/**
 * What {@link drawWorld} draws with: a renderer's primitives, in world coordinates (m, y up).
 * Colours are 0xRRGGBB numbers ({@link DebugColor}). A Canvas 2D one is `CanvasDraw` in
 * `@lite/draw-canvas`; write your own for WebGL, PixiJS or a test.
 */
export interface DebugDraw {
  /**
   * A solid convex polygon: `count` vertices, counter-clockwise, as x, y pairs in `vertices`
   * (world; the array is reused: copy what you keep), rounded by `radius` (0: sharp corners).
   */
  drawPolygon(vertices: Float64Array, count: number, radius: number, color: number): void;
  /** A solid circle at (`x`, `y`) with a mark along `angle` so its spin shows. */
  drawCircle(x: number, y: number, radius: number, angle: number, color: number): void;
  /** A solid capsule: every point within `radius` of the segment from (x1, y1) to (x2, y2). */
  drawCapsule(x1: number, y1: number, x2: number, y2: number, radius: number, color: number): void;
  /** A line segment. */
  drawSegment(x1: number, y1: number, x2: number, y2: number, color: number): void;
  /** A point of `size` pixels (a size on screen, not in metres). */
  drawPoint(x: number, y: number, size: number, color: number): void;
  /** A body frame: its origin and its x axis turned by `angle`. */
  drawTransform(x: number, y: number, angle: number): void;
}

/** What {@link drawWorld} draws; each is a boolean but `bounds` and `shapeColor`. */
export interface DebugDrawOptions {
  /** Every shape, coloured by its body's state (default true). */
  shapes?: boolean;
  /** Every joint: its anchors and the line between them (default true). */
  joints?: boolean;
  /** Each shape's bounding box (default false). */
  aabbs?: boolean;
  /** Each touching contact's points (default false). */
  contacts?: boolean;
  /** Each touching contact's normal at its points, 0.3 m long (default false). */
  contactNormals?: boolean;
  /** Each body's frame at its origin (default false). */
  transforms?: boolean;
  /** Only bodies whose shapes' bounding boxes meet this box (default: all bodies). */
  bounds?: AABBLike;
  /**
   * Each shape's colour, 0xRRGGBB, instead of its body state's (default: {@link DebugColor}'s);
   * a negative number leaves the shape out (of `shapes` and `aabbs`). Lets a renderer colour by
   * its own rules, draw one body, or batch by colour.
   */
  shapeColor?: (shape: BodyShape) => number;
}

/** The colours {@link drawWorld} gives, 0xRRGGBB. */
export const DebugColor = {
  /** Static bodies. */
  static: 0x7fb77e,
  /** Kinematic bodies. */
  kinematic: 0x6f8fd8,
  /** Awake dynamic bodies. */
  dynamic: 0xe6a05a,
  /** Sleeping dynamic bodies. */
  asleep: 0x8c8c8c,
  /** Sensor shapes. */
  sensor: 0xe8d07a,
  /** Joints. */
  joint: 0x5fb3b3,
  /** Bounding boxes. */
  aabb: 0xd957d9,
  /** Contact points. */
  contact: 0xe04040,
  /** Contact normals. */
  normal: 0xf0f0f0,
} as const;

const OPTION_KEYS = [
  'shapes',
  'joints',
  'aabbs',
  'contacts',
  'contactNormals',
  'transforms',
  'bounds',
  'shapeColor',
] as const;
const vertices = new Float64Array(16);
const box = new AABB();

/**
 * Draws `world` with `draw`: shapes and joints (by default), bounding boxes, contacts and body
 * frames, as `options` asks; bodies in id order. A function, so a program that never draws does not
 * bundle it.
 * @throws WorldError naming the option, on an option that is not a boolean (or a bad `bounds`, or a
 * `shapeColor` that is not a function).
 */
export function drawWorld(world: World, draw: DebugDraw, options: DebugDrawOptions = {}): void {
  if (typeof options !== 'object' || options === null) {
    throw new WorldError('options', options, 'must be an options object');
  }
  checkKeys(options, OPTION_KEYS, 'options');
  const flag = (key: Exclude<keyof DebugDrawOptions, 'bounds' | 'shapeColor'>, fallback: boolean) =>
    options[key] === undefined ? fallback : checkBoolean(options[key], `options.${key}`);
  const shapes = flag('shapes', true);
  const joints = flag('joints', true);
  const aabbs = flag('aabbs', false);
  const contacts = flag('contacts', false);
  const normals = flag('contactNormals', false);
  const transforms = flag('transforms', false);
  const bounds = options.bounds;
  if (bounds !== undefined && !(bounds.minX <= bounds.maxX && bounds.minY <= bounds.maxY)) {
    throw new WorldError('options.bounds', bounds, 'must have minX <= maxX and minY <= maxY');
  }
  const shapeColor = options.shapeColor;
  if (shapeColor !== undefined && typeof shapeColor !== 'function') {
    throw new WorldError('options.shapeColor', shapeColor, 'must be a function');
  }
  for (const body of world.bodies) {
    if (bounds !== undefined && !bodyMeets(body, bounds)) continue;
    const xf = body.transform;
    for (const shape of body.shapes) {
      const color =
        shapeColor === undefined ? (shape.sensor ? DebugColor.sensor : colorOf(body)) : shapeColor(shape);
      if (color < 0) continue;
      if (shapes) drawShape(draw, shape, xf, color);
      if (aabbs) outlineBox(draw, computeAABB(shape, xf, box));
    }
    if (transforms) draw.drawTransform(xf.p.x, xf.p.y, body.angle);
  }
  if (joints) for (const joint of world.joints) drawJoint(draw, joint);
  if (contacts || normals) {
    for (const contact of world.contacts) {
      if (!contact.touching) continue;
      for (let i = 0; i < contact.pointCount; i++) {
        const p = contact.points[i];
        if (contacts) draw.drawPoint(p.x, p.y, 5, DebugColor.contact);
        if (normals) {
          draw.drawSegment(
            p.x,
            p.y,
            p.x + 0.3 * contact.normalX,
            p.y + 0.3 * contact.normalY,
            DebugColor.normal,
          );
        }
      }
    }
  }
}

function colorOf(body: Body): number {
  if (body.type === 'static') return DebugColor.static;
  if (body.type === 'kinematic') return DebugColor.kinematic;
  return body.awake ? DebugColor.dynamic : DebugColor.asleep;
}

/** Whether any shape of `body` has a bounding box meeting `bounds`. */
function bodyMeets(body: Body, bounds: AABBLike): boolean {
  for (const shape of body.shapes) {
    computeAABB(shape, body.transform, box);
    if (
      box.minX <= bounds.maxX &&
      box.maxX >= bounds.minX &&
      box.minY <= bounds.maxY &&
      box.maxY >= bounds.minY
    ) {
      return true;
    }
  }
  return false;
}

/** World x of the body-frame point (`x`, `y`). */
function worldX(xf: Transform, x: number, y: number): number {
  return xf.p.x + xf.q.c * x - xf.q.s * y;
}

/** World y of the body-frame point (`x`, `y`). */
function worldY(xf: Transform, x: number, y: number): number {
  return xf.p.y + xf.q.s * x + xf.q.c * y;
}

/**
 * Writes a shape's world points into `vertices` and returns their count: a circle's centre, a
 * capsule's or segment's two ends, a polygon's vertices, a box's four corners counter-clockwise.
 */
function pointsOf(g: CollisionShape, xf: Transform): number {
  if (g.type === 'circle') return pointAt(xf, 0, g.center?.x ?? 0, g.center?.y ?? 0);
  if (g.type === 'capsule')
    return pointAt(xf, 0, g.center1.x, g.center1.y) + pointAt(xf, 1, g.center2.x, g.center2.y);
  if (g.type === 'segment' || g.type === 'chainSegment') {
    return pointAt(xf, 0, g.point1.x, g.point1.y) + pointAt(xf, 1, g.point2.x, g.point2.y);
  }
  if (g.type === 'polygon') {
    const v = g.vertices;
    for (let i = 0; i < v.length; i++) pointAt(xf, i, v[i].x, v[i].y);
    return v.length;
  }
  const angle = g.angle ?? 0;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const ox = g.offset?.x ?? 0;
  const oy = g.offset?.y ?? 0;
  const hw = 0.5 * g.width;
  const hh = 0.5 * g.height;
  for (let i = 0; i < 4; i++) {
    const lx = i === 0 || i === 3 ? -hw : hw;
    const ly = i < 2 ? -hh : hh;
    pointAt(xf, i, ox + c * lx - s * ly, oy + s * lx + c * ly);
  }
  return 4;
}

/** Writes the body-frame point (`x`, `y`) in the world at `vertices[2 i]`; returns 1. */
function pointAt(xf: Transform, i: number, x: number, y: number): number {
  vertices[2 * i] = worldX(xf, x, y);
  vertices[2 * i + 1] = worldY(xf, x, y);
  return 1;
}

function drawShape(draw: DebugDraw, shape: BodyShape, xf: Transform, color: number): void {
  const g = shape.geometry;
  const count = pointsOf(g, xf);
  const v = vertices;
  if (g.type === 'circle') draw.drawCircle(v[0], v[1], g.radius, Math.atan2(xf.q.s, xf.q.c), color);
  else if (g.type === 'capsule') draw.drawCapsule(v[0], v[1], v[2], v[3], g.radius, color);
  else if (g.type === 'segment' || g.type === 'chainSegment') draw.drawSegment(v[0], v[1], v[2], v[3], color);
  else draw.drawPolygon(v, count, roundingRadius(shape), color);
}

function outlineBox(draw: DebugDraw, b: AABB): void {
  draw.drawSegment(b.minX, b.minY, b.maxX, b.minY, DebugColor.aabb);
  draw.drawSegment(b.maxX, b.minY, b.maxX, b.maxY, DebugColor.aabb);
  draw.drawSegment(b.maxX, b.maxY, b.minX, b.maxY, DebugColor.aabb);
  draw.drawSegment(b.minX, b.maxY, b.minX, b.minY, DebugColor.aabb);
}

/** The body-frame anchor (about the centre of mass) of `body` in world coordinates, into `anchor`. */
function anchorOf(body: Body, lx: number, ly: number, anchor: Float64Array, at: number): void {
  const c = body.transform.q.c;
  const s = body.transform.q.s;
  anchor[at] = body.center.x + c * lx - s * ly;
  anchor[at + 1] = body.center.y + s * lx + c * ly;
}

const anchors = new Float64Array(4);

/**
 * A joint as the line between its anchors (a pin: each moving body's centre to the anchor), a mouse
 * joint's anchor and target, or the line between the centres for the anchorless kinds.
 */
function drawJoint(draw: DebugDraw, joint: Joint): void {
  const color = DebugColor.joint;
  if ('targetX' in joint) {
    anchorOf(joint.body as Body, joint.localAnchorX, joint.localAnchorY, anchors, 0);
    draw.drawSegment(anchors[0], anchors[1], joint.targetX, joint.targetY, color);
    draw.drawPoint(joint.targetX, joint.targetY, 6, color);
    return;
  }
  const a = joint.bodyA as Body;
  const b = joint.bodyB as Body;
  if (!('localAnchorAX' in joint)) {
    draw.drawSegment(a.center.x, a.center.y, b.center.x, b.center.y, color);
    return;
  }
  anchorOf(a, joint.localAnchorAX, joint.localAnchorAY, anchors, 0);
  anchorOf(b, joint.localAnchorBX, joint.localAnchorBY, anchors, 2);
  if (Math.hypot(anchors[2] - anchors[0], anchors[3] - anchors[1]) < 1e-6) {
    if (a.type !== 'static') draw.drawSegment(a.center.x, a.center.y, anchors[0], anchors[1], color);
    if (b.type !== 'static') draw.drawSegment(b.center.x, b.center.y, anchors[2], anchors[3], color);
  } else {
    draw.drawSegment(anchors[0], anchors[1], anchors[2], anchors[3], color);
  }
  draw.drawPoint(anchors[0], anchors[1], 5, color);
  draw.drawPoint(anchors[2], anchors[3], 5, color);
}
