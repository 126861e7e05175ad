/**
 * Measures the scene-size hints of `src/hints.ts`: for each sized scene and each solver at the
 * testbed's defaults, the largest size that holds ({@link sceneHolds}: no body moves 0.5 m from its
 * start over 10 s). A bisection over the slider's range, so it assumes that a larger size never
 * holds better; it prints the sizes on both sides of the answer.
 *
 * Run from apps/demo after `pnpm build` at the root: `npx tsx scripts/measure-hints.ts`.
 */
import { getScene } from '@lite/scenes';
import { HINTED, sceneHolds } from '../src/hints';

for (const { sceneId, parameter } of HINTED) {
  const range = getScene(sceneId)!.parameters.find((p) => p.name === parameter)!;
  for (const solver of ['classic', 'soft'] as const) {
    let low = range.min; // one box stands
    let high = range.max;
    if (sceneHolds(sceneId, parameter, high, solver)) {
      console.log(`${sceneId} ${parameter} ${solver}: holds up to the slider's max ${high}`);
      continue;
    }
    while (high - low > range.step) {
      const mid = low + Math.round((high - low) / 2 / range.step) * range.step;
      if (sceneHolds(sceneId, parameter, mid, solver)) low = mid;
      else high = mid;
    }
    console.log(`${sceneId} ${parameter} ${solver}: holds at ${low}, falls at ${high}`);
  }
}
