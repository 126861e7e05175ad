export { jsKernels } from '../generated/kernels-js';
export { BlockSolution, buildBlock, solveBlockLcp, solveBlockLcpAt } from './block-solver';
export { BodyStates, DEFAULT_MAX_LINEAR_SPEED, type DrivenBody } from './body-state';
export type { BodyVelocities } from './body-velocities';
export { type FieldCheck, fieldChecksOf } from './checked-fields';
export {
  BLOCK_MAX_CONDITION,
  ContactConstraint,
  ContactPoint,
  type ManifoldLike,
  type ManifoldPointLike,
  mixFriction,
  mixRestitution,
} from './contact-constraint';
export { ContactGather } from './contact-gather';
export { prepareContacts, relaxContacts, solveContacts } from './contact-solver';
export { DistanceJoint, type DistanceJointOptions } from './distance-joint';
export { ConstraintError } from './errors';
export { FilterJoint } from './filter-joint';
export {
  type Joint,
  jointReaction,
  prepareJoints,
  relaxJoints,
  solveJointPositions,
  solveJointPositionsInto,
  solveJoints,
} from './joint';
export { AnchoredJoint, JointBase } from './joint-base';
export {
  buildJointChains,
  factorJointChain,
  solveJointChainPositions,
} from './joint-chain';
export {
  CHAIN_HEAD,
  CHAIN_MEMBER,
  CHAIN_NEWTON_STEPS,
  CHAIN_NONE,
  CHAIN_TOLERANCE,
  JOINT_TYPES,
  JointKind,
  type JointKindValue,
  LIMIT_EQUAL,
  LIMIT_EQUAL_RANGE,
  LIMIT_LOWER,
  LIMIT_NEAR_MARGIN,
  LIMIT_NONE,
  LIMIT_UPPER,
  MAX_ANGULAR_CORRECTION,
  MAX_LINEAR_CORRECTION,
  MIN_DISTANCE,
} from './joint-kind';
export { JointSpring, type JointSpringOptions, type SpringForm } from './joint-spring';
export { type JointType, type KindedJoint, MAX_CARRIED } from './joint-types';
export {
  installJsKernels,
  type JsKernels,
  jsKernelsInstalled,
  type KernelExports,
  kernelsAvailable,
  setWasmKernels,
  wasmKernelsReady,
} from './kernels';
export { CONTACT_DOUBLES } from './layout';
export { MotorJoint, type MotorJointOptions } from './motor-joint';
export { MouseJoint, type MouseJointOptions } from './mouse-joint';
export { ContactSolver } from './packed-contact-solver';
export { PrismaticJoint, type PrismaticJointOptions } from './prismatic-joint';
export { RevoluteJoint, type RevoluteJointOptions } from './revolute-joint';
export { type SolverKey, SolverSettings, type SolverSettingsOptions } from './settings';
export {
  DEEP_OVERLAP,
  HELD_PUSH_PASSES,
  MAX_LOAD_SHARE,
  SoftContactSolver,
} from './soft-contact-solver';
export { SoftStepContext, type SoftStepSettings } from './soft-step-context';
export {
  box2dLiteSoftness,
  dampingRate,
  Softness,
  softnessFromFrequency,
  softnessFromSpring,
} from './softness';
export { SolverBody } from './solver-body';
export { buildWeldChains } from './weld-chain';
export { WeldJoint, type WeldJointOptions } from './weld-joint';
export { WheelJoint, type WheelJointOptions } from './wheel-joint';
