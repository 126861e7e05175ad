import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = fileURLToPath(new URL('.', import.meta.url));
const engine = ['math', 'collision', 'constraints', 'world', 'scenes', 'draw-canvas'];

/**
 * Vitest's order (larger files first while it has no timings cached, as in a fresh clone), with the
 * files of `slow` (paths from the package root) moved to the front in that order: a long file that
 * starts last keeps one worker busy after the others are done.
 */
function slowFirst(slow: string[]) {
  return class SlowFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (spec: TestSpecification): number => {
        const at = slow.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
        return at < 0 ? slow.length : at;
      };
      // Array.prototype.sort is stable: the other files keep vitest's order.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}

/**
 * The vitest configuration every package shares: tests import the workspace packages from their
 * TypeScript sources (no build needed while iterating) and write a JSON report that `.ci/run`
 * totals into one `N passed, N failed` line. Test files run on at least two workers: vitest's
 * default (one less than the cores) leaves a 2-core machine's second core idle while one package's
 * files run one after another.
 */
export function liteVitestConfig(
  extra: { include?: string[]; testTimeout?: number; execArgv?: string[]; slowFirst?: string[] } = {},
) {
  return defineConfig({
    resolve: {
      alias: engine.map((name) => ({
        find: new RegExp(`^@lite/${name}$`),
        replacement: `${root}packages/${name}/src/index.ts`,
      })),
    },
    test: {
      include: extra.include ?? ['test/**/*.test.ts', 'src/**/*.test.ts'],
      testTimeout: extra.testTimeout ?? 60_000,
      execArgv: extra.execArgv ?? [],
      maxWorkers: Math.max(2, availableParallelism() - 1),
      ...(extra.slowFirst === undefined ? {} : { sequence: { sequencer: slowFirst(extra.slowFirst) } }),
      reporters: ['default', 'json'],
      outputFile: { json: '.vitest-results.json' },
      passWithNoTests: false,
    },
  });
}
