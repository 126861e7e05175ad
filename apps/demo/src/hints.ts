import { getScene } from '@lite/scenes';
import type { SolverKind } from '@lite/world';
import { defaultSettings } from './settings';
import { Simulation } from './simulation';

/** The simulated time a sized scene must stand for to count as held, s. */
export const HOLD_SECONDS = 10;
/** How far a body may move from its start while the scene still counts as held, m. */
export const HOLD_MAX_MOVE = 0.5;

/**
 * The sized scenes with a hint: the scene id, the parameter that sizes it, and `max`, the largest
 * size each solver holds at the testbed's defaults (the engine's default counts; the classic
 * solver with the scene's iterations), as {@link sceneHolds} finds it: measured with
 * `npx tsx scripts/measure-hints.ts` (a bisection over the slider's range). A solver left out holds
 * every size of the slider.
 */
export const HINTED: ReadonlyArray<{
  sceneId: string;
  parameter: string;
  /** What the size counts, for the hint's text. */
  noun: string;
  max: Partial<Record<SolverKind, number>>;
}> = [
  { sceneId: 'stack', parameter: 'height', noun: 'stacks taller than', max: { classic: 33 } },
  {
    sceneId: 'pyramid',
    parameter: 'base',
    noun: 'pyramids with a base above',
    max: { classic: 52, soft: 63 },
  },
];

/**
 * The piles the classic solver never brings to rest at the testbed's defaults from `count` bodies
 * on (the catalogue's default; their bodies keep creeping, so they never all sleep: measured with
 * `npx tsx scripts/measure-sleep.ts --classic`), where the soft step settles them. The testbed says
 * so while the classic solver runs them.
 */
export const UNSETTLED_BY_CLASSIC: ReadonlyArray<{ sceneId: string; count: number }> = [
  { sceneId: 'rain', count: 2000 },
  { sceneId: 'many-bodies', count: 3000 },
  { sceneId: 'shape-rain', count: 2000 },
];

/**
 * Whether catalogue scene `sceneId` with `parameter` = `size` (its other parameters at their
 * defaults) stands with `solver` at the testbed's default settings: over {@link HOLD_SECONDS} of
 * simulated time (checked every half second) no dynamic body moves more than {@link HOLD_MAX_MOVE}
 * from where it started.
 */
export function sceneHolds(sceneId: string, parameter: string, size: number, solver: SolverKind): boolean {
  const entry = getScene(sceneId);
  if (!entry) throw new Error(`no scene ${sceneId}`);
  const scene = entry.create({ [parameter]: size });
  const settings = defaultSettings();
  settings.solver = solver;
  settings.counts.classic.iterations = scene.iterations;
  settings.gravityX = scene.gravity.x;
  settings.gravityY = scene.gravity.y;
  const simulation = new Simulation(scene, settings);
  const bodies = simulation.panes[0].world.bodies.filter((b) => b.type === 'dynamic');
  const start = bodies.map((b) => ({ x: b.position.x, y: b.position.y }));
  for (let i = 0; i < HOLD_SECONDS * 60; i++) {
    simulation.step(1 / 60);
    if (i % 30 !== 29) continue;
    for (let k = 0; k < bodies.length; k++) {
      const p = bodies[k].position;
      if (!(Math.hypot(p.x - start[k].x, p.y - start[k].y) < HOLD_MAX_MOVE)) return false;
    }
  }
  return true;
}
