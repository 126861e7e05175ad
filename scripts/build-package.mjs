// Builds the engine package in the current directory, after `tsc -b tsconfig.build.json` has written
// its declarations (with `@internal` members stripped) to `.tsbuild/`:
//
// - `dist/*.js`: ESM, one file per source module (`unbundle`), so a bundler that imports one function
//   keeps only the modules it reaches (`"sideEffects": false` lets it drop the rest whole). Rolldown
//   links the modules before writing them, so a `const enum` used across files is still inlined as a
//   number, as it was in one bundle.
// - `dist/index.cjs`: CommonJS, one file (a `require` caller loads everything anyway).
// - `dist/index.d.cts`: the declarations, rolled into one file from `.tsbuild/`.
// - `dist/index.d.ts`: one line, `export * from './index.cjs'`, so ESM and CommonJS consumers read
//   the same declarations instead of two copies. (The reverse, a `.d.cts` re-exporting ESM
//   declarations, is an error under TypeScript's `node16` CommonJS resolution.)
//
// Source maps point at `../src/*.ts`, which the tarball ships, instead of embedding the sources.
// tsdown's API is called directly: its command line prints a notice about Node 20 on every run.
import { writeFileSync } from 'node:fs';
import { build } from 'tsdown';

const shared = {
  config: false,
  entry: ['src/index.ts'],
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  fixedExtension: false,
  outputOptions: { sourcemapExcludeSources: true },
  logLevel: 'warn',
  report: false,
  checks: { legacyCjs: false, pluginTimings: false },
};

await build({
  ...shared,
  format: 'esm',
  unbundle: true,
  // Constants stay imported by name: inlining one across modules leaves a bare `import './x.js'`
  // behind, which bundlers warn about in a `"sideEffects": false` package. (Enum members, the
  // solver's row offsets, are still inlined.)
  inputOptions: { optimization: { inlineConst: false } },
  dts: false,
  clean: true,
});
await build({ ...shared, format: 'cjs', dts: false, clean: false });
await build({
  ...shared,
  format: 'cjs',
  sourcemap: false,
  dts: { build: true, tsconfig: 'tsconfig.build.json', emitDtsOnly: true },
  clean: false,
});
writeFileSync('dist/index.d.ts', "export * from './index.cjs';\n");
