import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
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
  extra: {
    include?: string[];
    exclude?: string[];
    testTimeout?: number;
    execArgv?: string[];
    slowFirst?: string[];
    nativeImport?: boolean;
  } = {},
) {
  // With `nativeImport`, the test files and the engine's sources load through Node's own `import`
  // (TypeScript stripped by tsx's loader, `@lite/*` mapped to the sources by tsconfig.vitest.json)
  // instead of Vite's module runner, which reads every imported name through its module objects:
  // the step's hot loops then run about three times faster. A package of short tests loses more to
  // tsx's loading of every file than it gains (math's took twice the CPU): only the world's uses it.
  // (The forks inherit this variable.)
  if (extra.nativeImport === true) process.env.TSX_TSCONFIG_PATH = `${root}tsconfig.vitest.json`;
  const execArgv = [...(extra.nativeImport === true ? ['--import', 'tsx'] : []), ...(extra.execArgv ?? [])];
  return defineConfig({
    resolve: {
      alias: engine.map((name) => ({
        find: new RegExp(`^@lite/${name}$`),
        replacement: `${root}packages/${name}/src/index.ts`,
      })),
    },
    test: {
      include: extra.include ?? ['test/**/*.test.ts', 'src/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...(extra.exclude ?? [])],
      // A guard against a hang, not a speed limit: a test of a few seconds alone takes minutes on a
      // shared 2-core machine at a load of 30 (the world's allocation probes, three fresh processes
      // of 1,000-step windows each, ran past a minute there).
      testTimeout: extra.testTimeout ?? 300_000,
      execArgv,
      ...(extra.nativeImport === true
        ? { experimental: { viteModuleRunner: false, nodeLoader: false } }
        : {}),
      maxWorkers: Math.max(2, availableParallelism() - 1),
      ...(extra.slowFirst === undefined ? {} : { sequence: { sequencer: slowFirst(extra.slowFirst) } }),
      reporters: ['default', 'json'],
      outputFile: { json: '.vitest-results.json' },
      passWithNoTests: false,
    },
  });
}
