export { Box } from './box';
export { collide } from './collide';
export { collideBoxes } from './collide-boxes';
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
export { type Shape, ShapeKind, type ShapeKindValue } from './shape';
