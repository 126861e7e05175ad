import type { DebugDraw } from '@lite/world';
import type { Camera } from './camera';

/** How a colour's batch is painted: its fill (null: outlines only) and stroke. */
export interface BatchStyle {
  /** The 0xRRGGBB colour `drawWorld` gives the shapes of this batch. */
  color: number;
  /** Fill, a CSS colour, or null for outlines only. */
  fill: string | null;
  /** Stroke, a CSS colour. */
  stroke: string;
}

const POLYGON = 0;
const CIRCLE = 1;
const CAPSULE = 2;
const SEGMENT = 3;

/**
 * The most shapes in one canvas path: the browser's rasteriser fills a path of thousands of scattered
 * shapes at about half the speed of the same shapes in paths of a few dozen (measured in Chromium's
 * software canvas), and a few hundred fill and stroke calls a frame cost little.
 */
const PATH_SHAPES = 16;

/** One colour's queued primitives: an opcode then its numbers, world coordinates. */
class Queue {
  data = new Float64Array(256);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(2 * this.data.length);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/**
 * A `DebugDraw` for `drawWorld` that queues what it is given by colour and paints each colour in
 * canvas paths of up to {@link PATH_SHAPES} shapes at {@link ShapeBatch.flush}: a few hundred fills
 * and strokes a frame at most instead of one per shape (thousands of bodies stay cheap to draw). The
 * queues are kept across frames.
 */
export class ShapeBatch implements DebugDraw {
  private readonly queues = new Map<number, Queue>();
  private readonly frames = new Queue();

  private queue(color: number): Queue {
    let queue = this.queues.get(color);
    if (!queue) {
      queue = new Queue();
      this.queues.set(color, queue);
    }
    return queue;
  }

  drawPolygon(vertices: Float64Array, count: number, _radius: number, color: number): void {
    const q = this.queue(color);
    q.push(POLYGON);
    q.push(count);
    for (let i = 0; i < 2 * count; i++) q.push(vertices[i]);
  }

  drawCircle(x: number, y: number, radius: number, angle: number, color: number): void {
    const q = this.queue(color);
    q.push(CIRCLE);
    q.push(x);
    q.push(y);
    q.push(radius);
    q.push(angle);
  }

  drawCapsule(x1: number, y1: number, x2: number, y2: number, radius: number, color: number): void {
    const q = this.queue(color);
    q.push(CAPSULE);
    q.push(x1);
    q.push(y1);
    q.push(x2);
    q.push(y2);
    q.push(radius);
  }

  drawSegment(x1: number, y1: number, x2: number, y2: number, color: number): void {
    const q = this.queue(color);
    q.push(SEGMENT);
    q.push(x1);
    q.push(y1);
    q.push(x2);
    q.push(y2);
  }

  /** Points are not batched: nothing the testbed asks `drawWorld` for draws them. */
  drawPoint(): void {}

  drawTransform(x: number, y: number, angle: number): void {
    this.frames.push(x);
    this.frames.push(y);
    this.frames.push(angle);
  }

  /**
   * Paints the queued colours in `styles`' order (a colour not in it is dropped), then the body
   * frames in `frameStroke` (axes `axis` m long), and empties the queues.
   */
  flush(
    ctx: CanvasRenderingContext2D,
    camera: Camera,
    styles: readonly BatchStyle[],
    lineWidth: number,
    frameStroke: string,
    axis = 0.3,
  ): void {
    ctx.lineJoin = 'round';
    for (const style of styles) {
      const queue = this.queues.get(style.color);
      if (!queue || queue.length === 0) continue;
      ctx.lineWidth = style.fill === null ? 1 : lineWidth;
      if (style.fill !== null) ctx.fillStyle = style.fill;
      ctx.strokeStyle = style.stroke;
      for (let at = 0; at < queue.length; ) {
        ctx.beginPath();
        at = trace(ctx, camera, queue, at, PATH_SHAPES);
        if (style.fill !== null) ctx.fill();
        ctx.stroke();
      }
    }
    for (const queue of this.queues.values()) queue.length = 0;
    const f = this.frames;
    if (f.length === 0) return;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let i = 0; i < f.length; i += 3) {
      const x = f.data[i];
      const y = f.data[i + 1];
      const c = Math.cos(f.data[i + 2]);
      const s = Math.sin(f.data[i + 2]);
      const sx = camera.toScreenX(x);
      const sy = camera.toScreenY(y);
      ctx.moveTo(sx, sy);
      ctx.lineTo(camera.toScreenX(x + axis * c), camera.toScreenY(y + axis * s));
      ctx.moveTo(sx, sy);
      ctx.lineTo(camera.toScreenX(x - axis * s), camera.toScreenY(y + axis * c));
    }
    ctx.strokeStyle = frameStroke;
    ctx.stroke();
    f.length = 0;
  }
}

/**
 * Adds a queue's primitives to the current path: polygons closed, circles as an arc with a line
 * from the centre (so the turn shows), capsules as two half circles joined by their sides. The
 * screen's y points down, so a world angle `a` is the canvas angle `-a`.
 */
function trace(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  queue: Queue,
  from: number,
  most: number,
): number {
  const d = queue.data;
  const x = (wx: number) => camera.toScreenX(wx);
  const y = (wy: number) => camera.toScreenY(wy);
  let i = from;
  for (let shapes = 0; shapes < most && i < queue.length; shapes++) {
    const op = d[i++];
    if (op === POLYGON) {
      const count = d[i++];
      ctx.moveTo(x(d[i]), y(d[i + 1]));
      for (let k = 1; k < count; k++) ctx.lineTo(x(d[i + 2 * k]), y(d[i + 2 * k + 1]));
      ctx.closePath();
      i += 2 * count;
    } else if (op === CIRCLE) {
      const cx = x(d[i]);
      const cy = y(d[i + 1]);
      const r = d[i + 2] * camera.scale;
      const angle = d[i + 3];
      ctx.moveTo(cx + r * Math.cos(angle), cy - r * Math.sin(angle));
      ctx.arc(cx, cy, r, -angle, -angle - 2 * Math.PI, true);
      ctx.lineTo(cx, cy);
      ctx.closePath();
      i += 4;
    } else if (op === CAPSULE) {
      const ax = x(d[i]);
      const ay = y(d[i + 1]);
      const bx = x(d[i + 2]);
      const by = y(d[i + 3]);
      const r = d[i + 4] * camera.scale;
      // The direction from a to b on the screen; each cap is the half circle facing away from the other.
      const base = Math.atan2(by - ay, bx - ax);
      ctx.moveTo(bx + r * Math.cos(base - Math.PI / 2), by + r * Math.sin(base - Math.PI / 2));
      ctx.arc(bx, by, r, base - Math.PI / 2, base + Math.PI / 2);
      ctx.arc(ax, ay, r, base + Math.PI / 2, base + (3 * Math.PI) / 2);
      ctx.closePath();
      i += 5;
    } else {
      ctx.moveTo(x(d[i]), y(d[i + 1]));
      ctx.lineTo(x(d[i + 2]), y(d[i + 3]));
      i += 4;
    }
  }
  return i;
}
