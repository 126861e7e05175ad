import type { SolverKind } from '@lite/world';
import { type Cell, finalVerdict } from './aggregate';

/** How much worse than recorded lite's time ratio against a peer may get before CI fails. */
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
  /**
   * lite's time relative to the other guarded peers, by engine id (`box2d3`: Box2D v3 in
   * WebAssembly), then scene: lite ms / peer ms, best rounds, as `ratios` is for planck.js.
   */
  peerRatios?: Record<string, Record<string, number>>;
  /** When, where and how `peerRatios` were measured, when not with the rest of the entry. */
  peerRatiosNote?: string;
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
 * `engine`'s time over planck.js's time in the same run, each engine's fastest steps of its best
 * round against the other's (see `Cell.bestMs`): on a shared 2-core machine every engine's steps switch
 * between spells 1.3–1.6× apart within a run, so per-round medians spread by ±20% (and a run spent in
 * the slow spell moved the median of the best rounds by 40%), while the fast steps agree within a few
 * per cent.
 */
export function litePlanckRatio(cells: Cell[], scene: string, engine = 'lite'): number {
  return litePeerRatio(cells, scene, engine, 'planck');
}

/** As {@link litePlanckRatio}, against any `peer` engine id. */
export function litePeerRatio(cells: Cell[], scene: string, engine: string, peer: string): number {
  const lite = cells.find((c) => c.scene === scene && c.engine === engine);
  const other = cells.find((c) => c.scene === scene && c.engine === peer);
  return lite === undefined || other === undefined ? Number.NaN : lite.bestMs / other.bestMs;
}

/** The label of a peer in the guard's messages. */
const PEER_NAMES: Record<string, string> = { planck: 'planck', box2d3: 'box2d3-wasm' };

/**
 * Builds a record from this run's cells for the given scenes, for every solver that ran: verdicts,
 * ratios to planck.js on `ratioScenes` and to each peer of `peerRatioScenes` on its scenes.
 */
export function makeRecord(
  cells: Cell[],
  verdictScenes: string[],
  ratioScenes: string[],
  machine: string,
  note: string,
  engines: LiteEngines,
  peerRatioScenes: Record<string, string[]> = {},
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
    const peerRatios: Record<string, Record<string, number>> = {};
    for (const [peer, scenes] of Object.entries(peerRatioScenes)) {
      for (const scene of scenes) {
        const r = litePeerRatio(cells, scene, engine, peer);
        if (Number.isFinite(r)) (peerRatios[peer] ??= {})[scene] = Number(r.toPrecision(4));
      }
    }
    solvers[solver] = { note, machine, verdicts, ratios };
    if (Object.keys(peerRatios).length > 0) solvers[solver].peerRatios = peerRatios;
  }
  return { solvers };
}

/**
 * Compares this run with the record, solver by solver (`engines` says which engine id ran each).
 * Fails (returns a message) when a recorded good verdict of a solver is now bad or missing, or when
 * its time ratio against planck.js is more than {@link RATIO_TOLERANCE} times the recorded ratio (or
 * could not be measured). Improvements, and a solver the record does not have, are reported as notes;
 * `measured` lists every guarded ratio with its recorded value.
 */
export function checkRecord(
  record: BenchRecord,
  cells: Cell[],
  engines: LiteEngines,
): { failures: string[]; notes: string[]; measured: string[] } {
  const failures: string[] = [];
  const notes: string[] = [];
  const measured: string[] = [];
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
    const guarded: [string, Record<string, number>][] = [
      ['planck', entry.ratios],
      ...Object.entries(entry.peerRatios ?? {}),
    ];
    for (const [peer, ratios] of guarded) {
      const vs = `${name}/${PEER_NAMES[peer] ?? peer}`;
      for (const [scene, recorded] of Object.entries(ratios)) {
        const now = litePeerRatio(cells, scene, engine, peer);
        measured.push(`${scene}: ${vs} time ratio ${now.toFixed(3)} (recorded ${recorded})`);
        if (!Number.isFinite(now)) {
          failures.push(`${scene}: ${vs} time ratio not measured (recorded ${recorded})`);
        } else if (now > recorded * RATIO_TOLERANCE) {
          failures.push(
            `${scene}: ${vs} time ratio ${now.toFixed(3)} is more than ${Math.round((RATIO_TOLERANCE - 1) * 100)}% worse than the recorded ${recorded}`,
          );
        } else if (now < recorded / RATIO_TOLERANCE) {
          notes.push(
            `${scene}: ${vs} time ratio ${now.toFixed(3)}, recorded ${recorded}: faster; consider updating the record`,
          );
        }
      }
    }
  }
  return { failures, notes, measured };
}
