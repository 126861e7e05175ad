/**
 * The comparison page (`compare.html`): one scene of the catalogue in lite and in planck.js,
 * matter-js, p2-es, Rapier and Box2D v3 side by side, live. Each engine runs in its own Web Worker
 * (`src/compare-worker.ts`, through the benchmark's engine adapters `@lite/bench/engines/*`, loaded
 * only there), which steps it and posts back its poses, step time and the benchmark's quality
 * readouts (drift, sink, pin gap: `@lite/bench/quality`); the page only draws, so a slow engine
 * slows its own lane and not the page.
 */
import { requireBasicJoint } from '@lite/bench/engines/adapter';
import { catalogue, type SceneDef, type SceneEntry } from '@lite/scenes';
import { Camera } from './camera';
import { COMPARED, type ComparedId, type FromWorker, type ToWorker } from './compare-protocol';
import { byId, createSlider } from './panel';
import { theme } from './theme';
import { resolveParameters } from './url-state';

/**
 * Whether the benchmark's adapters map every joint of `entry`'s scene (pins and rods: lite's lane
 * refuses the rest, as every peer does), so that the page offers it.
 */
function offered(entry: SceneEntry): boolean {
  try {
    entry.create().joints.forEach((joint, i) => {
      requireBasicJoint('lite', joint, i);
    });
    return true;
  } catch {
    return false;
  }
}

/** How many recent steps' times each lane keeps for the test hook. */
const RECENT_STEPS = 120;

/** One engine's pane: its worker and what the worker last posted. */
interface Lane {
  id: ComparedId;
  label: string;
  worker: Worker;
  /** Whether the engine built the scene (false until the worker says so, or when it refused). */
  built: boolean;
  /** Why the engine cannot build this scene (the lane does not offer it). */
  refused: string | null;
  /** What stopped the engine while it ran. */
  error: string | null;
  poses: Float64Array;
  /** Whether `poses` changed since the lane was last drawn. */
  dirty: boolean;
  steps: number;
  /** The last {@link RECENT_STEPS} steps' start and end (ms since the epoch), oldest first. */
  recent: [number, number][];
  stepMs: number;
  maxMs: number;
  timedSteps: number;
  drift: number;
  sink: number | null;
  gap: number | null;
  canvas: HTMLCanvasElement;
  readout: HTMLDListElement;
}

/** What the browser test reads (`window.__compare`). */
export interface CompareHook {
  /** The scene on the page. */
  readonly sceneId: string;
  /**
   * Each engine in page order: steps taken, mean step time (ms, last 60 steps, measured in its
   * worker), the quality readouts (m; `null` when the scene has no top box or no pins), why it
   * cannot build the scene (`refused`: the lane does not offer it), the error that stopped it, and
   * whether every pose it last posted is finite.
   */
  readonly lanes: ReadonlyArray<{
    id: string;
    steps: number;
    stepMs: number;
    /** How many steps the step time holds (the last 60, warm-up left out). */
    timedSteps: number;
    drift: number;
    sink: number | null;
    gap: number | null;
    refused: string | null;
    error: string | null;
    finite: boolean;
    /** The last 120 steps' start and end, ms since the epoch (`performance.timeOrigin` + `now()`). */
    recentSteps: ReadonlyArray<readonly [number, number]>;
  }>;
}

declare global {
  interface Window {
    /** The comparison page's test hook. */
    __compare?: CompareHook;
  }
}

class ComparePage {
  private entry: SceneEntry;
  private params: Record<string, number>;
  private scene!: SceneDef;
  private lanes: Lane[];
  private paused = false;
  private generation = 0;
  private lastReadout = 0;

  constructor() {
    const query = new URLSearchParams(window.location.search);
    const scenes = catalogue.filter(offered);
    const find = (id: string | null) => scenes.find((entry) => entry.id === id);
    this.entry = find(query.get('scene')) ?? find('pyramid') ?? scenes[0];
    const numbers: Record<string, number> = {};
    for (const [key, value] of query) if (Number.isFinite(Number(value))) numbers[key] = Number(value);
    this.params = resolveParameters(this.entry, numbers);
    const select = byId<HTMLSelectElement>('compare-scene');
    for (const entry of scenes) {
      const option = document.createElement('option');
      option.value = entry.id;
      option.textContent = entry.title;
      select.append(option);
    }
    select.addEventListener('change', () => {
      const entry = find(select.value);
      if (entry) this.open(entry, resolveParameters(entry, {}));
    });
    byId('compare-pause').addEventListener('click', () => {
      this.paused = !this.paused;
      byId('compare-pause').textContent = this.paused ? 'Run' : 'Pause';
      for (const lane of this.lanes) this.send(lane, { type: 'pause', paused: this.paused });
    });
    byId('compare-reset').addEventListener('click', () => this.open(this.entry, this.params));
    this.lanes = COMPARED.map(({ id, label }) => this.createLane(id, label));
    this.installHook();
    this.open(this.entry, this.params);
    requestAnimationFrame((time) => this.frame(time));
  }

  /** A lane's pane and its worker (kept across scenes: the engine loads once). */
  private createLane(id: ComparedId, label: string): Lane {
    const root = document.createElement('section');
    root.className = 'engine';
    root.id = `engine-${id}`;
    const title = document.createElement('h2');
    title.textContent = label;
    const canvas = document.createElement('canvas');
    const readout = document.createElement('dl');
    root.append(title, canvas, readout);
    byId('compare-grid').append(root);
    const worker = new Worker(new URL('./compare-worker.ts', import.meta.url), {
      type: 'module',
      name: `compare-${id}`,
    });
    const lane: Lane = {
      id,
      label,
      worker,
      built: false,
      refused: null,
      error: null,
      poses: new Float64Array(0),
      dirty: true,
      steps: 0,
      recent: [],
      stepMs: 0,
      maxMs: 0,
      timedSteps: 0,
      drift: 0,
      sink: null,
      gap: null,
      canvas,
      readout,
    };
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(lane, event.data);
    worker.onerror = (event) => {
      lane.error = event.message || 'the worker failed';
    };
    return lane;
  }

  private send(lane: Lane, message: ToWorker): void {
    lane.worker.postMessage(message);
  }

  private receive(lane: Lane, message: FromWorker): void {
    if (message.generation !== this.generation) return;
    if (message.type === 'refused') lane.refused = message.message;
    else if (message.type === 'error') lane.error = message.message;
    else if (message.type === 'poses') {
      lane.built = true;
      lane.poses = message.poses;
      lane.dirty = true;
      lane.steps = message.steps;
      if (message.steps > 0) {
        lane.recent.push([message.stepStart, message.stepEnd]);
        if (lane.recent.length > RECENT_STEPS) lane.recent.shift();
      }
      lane.stepMs = message.stepMs;
      lane.maxMs = message.maxMs;
      lane.timedSteps = message.timedSteps;
      lane.drift = message.drift;
      lane.sink = message.sink;
      lane.gap = message.gap;
    }
  }

  /** Opens `entry` with `params` in every lane's worker. */
  private open(entry: SceneEntry, params: Record<string, number>): void {
    const generation = ++this.generation;
    this.entry = entry;
    this.params = params;
    this.scene = entry.create(params);
    byId<HTMLSelectElement>('compare-scene').value = entry.id;
    const query = new URLSearchParams({ scene: entry.id });
    for (const p of entry.parameters)
      if (params[p.name] !== p.default) query.set(p.name, String(params[p.name]));
    window.history.replaceState(null, '', `?${query.toString()}`);
    const parameters = byId('compare-parameters');
    parameters.replaceChildren(
      ...entry.parameters.map(
        (p) =>
          createSlider(`compare-${p.name}`, p.label, p.min, p.max, p.step, params[p.name], (value) => {
            this.open(this.entry, { ...this.params, [p.name]: value });
          }).root,
      ),
    );
    for (const lane of this.lanes) {
      Object.assign(lane, {
        built: false,
        refused: null,
        error: null,
        poses: new Float64Array(0),
        dirty: true,
        steps: 0,
        recent: [],
        stepMs: 0,
        maxMs: 0,
        timedSteps: 0,
        drift: 0,
        sink: null,
        gap: null,
      });
      this.send(lane, { type: 'pause', paused: this.paused });
      this.send(lane, {
        type: 'open',
        engine: lane.id,
        generation,
        sceneId: entry.id,
        params,
      });
    }
  }

  /** Draws the lanes whose poses changed; the readouts four times a second. */
  private frame(time: number): void {
    for (const lane of this.lanes) this.draw(lane);
    if (time - this.lastReadout > 250) {
      this.lastReadout = time;
      for (const lane of this.lanes) this.showReadout(lane);
    }
    requestAnimationFrame((next) => this.frame(next));
  }

  private showReadout(lane: Lane): void {
    const rows: [string, string][] = lane.refused
      ? [['Cannot run this scene', lane.refused]]
      : lane.error
        ? [['Stopped', lane.error]]
        : lane.built
          ? [
              ['Step', `${lane.stepMs.toFixed(2)} ms mean · ${lane.maxMs.toFixed(2)} max`],
              ['Drift', `${lane.drift.toFixed(3)} m`],
              ['Sink', lane.sink === null ? '—' : `${(100 * lane.sink).toFixed(1)} cm`],
              ['Pin gap', lane.gap === null ? '—' : `${(1000 * lane.gap).toFixed(1)} mm`],
              ['Steps', String(lane.steps)],
            ]
          : [['Loading', '…']];
    lane.readout.replaceChildren(
      ...rows.flatMap(([name, value]) => {
        const dt = document.createElement('dt');
        dt.textContent = name;
        const dd = document.createElement('dd');
        dd.textContent = value;
        return [dt, dd];
      }),
    );
  }

  /**
   * Draws `lane`'s bodies when its poses or its canvas size changed (boxes from the scene's sizes; a
   * body of shapes as its first box or circle).
   */
  private draw(lane: Lane): void {
    const canvas = lane.canvas;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      lane.dirty = true;
    }
    // Nothing new since the last drawing: the canvas keeps it.
    if (!lane.dirty) return;
    lane.dirty = false;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const cssWidth = width / ratio;
    const cssHeight = height / ratio;
    ctx.fillStyle = theme.background;
    ctx.fillRect(0, 0, cssWidth, cssHeight);
    const view = this.scene.camera;
    const camera = new Camera(view.x, view.y, view.height);
    camera.setViewport(0, 0, cssWidth, cssHeight);
    ctx.lineWidth = 1;
    this.scene.bodies.forEach((def, i) => {
      const x = lane.poses[3 * i];
      const y = lane.poses[3 * i + 1];
      const angle = lane.poses[3 * i + 2];
      if (!(Number.isFinite(x) && Number.isFinite(y))) return;
      const color =
        def.type === 'static'
          ? theme.staticStroke
          : def.tag === 'bomb'
            ? theme.bombStroke
            : theme.palette[i % theme.palette.length];
      ctx.strokeStyle = color;
      ctx.beginPath();
      const circle = def.shapes?.[0]?.type === 'circle' ? def.shapes[0] : undefined;
      if (circle && circle.type === 'circle') {
        ctx.arc(camera.toScreenX(x), camera.toScreenY(y), circle.radius * camera.scale, 0, 2 * Math.PI);
      } else {
        const c = Math.cos(angle);
        const s = Math.sin(angle);
        const hw = 0.5 * (def.width || 1);
        const hh = 0.5 * (def.height || 1);
        const corners = [
          [hw, hh],
          [-hw, hh],
          [-hw, -hh],
          [hw, -hh],
        ];
        corners.forEach(([lx, ly], k) => {
          const sx = camera.toScreenX(x + c * lx - s * ly);
          const sy = camera.toScreenY(y + s * lx + c * ly);
          if (k === 0) ctx.moveTo(sx, sy);
          else ctx.lineTo(sx, sy);
        });
        ctx.closePath();
      }
      ctx.stroke();
    });
  }

  private installHook(): void {
    const page = this;
    window.__compare = {
      get sceneId() {
        return page.entry.id;
      },
      get lanes() {
        return page.lanes.map((lane) => ({
          id: lane.id,
          steps: lane.steps,
          stepMs: lane.stepMs,
          timedSteps: lane.timedSteps,
          drift: lane.drift,
          sink: lane.sink,
          gap: lane.gap,
          refused: lane.refused,
          error: lane.error,
          recentSteps: lane.recent.slice(),
          finite: lane.poses.length === 3 * page.scene.bodies.length && lane.poses.every(Number.isFinite),
        }));
      },
    };
  }
}

new ComparePage();
