export { JointKind, type JointKindValue } from '@lite/constraints';
export { Body } from './body';
export type { BodyOptions, BodyType } from './body-options';
export { Contact } from './contact';
export { WorldError } from './errors';
export type { ContactListener, SensorListener, WorldEventMap, WorldEventName } from './events';
export {
  DistanceJoint,
  type DistanceJointOptions,
  type Joint,
  type JointOptionsBase,
  MouseJoint,
  type MouseJointOptions,
  RevoluteJoint,
  type RevoluteJointOptions,
} from './joints';
export { type AABBLike, RayCastHit, ShapeCastHit } from './queries';
export { type SolverKind, WorldSettings } from './settings';
export { BodyShape, type ShapeFilter, type ShapeGeometry, type ShapeOptions } from './shape';
export { World, type WorldOptions } from './world';
