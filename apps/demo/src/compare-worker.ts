/**
 * One lane of the comparison page, in a Web Worker: loads its engine's benchmark adapter
 * (`@lite/bench/engines/*`, on demand: Box2D v3 and Rapier bring their WebAssembly only here), builds
 * the scene the page names, steps it once per 1/60 s of real time and posts the poses, step times
 * and quality readouts back (`src/compare-protocol.ts`). The page only draws.
 */
import type { EngineAdapter } from '@lite/bench/engines/adapter';
import { jointAnchors, jointQuality, structureQuality } from '@lite/bench/quality';
import { catalogue, type SceneDef } from '@lite/scenes';
import {
  type ComparedId,
  type FromWorker,
  type OpenMessage,
  STEP,
  type ToWorker,
  WARMUP_STEPS,
} from './compare-protocol';
import { RollingStats } from './rolling-stats';

/** Each engine's adapter, its module loaded the first time. */
const LOADERS: Record<ComparedId, () => Promise<EngineAdapter>> = {
  lite: async () => new (await import('@lite/bench/engines/lite')).LiteAdapter(),
  planck: async () => new (await import('@lite/bench/engines/planck')).PlanckAdapter(),
  matter: async () => new (await import('@lite/bench/engines/matter')).MatterAdapter(),
  p2: async () => new (await import('@lite/bench/engines/p2')).P2Adapter(),
  rapier: async () => {
    const module = await import('@lite/bench/engines/rapier');
    await module.initRapier();
    return new module.RapierAdapter();
  },
  box2d3: async () => {
    // The demo's Vite configuration resolves box2d3-wasm to its single-threaded compat build: the
    // threaded one needs a cross-origin isolated page.
    const module = await import('@lite/bench/engines/box2d3');
    await module.initBox2d3();
    return new module.Box2d3Adapter();
  },
};

/** The running lane: its world, scene and statistics. */
interface Run {
  generation: number;
  adapter: EngineAdapter;
  scene: SceneDef;
  anchors: Float64Array;
  times: RollingStats;
  steps: number;
  /** When the last step began and ended (ms since the epoch). */
  stepStart: number;
  stepEnd: number;
  /** When the next step is due (performance.now(), ms). */
  due: number;
}

const scope = self as unknown as {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

let run: Run | null = null;
let paused = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let latest = 0;

function post(current: Run): void {
  const poses = new Float64Array(3 * current.scene.bodies.length);
  current.adapter.readPoses(poses);
  const structure = structureQuality(current.scene, poses);
  scope.postMessage(
    {
      type: 'poses',
      generation: current.generation,
      poses,
      steps: current.steps,
      stepStart: current.stepStart,
      stepEnd: current.stepEnd,
      stepMs: current.times.average,
      maxMs: current.times.max,
      timedSteps: current.times.count,
      drift: structure.maxDrift,
      sink: current.scene.bodies.some((b) => b.tag === 'top') ? structure.topSink : null,
      gap: current.scene.joints.some((j) => j.kind === 'revolute')
        ? jointQuality(current.scene, current.anchors, poses).maxSeparation
        : null,
    },
    [poses.buffer],
  );
}

function fail(type: 'refused' | 'error', generation: number, error: unknown): void {
  scope.postMessage({ type, generation, message: error instanceof Error ? error.message : String(error) });
}

/** Steps once, posts, and schedules the next step 1/60 s after this one was due (no catch-up bursts). */
function tick(): void {
  timer = null;
  const current = run;
  if (!current || paused) return;
  try {
    const start = performance.now();
    current.adapter.step(STEP);
    const end = performance.now();
    if (current.steps >= WARMUP_STEPS) current.times.push(end - start);
    current.steps++;
    current.stepStart = performance.timeOrigin + start;
    current.stepEnd = performance.timeOrigin + end;
    post(current);
    current.due = Math.max(current.due + 1000 * STEP, end);
    timer = setTimeout(tick, Math.max(0, current.due - performance.now()));
  } catch (error) {
    run = null;
    fail('error', current.generation, error);
  }
}

function schedule(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (run && !paused) {
    run.due = performance.now();
    timer = setTimeout(tick, 0);
  }
}

async function open(message: OpenMessage): Promise<void> {
  latest = message.generation;
  run = null;
  schedule();
  const entry = catalogue.find((e) => e.id === message.sceneId);
  let adapter: EngineAdapter;
  let scene: SceneDef;
  try {
    if (!entry) throw new Error(`scene = ${message.sceneId}: not in the catalogue`);
    scene = entry.create(message.params);
    adapter = await LOADERS[message.engine]();
    if (message.generation !== latest) return;
    adapter.build(scene);
  } catch (error) {
    if (message.generation === latest) fail('refused', message.generation, error);
    return;
  }
  const current: Run = {
    generation: message.generation,
    adapter,
    scene,
    anchors: jointAnchors(scene),
    times: new RollingStats(60),
    steps: 0,
    stepStart: 0,
    stepEnd: 0,
    due: 0,
  };
  run = current;
  post(current);
  schedule();
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'open') void open(message);
  else {
    paused = message.paused;
    schedule();
  }
};
