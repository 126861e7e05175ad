import type { Vec2Like } from '@lite/math';

/**
 * Maps world metres (y up) to CSS pixels (y down) for one viewport of the canvas: the world point
 * (`centerX`, `centerY`) sits at the viewport's centre and `height` metres fill its height.
 */
export class Camera {
  /** World x at the viewport's centre, m. */
  centerX: number;
  /** World y at the viewport's centre, m. */
  centerY: number;
  /** Visible world height, m. */
  height: number;
  /** Viewport left edge, CSS px. */
  viewLeft: number;
  /** Viewport top edge, CSS px. */
  viewTop: number;
  /** Viewport width, CSS px. */
  viewWidth: number;
  /** Viewport height, CSS px. */
  viewHeight: number;

  constructor(centerX = 0, centerY = 0, height = 20) {
    this.centerX = centerX;
    this.centerY = centerY;
    this.height = height;
    this.viewLeft = 0;
    this.viewTop = 0;
    this.viewWidth = 1;
    this.viewHeight = 1;
  }

  /** CSS pixels per metre. */
  get scale(): number {
    return this.viewHeight / this.height;
  }

  /** Sets the viewport rectangle, CSS px. */
  setViewport(left: number, top: number, width: number, height: number): void {
    this.viewLeft = left;
    this.viewTop = top;
    this.viewWidth = Math.max(1, width);
    this.viewHeight = Math.max(1, height);
  }

  /** Copies another camera's centre, height and viewport. */
  copy(other: Camera): this {
    this.centerX = other.centerX;
    this.centerY = other.centerY;
    this.height = other.height;
    this.setViewport(other.viewLeft, other.viewTop, other.viewWidth, other.viewHeight);
    return this;
  }

  /** Screen x (CSS px) of world x. */
  toScreenX(x: number): number {
    return this.viewLeft + 0.5 * this.viewWidth + (x - this.centerX) * this.scale;
  }

  /** Screen y (CSS px) of world y. */
  toScreenY(y: number): number {
    return this.viewTop + 0.5 * this.viewHeight - (y - this.centerY) * this.scale;
  }

  /** The world point under the screen point (`sx`, `sy`) (CSS px), written into `out`. */
  toWorld<T extends Vec2Like>(out: T, sx: number, sy: number): T {
    const scale = this.scale;
    out.x = this.centerX + (sx - this.viewLeft - 0.5 * this.viewWidth) / scale;
    out.y = this.centerY - (sy - this.viewTop - 0.5 * this.viewHeight) / scale;
    return out;
  }

  /** Whether the screen point (`sx`, `sy`) lies inside the viewport. */
  containsScreen(sx: number, sy: number): boolean {
    return (
      sx >= this.viewLeft &&
      sx < this.viewLeft + this.viewWidth &&
      sy >= this.viewTop &&
      sy < this.viewTop + this.viewHeight
    );
  }

  /** Moves the view by a drag of (`dx`, `dy`) CSS px: the world follows the pointer. */
  panBy(dx: number, dy: number): void {
    const scale = this.scale;
    this.centerX -= dx / scale;
    this.centerY += dy / scale;
  }

  /**
   * Zooms in by `factor` (> 1 zooms in) keeping the world point under (`sx`, `sy`) fixed on screen.
   * The visible height stays within [`minHeight`, `maxHeight`] metres.
   */
  zoomAt(factor: number, sx: number, sy: number, minHeight = 0.5, maxHeight = 2000): void {
    if (!(Number.isFinite(factor) && factor > 0)) return;
    const anchor = this.toWorld({ x: 0, y: 0 }, sx, sy);
    this.height = Math.min(maxHeight, Math.max(minHeight, this.height / factor));
    const scale = this.scale;
    this.centerX = anchor.x - (sx - this.viewLeft - 0.5 * this.viewWidth) / scale;
    this.centerY = anchor.y + (sy - this.viewTop - 0.5 * this.viewHeight) / scale;
  }
}
