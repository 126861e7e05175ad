import { liteVitestConfig } from '../../vitest.shared.ts';

// V8's natives syntax, for the test that reads how V8 holds an array (object-array.test.ts).
export default liteVitestConfig({ execArgv: ['--allow-natives-syntax'] });
