export { AABB, computeBoxAABB, testOverlapAABB } from './aabb';
export { Box, ShapeKind, type ShapeKindValue } from './box';
export { BroadPhase, type PairFilter, validateBroadPhase } from './broad-phase';
export { collide, collidePacked } from './collide';
export { collideBoxes } from './collide-boxes';
export { collidePolygons } from './collide-shapes';
export { DistanceOutput, shapeDistance } from './distance';
export { DynamicTree, type DynamicTreeOptions } from './dynamic-tree';
export { CollisionError } from './errors';
export { computeHull, MAX_POLYGON_VERTICES, SHAPE_TOLERANCE, shapeTolerance } from './hull';
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
export {
  combineMassData,
  computeBoxMass,
  computeCapsuleMass,
  computeCircleMass,
  computeMass,
  computePolygonMass,
  MassData,
} from './mass';
export {
  PACKED_CAPSULE,
  PACKED_CHAIN_SEGMENT,
  PACKED_CIRCLE,
  PACKED_POLYGON,
  PACKED_SHAPE_LENGTH,
  PackedShapeSlot,
  packShape,
} from './packed-shape';
export { PairBuffer } from './pair-buffer';
export { RayCastInput, RayCastOutput } from './ray-cast';
export {
  computePackedAABB,
  computeShapeAABB,
  rayCastBox,
  rayCastShape,
  testPointBox,
  testPointShape,
} from './shape-queries';
export {
  type BoxShape,
  type CapsuleShape,
  type ChainSegmentShape,
  type CircleShape,
  makeBox,
  makeBoxPolygon,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeSegment,
  type PolygonalShape,
  type PolygonShape,
  type SegmentShape,
  type Shape,
} from './shapes';
export {
  computeTimeOfImpact,
  Sweep,
  TOI_TARGET,
  TOIInput,
  TOIOutput,
  type TOIState,
  timeOfImpact,
} from './toi';
export { validateTree } from './tree-walks';
