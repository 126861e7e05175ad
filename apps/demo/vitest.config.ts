import { liteVitestConfig } from '../../vitest.shared.ts';

// `.ci/run` starts the browser suite on its own as soon as the packages are built (it waits on the
// browser's frames more than it computes, so it runs beside the checks), and then runs the rest of
// the tests with LITE_E2E=apart, which leaves it out here.
export default liteVitestConfig(process.env.LITE_E2E === 'apart' ? { exclude: ['test/e2e.test.ts'] } : {});
