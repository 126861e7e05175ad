import { describe } from 'vitest';
import { hashEveryScene } from './scene-hashes';

/**
 * The soft step is kept bit for bit, like the classic one (see
 * classic-hash.test.ts): every scene of the catalogue is stepped with it, and the SHA-256 of every
 * body's pose and velocity bits after each checkpoint must equal the value recorded here. A change
 * to the soft path that moves any body by one ulp fails this test; a deliberate change of the scenes
 * or of the soft step records new values (LITE_RECORD_HASHES=1 prints them) and says why in its
 * commit.
 */

// Recorded from the soft step; see the comment at the top.
const EXPECTED: Record<string, string[]> = {
  'single-box substeps=4 sleeping=true': ['0217babe3fddc862', '5e5cd43a40286bbb'],
  'single-box substeps=4 sleeping=false': ['0217babe3fddc862', 'fd73805fd6078d3d'],
  'single-box substeps=1 sleeping=false': ['c46ee65fdb66321e', 'b1cf02981caf91d6'],
  'pendulum substeps=4 sleeping=true': ['3bb3a9f2f41008db', 'bc90c12c77d671f6'],
  'pendulum substeps=4 sleeping=false': ['3bb3a9f2f41008db', 'bc90c12c77d671f6'],
  'pendulum substeps=1 sleeping=false': ['00d0daaa9cf97a58', '0594623c0f4c2707'],
  'varying-friction substeps=4 sleeping=true': ['6f15793e2319b65b', '61f3c796eedde4ff'],
  'varying-friction substeps=4 sleeping=false': ['6f15793e2319b65b', 'd0c9bee11dd44f3b'],
  'varying-friction substeps=1 sleeping=false': ['89ce8e7ec4f293f6', '7b8d7f25c8f1e88f'],
  'randomized-stacking substeps=4 sleeping=true': ['793b9aa52faab293', '06a02df37916808c'],
  'randomized-stacking substeps=4 sleeping=false': ['793b9aa52faab293', '06a02df37916808c'],
  'randomized-stacking substeps=1 sleeping=false': ['15c3cf761e1f892a', 'c7e14ade479cf59c'],
  'box-lite-pyramid substeps=4 sleeping=true': ['7a801ec2fe725701', 'ed8deb0c26376bfd'],
  'box-lite-pyramid substeps=4 sleeping=false': ['7a801ec2fe725701', '1fdb6df6b9744531'],
  'box-lite-pyramid substeps=1 sleeping=false': ['11263369593420af', '3708bff68819afc4'],
  'teeter substeps=4 sleeping=true': ['7fc973be6f14a777', '2d1d7824e1317de4'],
  'teeter substeps=4 sleeping=false': ['7fc973be6f14a777', 'f2f8962b92aeac74'],
  'teeter substeps=1 sleeping=false': ['9d845854c2505721', '960fde7632d03974'],
  'suspension-bridge substeps=4 sleeping=true': ['7eb6d071c09bf39e', 'da88e17f2e155b7f'],
  'suspension-bridge substeps=4 sleeping=false': ['7eb6d071c09bf39e', 'da88e17f2e155b7f'],
  'suspension-bridge substeps=1 sleeping=false': ['cc0f0897a5def83f', 'f6e989de8fd0da35'],
  'dominos substeps=4 sleeping=true': ['bf4725d7e898f52b', '75be6a77687bf552'],
  'dominos substeps=4 sleeping=false': ['f48349d24edbd7ef', '88dec0bddb310ca2'],
  'dominos substeps=1 sleeping=false': ['b327ece5786255c5', '048abeaafafbf144'],
  'multi-pendulum substeps=4 sleeping=true': ['d409c8f157aecc59', '2fc03f905cbed6f5'],
  'multi-pendulum substeps=4 sleeping=false': ['d409c8f157aecc59', '2fc03f905cbed6f5'],
  'multi-pendulum substeps=1 sleeping=false': ['09a07f0501cd292f', '369517f5d271e15e'],
  'stack substeps=4 sleeping=true': ['78d876ea34bc00dc', '78d876ea34bc00dc'],
  'stack substeps=4 sleeping=false': ['213bbdc0ba705976', '8a089d35e303e7da'],
  'stack substeps=1 sleeping=false': ['d1f5eb8f88f97989', 'a2107cc6911c3c6d'],
  'pyramid substeps=4 sleeping=true': ['881366768bf1f94e', '881366768bf1f94e'],
  'pyramid substeps=4 sleeping=false': ['a1be30d25aa67b1d', '726e74473f0d88d1'],
  'pyramid substeps=1 sleeping=false': ['a25ea004c45e3bdd', '4e732ca9fc648b5c'],
  'block-solver substeps=4 sleeping=true': ['1f8980af65a820de', '1f8980af65a820de'],
  'block-solver substeps=4 sleeping=false': ['69776b21212b2084', 'e41293dace9de98b'],
  'block-solver substeps=1 sleeping=false': ['fbf125b9e8e2cbbb', '74e500c982ad03de'],
  'springs substeps=4 sleeping=true': ['45c10704412e6946', 'd7f7f559e81c1d27'],
  'springs substeps=4 sleeping=false': ['45c10704412e6946', 'd7f7f559e81c1d27'],
  'springs substeps=1 sleeping=false': ['15c7264cf444b7fb', '64617707686b12e7'],
  'restitution substeps=4 sleeping=true': ['adb8b5fb7d2e74d4', 'fca98394f331f927'],
  'restitution substeps=4 sleeping=false': ['adb8b5fb7d2e74d4', 'cc11b7b488e5982a'],
  'restitution substeps=1 sleeping=false': ['eadc0d70ddccb9cc', 'c0bd052aa3c48e46'],
  'chain substeps=4 sleeping=true': ['a44908cd4e9d3534', '88fd52be727ae5f2'],
  'chain substeps=4 sleeping=false': ['a44908cd4e9d3534', '88fd52be727ae5f2'],
  'chain substeps=1 sleeping=false': ['0e89eeada9c4a761', 'c0c0b14af03bbfe2'],
  'rain substeps=4 sleeping=true': ['dd4994202dec2ee2', 'c600f70c42fe2d6b'],
  'rain substeps=4 sleeping=false': ['dd4994202dec2ee2', 'e07f530a54aaa05f'],
  'rain substeps=1 sleeping=false': ['0bd1d75887948f7b', 'b239b855eb493585'],
  'many-bodies substeps=4 sleeping=true': ['65f8bd02da7658b0', 'b6a5b84f9db88835'],
  'many-bodies substeps=4 sleeping=false': ['65f8bd02da7658b0', 'b6a5b84f9db88835'],
  'many-bodies substeps=1 sleeping=false': ['4411c4d363c16f02', '3d83763f8d6a21ca'],
  // Scenes of shapes.
  'tumbler substeps=4 sleeping=true': ['f7d580210574bcfa', 'd95f3cf8bb3ffe54'],
  'tumbler substeps=4 sleeping=false': ['f7d580210574bcfa', 'd95f3cf8bb3ffe54'],
  'tumbler substeps=1 sleeping=false': ['13441c2957e08ec5', 'f2bfce43c0d34146'],
  'ball-pit substeps=4 sleeping=true': ['d5850284f20d6989', 'c6add8bdc5c3277c'],
  'ball-pit substeps=4 sleeping=false': ['d5850284f20d6989', 'ca8092decf36c869'],
  'ball-pit substeps=1 sleeping=false': ['1425eb8cfb03bb3b', 'a28684e861c80399'],
  'capsule-pile substeps=4 sleeping=true': ['4a6f021822b2132e', '292024d03fc15c26'],
  'capsule-pile substeps=4 sleeping=false': ['4a6f021822b2132e', 'd38def996423dbc6'],
  'capsule-pile substeps=1 sleeping=false': ['e21e145a947e6d34', '84a234f6937219ba'],
  'bullets substeps=4 sleeping=true': ['aca2aaa8969e5741', 'f5a1299de860e6b5'],
  'bullets substeps=4 sleeping=false': ['aca2aaa8969e5741', 'f5a1299de860e6b5'],
  'bullets substeps=1 sleeping=false': ['96f5f40722f2dcba', '4a84eec19c4b0866'],
  'shape-rain substeps=4 sleeping=true': ['f8a7b63a6aa8cf22', 'e485b228ff126b41'],
  'shape-rain substeps=4 sleeping=false': ['f8a7b63a6aa8cf22', 'c32d93f355f6c77d'],
  'shape-rain substeps=1 sleeping=false': ['fee358c3de2853a1', '1b6b5bd6a570a6ea'],
};

describe('the soft step stays bit-identical', () => {
  hashEveryScene(
    'soft',
    [
      [4, true],
      [4, false],
      [1, false],
    ],
    EXPECTED,
  );
});
