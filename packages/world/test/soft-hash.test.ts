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
  'varying-friction substeps=1 sleeping=false': ['db3cb33319ac6857', 'a87ad326af93d4ab'],
  'randomized-stacking substeps=4 sleeping=true': ['8fdc1d79bb71259c', '8fdc1d79bb71259c'],
  'randomized-stacking substeps=4 sleeping=false': ['ce47954c65359e4f', '63d54cadfb0e011d'],
  'randomized-stacking substeps=1 sleeping=false': ['e8a554a4260e978d', '2de46f6effbc5cac'],
  'box-lite-pyramid substeps=4 sleeping=true': ['2d54a421606a2f15', 'aea162e7bce6eaf1'],
  'box-lite-pyramid substeps=4 sleeping=false': ['2d54a421606a2f15', 'c930d10842b3a100'],
  'box-lite-pyramid substeps=1 sleeping=false': ['1a4fb240f2245743', 'c9d0a23218fa71bd'],
  'teeter substeps=4 sleeping=true': ['047f1aed006c4b64', 'ad00129a38ed7315'],
  'teeter substeps=4 sleeping=false': ['047f1aed006c4b64', '9c3ea1b1836040e6'],
  'teeter substeps=1 sleeping=false': ['1d211fc5dbd12d02', '37658801da72e31b'],
  'suspension-bridge substeps=4 sleeping=true': ['7eb6d071c09bf39e', 'da88e17f2e155b7f'],
  'suspension-bridge substeps=4 sleeping=false': ['7eb6d071c09bf39e', 'da88e17f2e155b7f'],
  'suspension-bridge substeps=1 sleeping=false': ['cc0f0897a5def83f', 'f6e989de8fd0da35'],
  'dominos substeps=4 sleeping=true': ['40e21f53d46ac697', '1a056c19ff3b22a6'],
  'dominos substeps=4 sleeping=false': ['a9b41340bd82899b', 'bf03352f7902e31f'],
  'dominos substeps=1 sleeping=false': ['9b2c64d5e45c41f8', 'e6c774023bccf190'],
  'multi-pendulum substeps=4 sleeping=true': ['d409c8f157aecc59', 'd2f001bd5d4a0d89'],
  'multi-pendulum substeps=4 sleeping=false': ['d409c8f157aecc59', 'd2f001bd5d4a0d89'],
  'multi-pendulum substeps=1 sleeping=false': ['09a07f0501cd292f', '1fb61af370bb410f'],
  'stack substeps=4 sleeping=true': ['78d876ea34bc00dc', '78d876ea34bc00dc'],
  'stack substeps=4 sleeping=false': ['213bbdc0ba705976', '8a089d35e303e7da'],
  'stack substeps=1 sleeping=false': ['d1f5eb8f88f97989', 'a2107cc6911c3c6d'],
  'pyramid substeps=4 sleeping=true': ['ade6bd66742e0e7b', 'ade6bd66742e0e7b'],
  'pyramid substeps=4 sleeping=false': ['d4dc54fb7a88c350', '962a0be8ef3a9898'],
  'pyramid substeps=1 sleeping=false': ['b45c09688394fddd', '5e8f021c80283072'],
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
  'rain substeps=4 sleeping=true': ['04fe26ad5e670580', '11af0137ba46818e'],
  'rain substeps=4 sleeping=false': ['04fe26ad5e670580', '11af0137ba46818e'],
  'rain substeps=1 sleeping=false': ['9cc0f2487c3a503d', '19eeaaff20357454'],
  'many-bodies substeps=4 sleeping=true': ['095174a280541f55', 'd572a418d67ca646'],
  'many-bodies substeps=4 sleeping=false': ['095174a280541f55', 'ea90e48a1843d2d7'],
  'many-bodies substeps=1 sleeping=false': ['7c0f84e25f30d9ba', '8766cea85af3b9c5'],
  // Scenes of shapes.
  'tumbler substeps=4 sleeping=true': ['b9d51797bd2fe8cd', '65a71fc871030e29'],
  'tumbler substeps=4 sleeping=false': ['b9d51797bd2fe8cd', '65a71fc871030e29'],
  'tumbler substeps=1 sleeping=false': ['27dc7afa8c5d4d18', 'e6397ced5c63b0dd'],
  'ball-pit substeps=4 sleeping=true': ['1bebcfa1d0a74422', '434e83c2462f0a59'],
  'ball-pit substeps=4 sleeping=false': ['1bebcfa1d0a74422', '1bebcfa1d0a74422'],
  'ball-pit substeps=1 sleeping=false': ['9d5445d7416a256d', 'a207c92e58c4c315'],
  'capsule-pile substeps=4 sleeping=true': ['3c9123df07499627', '68401edc0a1f95a8'],
  'capsule-pile substeps=4 sleeping=false': ['3c9123df07499627', '871281608cfd9e47'],
  'capsule-pile substeps=1 sleeping=false': ['ed25011935b2df91', 'cbcaa3e472b5cbc3'],
  'bullets substeps=4 sleeping=true': ['aca2aaa8969e5741', 'f5a1299de860e6b5'],
  'bullets substeps=4 sleeping=false': ['aca2aaa8969e5741', 'f5a1299de860e6b5'],
  'bullets substeps=1 sleeping=false': ['68b212f3326204d2', '8a10d3f6e7c43063'],
  'shape-rain substeps=4 sleeping=true': ['bb4ee898782f0d19', '36725d3cad505b70'],
  'shape-rain substeps=4 sleeping=false': ['bb4ee898782f0d19', '1bb6a655b6beca59'],
  'shape-rain substeps=1 sleeping=false': ['b29b41ac2552e174', 'be0fc7af7c9a0cd0'],
  'car substeps=4 sleeping=true': ['e83cb68785f0f0c0', 'e83cb68785f0f0c0'],
  'car substeps=4 sleeping=false': ['91b1c3e643f0839f', '286a55d62c1a8b39'],
  'car substeps=1 sleeping=false': ['6cc43c7b653e2b63', 'e7e22e3ac156c129'],
  'piston substeps=4 sleeping=true': ['7f98ad3d88e6dfdc', '3d650c358ca96fbf'],
  'piston substeps=4 sleeping=false': ['7f98ad3d88e6dfdc', '470fb53d87e862ab'],
  'piston substeps=1 sleeping=false': ['9fffc3c35a2ee3c7', '813eb17102b8a71c'],
  'welded-bridge substeps=4 sleeping=true': ['37354c5e7f5074e4', '3c5e59d66a29865e'],
  'welded-bridge substeps=4 sleeping=false': ['c932cdd738060d50', '34130413beff5d76'],
  'welded-bridge substeps=1 sleeping=false': ['dceb30b1a1407da2', 'f4b07a11238a028d'],
  'ragdoll substeps=4 sleeping=true': ['bb6c6e6be2c98e0f', '32af96a2f2bb65b4'],
  'ragdoll substeps=4 sleeping=false': ['bb6c6e6be2c98e0f', '32af96a2f2bb65b4'],
  'ragdoll substeps=1 sleeping=false': ['69c04cbfd922138a', '282003e53f340db8'],
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
