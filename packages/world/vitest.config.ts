import { liteVitestConfig } from '../../vitest.shared.ts';

// The longest files (half a minute to a minute and a half each on a loaded 2-core machine), longest
// first, so that neither worker is left running one of them alone at the end.
export default liteVitestConfig({
  nativeImport: true,
  slowFirst: [
    'test/allocation.test.ts',
    'test/snapshot.test.ts',
    'test/fuzz.test.ts',
    'test/snapshot-fuzz.test.ts',
    'test/soft-hash.test.ts',
    'test/scenes.test.ts',
    'test/soft-step.test.ts',
    'test/many-worlds.test.ts',
    'test/classic-hash.test.ts',
    'test/contact-order.test.ts',
  ],
});
