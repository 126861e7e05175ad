import { liteVitestConfig } from '../../vitest.shared';

export default liteVitestConfig();
