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
  'randomized-stacking substeps=4 sleeping=true': ['8fdc1d79bb71259c', '8fdc1d79bb71259c'],
  'randomized-stacking substeps=4 sleeping=false': ['ce47954c65359e4f', '63d54cadfb0e011d'],
  'randomized-stacking substeps=1 sleeping=false': ['f612fe559b72d68d', '448f741343786b87'],
  'box-lite-pyramid substeps=4 sleeping=true': ['2d54a421606a2f15', 'c5c7bb83ce7ab468'],
  'box-lite-pyramid substeps=4 sleeping=false': ['2d54a421606a2f15', 'aeecefa1407e95d8'],
  'box-lite-pyramid substeps=1 sleeping=false': ['dc50ad54e8d6776b', '19c29798dbba2474'],
  'teeter substeps=4 sleeping=true': ['047f1aed006c4b64', 'e9b4b01ac11a44ca'],
  'teeter substeps=4 sleeping=false': ['047f1aed006c4b64', '39221974cae2d87f'],
  'teeter substeps=1 sleeping=false': ['c7d795fab6570822', 'f2548f2f73b954b9'],
  'suspension-bridge substeps=4 sleeping=true': ['7eb6d071c09bf39e', 'da88e17f2e155b7f'],
  'suspension-bridge substeps=4 sleeping=false': ['7eb6d071c09bf39e', 'da88e17f2e155b7f'],
  'suspension-bridge substeps=1 sleeping=false': ['cc0f0897a5def83f', 'f6e989de8fd0da35'],
  'dominos substeps=4 sleeping=true': ['bf4725d7e898f52b', '1b3898fcb24d8b11'],
  'dominos substeps=4 sleeping=false': ['f48349d24edbd7ef', 'c67ed78200f549db'],
  'dominos substeps=1 sleeping=false': ['b327ece5786255c5', '09e5dba4b3fac8b5'],
  'multi-pendulum substeps=4 sleeping=true': ['d409c8f157aecc59', '2fc03f905cbed6f5'],
  'multi-pendulum substeps=4 sleeping=false': ['d409c8f157aecc59', '2fc03f905cbed6f5'],
  'multi-pendulum substeps=1 sleeping=false': ['09a07f0501cd292f', '369517f5d271e15e'],
  'stack substeps=4 sleeping=true': ['78d876ea34bc00dc', '78d876ea34bc00dc'],
  'stack substeps=4 sleeping=false': ['213bbdc0ba705976', '8a089d35e303e7da'],
  'stack substeps=1 sleeping=false': ['d1f5eb8f88f97989', 'a2107cc6911c3c6d'],
  'pyramid substeps=4 sleeping=true': ['ade6bd66742e0e7b', 'ade6bd66742e0e7b'],
  'pyramid substeps=4 sleeping=false': ['d4dc54fb7a88c350', '962a0be8ef3a9898'],
  'pyramid substeps=1 sleeping=false': ['0873d2304a52429f', 'f994950371d2e7ad'],
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
  'rain substeps=4 sleeping=true': ['06218569b5bdb227', 'f2ec220410c9cc65'],
  'rain substeps=4 sleeping=false': ['06218569b5bdb227', 'f2ec220410c9cc65'],
  'rain substeps=1 sleeping=false': ['bf2f41f35276a99f', 'fb6a99a084ce7c44'],
  'many-bodies substeps=4 sleeping=true': ['6f0d349bedd0e9c6', '5fda3d1466eaf90c'],
  'many-bodies substeps=4 sleeping=false': ['6f0d349bedd0e9c6', 'c52d814e827148ea'],
  'many-bodies substeps=1 sleeping=false': ['0b48d01837d80393', '66d34312fcc3092d'],
  // Scenes of shapes.
  'tumbler substeps=4 sleeping=true': ['ed01dc09aaa7ff1b', 'c072b79c3d10cbe4'],
  'tumbler substeps=4 sleeping=false': ['ed01dc09aaa7ff1b', 'c072b79c3d10cbe4'],
  'tumbler substeps=1 sleeping=false': ['eb77bb8e25317256', '71b547d3ad57b110'],
  'ball-pit substeps=4 sleeping=true': ['1bebcfa1d0a74422', '434e83c2462f0a59'],
  'ball-pit substeps=4 sleeping=false': ['1bebcfa1d0a74422', '1bebcfa1d0a74422'],
  'ball-pit substeps=1 sleeping=false': ['f95dd870a62f0499', 'e3382cd70514b5d8'],
  'capsule-pile substeps=4 sleeping=true': ['c88d183b174b0dd1', '7e9e5242d8f91548'],
  'capsule-pile substeps=4 sleeping=false': ['c88d183b174b0dd1', 'd0ec421639a36a09'],
  'capsule-pile substeps=1 sleeping=false': ['0100eede0dab157a', 'f8a109c6e9ec0790'],
  'bullets substeps=4 sleeping=true': ['aca2aaa8969e5741', 'f5a1299de860e6b5'],
  'bullets substeps=4 sleeping=false': ['aca2aaa8969e5741', 'f5a1299de860e6b5'],
  'bullets substeps=1 sleeping=false': ['68b212f3326204d2', '8a10d3f6e7c43063'],
  'shape-rain substeps=4 sleeping=true': ['4cd8cb3de477f142', '79754e682ee29101'],
  'shape-rain substeps=4 sleeping=false': ['4cd8cb3de477f142', 'fddd9f4f051b08ea'],
  'shape-rain substeps=1 sleeping=false': ['8182278c982e86ac', '7fd9ab2380a64d5f'],
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
