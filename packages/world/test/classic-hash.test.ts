import { describe } from 'vitest';
import { hashEveryScene } from './scene-hashes';

/**
 * The classic solver (Box2D-Lite's sequential impulses) is kept bit for bit: every scene of the
 * catalogue (Box2D-Lite's nine demos and the benchmark's scenes) is stepped with it, and the SHA-256
 * of every body's pose and velocity bits after each checkpoint must equal the value recorded here.
 * A change to the classic path that moves any body by one ulp fails this test; a deliberate change
 * of the scenes or of the classic solver records new values (and says why in its commit).
 */

// Recorded from the classic solver; see the comment at the top.
const EXPECTED: Record<string, string[]> = {
  'single-box substeps=1 sleeping=true': ['ccae578cb6595c31', '39eb4d50dc8cade0'],
  'single-box substeps=1 sleeping=false': ['ccae578cb6595c31', '59bcfab081334a4f'],
  'single-box substeps=4 sleeping=false': ['095daf81c501937c', 'd6aaff9966149e98'],
  'pendulum substeps=1 sleeping=true': ['ba831a910fd6fa4c', 'd51d04c45ee93b1c'],
  'pendulum substeps=1 sleeping=false': ['ba831a910fd6fa4c', 'd51d04c45ee93b1c'],
  'pendulum substeps=4 sleeping=false': ['e56b77e2dfef6759', 'd023adcaf9ace499'],
  'varying-friction substeps=1 sleeping=true': ['b3e374be9927b81f', '2c49f171a7947122'],
  'varying-friction substeps=1 sleeping=false': ['b3e374be9927b81f', '5ea18f8631c4fb14'],
  'varying-friction substeps=4 sleeping=false': ['a40975f23b50ea64', '716ee31dfba593ca'],
  'randomized-stacking substeps=1 sleeping=true': ['7f9927f539a7bbde', 'b2df00cdc2977c16'],
  'randomized-stacking substeps=1 sleeping=false': ['7f9927f539a7bbde', 'dc3f367afd434880'],
  'randomized-stacking substeps=4 sleeping=false': ['f6ce2f3014f5874b', '02b5e4016b0b9481'],
  'box-lite-pyramid substeps=1 sleeping=true': ['5883c822a071ff0d', '851c3dbdf355ece6'],
  'box-lite-pyramid substeps=1 sleeping=false': ['5883c822a071ff0d', 'bd9692a8b6622ca6'],
  'box-lite-pyramid substeps=4 sleeping=false': ['713ca1fbad7bdcb6', 'c35ffec4511122e2'],
  'teeter substeps=1 sleeping=true': ['7d54620d5b6ebd3d', '23b311906e4460a7'],
  'teeter substeps=1 sleeping=false': ['7d54620d5b6ebd3d', 'fccb62079f2fc372'],
  'teeter substeps=4 sleeping=false': ['c47e655d4f3d9662', '1de080859bc85076'],
  'suspension-bridge substeps=1 sleeping=true': ['0f4dd7149251b87a', '9a8a5350bb35d816'],
  'suspension-bridge substeps=1 sleeping=false': ['0f4dd7149251b87a', '9a8a5350bb35d816'],
  'suspension-bridge substeps=4 sleeping=false': ['9fe94c39f615895d', 'cb7a5d534ef32dfc'],
  'dominos substeps=1 sleeping=true': ['62831d8dc578a54d', '3672fb9096dbf264'],
  'dominos substeps=1 sleeping=false': ['1641b3596db707c6', '160f9b4a8b4c2519'],
  'dominos substeps=4 sleeping=false': ['ca91f84f66d63d52', '92fb1ef922421d12'],
  'multi-pendulum substeps=1 sleeping=true': ['978ff29c5afc2635', '733fc1fd2ca58ab5'],
  'multi-pendulum substeps=1 sleeping=false': ['978ff29c5afc2635', '733fc1fd2ca58ab5'],
  'multi-pendulum substeps=4 sleeping=false': ['49c19fa111cdcf05', '4936325dfd17af49'],
  'stack substeps=1 sleeping=true': ['3a4319d132c97708', '82cde3ecf0d08281'],
  'stack substeps=1 sleeping=false': ['3a4319d132c97708', '0adfee8b71f8dc53'],
  'stack substeps=4 sleeping=false': ['2057bf7ac8aa30bd', '0d743c30d566b343'],
  'pyramid substeps=1 sleeping=true': ['c712de4a3e954337', '500c6ebbb60cd3f3'],
  'pyramid substeps=1 sleeping=false': ['c712de4a3e954337', 'a4987cdd24a6cfde'],
  'pyramid substeps=4 sleeping=false': ['50c3407c02a8aa3f', '8e471096c54bd0d5'],
  'block-solver substeps=1 sleeping=true': ['4f18b804b46f73d0', '02c7bc40d889231b'],
  'block-solver substeps=1 sleeping=false': ['4f18b804b46f73d0', 'bf68efceb337d070'],
  'block-solver substeps=4 sleeping=false': ['50e127ad94483199', 'b77f793625f1f04f'],
  'springs substeps=1 sleeping=true': ['e593db3b32a7df72', '75dbf8a226920edc'],
  'springs substeps=1 sleeping=false': ['e593db3b32a7df72', '75dbf8a226920edc'],
  'springs substeps=4 sleeping=false': ['a078c22cdfd987b6', '355e647202761d7b'],
  'restitution substeps=1 sleeping=true': ['eadc0d70ddccb9cc', 'ddc5c541faef43b0'],
  'restitution substeps=1 sleeping=false': ['eadc0d70ddccb9cc', '3505a6656899c81b'],
  'restitution substeps=4 sleeping=false': ['8f1b78c7fd69f0a0', '02a3fdf1437137eb'],
  'chain substeps=1 sleeping=true': ['66edf0894e2e5101', 'bf8fb85a3845b627'],
  'chain substeps=1 sleeping=false': ['66edf0894e2e5101', 'bf8fb85a3845b627'],
  'chain substeps=4 sleeping=false': ['cdf9f50122cec632', '1f7d3ebba43330f0'],
  'joint-grid substeps=1 sleeping=true': ['8b6c8643523c1f4e', 'ac1cc8e032900223'],
  'joint-grid substeps=1 sleeping=false': ['8b6c8643523c1f4e', 'ac1cc8e032900223'],
  'joint-grid substeps=4 sleeping=false': ['9f2e98cbf38c8624', '740e4532f688dd6c'],
  'rain substeps=1 sleeping=true': ['4df079ed94a0dc48', 'c9b2ddc4d2ce4849'],
  'rain substeps=1 sleeping=false': ['4df079ed94a0dc48', 'c8b1f53cb9877165'],
  'rain substeps=4 sleeping=false': ['a131682606672915', '7358e7d64869514e'],
  'many-bodies substeps=1 sleeping=true': ['70aeb8bca82a6439', '5e5a9eb8f879a804'],
  'many-bodies substeps=1 sleeping=false': ['70aeb8bca82a6439', 'ac8890b1316c8d94'],
  'many-bodies substeps=4 sleeping=false': ['87d72792718f824c', '90ee910e8ce21a7a'],
  // Scenes of shapes.
  'tumbler substeps=1 sleeping=true': ['3d773be16479fe4b', '7a58da621683419a'],
  'tumbler substeps=1 sleeping=false': ['3d773be16479fe4b', '7a58da621683419a'],
  'tumbler substeps=4 sleeping=false': ['224061de109b6e83', '48153ce0b3720377'],
  'ball-pit substeps=1 sleeping=true': ['2f4a202aa9bfb261', 'fd15a1ddc1ef4dff'],
  'ball-pit substeps=1 sleeping=false': ['2f4a202aa9bfb261', '3a70078651383454'],
  'ball-pit substeps=4 sleeping=false': ['da3a0d706d536544', '29878ed5b206392d'],
  'capsule-pile substeps=1 sleeping=true': ['376d6f77290a1007', '2f919b4d47f62308'],
  'capsule-pile substeps=1 sleeping=false': ['376d6f77290a1007', '2f919b4d47f62308'],
  'capsule-pile substeps=4 sleeping=false': ['7ba612e17b8c7240', 'c66699cbdb758ad2'],
  'bullets substeps=1 sleeping=true': ['75a2dd7b5f3e2522', 'e7fa5c6cf22f8ed8'],
  'bullets substeps=1 sleeping=false': ['75a2dd7b5f3e2522', '1f34ef02d56925af'],
  'bullets substeps=4 sleeping=false': ['6aecdb161a3c5dd3', 'c15ee21a581805df'],
  'shape-rain substeps=1 sleeping=true': ['b73ff279d2867cd5', '1bcd3a674e2b3426'],
  'shape-rain substeps=1 sleeping=false': ['b73ff279d2867cd5', '6800d82cf636a193'],
  'shape-rain substeps=4 sleeping=false': ['6161d32faeb7d145', 'a3f9c783fd67d211'],
  'car substeps=1 sleeping=true': ['55bce4075c699758', '55bce4075c699758'],
  'car substeps=1 sleeping=false': ['42d578ebf6f2508b', '376b8d6f2f110a52'],
  'car substeps=4 sleeping=false': ['4cd85802d839aeba', '9ffa22318809a86c'],
  'piston substeps=1 sleeping=true': ['1145073c3a817cb0', 'f8c00a81d3b23dff'],
  'piston substeps=1 sleeping=false': ['1145073c3a817cb0', '920e4a18fb790714'],
  'piston substeps=4 sleeping=false': ['0ed9a9d781e37848', 'dec19fae4f8f9404'],
  'welded-bridge substeps=1 sleeping=true': ['8721957dd1c3f0f7', 'd6c2d0730707f9b4'],
  'welded-bridge substeps=1 sleeping=false': ['aaa751dca1b455b5', '681b3390474d3f41'],
  'welded-bridge substeps=4 sleeping=false': ['531d167fea5820f8', '5db9c1e092fb02e5'],
  'ragdoll substeps=1 sleeping=true': ['4f5fd5104c28a4fc', 'c76300646ae6c55a'],
  'ragdoll substeps=1 sleeping=false': ['4f5fd5104c28a4fc', 'c76300646ae6c55a'],
  'ragdoll substeps=4 sleeping=false': ['f95d3077cf2e74d0', '8425734282c6b14b'],
};

describe('the classic solver stays bit-identical', () => {
  hashEveryScene(
    'classic',
    [
      [1, true],
      [1, false],
      [4, false],
    ],
    EXPECTED,
  );
});
