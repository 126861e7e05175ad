import type { SolverKind } from '@lite/world';
import { type Cell, finalVerdict } from './aggregate';

/** How much worse than recorded lite's time ratio against planck.js may get before CI fails. */
export const RATIO_TOLERANCE = 1.25;

/**
 * What the record holds for one of lite's solvers: its quality verdicts and its time relative to
 * planck.js (lite ms / planck ms, best rounds, measured in the same run), per scene.
 */
export interface SolverRecord {
  /** Why and when it was recorded. */
  note: string;
  /** The machine the ratios came from (for reading, not for checks). */
  machine: string;
  verdicts: Record<string, string>;
  ratios: Record<string, number>;
}

/**
 * The committed record CI compares with (apps/bench/record.json), per solver, whichever of the two is
 * the default: a solver's entry keeps guarding that solver when the default changes.
 */
export interface BenchRecord {
  solvers: Partial<Record<SolverKind, SolverRecord>>;
}

/** The engine id that runs each solver in this run (`lite` for the default solver). */
export type LiteEngines = Record<SolverKind, string>;

/** Verdicts that count as good: losing one is a regression. */
const GOOD = new Set(['stands', 'holds']);

/**
 * `engine`'s time over planck.js's time in the same run, each engine's fastest round against the
 * other's (see `Cell.bestMs`): per-round ratios of the same run spread by ±20% on a busy 2-core
 * machine, mostly from planck.js's own run-to-run variation, while the best rounds agree within a few
 * per cent.
 */
export function litePlanckRatio(cells: Cell[], scene: string, engine = 'lite'): number {
  const lite = cells.find((c) => c.scene === scene && c.engine === engine);
  const planck = cells.find((c) => c.scene === scene && c.engine === 'planck');
  return lite === undefined || planck === undefined ? Number.NaN : lite.bestMs / planck.bestMs;
}

/** Builds a record from this run's cells for the given scenes, for every solver that ran. */
export function makeRecord(
  cells: Cell[],
  verdictScenes: string[],
  ratioScenes: string[],
  machine: string,
  note: string,
  engines: LiteEngines,
): BenchRecord {
  const solvers: BenchRecord['solvers'] = {};
  for (const [solver, engine] of Object.entries(engines) as [SolverKind, string][]) {
    if (!cells.some((c) => c.engine === engine && c.runs > 0)) continue;
    const verdicts: Record<string, string> = {};
    for (const scene of verdictScenes) {
      const cell = cells.find((c) => c.scene === scene && c.engine === engine);
      const v = cell === undefined ? undefined : finalVerdict(cell);
      if (v !== undefined) verdicts[scene] = v;
    }
    const ratios: Record<string, number> = {};
    for (const scene of ratioScenes) {
      const r = litePlanckRatio(cells, scene, engine);
      if (Number.isFinite(r)) ratios[scene] = Number(r.toPrecision(4));
    }
    solvers[solver] = { note, machine, verdicts, ratios };
  }
  return { solvers };
}

/**
 * Compares this run with the record, solver by solver (`engines` says which engine id ran each).
 * Fails (returns a message) when a recorded good verdict of a solver is now bad or missing, or when
 * its time ratio against planck.js is more than {@link RATIO_TOLERANCE} times the recorded ratio (or
 * could not be measured). Improvements, and a solver the record does not have, are reported as notes.
 */
export function checkRecord(
  record: BenchRecord,
  cells: Cell[],
  engines: LiteEngines,
): { failures: string[]; notes: string[] } {
  const failures: string[] = [];
  const notes: string[] = [];
  for (const solver of Object.keys(engines) as SolverKind[]) {
    if (
      record.solvers[solver] === undefined &&
      cells.some((c) => c.engine === engines[solver] && c.runs > 0)
    ) {
      notes.push(`the record has no entry for lite (${solver}): run with --update-record to add one`);
    }
  }
  for (const [solver, entry] of Object.entries(record.solvers) as [SolverKind, SolverRecord][]) {
    const engine = engines[solver];
    const name = `lite (${solver})`;
    for (const [scene, recorded] of Object.entries(entry.verdicts)) {
      const cell = cells.find((c) => c.scene === scene && c.engine === engine);
      const now = cell === undefined ? undefined : finalVerdict(cell);
      if (now === undefined) {
        failures.push(
          `${scene}: ${name}'s verdict was ${recorded}, now not measured${cell?.errors[0] ? ` (${cell.errors[0]})` : ''}`,
        );
      } else if (GOOD.has(recorded) && !GOOD.has(now)) {
        failures.push(`${scene}: ${name} ${recorded} in the record, ${now} now`);
      } else if (!GOOD.has(recorded) && GOOD.has(now)) {
        notes.push(`${scene}: ${name} ${now} now (recorded ${recorded}): update the record`);
      }
    }
    for (const [scene, recorded] of Object.entries(entry.ratios)) {
      const now = litePlanckRatio(cells, scene, engine);
      if (!Number.isFinite(now)) {
        failures.push(`${scene}: ${name}/planck time ratio not measured (recorded ${recorded})`);
      } else if (now > recorded * RATIO_TOLERANCE) {
        failures.push(
          `${scene}: ${name}/planck time ratio ${now.toFixed(3)} is more than ${Math.round((RATIO_TOLERANCE - 1) * 100)}% worse than the recorded ${recorded}`,
        );
      } else if (now < recorded / RATIO_TOLERANCE) {
        notes.push(
          `${scene}: ${name}/planck time ratio ${now.toFixed(3)}, recorded ${recorded}: faster; consider updating the record`,
        );
      }
    }
  }
  return { failures, notes };
}
