import { PROFILE_STAGES, type ProfileStage, type World } from '@lite/world';

/**
 * The bands of the step-time graph: the step's stages (`world.profile`, see {@link PROFILE_STAGES})
 * in the order the step runs them, neighbours that cost little shown together. Every stage but
 * `total` is in exactly one band; the last band, `other`, is the rest of `total`.
 */
export const PROFILE_BANDS: ReadonlyArray<{ label: string; color: string; stages: readonly ProfileStage[] }> =
  [
    { label: 'pairs + contacts', color: '#58a6ff', stages: ['pairs', 'createContacts'] },
    { label: 'collide', color: '#39c5cf', stages: ['collide'] },
    {
      label: 'prepare + warm start',
      color: '#a371f7',
      stages: ['prepare', 'integrateVelocities', 'warmStart'],
    },
    { label: 'solve', color: '#f778ba', stages: ['solve', 'push'] },
    {
      label: 'integrate + relax',
      color: '#d29922',
      stages: ['integratePositions', 'relax', 'restitution', 'storeImpulses'],
    },
    { label: 'joints', color: '#e3b341', stages: ['joints'] },
    { label: 'broadphase', color: '#3fb950', stages: ['transforms', 'broadphase'] },
    { label: 'sleep + events', color: '#8b949e', stages: ['sleep', 'events'] },
    // What `total` holds beyond the stages (the clock read that closes the step): the bars' height
    // is the whole step.
    { label: 'other', color: '#484f58', stages: [] },
  ];

/** The index of `total` in `world.profile.times`. */
const TOTAL = PROFILE_STAGES.indexOf('total');

/** The stage indices of each band (indices into `world.profile.times`). */
const bandStages = PROFILE_BANDS.map((band) => band.stages.map((stage) => PROFILE_STAGES.indexOf(stage)));

/**
 * The step times of the last {@link StepHistory.capacity} steps, ms per band, summed over every
 * world of the scene: a ring buffer in one Float64Array (no allocation per step).
 */
export class StepHistory {
  /** How many steps the history keeps. */
  readonly capacity: number;
  /** `capacity × bands` ms, row per step, oldest first from {@link StepHistory.start}. */
  private readonly data: Float64Array;
  private start = 0;
  /** How many steps are stored (at most `capacity`). */
  count = 0;

  constructor(capacity = 180) {
    this.capacity = capacity;
    this.data = new Float64Array(capacity * PROFILE_BANDS.length);
  }

  /** Records the last step of `worlds` (their `profile`, which must be on). */
  push(worlds: readonly World[]): void {
    const bands = PROFILE_BANDS.length;
    const row = ((this.start + this.count) % this.capacity) * bands;
    if (this.count < this.capacity) this.count++;
    else this.start = (this.start + 1) % this.capacity;
    let staged = 0;
    let total = 0;
    for (let b = 0; b < bands - 1; b++) {
      let sum = 0;
      for (const world of worlds) {
        const times = world.profile.times;
        for (const stage of bandStages[b]) sum += times[stage];
      }
      this.data[row + b] = sum;
      staged += sum;
    }
    for (const world of worlds) total += world.profile.times[TOTAL];
    this.data[row + bands - 1] = Math.max(0, total - staged);
  }

  /** Band `band` of the `i`-th stored step (0: the oldest), ms. */
  at(i: number, band: number): number {
    return this.data[((this.start + i) % this.capacity) * PROFILE_BANDS.length + band];
  }

  /** The whole step `i` (every band), ms. */
  total(i: number): number {
    let sum = 0;
    for (let b = 0; b < PROFILE_BANDS.length; b++) sum += this.at(i, b);
    return sum;
  }

  /** The mean of band `band` over the stored steps, ms (0 when none). */
  mean(band: number): number {
    let sum = 0;
    for (let i = 0; i < this.count; i++) sum += this.at(i, band);
    return this.count === 0 ? 0 : sum / this.count;
  }

  /** The largest value of band `band` over the stored steps, ms (0 when none). */
  max(band: number): number {
    let most = 0;
    for (let i = 0; i < this.count; i++) most = Math.max(most, this.at(i, band));
    return most;
  }

  /** Forgets every step (a new scene). */
  clear(): void {
    this.start = 0;
    this.count = 0;
  }
}

/** The smallest of 1, 2, 5, 10, 20, ... ms at or above `value` (the graph's full scale). */
export function niceCeiling(value: number): number {
  let scale = 1;
  for (;;) {
    for (const m of [1, 2, 5]) if (m * scale >= value) return m * scale;
    scale *= 10;
  }
}

/** The step totals, sorted, for {@link drawStepGraph}'s scale (reused). */
let sortedTotals = new Float64Array(0);

/**
 * Draws `history` as stacked bars (one column per step, newest at the right, a band per colour) on
 * `canvas`, with the 60 Hz frame budget (16.7 ms) as a line when it is in range. The full scale fits
 * the 95th percentile of the steps (a rare spike, such as the first steps' compilation or a garbage
 * collection, is clipped at the top rather than flattening every other bar). Returns the full
 * scale, ms.
 */
export function drawStepGraph(canvas: HTMLCanvasElement, history: StepHistory): number {
  const ctx = canvas.getContext('2d');
  if (!ctx) return 0;
  const width = canvas.width;
  const height = canvas.height;
  ctx.fillStyle = '#0d1117';
  ctx.fillRect(0, 0, width, height);
  if (sortedTotals.length < history.capacity) sortedTotals = new Float64Array(history.capacity);
  const totals = sortedTotals.subarray(0, history.count);
  for (let i = 0; i < history.count; i++) totals[i] = history.total(i);
  totals.sort();
  const high = history.count > 0 ? totals[Math.min(history.count - 1, Math.floor(0.95 * history.count))] : 0;
  const full = niceCeiling(Math.max(high, 0.5));
  const column = width / history.capacity;
  const offset = history.capacity - history.count;
  for (let i = 0; i < history.count; i++) {
    let y = height;
    const x = (offset + i) * column;
    for (let b = 0; b < PROFILE_BANDS.length; b++) {
      const h = (history.at(i, b) / full) * height;
      if (h <= 0) continue;
      ctx.fillStyle = PROFILE_BANDS[b].color;
      ctx.fillRect(x, y - h, Math.max(1, column), h);
      y -= h;
    }
  }
  const budget = 1000 / 60;
  if (budget < full) {
    const y = Math.round(height - (budget / full) * height) + 0.5;
    ctx.strokeStyle = 'rgba(255, 95, 109, 0.8)';
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(width, y);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  return full;
}

/**
 * Frames per second and how the simulation keeps up with real time, over a sliding window of
 * recent frames: `speed` is the simulated time the frames advanced over the wall time they took
 * while running (1: real time). The simulation is behind when `speed` drops under
 * {@link RealTimeMeter.behindBelow} (the fixed-step clock dropped time it had no budget to step).
 */
export class RealTimeMeter {
  /** Below this speed the simulation counts as behind real time. */
  static readonly behindBelow = 0.9;
  /** The window, s of wall time. */
  readonly window: number;
  private readonly wall: number[] = [];
  private readonly simulated: number[] = [];
  private readonly running: boolean[] = [];
  private wallSum = 0;

  constructor(window = 1) {
    this.window = window;
  }

  /** Records a frame that took `wall` s and advanced the simulation by `simulated` s. */
  frame(wall: number, simulated: number, running: boolean): void {
    if (!(wall > 0) || wall > 1) return; // the first frame, or back from a hidden tab
    this.wall.push(wall);
    this.simulated.push(simulated);
    this.running.push(running);
    this.wallSum += wall;
    while (this.wallSum - this.wall[0] >= this.window) {
      this.wallSum -= this.wall.shift()!;
      this.simulated.shift();
      this.running.shift();
    }
  }

  /** Frames per second over the window (0 before two frames). */
  get fps(): number {
    return this.wallSum > 0 ? this.wall.length / this.wallSum : 0;
  }

  /** Simulated time over wall time while running, over the window (1 when paused throughout). */
  get speed(): number {
    let wall = 0;
    let simulated = 0;
    for (let i = 0; i < this.wall.length; i++) {
      if (!this.running[i]) continue;
      wall += this.wall[i];
      simulated += this.simulated[i];
    }
    return wall > 0.25 * this.window ? simulated / wall : 1;
  }

  /** Whether the simulation is behind real time. */
  get behind(): boolean {
    return this.speed < RealTimeMeter.behindBelow;
  }

  /** Forgets the window (after a pause, a reset or a new scene). */
  clear(): void {
    this.wall.length = 0;
    this.simulated.length = 0;
    this.running.length = 0;
    this.wallSum = 0;
  }
}

/** The parts of a frame the testbed times, ms. */
export interface FrameParts {
  /** The steps the frame ran (`world.step` of every pane, with the game scenes' own work). */
  step: number;
  /** The snapshots kept for stepping back. */
  snapshot: number;
  /** Drawing the canvas (the drawing calls; the browser paints them after the frame). */
  draw: number;
  /** The rest of the frame's script: the panel, the graph, the address. */
  panel: number;
}

/**
 * Where the frames' time goes, as means over the last `capacity` frames, ms: the interval from one
 * animation frame to the next, split into the parts the frame's script times ({@link FrameParts})
 * and the rest, the time outside the script (the browser painting the canvas and laying out the
 * page, and idling until the next frame when the work is done early). The parts and the rest add
 * up to the frame. Allocates nothing per frame.
 */
export class FrameTimes {
  readonly capacity: number;
  private readonly samples: Float64Array;
  private next = 0;
  /** How many frames are held (at most the capacity). */
  count = 0;
  /** The current frame's parts, added to as it runs. */
  readonly current: FrameParts = { step: 0, snapshot: 0, draw: 0, panel: 0 };
  private started = -1;

  constructor(capacity = 60) {
    this.capacity = capacity;
    this.samples = new Float64Array(capacity * 5);
  }

  /**
   * Starts a frame at `time` (ms, the clock of `performance.now()`): the previous frame, if any,
   * is recorded with the interval up to `time`.
   */
  begin(time: number): void {
    const c = this.current;
    const interval = time - this.started;
    // The first frame, or back from a hidden tab: no interval to split.
    if (this.started >= 0 && interval > 0 && interval < 1000) {
      const at = this.next * 5;
      this.samples[at] = interval;
      this.samples[at + 1] = c.step;
      this.samples[at + 2] = c.snapshot;
      this.samples[at + 3] = c.draw;
      this.samples[at + 4] = c.panel;
      this.next = (this.next + 1) % this.capacity;
      if (this.count < this.capacity) this.count++;
    }
    this.started = time;
    c.step = 0;
    c.snapshot = 0;
    c.draw = 0;
    c.panel = 0;
  }

  /**
   * Ends the current frame's script at `time`: what it spent outside the step, the snapshots and
   * the drawing counts as the panel's.
   */
  end(time: number): void {
    const c = this.current;
    c.panel = Math.max(0, time - this.started - c.step - c.snapshot - c.draw);
  }

  /** The mean over the held frames of the interval (`frame`), each part, and the rest; ms. */
  means(): FrameParts & { frame: number; rest: number } {
    const sums = [0, 0, 0, 0, 0];
    for (let i = 0; i < this.count; i++) for (let k = 0; k < 5; k++) sums[k] += this.samples[i * 5 + k];
    const n = Math.max(1, this.count);
    const [frame, step, snapshot, draw, panel] = sums.map((s) => s / n);
    return { frame, step, snapshot, draw, panel, rest: Math.max(0, frame - step - snapshot - draw - panel) };
  }

  /** Forgets the held frames (after a pause, a reset or a new scene). */
  clear(): void {
    this.next = 0;
    this.count = 0;
    this.started = -1;
  }
}

/**
 * The panel's "Frame time" row: the mean frame and what it is made of, for example
 * `43.1 ms = step 19.0 + snapshot 0.5 + draw 9.2 + panel 0.8 + rest 13.6` (the rest: the browser
 * painting, and idle time).
 */
export function frameReadout(t: ReturnType<FrameTimes['means']>): string {
  const f = (ms: number) => ms.toFixed(1);
  return (
    `${f(t.frame)} ms = step ${f(t.step)} + snapshot ${f(t.snapshot)} + draw ${f(t.draw)} + ` +
    `panel ${f(t.panel)} + rest ${f(t.rest)} (painting, idle)`
  );
}
