import { liteVitestConfig } from '../../vitest.shared.ts';

// The longest files (about a minute each on a loaded 2-core machine) start first, so that neither
// worker is left running one of them alone at the end.
export default liteVitestConfig({
  nativeImport: true,
  slowFirst: [
    'test/many-worlds.test.ts',
    'test/allocation.test.ts',
    'test/wasm-kernels.test.ts',
    'test/soft-hash.test.ts',
    'test/soft-step.test.ts',
    'test/scenes.test.ts',
    'test/snapshot.test.ts',
    'test/contact-order.test.ts',
  ],
});
