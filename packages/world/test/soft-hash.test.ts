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
  'randomized-stacking substeps=1 sleeping=false': ['70f8cb0a57965dce', 'e1a833415536df46'],
  'box-lite-pyramid substeps=4 sleeping=true': ['7a801ec2fe725701', 'adb4034a4a7ec535'],
  'box-lite-pyramid substeps=4 sleeping=false': ['7a801ec2fe725701', '2bd53a51039420f5'],
  'box-lite-pyramid substeps=1 sleeping=false': ['8cc9b56ca728643c', '88ca3776660dd995'],
  'teeter substeps=4 sleeping=true': ['7fc973be6f14a777', '2d1d7824e1317de4'],
  'teeter substeps=4 sleeping=false': ['7fc973be6f14a777', 'f2f8962b92aeac74'],
  'teeter substeps=1 sleeping=false': ['776dd5b7b1c8a8f7', 'be2fa71b1f8566a8'],
  'suspension-bridge substeps=4 sleeping=true': ['7eb6d071c09bf39e', 'da88e17f2e155b7f'],
  'suspension-bridge substeps=4 sleeping=false': ['7eb6d071c09bf39e', 'da88e17f2e155b7f'],
  'suspension-bridge substeps=1 sleeping=false': ['cc0f0897a5def83f', 'f6e989de8fd0da35'],
  'dominos substeps=4 sleeping=true': ['bf4725d7e898f52b', '75be6a77687bf552'],
  'dominos substeps=4 sleeping=false': ['f48349d24edbd7ef', '88dec0bddb310ca2'],
  'dominos substeps=1 sleeping=false': ['b327ece5786255c5', '89d59b756b57a290'],
  'multi-pendulum substeps=4 sleeping=true': ['d409c8f157aecc59', '2fc03f905cbed6f5'],
  'multi-pendulum substeps=4 sleeping=false': ['d409c8f157aecc59', '2fc03f905cbed6f5'],
  'multi-pendulum substeps=1 sleeping=false': ['09a07f0501cd292f', '369517f5d271e15e'],
  'stack substeps=4 sleeping=true': ['78d876ea34bc00dc', '78d876ea34bc00dc'],
  'stack substeps=4 sleeping=false': ['213bbdc0ba705976', '8a089d35e303e7da'],
  'stack substeps=1 sleeping=false': ['d1f5eb8f88f97989', 'a2107cc6911c3c6d'],
  'pyramid substeps=4 sleeping=true': ['881366768bf1f94e', '881366768bf1f94e'],
  'pyramid substeps=4 sleeping=false': ['a1be30d25aa67b1d', '726e74473f0d88d1'],
  'pyramid substeps=1 sleeping=false': ['d4f1b0489b07b6d9', '95153face3509254'],
  'block-solver substeps=4 sleeping=true': ['1f8980af65a820de', '1f8980af65a820de'],
  'block-solver substeps=4 sleeping=false': ['69776b21212b2084', 'e41293dace9de98b'],
  'block-solver substeps=1 sleeping=false': ['fbf125b9e8e2cbbb', '74e500c982ad03de'],
  'springs substeps=4 sleeping=true': ['45c10704412e6946', 'd7f7f559e81c1d27'],
  'springs substeps=4 sleeping=false': ['45c10704412e6946', 'd7f7f559e81c1d27'],
  'springs substeps=1 sleeping=false': ['15c7264cf444b7fb', '64617707686b12e7'],
  'restitution substeps=4 sleeping=true': ['adb8b5fb7d2e74d4', '0b3b77882917b719'],
  'restitution substeps=4 sleeping=false': ['adb8b5fb7d2e74d4', '06d62903722b9983'],
  'restitution substeps=1 sleeping=false': ['eadc0d70ddccb9cc', 'ecad5ec2c05ffedf'],
  'chain substeps=4 sleeping=true': ['a44908cd4e9d3534', '88fd52be727ae5f2'],
  'chain substeps=4 sleeping=false': ['a44908cd4e9d3534', '88fd52be727ae5f2'],
  'chain substeps=1 sleeping=false': ['0e89eeada9c4a761', 'c0c0b14af03bbfe2'],
  'rain substeps=4 sleeping=true': ['a06c5b190ca3d144', 'f9a51c5afc16882d'],
  'rain substeps=4 sleeping=false': ['a06c5b190ca3d144', 'b531c543c5625996'],
  'rain substeps=1 sleeping=false': ['a4ea9dd80bfc4bb4', '40760605421f1d62'],
  'many-bodies substeps=4 sleeping=true': ['65f8bd02da7658b0', 'fafe5ce08ce10735'],
  'many-bodies substeps=4 sleeping=false': ['65f8bd02da7658b0', '1cd68e3a9c365ec4'],
  'many-bodies substeps=1 sleeping=false': ['d5df5dbd2fe31538', 'b381366ca57fdc1d'],
  // Scenes of shapes.
  'tumbler substeps=4 sleeping=true': ['f7d580210574bcfa', 'd95f3cf8bb3ffe54'],
  'tumbler substeps=4 sleeping=false': ['f7d580210574bcfa', 'd95f3cf8bb3ffe54'],
  'tumbler substeps=1 sleeping=false': ['a1524e2f9aee961e', 'e4c5eeba0851df40'],
  'ball-pit substeps=4 sleeping=true': ['d5850284f20d6989', 'c6add8bdc5c3277c'],
  'ball-pit substeps=4 sleeping=false': ['d5850284f20d6989', 'ca8092decf36c869'],
  'ball-pit substeps=1 sleeping=false': ['e6eb462133595e8d', '0e4438c018d3701a'],
  'capsule-pile substeps=4 sleeping=true': ['f50816cdb00798d5', '56a74c8201a0a8ca'],
  'capsule-pile substeps=4 sleeping=false': ['f50816cdb00798d5', '6b9873621a585af8'],
  'capsule-pile substeps=1 sleeping=false': ['a123bc6375d397cf', '777be608a043f2ae'],
  'bullets substeps=4 sleeping=true': ['aca2aaa8969e5741', 'f5a1299de860e6b5'],
  'bullets substeps=4 sleeping=false': ['aca2aaa8969e5741', 'f5a1299de860e6b5'],
  'bullets substeps=1 sleeping=false': ['96f5f40722f2dcba', '4a84eec19c4b0866'],
  'shape-rain substeps=4 sleeping=true': ['0d1ac17500ba3366', 'fcf62d739c8985f0'],
  'shape-rain substeps=4 sleeping=false': ['0d1ac17500ba3366', '89fab275479b8481'],
  'shape-rain substeps=1 sleeping=false': ['dec24b9e3daa9f48', '7174e8399a221207'],
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
