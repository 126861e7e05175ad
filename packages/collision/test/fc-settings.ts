// Shared fast-check settings. Every property runs from a fixed seed (fast-check prints it in every
// failure report, with the path and the shrunk counterexample), so a failure replays exactly.
// FC_SEED and FC_RUNS override the seed and the run counts, e.g.
// `FC_SEED=123 FC_RUNS=100000 npx vitest run`.
import fc from 'fast-check';

/** The base seed; each property adds its own offset. */
export const SEED = process.env.FC_SEED === undefined ? 20_240_611 : Number(process.env.FC_SEED);

/** Runs per property: `base` unless FC_RUNS is set. */
export function runs(base: number): number {
  return process.env.FC_RUNS === undefined ? base : Number(process.env.FC_RUNS);
}

/**
 * fc.assert parameters for the property numbered `offset`: the seed SEED + offset, `numRuns` runs,
 * and a 4 min cap (under the tests' 5 min timeout). A passing property takes well under a second
 * alone (though over 20 s on a shared 2-core machine at a load of 30, where a 20 s cap failed one),
 * so the cap only bites while a failure is being shrunk (a failing `expect` costs a millisecond,
 * and shrinking can evaluate the property 100,000 times): the failure is then reported with the
 * counterexample shrunk so far.
 */
export function fcParams(offset: number, numRuns: number): fc.Parameters<unknown> {
  return { seed: SEED + offset, numRuns, interruptAfterTimeLimit: 240_000, markInterruptAsFailure: true };
}

/** Uniform draws on [min, max] (fc.double spreads its values evenly over the float encodings, so most would be tiny, and biases towards extremes). */
export function uniform(min: number, max: number): fc.Arbitrary<number> {
  return fc.noBias(fc.integer({ min: 0, max: 0x7fffffff })).map((i) => min + ((max - min) * i) / 0x7fffffff);
}
