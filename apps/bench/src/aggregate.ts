import type { QualitySample, RunResult } from './measure';
import { median } from './stats';

/** One finished child process: its result, or the error it reported. */
export interface RunRecord {
  engine: string;
  scene: string;
  /** Which round of the interleaved schedule (0-based). */
  repeat: number;
  result?: RunResult;
  error?: string;
}

/** Everything measured for one engine on one scene, over every repeat. */
export interface Cell {
  engine: string;
  scene: string;
  /** Successful runs. */
  runs: number;
  /** Errors reported by failed runs. */
  errors: string[];
  /** Median over runs of the per-run median ms/step. */
  medianMs: number;
  /**
   * The fastest run's fast steps (the lowest per-run 5th percentile, ms/step): on a busy machine noise
   * only ever slows steps down, in spells that come and go within a run and differ from run to run, so
   * the fast steps of the best of several rounds are the estimate least affected by it (the CI guard
   * uses it).
   */
  bestMs: number;
  /** Median over runs of the per-run p95 ms/step. */
  p95Ms: number;
  /**
   * This engine's time divided by lite's, each ratio taken within one round (so both ran back to back on
   * the same machine state), then the median over rounds. NaN when lite has no time for a round.
   */
  ratioToLite: number;
  /** Quality samples from the run that measured them. */
  quality: QualitySample[];
  /** Median over runs of the heap figures and GC counts. */
  heapUsedAfterBuild: number;
  heapUsedAfterSteps: number;
  externalAfterSteps: number;
  gcCount: number;
  bodies: number;
}

/**
 * Groups run records by (scene, engine) and summarises them. Cells come out in the order of `scenes`,
 * then `engines`.
 */
export function aggregate(records: RunRecord[], scenes: string[], engines: string[]): Cell[] {
  const cells: Cell[] = [];
  for (const scene of scenes) {
    for (const engine of engines) {
      const mine = records.filter((r) => r.scene === scene && r.engine === engine);
      const ok = mine.filter((r) => r.result !== undefined).map((r) => r.result as RunResult);
      const ratios: number[] = [];
      for (const record of mine) {
        if (record.result === undefined) continue;
        const lite = records.find(
          (r) =>
            r.scene === scene && r.engine === 'lite' && r.repeat === record.repeat && r.result !== undefined,
        );
        if (lite?.result !== undefined) ratios.push(record.result.time.median / lite.result.time.median);
      }
      cells.push({
        engine,
        scene,
        runs: ok.length,
        errors: mine.filter((r) => r.error !== undefined).map((r) => r.error as string),
        medianMs: median(ok.map((r) => r.time.median)),
        p95Ms: median(ok.map((r) => r.time.p95)),
        bestMs: ok.length > 0 ? Math.min(...ok.map((r) => r.time.p5)) : Number.NaN,
        ratioToLite: median(ratios),
        quality: ok.find((r) => r.quality.length > 0)?.quality ?? [],
        heapUsedAfterBuild: median(ok.map((r) => r.memory.heapUsedAfterBuild)),
        heapUsedAfterSteps: median(ok.map((r) => r.memory.heapUsedAfterSteps)),
        externalAfterSteps: median(ok.map((r) => r.memory.externalAfterSteps)),
        gcCount: median(ok.map((r) => r.gcCount)),
        bodies: ok[0]?.bodies ?? 0,
      });
    }
  }
  return cells;
}

/** The verdict of a cell at its last checkpoint (`stands`, `fell`, `holds`, `broke`), or undefined. */
export function finalVerdict(cell: Cell): string | undefined {
  const last = cell.quality[cell.quality.length - 1];
  return last?.structure?.verdict ?? last?.joints?.verdict;
}

/**
 * The largest stack height whose cell stands at its last checkpoint, among cells whose scene id is
 * `stack<n>-offset`, for `engine`; 0 if none stands.
 */
export function largestStandingStack(cells: Cell[], engine: string): number {
  let best = 0;
  for (const cell of cells) {
    const match = /^stack(\d+)-offset$/.exec(cell.scene);
    if (cell.engine !== engine || match === null) continue;
    if (finalVerdict(cell) === 'stands') best = Math.max(best, Number(match[1]));
  }
  return best;
}
