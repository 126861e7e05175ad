/**
 * The comparison page's lanes and the messages between the page and each lane's Web Worker
 * (`src/compare-worker.ts`): the page names the engine and the scene, the worker builds and steps
 * it and posts back the poses (a transferred Float64Array) with its step times and quality readouts.
 */

/** The engines of the comparison page, in page order. */
export const COMPARED = [
  { id: 'lite', label: 'lite' },
  { id: 'planck', label: 'planck.js' },
  { id: 'matter', label: 'matter-js' },
  { id: 'p2', label: 'p2-es' },
  { id: 'rapier', label: 'Rapier (WASM)' },
  { id: 'box2d3', label: 'Box2D v3 (WASM)' },
] as const;

/** One of the compared engines' ids. */
export type ComparedId = (typeof COMPARED)[number]['id'];

/** The step, s: each worker steps once per 1/60 s of real time (or as fast as it can, if slower). */
export const STEP = 1 / 60;

/**
 * The first steps of each engine that its step time leaves out: warm-up (compilation, a WebAssembly
 * module's first calls) that took Rapier's "max" over a second.
 */
export const WARMUP_STEPS = 10;

/** Page to worker: build `sceneId` with `params` in the worker's engine (a new world each time). */
export interface OpenMessage {
  type: 'open';
  engine: ComparedId;
  /** Tags every answer, so that the page drops those of a scene it has left. */
  generation: number;
  sceneId: string;
  params: Record<string, number>;
}

/** Page to worker: stop or resume stepping. */
export interface PauseMessage {
  type: 'pause';
  paused: boolean;
}

/** What the page sends a lane's worker. */
export type ToWorker = OpenMessage | PauseMessage;

/** Worker to page: after a step (and once after the build, with `steps` 0). */
export interface PosesMessage {
  type: 'poses';
  generation: number;
  /** Body i's x, y (m) and angle (rad) at 3 i, 3 i + 1, 3 i + 2 (transferred: the worker keeps none). */
  poses: Float64Array;
  steps: number;
  /** When the last step began and ended (ms since the epoch: `performance.timeOrigin` + `now()`). */
  stepStart: number;
  stepEnd: number;
  /** The mean and max step time, ms, over the last 60 steps (warm-up left out), and how many those are. */
  stepMs: number;
  maxMs: number;
  timedSteps: number;
  /** The benchmark's quality readouts (m): drift, sink (null: no top box), pin gap (null: no pins). */
  drift: number;
  sink: number | null;
  gap: number | null;
}

/** Worker to page: the engine refused to build the scene (`refused`) or failed while running (`error`). */
export interface FailureMessage {
  type: 'refused' | 'error';
  generation: number;
  message: string;
}

/** What a lane's worker posts to the page. */
export type FromWorker = PosesMessage | FailureMessage;
