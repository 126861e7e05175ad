import { STACK_HEIGHTS } from './bench-scenes';
import type { EngineId } from './engines/index';
import { BENCH_ENGINES, liteEngine, SOLVERS } from './lite-solvers';
import type { RunRequest } from './runner';

/** How one scene is run in a plan. */
export interface ScenePlan {
  scene: string;
  /** Steps timed per run. */
  windowSteps: number;
  /** Quality checkpoints (s), measured in the first round only. */
  checkpoints: number[];
  /** Rounds for this scene. */
  repeats: number;
  /** Engines that run this scene in fewer rounds than `repeats` (0: not at all). */
  engineRounds?: Partial<Record<EngineId, number>>;
}

/** A benchmark plan: which engines, which scenes, how often. */
export interface Plan {
  name: 'full' | 'ci';
  engines: EngineId[];
  scenes: ScenePlan[];
  /** Scenes whose lite verdicts CI guards (for each solver). */
  verdictScenes: string[];
  /** Scenes whose lite/planck time ratio CI guards (for each solver). */
  ratioScenes: string[];
  /** Other peers whose time ratio to lite CI guards, by engine id, and on which scenes. */
  peerRatioScenes: Partial<Record<EngineId, string[]>>;
  /** Per-run time limit, ms. */
  timeoutMs: number;
  /** Engines whose quality is measured (at the scenes' checkpoints); every engine when absent. */
  qualityEngines?: EngineId[];
}

const QUALITY = [10, 60];

/**
 * `pnpm bench`: every engine (lite once per solver), every scene, three interleaved rounds. pyramid100 is timed over 60 steps
 * and the two rains (boxes; circles, capsules, hexagons and boxes) over 300 (the pile forms in the first 5 s), without quality runs: a 60 s pyramid100 would
 * take the slowest engines half an hour.
 */
export function fullPlan(): Plan {
  const stacks = STACK_HEIGHTS.flatMap((n) => [`stack${n}`, `stack${n}-offset`]);
  return {
    name: 'full',
    engines: [...BENCH_ENGINES],
    scenes: [
      { scene: 'pyramid20', windowSteps: 600, checkpoints: QUALITY, repeats: 3 },
      { scene: 'pyramid100', windowSteps: 60, checkpoints: [], repeats: 3 },
      ...stacks.map((scene) => ({ scene, windowSteps: 600, checkpoints: QUALITY, repeats: 3 })),
      { scene: 'rain', windowSteps: 300, checkpoints: [], repeats: 3 },
      { scene: 'shape-rain', windowSteps: 300, checkpoints: [], repeats: 3 },
      { scene: 'chain', windowSteps: 600, checkpoints: QUALITY, repeats: 3 },
    ],
    verdictScenes: [],
    ratioScenes: [],
    peerRatioScenes: {},
    timeoutMs: 30 * 60 * 1000,
  };
}

/** The CI set's scenes that only lite runs. */
const PEERS_OFF: Partial<Record<EngineId, number>> = { planck: 0, box2d3: 0 };

/**
 * `pnpm bench:ci`: lite (each solver), planck.js and, on pyramid20 only and in 4 of its 7 rounds,
 * Box2D v3 in WebAssembly (box2d3-wasm), the fastest peer: the ratios CI guards are lite's against
 * planck.js and against Box2D v3 (about 15 s more than planck.js alone). Time is guarded on
 * pyramid20, whose steps cost the same from one step to the next (every box rests from the start):
 * its per-round ratio stays within about ±10% on a busy machine, and the median of 7 rounds within
 * less. Not guarded: the chain (its links flail and its 0.1 ms steps swing by half between rounds)
 * and pyramid100 (its first steps, all a short CI window can afford, are dominated by creating 15,000
 * contacts, and swing by a factor of two). Quality is guarded on the stacks, pyramid20 and the chain,
 * for lite only: the peers run pyramid20's timed windows and nothing else (planck.js stepping
 * pyramid20 on to 60 s took more CPU than all of lite's quality runs together).
 */
export function ciPlan(): Plan {
  const stacks = ['stack24', ...STACK_HEIGHTS.map((n) => `stack${n}-offset`)];
  return {
    name: 'ci',
    engines: [...SOLVERS.map(liteEngine), 'planck', 'box2d3'],
    scenes: [
      {
        scene: 'pyramid20',
        windowSteps: 600,
        checkpoints: QUALITY,
        repeats: 7,
        engineRounds: { box2d3: 4 },
      },
      { scene: 'chain', windowSteps: 600, checkpoints: QUALITY, repeats: 1, engineRounds: PEERS_OFF },
      ...stacks.map((scene) => ({
        scene,
        windowSteps: 120,
        checkpoints: QUALITY,
        repeats: 1,
        engineRounds: PEERS_OFF,
      })),
    ],
    verdictScenes: ['pyramid20', 'chain', ...stacks],
    ratioScenes: ['pyramid20'],
    peerRatioScenes: { box2d3: ['pyramid20'] },
    // A guard against a hung child: a planck.js run of pyramid20 passed 3 min on a shared 2-core
    // machine at a load of 30.
    timeoutMs: 10 * 60 * 1000,
    qualityEngines: SOLVERS.map(liteEngine),
  };
}

/**
 * The order of runs: round by round; within a round scene by scene; within a scene every engine, the
 * starting engine rotating from one scene and round to the next, so no engine always runs first (on a
 * cold machine) or right after the same neighbour.
 */
export function schedule(plan: Plan): RunRequest[] {
  const out: RunRequest[] = [];
  const rounds = Math.max(...plan.scenes.map((s) => s.repeats));
  const n = plan.engines.length;
  let turn = 0;
  for (let repeat = 0; repeat < rounds; ++repeat) {
    for (const s of plan.scenes) {
      if (repeat >= s.repeats) continue;
      for (let k = 0; k < n; ++k) {
        const engine = plan.engines[(k + turn) % n];
        if (repeat >= (s.engineRounds?.[engine] ?? s.repeats)) continue;
        out.push({
          engine,
          scene: s.scene,
          repeat,
          windowSteps: s.windowSteps,
          checkpoints: repeat === 0 && (plan.qualityEngines?.includes(engine) ?? true) ? s.checkpoints : [],
        });
      }
      turn += 1;
    }
  }
  return out;
}
