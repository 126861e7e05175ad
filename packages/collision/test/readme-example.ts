import {
  AABB,
  Box,
  BroadPhase,
  collideBoxes,
  computeBoxAABB,
  Manifold,
  PairBuffer,
  RayCastInput,
  RayCastOutput,
  rayCastBox,
  testPointBox,
} from '@lite/collision';
import { Transform } from '@lite/math';

// Boxes are given by their FULL width and height and sit centred on their pose.
const ground = new Box(100, 20);
const crate = new Box(1, 1);
const groundPose = new Transform(0, -10, 0); // top face at y = 0
const cratePose = new Transform(0, 0.49, 0); // 1 cm into the ground

// Narrowphase: a normal from A to B and up to two points, each with its separation and feature key.
const manifold = new Manifold();
const count = collideBoxes(ground, groundPose, crate, cratePose, manifold);
console.log('normal', manifold.normalX, manifold.normalY);
for (let i = 0; i < count; i++) {
  const p = manifold.points[i];
  console.log('point', p.x, p.y, p.separation.toFixed(3), p.key);
}

// Broadphase: one proxy per shape, keyed by your own integer ids (here 0 and 1).
const broadPhase = new BroadPhase();
const aabb = new AABB();
const groundProxy = broadPhase.createProxy(computeBoxAABB(ground, groundPose, aabb), 0, true);
const crateProxy = broadPhase.createProxy(computeBoxAABB(crate, cratePose, aabb), 1, false);
const pairs = new PairBuffer();
const pairCount = broadPhase.updatePairs(pairs);
for (let i = 0; i < pairCount; i++) console.log('pair', pairs.keyA[i], pairs.keyB[i]);

// Each step: move what moved (with its displacement), then ask for the new pairs.
cratePose.set(0, 3, 0.5);
broadPhase.moveProxy(crateProxy, computeBoxAABB(crate, cratePose, aabb), 0, 2.51);
console.log(
  'new pairs',
  broadPhase.updatePairs(pairs),
  'overlap',
  broadPhase.testOverlap(groundProxy, crateProxy),
);

// Queries: the closest box along a ray, and the boxes that contain a point.
const shapes = [
  { box: ground, pose: groundPose },
  { box: crate, pose: cratePose },
];
const ray = new RayCastInput(0, 10, 0, -10);
const hit = new RayCastOutput();
let closest = -1;
let hitY = 0;
broadPhase.rayCast(ray, (input, proxyId) => {
  const key = broadPhase.getKey(proxyId);
  if (!rayCastBox(shapes[key].box, shapes[key].pose, input, hit)) return -1; // missed: go on
  closest = key;
  hitY = hit.pointY;
  return hit.fraction; // clip the ray: only closer hits from now on
});
console.log('ray', closest, hitY.toFixed(4));

broadPhase.queryPoint(0, -5, (proxyId) => {
  const key = broadPhase.getKey(proxyId);
  if (testPointBox(shapes[key].box, shapes[key].pose, 0, -5)) console.log('contains', key);
  return true; // keep going
});
