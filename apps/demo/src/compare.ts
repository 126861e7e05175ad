/**
 * The comparison page (`compare.html`): one scene of the catalogue in lite and in planck.js,
 * matter-js, p2-es and Rapier side by side, live, through the benchmark's engine adapters
 * (`@lite/bench/engines/*`, loaded only here), each with its step time and the benchmark's quality
 * readouts (drift, sink, pin gap: `@lite/bench/quality`).
 */
import { type EngineAdapter, requireBasicJoint } from '@lite/bench/engines/adapter';
import { jointAnchors, jointQuality, structureQuality } from '@lite/bench/quality';
import { catalogue, type SceneDef, type SceneEntry } from '@lite/scenes';
import { Camera } from './camera';
import { byId, createSlider } from './panel';
import { RollingStats } from './rolling-stats';
import { theme } from './theme';
import { resolveParameters } from './url-state';

/** The engines on the page, in order, each loaded on demand. */
export const COMPARED: ReadonlyArray<{ id: string; label: string; load: () => Promise<EngineAdapter> }> = [
  {
    id: 'lite',
    label: 'lite',
    load: async () => new (await import('@lite/bench/engines/lite')).LiteAdapter(),
  },
  {
    id: 'planck',
    label: 'planck.js',
    load: async () => new (await import('@lite/bench/engines/planck')).PlanckAdapter(),
  },
  {
    id: 'matter',
    label: 'matter-js',
    load: async () => new (await import('@lite/bench/engines/matter')).MatterAdapter(),
  },
  { id: 'p2', label: 'p2-es', load: async () => new (await import('@lite/bench/engines/p2')).P2Adapter() },
  {
    id: 'rapier',
    label: 'Rapier (WASM)',
    load: async () => {
      const module = await import('@lite/bench/engines/rapier');
      await module.initRapier();
      return new module.RapierAdapter();
    },
  },
];

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

/** The step, s. */
const STEP = 1 / 60;

/**
 * The first steps of each engine that its step time leaves out: warm-up (compilation, a WebAssembly
 * module's first calls) that took Rapier's "max" over a second.
 */
const WARMUP_STEPS = 10;

/** One engine's pane: its adapter (null until loaded or when it cannot build the scene). */
interface Lane {
  id: string;
  label: string;
  adapter: EngineAdapter | null;
  error: string | null;
  poses: Float64Array;
  times: RollingStats;
  steps: number;
  canvas: HTMLCanvasElement;
  readout: HTMLDListElement;
  drift: number;
  sink: number | null;
  gap: number | null;
}

/** What the browser test reads (`window.__compare`). */
export interface CompareHook {
  /** The scene on the page. */
  readonly sceneId: string;
  /**
   * Each engine in page order: steps taken, mean step time (ms, last 60 steps), the quality
   * readouts (m; `null` when the scene has no top box or no pins) and the error that stopped it.
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
    error: string | null;
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
  private anchors: Float64Array = new Float64Array(0);
  private lanes: Lane[] = [];
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
      if (entry) void this.open(entry, resolveParameters(entry, {}));
    });
    byId('compare-pause').addEventListener('click', () => {
      this.paused = !this.paused;
      byId('compare-pause').textContent = this.paused ? 'Run' : 'Pause';
    });
    byId('compare-reset').addEventListener('click', () => void this.open(this.entry, this.params));
    this.installHook();
    void this.open(this.entry, this.params);
    requestAnimationFrame((time) => this.frame(time));
  }

  /** Builds `entry` with `params` in every engine (loading each engine the first time). */
  private async open(entry: SceneEntry, params: Record<string, number>): Promise<void> {
    const generation = ++this.generation;
    this.entry = entry;
    this.params = params;
    this.scene = entry.create(params);
    this.anchors = jointAnchors(this.scene);
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
            void this.open(this.entry, { ...this.params, [p.name]: value });
          }).root,
      ),
    );
    const grid = byId('compare-grid');
    grid.replaceChildren();
    this.lanes = COMPARED.map(({ id, label }) => {
      const root = document.createElement('section');
      root.className = 'engine';
      root.id = `engine-${id}`;
      const title = document.createElement('h2');
      title.textContent = label;
      const canvas = document.createElement('canvas');
      const readout = document.createElement('dl');
      root.append(title, canvas, readout);
      grid.append(root);
      return {
        id,
        label,
        adapter: null,
        error: null,
        poses: new Float64Array(3 * this.scene.bodies.length),
        times: new RollingStats(60),
        steps: 0,
        canvas,
        readout,
        drift: 0,
        sink: null,
        gap: null,
      };
    });
    await Promise.all(
      COMPARED.map(async ({ load }, i) => {
        const lane = this.lanes[i];
        try {
          const adapter = await load();
          if (generation !== this.generation) return;
          adapter.build(this.scene);
          adapter.readPoses(lane.poses);
          lane.adapter = adapter;
        } catch (error) {
          lane.error = error instanceof Error ? error.message : String(error);
        }
      }),
    );
  }

  private frame(time: number): void {
    for (const lane of this.lanes) {
      if (!lane.adapter || lane.error) continue;
      if (!this.paused) {
        try {
          const start = performance.now();
          lane.adapter.step(STEP);
          if (lane.steps >= WARMUP_STEPS) lane.times.push(performance.now() - start);
          lane.steps++;
          lane.adapter.readPoses(lane.poses);
        } catch (error) {
          lane.error = error instanceof Error ? error.message : String(error);
        }
      }
      this.measure(lane);
      this.draw(lane);
    }
    if (time - this.lastReadout > 250) {
      this.lastReadout = time;
      for (const lane of this.lanes) this.showReadout(lane);
    }
    requestAnimationFrame((next) => this.frame(next));
  }

  /** The quality readouts of `lane`'s current poses. */
  private measure(lane: Lane): void {
    const structure = structureQuality(this.scene, lane.poses);
    lane.drift = structure.maxDrift;
    lane.sink = this.scene.bodies.some((b) => b.tag === 'top') ? structure.topSink : null;
    lane.gap = this.scene.joints.some((j) => j.kind === 'revolute')
      ? jointQuality(this.scene, this.anchors, lane.poses).maxSeparation
      : null;
  }

  private showReadout(lane: Lane): void {
    const rows: [string, string][] = lane.error
      ? [['Cannot run this scene', lane.error]]
      : lane.adapter
        ? [
            ['Step', `${lane.times.average.toFixed(2)} ms mean · ${lane.times.max.toFixed(2)} max`],
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

  /** Draws `lane`'s bodies (boxes from the scene's sizes; a body of shapes as its first box or circle). */
  private draw(lane: Lane): void {
    const canvas = lane.canvas;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
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
          stepMs: lane.times.average,
          timedSteps: lane.times.count,
          drift: lane.drift,
          sink: lane.sink,
          gap: lane.gap,
          error: lane.error,
        }));
      },
    };
  }
}

new ComparePage();
