import { afterAll, beforeAll, describe } from 'vitest';
import { jsKernels, setWasmKernels } from '../src/index';
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
  'single-box substeps=4 sleeping=true': ['0217babe3fddc862', '1a993d3b32d50fab'],
  'single-box substeps=4 sleeping=false': ['0217babe3fddc862', 'fd73805fd6078d3d'],
  'single-box substeps=1 sleeping=false': ['c46ee65fdb66321e', 'b1cf02981caf91d6'],
  'pendulum substeps=4 sleeping=true': ['24f3a27614855f44', 'b40149b31a25a0bc'],
  'pendulum substeps=4 sleeping=false': ['24f3a27614855f44', 'b40149b31a25a0bc'],
  'pendulum substeps=1 sleeping=false': ['df93996045924da5', 'd8efc932426300b5'],
  'varying-friction substeps=4 sleeping=true': ['7443c65c73c5bd62', 'f429247c0f545946'],
  'varying-friction substeps=4 sleeping=false': ['7443c65c73c5bd62', 'fec0e8d65e83eb0e'],
  'varying-friction substeps=1 sleeping=false': ['db3cb33319ac6857', 'a87ad326af93d4ab'],
  'randomized-stacking substeps=4 sleeping=true': ['31b96bd27e87e311', '31b96bd27e87e311'],
  'randomized-stacking substeps=4 sleeping=false': ['2ba8dfa5083f6741', 'a3c741bdcbe7edea'],
  'randomized-stacking substeps=1 sleeping=false': ['e8a554a4260e978d', '2de46f6effbc5cac'],
  'box-lite-pyramid substeps=4 sleeping=true': ['a926377da4b2bffd', '9aea057f48743c07'],
  'box-lite-pyramid substeps=4 sleeping=false': ['a926377da4b2bffd', '5fa4cf164b4fe6d8'],
  'box-lite-pyramid substeps=1 sleeping=false': ['df41f5576cde3a37', '92b1f3319171eca0'],
  'teeter substeps=4 sleeping=true': ['9f42c4a35015d41f', 'ba001efa1a3a2512'],
  'teeter substeps=4 sleeping=false': ['9f42c4a35015d41f', '7ca035dc510f0917'],
  'teeter substeps=1 sleeping=false': ['f7c015c96953e089', '6ca4a7b09a5bb29c'],
  'suspension-bridge substeps=4 sleeping=true': ['7eb6d071c09bf39e', 'da88e17f2e155b7f'],
  'suspension-bridge substeps=4 sleeping=false': ['7eb6d071c09bf39e', 'da88e17f2e155b7f'],
  'suspension-bridge substeps=1 sleeping=false': ['cc0f0897a5def83f', 'f6e989de8fd0da35'],
  'dominos substeps=4 sleeping=true': ['66cea1f0a3ff1618', 'a8408c67a707d24b'],
  'dominos substeps=4 sleeping=false': ['519ed05d3c385fa2', '33e3c33054ce3f23'],
  'dominos substeps=1 sleeping=false': ['9e96a7af7483e266', '1307ca978cb98546'],
  'multi-pendulum substeps=4 sleeping=true': ['d409c8f157aecc59', '5fa1ee3ea0075f61'],
  'multi-pendulum substeps=4 sleeping=false': ['d409c8f157aecc59', '5fa1ee3ea0075f61'],
  'multi-pendulum substeps=1 sleeping=false': ['09a07f0501cd292f', '2586becaf2af703a'],
  'stack substeps=4 sleeping=true': ['3263300c31194960', '3263300c31194960'],
  'stack substeps=4 sleeping=false': ['213bbdc0ba705976', '8a089d35e303e7da'],
  'stack substeps=1 sleeping=false': ['d1f5eb8f88f97989', 'a2107cc6911c3c6d'],
  'pyramid substeps=4 sleeping=true': ['1ef2fc1578e23ac4', '1ef2fc1578e23ac4'],
  'pyramid substeps=4 sleeping=false': ['cc933fd81fd76c77', '8216aa258f53e0ad'],
  'pyramid substeps=1 sleeping=false': ['8d54647fc2ff3975', '5973c210cb8921fe'],
  'block-solver substeps=4 sleeping=true': ['957b0e12cbec6b2e', '957b0e12cbec6b2e'],
  'block-solver substeps=4 sleeping=false': ['69776b21212b2084', 'e41293dace9de98b'],
  'block-solver substeps=1 sleeping=false': ['fbf125b9e8e2cbbb', '74e500c982ad03de'],
  'springs substeps=4 sleeping=true': ['45c10704412e6946', 'd7f7f559e81c1d27'],
  'springs substeps=4 sleeping=false': ['45c10704412e6946', 'd7f7f559e81c1d27'],
  'springs substeps=1 sleeping=false': ['15c7264cf444b7fb', '64617707686b12e7'],
  'restitution substeps=4 sleeping=true': ['adb8b5fb7d2e74d4', 'e7dc3827d9682149'],
  'restitution substeps=4 sleeping=false': ['adb8b5fb7d2e74d4', '06d62903722b9983'],
  'restitution substeps=1 sleeping=false': ['eadc0d70ddccb9cc', 'ecad5ec2c05ffedf'],
  'chain substeps=4 sleeping=true': ['8dad22e8e3744379', '638456eaddeb25af'],
  'chain substeps=4 sleeping=false': ['8dad22e8e3744379', '638456eaddeb25af'],
  'chain substeps=1 sleeping=false': ['f06a8ac197db1736', '9faa33448e7ddd2c'],
  'joint-grid substeps=4 sleeping=true': ['80125e0606f246c4', '80125e0606f246c4'],
  'joint-grid substeps=4 sleeping=false': ['190811f907a6f287', '6c83b9b536887c43'],
  'joint-grid substeps=1 sleeping=false': ['45c86b1d61d02f9f', '076ad57e10405f33'],
  'rain substeps=4 sleeping=true': ['7cb5c0d46b331048', 'accc7b966924a0a6'],
  'rain substeps=4 sleeping=false': ['7cb5c0d46b331048', 'accc7b966924a0a6'],
  'rain substeps=1 sleeping=false': ['91902b66b87414e4', 'd595b1f4b8ad8f11'],
  'many-bodies substeps=4 sleeping=true': ['ca47194a8da44ce3', '60963ca7a75daa7e'],
  'many-bodies substeps=4 sleeping=false': ['ca47194a8da44ce3', '895f540bae1e3a14'],
  'many-bodies substeps=1 sleeping=false': ['5fc2bcccc5a7f764', '23eb983ee1f617ff'],
  // Scenes of shapes.
  'tumbler substeps=4 sleeping=true': ['96b0376c8f862742', 'f4ef2e6eb54a2ea3'],
  'tumbler substeps=4 sleeping=false': ['96b0376c8f862742', 'f4ef2e6eb54a2ea3'],
  'tumbler substeps=1 sleeping=false': ['b4c8254e090878ac', '3b33bf576aa44ecf'],
  'ball-pit substeps=4 sleeping=true': ['843219793f6e8982', 'e62870acff6fb6a7'],
  'ball-pit substeps=4 sleeping=false': ['7f572e06fcce3626', '7f572e06fcce3626'],
  'ball-pit substeps=1 sleeping=false': ['b1588354109af2d8', '36efb5411fb338ef'],
  'capsule-pile substeps=4 sleeping=true': ['241dca50ab8b5b8f', 'b6874040a957bb9f'],
  'capsule-pile substeps=4 sleeping=false': ['241dca50ab8b5b8f', 'cdbe78633aaf4c5a'],
  'capsule-pile substeps=1 sleeping=false': ['e4a286c5205b4b55', 'c2a03eb64568fafc'],
  'bullets substeps=4 sleeping=true': ['8b932983f55f037a', '356bbe9358cdf674'],
  'bullets substeps=4 sleeping=false': ['8b932983f55f037a', '83b746526e6a27c8'],
  'bullets substeps=1 sleeping=false': ['c203770d0913396b', '07d5c721a3171a3f'],
  'shape-rain substeps=4 sleeping=true': ['7ca4f97b992da93d', 'ab6ecfedc8f01259'],
  'shape-rain substeps=4 sleeping=false': ['7ca4f97b992da93d', '27f604b0a9b6d64a'],
  'shape-rain substeps=1 sleeping=false': ['390ace5b09cba781', '9b1ba5c25ae60259'],
  'car substeps=4 sleeping=true': ['90fe96ffa4f3d439', '90fe96ffa4f3d439'],
  'car substeps=4 sleeping=false': ['25db91797d73bd43', 'fbfbd4fc4518a983'],
  'car substeps=1 sleeping=false': ['6cc43c7b653e2b63', 'e7e22e3ac156c129'],
  'piston substeps=4 sleeping=true': ['7f98ad3d88e6dfdc', 'f7227f91e3a127cc'],
  'piston substeps=4 sleeping=false': ['7f98ad3d88e6dfdc', '470fb53d87e862ab'],
  'piston substeps=1 sleeping=false': ['9fffc3c35a2ee3c7', '813eb17102b8a71c'],
  'welded-bridge substeps=4 sleeping=true': ['c03642d68fd898eb', 'fec75c8e97783bf5'],
  'welded-bridge substeps=4 sleeping=false': ['d2ed3896f78851f4', '98a1baee112106f3'],
  'welded-bridge substeps=1 sleeping=false': ['d59c928a0b7282ae', '007dfca7c35fd57d'],
  'ragdoll substeps=4 sleeping=true': ['5f2948135cabd023', '41fbf8eec3824565'],
  'ragdoll substeps=4 sleeping=false': ['5f2948135cabd023', '41fbf8eec3824565'],
  'ragdoll substeps=1 sleeping=false': ['fdfcf4c6092d8551', 'c718bc652aefe7b8'],
};

const CONFIGS = [
  [4, true],
  [4, false],
  [1, false],
] as const;

describe('the soft step stays bit-identical', () => {
  hashEveryScene('soft', CONFIGS, EXPECTED);
});

// The solver's WebAssembly kernels (on above, the default) and its TypeScript passes give the same
// bits: the same values again with the kernels off.
describe('the soft step gives the same bits with its WebAssembly kernels off', () => {
  beforeAll(() => setWasmKernels(false, jsKernels));
  afterAll(() => setWasmKernels(true));
  hashEveryScene('soft', CONFIGS, EXPECTED);
});
