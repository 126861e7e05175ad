export { AABB, computeBoxAABB, testOverlapAABB } from './aabb';
export { Box } from './box';
export { BroadPhase } from './broad-phase';
export { collide } from './collide';
export { collideBoxes } from './collide-boxes';
export { DynamicTree, type DynamicTreeOptions } from './dynamic-tree';
export { CollisionError } from './errors';
export {
  featureKeyInEdgeA,
  featureKeyInEdgeB,
  featureKeyOutEdgeA,
  featureKeyOutEdgeB,
  flipFeatureKey,
  Manifold,
  ManifoldPoint,
  makeFeatureKey,
} from './manifold';
export { PairBuffer } from './pair-buffer';
export { RayCastInput, RayCastOutput, rayCastBox } from './ray-cast';
export { type Shape, ShapeKind, type ShapeKindValue } from './shape';
export { testPointBox } from './test-point-box';
