import { type Cell, finalVerdict } from './aggregate';

/** How much worse than recorded lite's time ratio against planck.js may get before CI fails. */
export const RATIO_TOLERANCE = 1.25;

/**
 * The committed record CI compares with (apps/bench/record.json): lite's quality verdicts and lite's
 * time relative to planck.js (lite ms / planck ms, best rounds, measured in the same run), per scene.
 */
export interface BenchRecord {
  /** Why and when it was recorded. */
  note: string;
  /** The machine the ratios came from (for reading, not for checks). */
  machine: string;
  verdicts: Record<string, string>;
  ratios: Record<string, number>;
}

/** Verdicts that count as good: losing one is a regression. */
const GOOD = new Set(['stands', 'holds']);

/**
 * lite's time over planck.js's time in the same run, each engine's fastest round against the other's
 * (see `Cell.bestMs`): per-round ratios of the same run spread by ±20% on a busy 2-core machine, mostly
 * from planck.js's own run-to-run variation, while the best rounds agree within a few per cent.
 */
export function litePlanckRatio(cells: Cell[], scene: string): number {
  const lite = cells.find((c) => c.scene === scene && c.engine === 'lite');
  const planck = cells.find((c) => c.scene === scene && c.engine === 'planck');
  return lite === undefined || planck === undefined ? Number.NaN : lite.bestMs / planck.bestMs;
}

/** Builds a record from this run's cells for the given scenes. */
export function makeRecord(
  cells: Cell[],
  verdictScenes: string[],
  ratioScenes: string[],
  machine: string,
  note: string,
): BenchRecord {
  const verdicts: Record<string, string> = {};
  for (const scene of verdictScenes) {
    const cell = cells.find((c) => c.scene === scene && c.engine === 'lite');
    const v = cell === undefined ? undefined : finalVerdict(cell);
    if (v !== undefined) verdicts[scene] = v;
  }
  const ratios: Record<string, number> = {};
  for (const scene of ratioScenes) {
    const r = litePlanckRatio(cells, scene);
    if (Number.isFinite(r)) ratios[scene] = Number(r.toPrecision(4));
  }
  return { note, machine, verdicts, ratios };
}

/**
 * Compares this run with the record. Fails (returns a message) when a recorded good verdict of lite is
 * now bad or missing, or when lite's time ratio against planck.js is more than {@link RATIO_TOLERANCE}
 * times the recorded ratio (or could not be measured). Improvements are reported as notes.
 */
export function checkRecord(record: BenchRecord, cells: Cell[]): { failures: string[]; notes: string[] } {
  const failures: string[] = [];
  const notes: string[] = [];
  for (const [scene, recorded] of Object.entries(record.verdicts)) {
    const cell = cells.find((c) => c.scene === scene && c.engine === 'lite');
    const now = cell === undefined ? undefined : finalVerdict(cell);
    if (now === undefined) {
      failures.push(
        `${scene}: lite's verdict was ${recorded}, now not measured${cell?.errors[0] ? ` (${cell.errors[0]})` : ''}`,
      );
    } else if (GOOD.has(recorded) && !GOOD.has(now)) {
      failures.push(`${scene}: lite ${recorded} in the record, ${now} now`);
    } else if (!GOOD.has(recorded) && GOOD.has(now)) {
      notes.push(`${scene}: lite ${now} now (recorded ${recorded}): update the record`);
    }
  }
  for (const [scene, recorded] of Object.entries(record.ratios)) {
    const now = litePlanckRatio(cells, scene);
    if (!Number.isFinite(now)) {
      failures.push(`${scene}: lite/planck time ratio not measured (recorded ${recorded})`);
    } else if (now > recorded * RATIO_TOLERANCE) {
      failures.push(
        `${scene}: lite/planck time ratio ${now.toFixed(3)} is more than ${Math.round((RATIO_TOLERANCE - 1) * 100)}% worse than the recorded ${recorded}`,
      );
    } else if (now < recorded / RATIO_TOLERANCE) {
      notes.push(
        `${scene}: lite/planck time ratio ${now.toFixed(3)}, recorded ${recorded}: faster; consider updating the record`,
      );
    }
  }
  return { failures, notes };
}
