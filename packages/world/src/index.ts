export {
  JointKind,
  type JointKindValue,
  type JsKernels,
  jsKernels,
  wasmKernelsReady,
} from '@lite/constraints';
export { getLengthUnitsPerMeter, setLengthUnitsPerMeter } from '@lite/math';
export { Body } from './body';
export type { BodyOptions, BodyType } from './body-options';
export { ClassicSolver, type ClassicSolverOptions } from './classic-solver';
export { Contact } from './contact';
export { DebugColor, type DebugDraw, type DebugDrawOptions, drawWorld } from './debug-draw';
export { WorldError } from './errors';
export type {
  ContactListener,
  CustomFilterCallback,
  HitEvent,
  HitListener,
  JointBreakListener,
  MaterialMixCallback,
  PreSolveCallback,
  SensorListener,
  WorldEventMap,
  WorldEventName,
} from './events';
export { type ExplosionOptions, explode } from './explode';
export {
  DistanceJoint,
  type DistanceJointOptions,
  FilterJoint,
  type FilterJointOptions,
  type Joint,
  type JointClass,
  type JointOptionsBase,
  type JointPairOptions,
  MotorJoint,
  type MotorJointOptions,
  MouseJoint,
  type MouseJointOptions,
  PrismaticJoint,
  type PrismaticJointOptions,
  RevoluteJoint,
  type RevoluteJointOptions,
  WeldJoint,
  type WeldJointOptions,
  WheelJoint,
  type WheelJointOptions,
  type WorldJointClass,
  type WorldJointFields,
  type WorldJointKind,
  type WorldJointOf,
} from './joints';
export { MAX_ANGLE, MAX_FREQUENCY, MAX_GRAVITY_SCALE, MAX_LENGTH } from './limits';
export {
  CharacterMover,
  type CharacterMoverOptions,
  CollisionPlane,
  castMover,
  clipVector,
  collideMover,
  type MoverCapsule,
  type MoverFilter,
  type MoverTuning,
  type PlaneSolution,
  solvePlanes,
} from './mover';
export { PROFILE_STAGES, type ProfileStage, StepProfile } from './profile';
export {
  type AABBLike,
  castShape,
  castShapeAll,
  OVERLAP_TOLERANCE,
  overlapShape,
  RayCastHit,
  ShapeCastHit,
} from './queries';
export { MAX_ITERATIONS, MAX_SUBSTEPS, type SolverKind, WorldSettings } from './settings';
export { BodyShape, type ShapeFilter, type ShapeGeometry, type ShapeOptions } from './shape';
export { loadWorld, restoreWorld, type SaveOptions, saveWorld } from './snapshot-io';
export { ContinuousCollision } from './stage-continuous';
export { setWasmKernels } from './wasm-kernels';
export { World } from './world';
export { MIN_DT, type WorldOptions } from './world-options';
