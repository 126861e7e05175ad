import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const engine = ['math', 'collision', 'constraints', 'world', 'scenes', 'draw-canvas'];

/**
 * The vitest configuration every package shares: tests import the workspace packages from their
 * TypeScript sources (no build needed while iterating) and write a JSON report that `.ci/run`
 * totals into one `N passed, N failed` line.
 */
export function liteVitestConfig(
  extra: { include?: string[]; testTimeout?: number; execArgv?: string[] } = {},
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
      reporters: ['default', 'json'],
      outputFile: { json: '.vitest-results.json' },
      passWithNoTests: false,
    },
  });
}
