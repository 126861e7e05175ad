import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { BenchScene } from './bench-scenes';
import type { EngineAdapter } from './engines/adapter';
import {
  type JointQuality,
  jointAnchors,
  jointQuality,
  type StructureQuality,
  structureQuality,
} from './quality';
import { summariseTimes, type TimeSummary } from './stats';

/** The benchmark's time step, s. */
export const DT = 1 / 60;

/** Quality at one instant of simulated time. */
export interface QualitySample {
  /** Simulated time, s. */
  time: number;
  structure?: StructureQuality;
  joints?: JointQuality;
}

/** Heap figures, bytes (`process.memoryUsage()` after a forced collection when `--expose-gc` is on). */
export interface MemoryFigures {
  heapUsedAfterBuild: number;
  heapUsedAfterSteps: number;
  /** Memory outside the JavaScript heap (array buffers, WebAssembly memory), after build and after stepping. */
  externalAfterBuild: number;
  externalAfterSteps: number;
}

/** Everything one run of one engine on one scene measured. */
export interface RunResult {
  engine: string;
  scene: string;
  bodies: number;
  joints: number;
  /** Time to build the scene, ms. */
  buildMs: number;
  /** Steps in the timed window (the first is excluded from `time`). */
  windowSteps: number;
  /** ms per step over steps 2..windowSteps. */
  time: TimeSummary;
  /** Time of the first step, ms (excluded from `time`). */
  firstStepMs: number;
  memory: MemoryFigures;
  /** Garbage collections during the timed window, and their total duration, ms. */
  gcCount: number;
  gcMs: number;
  /** Quality at each checkpoint (empty when not asked for or the scene has none). */
  quality: QualitySample[];
  /**
   * With `stages`: the engine's own timing of each stage (its names), ms per step, the mean over
   * steps 2..windowSteps, read after each timed step (outside its timing).
   */
  stages?: Record<string, number>;
  /** Whether `global.gc` was available (heap figures are after a forced collection). */
  forcedGc: boolean;
}

/** How to run a scene. */
export interface MeasureOptions {
  /** Steps in the timed window (>= 2). */
  windowSteps: number;
  /** Simulated times (s) at which to judge quality, ascending; the run continues past the window to reach them. */
  checkpoints: number[];
  /** Whether to read the engine's own stage timings (`EngineAdapter.addStageTimes`), if it has any. */
  stages?: boolean;
}

/**
 * Calls `performance.now()` until V8 has optimised it. Cold, every call allocates (Node's clock reads
 * `process.hrtime()`, which returns a new array, and the result is a boxed double): about 200 bytes
 * per timed step, garbage the window would otherwise count against the engine. Warm, about 50.
 */
function warmClock(): number {
  let sum = 0;
  for (let i = 0; i < 20_000; ++i) sum += performance.now();
  return sum;
}

function collect(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return false;
  gc();
  gc();
  return true;
}

/**
 * Builds `bench` in `adapter`, times `windowSteps` steps one by one, counts garbage collections in the
 * window (perf_hooks `gc` entries), reads the heap after building and after the window, then steps on
 * to each checkpoint and judges quality there.
 */
export async function measure(
  engine: string,
  adapter: EngineAdapter,
  bench: BenchScene,
  options: MeasureOptions,
): Promise<RunResult> {
  const scene = bench.build();
  const t0 = performance.now();
  adapter.build(scene);
  const buildMs = performance.now() - t0;
  warmClock();
  const forcedGc = collect();
  const afterBuild = process.memoryUsage();

  const gcEntries: { start: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcEntries.push({ start: e.startTime, duration: e.duration });
  });
  observer.observe({ entryTypes: ['gc'] });

  const n = options.windowSteps;
  const times = new Float64Array(n);
  const stages: Record<string, number> | undefined =
    options.stages === true && adapter.addStageTimes !== undefined ? {} : undefined;
  if (stages !== undefined) adapter.startStageTimes?.();
  const windowStart = performance.now();
  for (let i = 0; i < n; ++i) {
    const t = performance.now();
    adapter.step(DT);
    times[i] = performance.now() - t;
    if (stages !== undefined && i > 0) adapter.addStageTimes?.(stages);
  }
  if (stages !== undefined) for (const key of Object.keys(stages)) stages[key] /= n - 1;
  const windowEnd = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 10)); // let the observer deliver its entries
  observer.disconnect();
  let gcCount = 0;
  let gcMs = 0;
  for (const e of gcEntries) {
    if (e.start >= windowStart && e.start <= windowEnd) {
      gcCount += 1;
      gcMs += e.duration;
    }
  }
  collect();
  const afterSteps = process.memoryUsage();

  const quality: QualitySample[] = [];
  if (bench.quality !== 'none' && options.checkpoints.length > 0) {
    const poses = new Float64Array(3 * scene.bodies.length);
    const anchors = jointAnchors(scene);
    let step = n;
    for (const time of options.checkpoints) {
      const target = Math.round(time / DT);
      while (step < target) {
        adapter.step(DT);
        step += 1;
      }
      adapter.readPoses(poses);
      quality.push(
        bench.quality === 'structure'
          ? { time, structure: structureQuality(scene, poses) }
          : { time, joints: jointQuality(scene, anchors, poses) },
      );
    }
  }

  return {
    engine,
    scene: bench.id,
    bodies: scene.bodies.length,
    joints: scene.joints.length,
    buildMs,
    windowSteps: n,
    time: summariseTimes(times.subarray(1)),
    firstStepMs: times[0],
    memory: {
      heapUsedAfterBuild: afterBuild.heapUsed,
      heapUsedAfterSteps: afterSteps.heapUsed,
      externalAfterBuild: afterBuild.external,
      externalAfterSteps: afterSteps.external,
    },
    gcCount,
    gcMs,
    quality,
    forcedGc,
    ...(stages !== undefined ? { stages } : {}),
  };
}
