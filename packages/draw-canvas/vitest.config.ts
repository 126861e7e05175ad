import { liteVitestConfig } from '../../vitest.shared.ts';

export default liteVitestConfig();
