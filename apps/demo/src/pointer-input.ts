/** What the pointer controller asks of the app; coordinates are CSS px relative to the canvas. */
export interface PointerActions {
  /** Tries to grab a body at the point; returns whether one was grabbed. */
  grab(x: number, y: number): boolean;
  /** Moves the grabbed body's target to the point. */
  drag(x: number, y: number): void;
  /** Lets the grabbed body go. */
  release(): void;
  /** Moves the view by a drag of (`dx`, `dy`) px. */
  pan(dx: number, dy: number, x: number, y: number): void;
  /** Zooms by `factor` (> 1 zooms in) about the point. */
  zoom(factor: number, x: number, y: number): void;
}

/**
 * What the pointers are doing; `held`: a drag was ended from outside (the scene was reset or
 * replaced under it) while the pointer stays down: moves do nothing until it is lifted.
 */
type Mode = 'idle' | 'grab' | 'pan' | 'pinch' | 'held';

/**
 * Turns pointer events (mouse, pen and touch alike) and wheel events on the canvas into grab / drag /
 * pan / zoom: a primary press on a body grabs it, on empty space (or with the right or middle button)
 * pans, two fingers pinch-zoom and pan, the wheel zooms about the cursor.
 */
export class PointerInput {
  private readonly element: HTMLElement;
  private readonly actions: PointerActions;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private mode: Mode = 'idle';
  private lastX = 0;
  private lastY = 0;
  private pinchDistance = 0;
  private readonly abort = new AbortController();

  constructor(element: HTMLElement, actions: PointerActions) {
    this.element = element;
    this.actions = actions;
    const options = { signal: this.abort.signal };
    element.addEventListener('pointerdown', (event) => this.onDown(event), options);
    element.addEventListener('pointermove', (event) => this.onMove(event), options);
    element.addEventListener('pointerup', (event) => this.onUp(event), options);
    element.addEventListener('pointercancel', (event) => this.onUp(event), options);
    element.addEventListener('wheel', (event) => this.onWheel(event), { ...options, passive: false });
    element.addEventListener('contextmenu', (event) => event.preventDefault(), options);
  }

  /** Whether a body is being dragged. */
  get dragging(): boolean {
    return this.mode === 'grab';
  }

  /** Removes every listener. */
  dispose(): void {
    this.abort.abort();
  }

  /**
   * Ends a drag from outside (for example when the scene is reset under the pointer). The pointer
   * stays down but neither drags nor pans until it is lifted (a drag never turns into a pan).
   */
  cancelDrag(): void {
    if (this.mode === 'grab') {
      this.actions.release();
      this.mode = this.pointers.size > 0 ? 'held' : 'idle';
    }
  }

  private local(event: PointerEvent | WheelEvent): { x: number; y: number } {
    const rect = this.element.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  private onDown(event: PointerEvent): void {
    const point = this.local(event);
    this.pointers.set(event.pointerId, point);
    this.element.setPointerCapture?.(event.pointerId);
    event.preventDefault();
    if (this.pointers.size === 2) {
      if (this.mode === 'grab') this.actions.release();
      this.mode = 'pinch';
      const [a, b] = [...this.pointers.values()];
      this.pinchDistance = Math.hypot(a.x - b.x, a.y - b.y);
      this.lastX = 0.5 * (a.x + b.x);
      this.lastY = 0.5 * (a.y + b.y);
      return;
    }
    if (this.pointers.size > 2) return;
    this.lastX = point.x;
    this.lastY = point.y;
    if (event.button === 0 && this.actions.grab(point.x, point.y)) this.mode = 'grab';
    else this.mode = 'pan';
  }

  private onMove(event: PointerEvent): void {
    const held = this.pointers.get(event.pointerId);
    if (!held) return;
    const point = this.local(event);
    held.x = point.x;
    held.y = point.y;
    if (this.mode === 'grab') {
      this.actions.drag(point.x, point.y);
    } else if (this.mode === 'pan') {
      this.actions.pan(point.x - this.lastX, point.y - this.lastY, point.x, point.y);
      this.lastX = point.x;
      this.lastY = point.y;
    } else if (this.mode === 'pinch' && this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const midX = 0.5 * (a.x + b.x);
      const midY = 0.5 * (a.y + b.y);
      this.actions.pan(midX - this.lastX, midY - this.lastY, midX, midY);
      if (this.pinchDistance > 0 && distance > 0)
        this.actions.zoom(distance / this.pinchDistance, midX, midY);
      this.pinchDistance = distance;
      this.lastX = midX;
      this.lastY = midY;
    }
  }

  private onUp(event: PointerEvent): void {
    if (!this.pointers.delete(event.pointerId)) return;
    if (this.mode === 'grab') this.actions.release();
    if (this.pointers.size === 1) {
      // One finger left after a pinch: keep panning with it.
      const [rest] = [...this.pointers.values()];
      this.mode = 'pan';
      this.lastX = rest.x;
      this.lastY = rest.y;
    } else if (this.pointers.size === 0) {
      this.mode = 'idle';
    }
  }

  private onWheel(event: WheelEvent): void {
    event.preventDefault();
    const point = this.local(event);
    // deltaMode 1 is lines, 2 pages: bring both to pixels.
    const pixels = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
    this.actions.zoom(Math.exp(-pixels * 0.0015), point.x, point.y);
  }
}
