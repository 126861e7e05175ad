import {
  type Body,
  type BodyShape,
  castShapeAll,
  DebugColor,
  drawWorld,
  overlapShape,
  type World,
} from '@lite/world';
import type { Camera } from './camera';
import { drawGame } from './game-draw';
import { sensorActive } from './sensors';
import type { DrawLayers } from './settings';
import { type BatchStyle, ShapeBatch } from './shape-batch';
import { type Pane, tagOf } from './simulation';
import { theme } from './theme';

/** The styles bodies are batched by (canvas paths per style); palette colour i is `Palette + i`. */
const Style = {
  Static: 0,
  Kinematic: 1,
  Sleeping: 2,
  Bomb: 3,
  Sensor: 4,
  SensorActive: 5,
  Palette: 6,
} as const;

const styleCount = Style.Palette + theme.palette.length;

/** `#rrggbb` with an alpha, as an `rgba()` string. */
function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

const paletteFills = theme.palette.map((color) => withAlpha(color, theme.dynamicFillAlpha));

/** Whether every shape of `body` is a sensor (it detects overlaps and makes no contact). */
function isSensor(body: Body): boolean {
  const shapes = body.shapes;
  if (shapes.length === 0) return false;
  for (const shape of shapes) if (!shape.sensor) return false;
  return true;
}

/**
 * The islands of a world for the islands layer: bodies (by index in `world.bodies`) joined through
 * touching contacts and joints, static bodies joining none (as the engine's islands). Union-find
 * over id-ordered indices, the lower index the root: the same picture every frame for the same state.
 * The arrays grow with the body count and are reused.
 */
class IslandColours {
  private parent = new Int32Array(64);
  /** Each body's index in `world.bodies` at the last build. */
  private readonly index = new Map<Body, number>();

  /** Fills the union-find for `pane`'s world; {@link IslandColours.rootOf} then reads it. */
  build(pane: Pane): void {
    const bodies = pane.world.bodies;
    if (this.parent.length < bodies.length) this.parent = new Int32Array(2 * bodies.length);
    const index = this.index;
    index.clear();
    for (let i = 0; i < bodies.length; i++) {
      this.parent[i] = i;
      index.set(bodies[i], i);
    }
    for (const contact of pane.world.contacts) {
      if (contact.pointCount === 0) continue;
      this.join(index, contact.bodyA, contact.bodyB);
    }
    for (const joint of pane.world.joints) {
      if (joint.kind === 2) continue; // the mouse joint
      this.join(index, joint.bodyA as Body, joint.bodyB as Body);
    }
  }

  private join(index: Map<Body, number>, a: Body, b: Body): void {
    if (a.type === 'static' || b.type === 'static') return;
    const ia = index.get(a);
    const ib = index.get(b);
    if (ia === undefined || ib === undefined) return;
    const ra = this.find(ia);
    const rb = this.find(ib);
    if (ra < rb) this.parent[rb] = ra;
    else if (rb < ra) this.parent[ra] = rb;
  }

  private find(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }

  /** The root index of body `i`'s island (the lowest index in it). */
  rootOf(i: number): number {
    return this.find(i);
  }

  /** The root index of `body`'s island (0 for a body the last build did not see). */
  rootOfBody(body: Body): number {
    const i = this.index.get(body);
    return i === undefined ? 0 : this.find(i);
  }
}

const islands = new IslandColours();

/** The islands of `pane`'s world as the islands layer colours them (static bodies in none). */
export function islandCount(pane: Pane): number {
  islands.build(pane);
  const bodies = pane.world.bodies;
  let count = 0;
  for (let i = 0; i < bodies.length; i++) if (bodies[i].type !== 'static' && islands.rootOf(i) === i) count++;
  return count;
}

/**
 * A body's style: sensor (lit while something overlaps it), static, kinematic, then (dynamic) sleeping when that layer is on, the
 * bomb, and a palette colour: by island when the islands layer is on, else by body id.
 */
function styleOf(body: Body, layers: DrawLayers): number {
  if (isSensor(body)) return sensorActive(body) ? Style.SensorActive : Style.Sensor;
  if (body.type === 'static') return Style.Static;
  if (body.type === 'kinematic') return Style.Kinematic;
  if (layers.sleeping && !body.awake) return Style.Sleeping;
  if (tagOf(body) === 'bomb') return Style.Bomb;
  if (layers.islands) return Style.Palette + (islands.rootOfBody(body) % theme.palette.length);
  return Style.Palette + (body.id % theme.palette.length);
}

function fillOf(style: number): string {
  switch (style) {
    case Style.Static:
      return theme.staticFill;
    case Style.Kinematic:
      return theme.kinematicFill;
    case Style.Sleeping:
      return theme.sleepingFill;
    case Style.Bomb:
      return theme.bombFill;
    case Style.Sensor:
      return theme.sensorFill;
    case Style.SensorActive:
      return theme.sensorActiveFill;
    default:
      return paletteFills[style - Style.Palette];
  }
}

function strokeOf(style: number): string {
  switch (style) {
    case Style.Static:
      return theme.staticStroke;
    case Style.Kinematic:
      return theme.kinematicStroke;
    case Style.Sleeping:
      return theme.sleepingStroke;
    case Style.Bomb:
      return theme.bombStroke;
    case Style.Sensor:
      return theme.sensorStroke;
    case Style.SensorActive:
      return theme.sensorActiveStroke;
    default:
      return theme.palette[style - Style.Palette];
  }
}

/** Adds the outline of every shape of `body` to the current path. */
function traceBody(ctx: CanvasRenderingContext2D, camera: Camera, body: Body): void {
  if (body.shapes.length === 1 && body.width > 0) {
    traceBox(ctx, camera, body);
    return;
  }
  for (const shape of body.shapes) traceShape(ctx, camera, body, shape.geometry);
}

/** Adds the outline of `body`'s box to the current path. */
function traceBox(ctx: CanvasRenderingContext2D, camera: Camera, body: Body): void {
  const c = Math.cos(body.angle);
  const s = Math.sin(body.angle);
  const hw = 0.5 * body.width;
  const hh = 0.5 * body.height;
  const x = body.position.x;
  const y = body.position.y;
  // Corners counter-clockwise from (+hw, +hh) in the body frame.
  ctx.moveTo(camera.toScreenX(x + c * hw - s * hh), camera.toScreenY(y + s * hw + c * hh));
  ctx.lineTo(camera.toScreenX(x - c * hw - s * hh), camera.toScreenY(y - s * hw + c * hh));
  ctx.lineTo(camera.toScreenX(x - c * hw + s * hh), camera.toScreenY(y - s * hw - c * hh));
  ctx.lineTo(camera.toScreenX(x + c * hw + s * hh), camera.toScreenY(y + s * hw - c * hh));
  ctx.closePath();
}

/** A shape's geometry in its body's frame. */
type Shape = BodyShape['geometry'];

/**
 * Adds the outline of one shape (body frame) to the current path: a polygon for boxes and polygons,
 * arcs for circles (with a line from the centre, to show the turn) and capsules. The screen's y
 * points down, so a world angle `a` is the canvas angle `-a`.
 */
function traceShape(ctx: CanvasRenderingContext2D, camera: Camera, body: Body, g: Shape): void {
  const angle = body.angle;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const px = body.position.x;
  const py = body.position.y;
  const sx = (lx: number, ly: number): number => camera.toScreenX(px + c * lx - s * ly);
  const sy = (lx: number, ly: number): number => camera.toScreenY(py + s * lx + c * ly);
  switch (g.type) {
    case 'box': {
      const ox = g.offset?.x ?? 0;
      const oy = g.offset?.y ?? 0;
      const bc = Math.cos(g.angle ?? 0);
      const bs = Math.sin(g.angle ?? 0);
      const hw = 0.5 * g.width;
      const hh = 0.5 * g.height;
      ctx.moveTo(
        sx(ox + bc * hw - bs * hh, oy + bs * hw + bc * hh),
        sy(ox + bc * hw - bs * hh, oy + bs * hw + bc * hh),
      );
      for (const [x, y] of [
        [-hw, hh],
        [-hw, -hh],
        [hw, -hh],
      ]) {
        ctx.lineTo(
          sx(ox + bc * x - bs * y, oy + bs * x + bc * y),
          sy(ox + bc * x - bs * y, oy + bs * x + bc * y),
        );
      }
      break;
    }
    case 'polygon':
      ctx.moveTo(sx(g.vertices[0].x, g.vertices[0].y), sy(g.vertices[0].x, g.vertices[0].y));
      for (let i = 1; i < g.vertices.length; i++)
        ctx.lineTo(sx(g.vertices[i].x, g.vertices[i].y), sy(g.vertices[i].x, g.vertices[i].y));
      break;
    case 'circle': {
      const cx = g.center?.x ?? 0;
      const cy = g.center?.y ?? 0;
      const x = sx(cx, cy);
      const y = sy(cx, cy);
      ctx.moveTo(sx(cx + g.radius, cy), sy(cx + g.radius, cy));
      ctx.arc(x, y, g.radius * camera.scale, -angle, -angle - 2 * Math.PI, true);
      ctx.lineTo(x, y);
      break;
    }
    case 'segment':
    case 'chainSegment':
      ctx.moveTo(sx(g.point1.x, g.point1.y), sy(g.point1.x, g.point1.y));
      ctx.lineTo(sx(g.point2.x, g.point2.y), sy(g.point2.x, g.point2.y));
      break;
    default: {
      // Half circles about each end, joined by the sides (closePath draws the last one).
      const base = angle + Math.atan2(g.center2.y - g.center1.y, g.center2.x - g.center1.x);
      const r = g.radius * camera.scale;
      ctx.moveTo(
        sx(g.center2.x, g.center2.y) + r * Math.sin(base),
        sy(g.center2.x, g.center2.y) + r * Math.cos(base),
      );
      ctx.arc(
        sx(g.center2.x, g.center2.y),
        sy(g.center2.x, g.center2.y),
        r,
        Math.PI / 2 - base,
        -Math.PI / 2 - base,
        true,
      );
      ctx.arc(
        sx(g.center1.x, g.center1.y),
        sy(g.center1.x, g.center1.y),
        r,
        -Math.PI / 2 - base,
        -1.5 * Math.PI - base,
        true,
      );
    }
  }
  ctx.closePath();
}

/** The radius of a circle about the body's origin that holds all its shapes, m. */
export function boundingRadius(body: Body): number {
  if (body.shapes.length === 1 && body.width > 0) return 0.5 * Math.hypot(body.width, body.height);
  let r = 0;
  for (const shape of body.shapes) {
    const g = shape.geometry;
    switch (g.type) {
      case 'box':
        r = Math.max(r, Math.hypot(g.offset?.x ?? 0, g.offset?.y ?? 0) + 0.5 * Math.hypot(g.width, g.height));
        break;
      case 'polygon':
        for (const v of g.vertices) r = Math.max(r, Math.hypot(v.x, v.y) + (g.radius ?? 0));
        break;
      case 'circle':
        r = Math.max(r, Math.hypot(g.center?.x ?? 0, g.center?.y ?? 0) + g.radius);
        break;
      case 'segment':
      case 'chainSegment':
        r = Math.max(r, Math.hypot(g.point1.x, g.point1.y), Math.hypot(g.point2.x, g.point2.y));
        break;
      default:
        r = Math.max(
          r,
          Math.hypot(g.center1.x, g.center1.y) + g.radius,
          Math.hypot(g.center2.x, g.center2.y) + g.radius,
        );
    }
  }
  return r;
}

/** Grid lines every 1, 5, 10, ... metres, whichever keeps them at least ~24 px apart. */
function drawGrid(ctx: CanvasRenderingContext2D, camera: Camera): void {
  const scale = camera.scale;
  let spacing = 1;
  while (spacing * scale < 24) spacing *= spacing % 2 === 0 || spacing === 1 ? 5 : 2;
  const left = camera.viewLeft;
  const right = left + camera.viewWidth;
  const top = camera.viewTop;
  const bottom = top + camera.viewHeight;
  const minX = camera.centerX - (0.5 * camera.viewWidth) / scale;
  const maxX = camera.centerX + (0.5 * camera.viewWidth) / scale;
  const minY = camera.centerY - (0.5 * camera.viewHeight) / scale;
  const maxY = camera.centerY + (0.5 * camera.viewHeight) / scale;
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.grid;
  ctx.beginPath();
  for (let x = Math.ceil(minX / spacing) * spacing; x <= maxX; x += spacing) {
    const sx = Math.round(camera.toScreenX(x)) + 0.5;
    ctx.moveTo(sx, top);
    ctx.lineTo(sx, bottom);
  }
  for (let y = Math.ceil(minY / spacing) * spacing; y <= maxY; y += spacing) {
    const sy = Math.round(camera.toScreenY(y)) + 0.5;
    ctx.moveTo(left, sy);
    ctx.lineTo(right, sy);
  }
  ctx.stroke();
  ctx.strokeStyle = theme.axis;
  ctx.beginPath();
  if (minX <= 0 && maxX >= 0) {
    const sx = Math.round(camera.toScreenX(0)) + 0.5;
    ctx.moveTo(sx, top);
    ctx.lineTo(sx, bottom);
  }
  if (minY <= 0 && maxY >= 0) {
    const sy = Math.round(camera.toScreenY(0)) + 0.5;
    ctx.moveTo(left, sy);
    ctx.lineTo(right, sy);
  }
  ctx.stroke();
}

/** Each style's colour as `drawWorld` gets it (its stroke colour, which no two styles share). */
const styleColors = Array.from({ length: styleCount }, (_, style) =>
  Number.parseInt(strokeOf(style).slice(1), 16),
);

/** The batches in painting order: the styles, then the bounding boxes (outlines only). */
const batchStyles: BatchStyle[] = [
  ...styleColors.map((color, style) => ({ color, fill: fillOf(style), stroke: strokeOf(style) })),
  { color: DebugColor.aabb, fill: null, stroke: theme.aabb },
];

const batch = new ShapeBatch();

/**
 * The bodies in the view through `drawWorld`, each shape in its body's style, with the bounding box
 * and frame layers; batched by style ({@link ShapeBatch}). `only`: just that body.
 */
function drawBodies(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  world: World,
  layers: DrawLayers,
  only?: Body,
) {
  const halfWidth = (0.5 * camera.viewWidth) / camera.scale;
  const halfHeight = (0.5 * camera.viewHeight) / camera.scale;
  drawWorld(world, batch, {
    joints: false,
    aabbs: only === undefined && layers.aabbs,
    transforms: only === undefined && layers.centers,
    // The dragged body is drawn wherever it is, even out of its pane.
    ...(only === undefined
      ? {
          bounds: {
            minX: camera.centerX - halfWidth,
            minY: camera.centerY - halfHeight,
            maxX: camera.centerX + halfWidth,
            maxY: camera.centerY + halfHeight,
          },
        }
      : {}),
    shapeColor: (shape: BodyShape) =>
      only === undefined || shape.body === only ? styleColors[styleOf(shape.body, layers)] : -1,
  });
  batch.flush(ctx, camera, batchStyles, Math.min(2, Math.max(0.75, 0.04 * camera.scale)), theme.center);
}

/** World x of the anchor at (`lx`, `ly`) in `body`'s frame. */
function anchorX(body: Body, lx: number, ly: number): number {
  return body.position.x + Math.cos(body.angle) * lx - Math.sin(body.angle) * ly;
}

/** World y of the anchor at (`lx`, `ly`) in `body`'s frame. */
function anchorY(body: Body, lx: number, ly: number): number {
  return body.position.y + Math.sin(body.angle) * lx + Math.cos(body.angle) * ly;
}

/** A zig-zag from (x0, y0) to (x1, y1) in screen px: a soft joint drawn as a spring. */
function traceSpring(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number): void {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const length = Math.hypot(dx, dy);
  if (length < 1) return;
  const turns = 8;
  const width = Math.min(6, 0.15 * length);
  const nx = -dy / length;
  const ny = dx / length;
  ctx.moveTo(x0, y0);
  for (let i = 1; i < 2 * turns; i++) {
    const t = i / (2 * turns);
    const side = i % 2 === 0 ? -width : width;
    ctx.lineTo(x0 + dx * t + nx * side, y0 + dy * t + ny * side);
  }
  ctx.lineTo(x1, y1);
}

function drawJoints(ctx: CanvasRenderingContext2D, camera: Camera, pane: Pane, layers: DrawLayers): void {
  const world = pane.world;
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = theme.joint;
  ctx.fillStyle = theme.joint;
  const dot = Math.max(2, Math.min(4, 0.06 * camera.scale));
  for (const joint of world.joints) {
    if (joint.kind === 2) continue; // the mouse joint is drawn below
    if (!layers.joints) continue;
    const a = joint.bodyA as Body;
    const b = joint.bodyB as Body;
    if (!('localAnchorAX' in joint)) {
      // A motor joint has no anchors: a line from body to body.
      ctx.beginPath();
      ctx.moveTo(camera.toScreenX(a.position.x), camera.toScreenY(a.position.y));
      ctx.lineTo(camera.toScreenX(b.position.x), camera.toScreenY(b.position.y));
      ctx.stroke();
      continue;
    }
    const ax = anchorX(a, joint.localAnchorAX, joint.localAnchorAY);
    const ay = anchorY(a, joint.localAnchorAX, joint.localAnchorAY);
    const bx = anchorX(b, joint.localAnchorBX, joint.localAnchorBY);
    const by = anchorY(b, joint.localAnchorBX, joint.localAnchorBY);
    ctx.beginPath();
    if (joint.kind === 1) {
      // Box2D-Lite's picture of a pin: each moving body's centre to its anchor (a static body's
      // centre can be far away, under the ground: its anchor dot is enough).
      if (a.type !== 'static') {
        ctx.moveTo(camera.toScreenX(a.position.x), camera.toScreenY(a.position.y));
        ctx.lineTo(camera.toScreenX(ax), camera.toScreenY(ay));
      }
      if (b.type !== 'static') {
        ctx.moveTo(camera.toScreenX(b.position.x), camera.toScreenY(b.position.y));
        ctx.lineTo(camera.toScreenX(bx), camera.toScreenY(by));
      }
    } else if ('isSoft' in joint && joint.isSoft()) {
      traceSpring(
        ctx,
        camera.toScreenX(ax),
        camera.toScreenY(ay),
        camera.toScreenX(bx),
        camera.toScreenY(by),
      );
    } else {
      ctx.moveTo(camera.toScreenX(ax), camera.toScreenY(ay));
      ctx.lineTo(camera.toScreenX(bx), camera.toScreenY(by));
    }
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(camera.toScreenX(ax), camera.toScreenY(ay), dot, 0, 2 * Math.PI);
    ctx.moveTo(camera.toScreenX(bx) + dot, camera.toScreenY(by));
    ctx.arc(camera.toScreenX(bx), camera.toScreenY(by), dot, 0, 2 * Math.PI);
    ctx.fill();
  }
  const mouse = pane.mouseJoint;
  if (mouse) {
    const body = mouse.body as Body;
    const px = camera.toScreenX(anchorX(body, mouse.localAnchorX, mouse.localAnchorY));
    const py = camera.toScreenY(anchorY(body, mouse.localAnchorX, mouse.localAnchorY));
    const tx = camera.toScreenX(mouse.targetX);
    const ty = camera.toScreenY(mouse.targetY);
    ctx.strokeStyle = theme.mouse;
    ctx.fillStyle = theme.mouse;
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.moveTo(px, py);
    ctx.lineTo(tx, ty);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.arc(px, py, 3, 0, 2 * Math.PI);
    ctx.moveTo(tx + 4, ty);
    ctx.arc(tx, ty, 4, 0, 2 * Math.PI);
    ctx.fill();
  }
}

/** Force → drawn length: the log keeps 1 kg and 200 kg boxes both readable (m per log2 of N / 10). */
function impulseLength(impulse: number, dt: number): number {
  const force = Math.abs(impulse) / dt;
  return 0.2 * Math.log2(1 + force / 10) * Math.sign(impulse);
}

function drawContacts(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  pane: Pane,
  layers: DrawLayers,
  dt: number,
) {
  const normalLength = 0.4;
  const size = 3;
  for (const contact of pane.world.contacts) {
    const nx = contact.normalX;
    const ny = contact.normalY;
    for (let i = 0; i < contact.pointCount; i++) {
      const point = contact.points[i];
      const sx = camera.toScreenX(point.x);
      const sy = camera.toScreenY(point.y);
      if (!camera.containsScreen(sx, sy)) continue;
      if (layers.impulses) {
        const ln = impulseLength(point.normalImpulse, dt);
        const lt = impulseLength(point.tangentImpulse, dt);
        ctx.lineWidth = 2;
        ctx.strokeStyle = theme.normalImpulse;
        ctx.beginPath();
        ctx.moveTo(sx, sy);
        ctx.lineTo(camera.toScreenX(point.x + ln * nx), camera.toScreenY(point.y + ln * ny));
        ctx.stroke();
        // Tangent t = cross(n, 1) = (n.y, -n.x).
        ctx.strokeStyle = theme.frictionImpulse;
        ctx.beginPath();
        ctx.moveTo(sx, sy);
        ctx.lineTo(camera.toScreenX(point.x + lt * ny), camera.toScreenY(point.y - lt * nx));
        ctx.stroke();
      }
      if (layers.contacts) {
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = theme.contactNormal;
        ctx.beginPath();
        ctx.moveTo(sx, sy);
        ctx.lineTo(
          camera.toScreenX(point.x + normalLength * nx),
          camera.toScreenY(point.y + normalLength * ny),
        );
        ctx.stroke();
        ctx.fillStyle = theme.contactPoint;
        ctx.fillRect(sx - size, sy - size, 2 * size, 2 * size);
      }
    }
  }
}

/** The pane's caption as a badge in its top-right corner (the top-left holds the numbers). */
function drawLabel(ctx: CanvasRenderingContext2D, camera: Camera, label: string): void {
  ctx.font = '600 13px system-ui, -apple-system, "Segoe UI", sans-serif';
  const width = ctx.measureText(label).width + 20;
  const height = 24;
  const x = camera.viewLeft + camera.viewWidth - width - 12;
  const y = camera.viewTop + 12;
  ctx.fillStyle = theme.labelFill;
  ctx.strokeStyle = theme.divider;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, 6);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = theme.text;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, x + 0.5 * width, y + 0.5 * height + 0.5);
}

/**
 * Draws one pane: grid, bodies, the enabled debug layers, then its game parts (`src/game-draw.ts`),
 * clipped to the camera's viewport.
 * `dt` converts impulses to forces for the impulse layer.
 */
export function drawPane(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  pane: Pane,
  layers: DrawLayers,
  dt: number,
): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(camera.viewLeft, camera.viewTop, camera.viewWidth, camera.viewHeight);
  ctx.clip();
  drawGrid(ctx, camera);
  if (layers.islands) islands.build(pane);
  drawBodies(ctx, camera, pane.world, layers);
  drawJoints(ctx, camera, pane, layers);
  if (layers.contacts || layers.impulses) drawContacts(ctx, camera, pane, layers, dt);
  drawGame(ctx, camera, pane.world);
  if (pane.label) drawLabel(ctx, camera, pane.label);
  ctx.restore();
}

/**
 * Draws the body `pane` is dragging, and its mouse joint, without the pane's clip: a body pulled
 * across the divider of a comparison stays visible over the other pane (its own world still holds
 * it; it only leaves its pane's part of the canvas).
 */
export function drawDragged(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  pane: Pane,
  layers: DrawLayers,
): void {
  const joint = pane.mouseJoint;
  if (!joint) return;
  const body = joint.body;
  if (!pane.world.bodies.includes(body)) return;
  ctx.save();
  drawBodies(ctx, camera, pane.world, layers, body);
  ctx.restore();
}

/**
 * The pointer's query tool: a ray cast from a to b, a circle cast from a to b (every hit), or the
 * shapes overlapping the box a–b.
 */
export interface Probe {
  kind: 'ray' | 'cast' | 'overlap';
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

/**
 * Runs `probe` against `world` and draws it: the ray (dashed), up to its first hit with the point
 * and the surface normal; the cast circle's path and the circle at each hit (`castShapeAll`), with
 * its point and normal; or the box and the outline of every body with a shape in it
 * (`overlapShape`). Returns the ids of the bodies hit (none for a ray or a box of zero size).
 */
export function drawProbe(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  world: World,
  probe: Probe,
): number[] {
  const { ax, ay, bx, by } = probe;
  const x0 = camera.toScreenX(ax);
  const y0 = camera.toScreenY(ay);
  const x1 = camera.toScreenX(bx);
  const y1 = camera.toScreenY(by);
  ctx.save();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = theme.mouse;
  ctx.fillStyle = theme.contactPoint;
  const hits: number[] = [];
  if (probe.kind === 'ray') {
    const hit = ax === bx && ay === by ? null : world.rayCast({ x: ax, y: ay }, { x: bx, y: by });
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
    ctx.setLineDash([]);
    if (hit) {
      hits.push(hit.body.id);
      drawHit(ctx, camera, hit.point, hit.normal);
    }
  } else if (probe.kind === 'cast') {
    const tx = bx - ax;
    const ty = by - ay;
    const r = CAST_RADIUS;
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.arc(x1, y1, r * camera.scale, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
    if (tx !== 0 || ty !== 0) {
      for (const hit of castShapeAll(
        world,
        { type: 'circle', radius: r },
        { x: ax, y: ay },
        { x: tx, y: ty },
      )) {
        if (!hits.includes(hit.body.id)) hits.push(hit.body.id);
        ctx.strokeStyle = theme.mouse;
        ctx.beginPath();
        const cx = camera.toScreenX(ax + hit.fraction * tx);
        const cy = camera.toScreenY(ay + hit.fraction * ty);
        ctx.moveTo(cx + r * camera.scale, cy);
        ctx.arc(cx, cy, r * camera.scale, 0, 2 * Math.PI);
        ctx.stroke();
        drawHit(ctx, camera, hit.point, hit.normal);
      }
    }
  } else {
    const bounds = {
      minX: Math.min(ax, bx),
      minY: Math.min(ay, by),
      maxX: Math.max(ax, bx),
      maxY: Math.max(ay, by),
    };
    ctx.strokeRect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
    if (bounds.minX < bounds.maxX && bounds.minY < bounds.maxY) {
      ctx.strokeStyle = theme.contactPoint;
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      const box = {
        type: 'box' as const,
        width: bounds.maxX - bounds.minX,
        height: bounds.maxY - bounds.minY,
      };
      const centre = { x: 0.5 * (bounds.minX + bounds.maxX), y: 0.5 * (bounds.minY + bounds.maxY) };
      for (const shape of overlapShape(world, box, centre)) {
        if (hits.includes(shape.body.id)) continue;
        hits.push(shape.body.id);
        traceBody(ctx, camera, shape.body);
      }
      ctx.stroke();
    }
  }
  ctx.restore();
  return hits;
}

/** The radius of the circle the cast tool sweeps, m. */
const CAST_RADIUS = 0.25;

/** Draws a query's hit: the point and the surface normal from it. */
function drawHit(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  point: { x: number; y: number },
  normal: { x: number; y: number },
): void {
  const hx = camera.toScreenX(point.x);
  const hy = camera.toScreenY(point.y);
  ctx.strokeStyle = theme.contactNormal;
  ctx.beginPath();
  ctx.moveTo(hx, hy);
  ctx.lineTo(camera.toScreenX(point.x + 0.5 * normal.x), camera.toScreenY(point.y + 0.5 * normal.y));
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(hx, hy, 4, 0, 2 * Math.PI);
  ctx.fill();
}
