import { createHash } from 'node:crypto';
import { catalogue } from '@lite/scenes';
import { expect, it } from 'vitest';
import type { SolverKind } from '../src/index';
import { buildScene, solverSettings, stateOf } from './helpers';

const STEPS = 240;
const CHECKPOINTS = [60, 240];

/** Scenes too large to hash quickly run with fewer bodies (the same code paths). */
const PARAMETERS: Record<string, Record<string, number>> = {
  rain: { count: 400 },
  'many-bodies': { count: 300 },
  pyramid: { base: 20 },
  // On their exact grids (no jitter), as recorded.
  tumbler: { count: 60, jitter: 0 },
  'ball-pit': { count: 60, jitter: 0 },
  'capsule-pile': { count: 60 },
  'shape-rain': { count: 100 },
  'joint-grid': { size: 10 },
};

/**
 * The SHA-256 (first 16 hex digits) of every body's pose and velocity bits after steps 60 and 240
 * of catalogue scene `id` stepped with `solver`.
 */
function hashRun(id: string, solver: SolverKind, substeps: number, sleeping: boolean): string[] {
  const entry = catalogue.find((e) => e.id === id);
  if (!entry) throw new Error(`no scene ${id}`);
  const { world } = buildScene(entry.create(PARAMETERS[id]), { sleeping, solver });
  solverSettings(world).substeps = substeps;
  const hashes: string[] = [];
  for (let i = 1; i <= STEPS; ++i) {
    world.step(1 / 60);
    if (CHECKPOINTS.includes(i)) {
      const bytes = new Uint8Array(stateOf(world).buffer);
      hashes.push(createHash('sha256').update(bytes).digest('hex').slice(0, 16));
    }
  }
  return hashes;
}

/**
 * One test per catalogue scene and (sub-steps, sleeping) pair: the run's hashes must equal
 * `expected`, keyed `'<scene> substeps=<n> sleeping=<bool>'`. With LITE_RECORD_HASHES set, prints the
 * values to record instead.
 */
export function hashEveryScene(
  solver: SolverKind,
  configs: readonly (readonly [number, boolean])[],
  expected: Record<string, string[]>,
): void {
  for (const entry of catalogue) {
    for (const [substeps, sleeping] of configs) {
      const key = `${entry.id} substeps=${substeps} sleeping=${sleeping}`;
      it(key, () => {
        const got = hashRun(entry.id, solver, substeps, sleeping);
        if (process.env.LITE_RECORD_HASHES) {
          console.log(`  '${key}': ${JSON.stringify(got)},`);
          return;
        }
        expect(got).toEqual(expected[key]);
      });
    }
  }
}
