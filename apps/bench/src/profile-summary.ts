/** The parts of a V8 `.cpuprofile` (from `node --cpu-prof`) the summary reads. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time of one function in a profile. */
export interface ProfileLine {
  /** `name (package/dist/file:line)`: the last three parts of the file's path. */
  name: string;
  /** Self time, ms. */
  selfMs: number;
  /** Share of the profile's total sampled time, 0..1. */
  share: number;
}

/**
 * Sums self time per function (name, file and line; the same function reached through different call
 * paths counts once) and returns the `top` largest, most expensive first. Sample i's time is
 * timeDeltas[i + 1] (the gap until the next sample), the convention of Chrome's profiler.
 */
export function summariseProfile(profile: CpuProfile, top = 15): ProfileLine[] {
  const byNode = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    // Bundles share a file name (every package's dist/index.js): keep the package's folder too.
    const file = url === '' ? '' : url.split('/').slice(-3).join('/');
    const name = `${functionName || '(anonymous)'}${file ? ` (${file}:${lineNumber + 1})` : ''}`;
    byNode.set(node.id, name);
  }
  const self = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; ++i) {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000; // µs -> ms
    const name = byNode.get(profile.samples[i]) ?? '(unknown)';
    self.set(name, (self.get(name) ?? 0) + dt);
    total += dt;
  }
  return [...self.entries()]
    .map(([name, selfMs]) => ({ name, selfMs, share: total > 0 ? selfMs / total : 0 }))
    .sort((a, b) => b.selfMs - a.selfMs || (a.name < b.name ? -1 : 1))
    .slice(0, top);
}

/**
 * One row of the stage comparison: which of lite's `world.profile` stages and which of Box2D v3's
 * `b2Profile` fields (box2d3-wasm) measure the same work. Empty when an engine has no such stage.
 */
export interface StageRow {
  label: string;
  lite: string[];
  box2d3: string[];
}

/**
 * lite's stages against Box2D v3's, in the order of a step. Box2D v3's `step` is `pairs` + `collide`
 * + `solve`; `solve` splits into `prepareStages`, `solveConstraints` (itself `prepareConstraints`,
 * `integrateVelocities`, `warmStart`, `solveImpulses`, `integratePositions`, `relaxImpulses`,
 * `applyRestitution`, `storeImpulses`, timed on the main thread) and the finishing stages. What no
 * row covers shows as `rest`.
 */
export const STAGE_ROWS: StageRow[] = [
  { label: 'broadphase pairs, new contacts', lite: ['pairs', 'createContacts'], box2d3: ['pairs'] },
  { label: 'narrowphase (collide)', lite: ['collide'], box2d3: ['collide'] },
  { label: 'prepare', lite: ['prepare'], box2d3: ['prepareStages', 'prepareConstraints'] },
  { label: 'integrate velocities', lite: ['integrateVelocities'], box2d3: ['integrateVelocities'] },
  { label: 'warm start', lite: ['warmStart'], box2d3: ['warmStart'] },
  { label: 'solve (iterations)', lite: ['solve'], box2d3: ['solveImpulses'] },
  { label: 'push passes, split impulses', lite: ['push'], box2d3: [] },
  { label: 'integrate positions', lite: ['integratePositions'], box2d3: ['integratePositions'] },
  { label: 'relax', lite: ['relax'], box2d3: ['relaxImpulses'] },
  { label: 'restitution', lite: ['restitution'], box2d3: ['applyRestitution'] },
  { label: 'store impulses', lite: ['storeImpulses'], box2d3: ['storeImpulses'] },
  { label: 'joint position passes', lite: ['joints'], box2d3: [] },
  { label: 'transforms (and checks)', lite: ['transforms'], box2d3: ['transforms'] },
  { label: 'broadphase update', lite: ['broadphase'], box2d3: ['refit', 'bullets'] },
  { label: 'islands, sleep', lite: ['sleep'], box2d3: ['splitIslands', 'sleepIslands'] },
  { label: 'events', lite: ['events'], box2d3: ['sensors', 'sensorHits', 'jointEvents', 'hitEvents'] },
];

/** The field holding the whole step for each side of {@link STAGE_ROWS}. */
const TOTALS = { lite: 'total', box2d3: 'step' } as const;

/** One engine's column of the stage table: ms per step for each row, `rest` and `total`. */
export interface StageColumn {
  /** Parallel to {@link STAGE_ROWS}: the sum of the row's stages (NaN when the engine has none). */
  rows: number[];
  /** The whole step minus every row. */
  rest: number;
  total: number;
}

/** Sums an engine's stage timings (ms per step, by its own names) into the rows of {@link STAGE_ROWS}. */
export function stageColumn(kind: 'lite' | 'box2d3', stages: Record<string, number>): StageColumn {
  const rows = STAGE_ROWS.map((row) =>
    row[kind].length === 0 ? Number.NaN : row[kind].reduce((sum, name) => sum + (stages[name] ?? 0), 0),
  );
  const total = stages[TOTALS[kind]] ?? Number.NaN;
  const covered = rows.reduce((sum, v) => sum + (Number.isFinite(v) ? v : 0), 0);
  return { rows, rest: total - covered, total };
}
