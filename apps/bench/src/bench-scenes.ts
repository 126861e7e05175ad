import { heavyChain, pyramid, rain, type SceneDef, shapeRain, stack } from '@lite/scenes';
import { BenchError } from './errors';

/** What quality a scene is judged on. */
export type QualityKind = 'structure' | 'joints' | 'none';

/** A scene of the benchmark and how it is run. */
export interface BenchScene {
  /** Id used in tables, JSON and the CI record. */
  id: string;
  /** Builds the scene (plain data from @lite/scenes). */
  build(): SceneDef;
  /** `structure`: stacks and pyramids (drift, sink, stands/fell); `joints`: joint separation. */
  quality: QualityKind;
  /** For stacks: the number of boxes (for "largest standing stack"). */
  stackHeight?: number;
  /** Whether the stack has ±5 mm offsets. */
  offset?: boolean;
}

/** Stack heights of the full set. */
export const STACK_HEIGHTS = [10, 16, 24, 32, 64] as const;

function stackScene(n: number, offset: boolean): BenchScene {
  return {
    id: offset ? `stack${n}-offset` : `stack${n}`,
    build: () => stack(n, { offset: offset ? 0.005 : 0 }),
    quality: 'structure',
    stackHeight: n,
    offset,
  };
}

/** Every benchmark scene by id. */
export const BENCH_SCENES: readonly BenchScene[] = [
  { id: 'pyramid20', build: () => pyramid(20), quality: 'structure' },
  { id: 'pyramid100', build: () => pyramid(100), quality: 'structure' },
  ...STACK_HEIGHTS.flatMap((n) => [stackScene(n, false), stackScene(n, true)]),
  { id: 'rain', build: () => rain(2000, 1), quality: 'none' },
  { id: 'shape-rain', build: () => shapeRain(2000, 1), quality: 'none' },
  { id: 'chain', build: () => heavyChain(40, 100), quality: 'joints' },
];

/**
 * The benchmark scene with this id.
 * @throws BenchError when there is none
 */
export function benchScene(id: string): BenchScene {
  const scene = BENCH_SCENES.find((s) => s.id === id);
  if (scene === undefined) {
    throw new BenchError(
      'scene',
      id,
      `is not a benchmark scene (${BENCH_SCENES.map((s) => s.id).join(', ')})`,
    );
  }
  return scene;
}
