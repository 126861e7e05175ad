import type { DebugDraw } from '@lite/world';

/**
 * The part of a Canvas 2D context {@link CanvasDraw} uses: a browser's `CanvasRenderingContext2D`
 * or `OffscreenCanvasRenderingContext2D` fits, as does any object with these members.
 */
export interface Canvas2D {
  /** Fill colour, as a CSS colour. */
  fillStyle: unknown;
  /** Stroke colour, as a CSS colour. */
  strokeStyle: unknown;
  /** Stroke width, px. */
  lineWidth: number;
  /** How stroked corners join. */
  lineJoin: string;
  /** Opacity of what is drawn next, 0 to 1. */
  globalAlpha: number;
  /** Starts a path. */
  beginPath(): void;
  /** Starts a sub-path at (x, y). */
  moveTo(x: number, y: number): void;
  /** A line to (x, y). */
  lineTo(x: number, y: number): void;
  /** An arc about (x, y). */
  arc(
    x: number,
    y: number,
    radius: number,
    startAngle: number,
    endAngle: number,
    counterclockwise?: boolean,
  ): void;
  /** Closes the sub-path. */
  closePath(): void;
  /** Fills the path. */
  fill(): void;
  /** Strokes the path. */
  stroke(): void;
  /** Fills a rectangle. */
  fillRect(x: number, y: number, width: number, height: number): void;
}

/** What {@link CanvasDraw} takes; each can be changed later on the drawer (a camera moves them). */
export interface CanvasDrawOptions {
  /** Pixels a metre (> 0, default 50). */
  scale?: number;
  /** Canvas x of the world origin, px (default 0). */
  originX?: number;
  /** Canvas y of the world origin, px (default 0); the world's y axis points up, the canvas's down. */
  originY?: number;
  /** Outline width, px (default 1). */
  lineWidth?: number;
  /** Opacity of the fills, 0 to 1 (default 0.5; outlines are opaque). */
  fillAlpha?: number;
}

/**
 * A debug drawer for `drawWorld` (from `@lite/world`) on a Canvas 2D context: shapes filled at
 * `fillAlpha` and outlined, rounded polygons and capsules exactly (a polygon stroked with round
 * joins is its rounded form), circles with a radius line that shows their spin.
 *
 * ```ts
 * const draw = new CanvasDraw(canvas.getContext('2d')!, { scale: 40, originX: 400, originY: 500 });
 * drawWorld(world, draw, { contacts: true });
 * ```
 */
export class CanvasDraw implements DebugDraw {
  /** Pixels a metre. */
  scale: number;
  /** Canvas x of the world origin, px. */
  originX: number;
  /** Canvas y of the world origin, px. */
  originY: number;
  /** Outline width, px. */
  lineWidth: number;
  /** Opacity of the fills. */
  fillAlpha: number;

  /**
   * @param ctx - the context to draw on
   * @param options - scale, origin and style (see {@link CanvasDrawOptions})
   * @throws RangeError naming the option, when `scale`, `lineWidth` or `fillAlpha` is out of range
   */
  constructor(
    readonly ctx: Canvas2D,
    options: CanvasDrawOptions = {},
  ) {
    this.scale = options.scale ?? 50;
    this.originX = options.originX ?? 0;
    this.originY = options.originY ?? 0;
    this.lineWidth = options.lineWidth ?? 1;
    this.fillAlpha = options.fillAlpha ?? 0.5;
    const check = (name: string, value: number, ok: boolean) => {
      if (!ok) throw new RangeError(`options.${name} = ${value}: out of range`);
    };
    check('scale', this.scale, Number.isFinite(this.scale) && this.scale > 0);
    check('originX', this.originX, Number.isFinite(this.originX));
    check('originY', this.originY, Number.isFinite(this.originY));
    check('lineWidth', this.lineWidth, Number.isFinite(this.lineWidth) && this.lineWidth >= 0);
    check('fillAlpha', this.fillAlpha, this.fillAlpha >= 0 && this.fillAlpha <= 1);
  }

  /** Canvas x of world x. */
  toCanvasX(x: number): number {
    return this.originX + this.scale * x;
  }

  /** Canvas y of world y. */
  toCanvasY(y: number): number {
    return this.originY - this.scale * y;
  }

  /** {@inheritDoc @lite/world!DebugDraw.drawPolygon} */
  drawPolygon(vertices: Float64Array, count: number, radius: number, color: number): void {
    const ctx = this.ctx;
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      const x = this.toCanvasX(vertices[2 * i]);
      const y = this.toCanvasY(vertices[2 * i + 1]);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.closePath();
    if (radius > 0) {
      // The core stroked 2r wide with round joins, then filled, is the rounded polygon.
      ctx.lineJoin = 'round';
      this.paint(color, 2 * radius * this.scale);
      ctx.lineJoin = 'miter';
    } else {
      this.paint(color, 0);
    }
  }

  /** {@inheritDoc @lite/world!DebugDraw.drawCircle} */
  drawCircle(x: number, y: number, radius: number, angle: number, color: number): void {
    const ctx = this.ctx;
    const cx = this.toCanvasX(x);
    const cy = this.toCanvasY(y);
    ctx.beginPath();
    ctx.arc(cx, cy, radius * this.scale, 0, 2 * Math.PI);
    this.paint(color, 0);
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(cx + radius * this.scale * Math.cos(angle), cy - radius * this.scale * Math.sin(angle));
    ctx.stroke();
  }

  /** {@inheritDoc @lite/world!DebugDraw.drawCapsule} */
  drawCapsule(x1: number, y1: number, x2: number, y2: number, radius: number, color: number): void {
    const ctx = this.ctx;
    const ax = this.toCanvasX(x1);
    const ay = this.toCanvasY(y1);
    const bx = this.toCanvasX(x2);
    const by = this.toCanvasY(y2);
    const r = radius * this.scale;
    // The direction from a to b on the canvas; each cap is the half circle facing away from the other.
    const angle = Math.atan2(by - ay, bx - ax);
    ctx.beginPath();
    ctx.arc(bx, by, r, angle - Math.PI / 2, angle + Math.PI / 2);
    ctx.arc(ax, ay, r, angle + Math.PI / 2, angle + (3 * Math.PI) / 2);
    ctx.closePath();
    this.paint(color, 0);
  }

  /** {@inheritDoc @lite/world!DebugDraw.drawSegment} */
  drawSegment(x1: number, y1: number, x2: number, y2: number, color: number): void {
    const ctx = this.ctx;
    ctx.strokeStyle = css(color);
    ctx.lineWidth = this.lineWidth;
    ctx.beginPath();
    ctx.moveTo(this.toCanvasX(x1), this.toCanvasY(y1));
    ctx.lineTo(this.toCanvasX(x2), this.toCanvasY(y2));
    ctx.stroke();
  }

  /** {@inheritDoc @lite/world!DebugDraw.drawPoint} */
  drawPoint(x: number, y: number, size: number, color: number): void {
    this.ctx.fillStyle = css(color);
    this.ctx.fillRect(this.toCanvasX(x) - size / 2, this.toCanvasY(y) - size / 2, size, size);
  }

  /** A body frame at (`x`, `y`) turned by `angle`: axes 0.5 m long, x red, y green. */
  drawTransform(x: number, y: number, angle: number): void {
    const c = 0.5 * Math.cos(angle);
    const s = 0.5 * Math.sin(angle);
    this.drawSegment(x, y, x + c, y + s, 0xe04040);
    this.drawSegment(x, y, x - s, y + c, 0x40c040);
  }

  /** Fills the current path at `fillAlpha` and strokes it opaque; `width` > 0 also strokes the fill that wide. */
  private paint(color: number, width: number): void {
    const ctx = this.ctx;
    const style = css(color);
    ctx.fillStyle = style;
    ctx.strokeStyle = style;
    ctx.globalAlpha = this.fillAlpha;
    if (width > 0) {
      ctx.lineWidth = width;
      ctx.stroke();
    }
    ctx.fill();
    ctx.globalAlpha = 1;
    if (width === 0) {
      ctx.lineWidth = this.lineWidth;
      ctx.stroke();
    }
  }
}

/** `#rrggbb` of a 0xRRGGBB colour. */
function css(color: number): string {
  return `#${(color & 0xffffff).toString(16).padStart(6, '0')}`;
}
