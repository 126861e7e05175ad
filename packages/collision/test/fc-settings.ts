// Shared fast-check settings: a fixed seed (printed by fast-check in every failure report, together with
// the shrunk counterexample) so a failure replays exactly. FC_SEED and FC_RUNS override them, e.g.
// `FC_SEED=123 FC_RUNS=100000 npx vitest run`.
export const SEED = process.env.FC_SEED === undefined ? 20_240_611 : Number(process.env.FC_SEED);

/** Runs per property: `base` unless FC_RUNS is set. */
export function runs(base: number): number {
  return process.env.FC_RUNS === undefined ? base : Number(process.env.FC_RUNS);
}
