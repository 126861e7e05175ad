export {
  BOX_LITE_TIME_STEP,
  bomb,
  boxLiteDemo,
  boxLiteJointSpring,
  boxLitePyramid,
  dominos,
  multiPendulum,
  type PhysicalSpring,
  pendulum,
  randomizedStacking,
  singleBox,
  suspensionBridge,
  teeter,
  VARYING_FRICTION,
  varyingFriction,
} from './box-lite';
export { catalogue, getScene } from './catalogue';
export { BENCH_BOX, BOX_LITE_FRICTION, benchBox, GRAVITY, groundBody, ITERATIONS } from './defaults';
export { SceneError } from './errors';
export {
  CHAIN_LINK_LENGTH,
  heavyChain,
  JOINT_GRID_RADIUS,
  jointGrid,
  SPRING_FREQUENCIES,
  springs,
} from './joints';
export {
  CAR,
  car,
  PISTON,
  piston,
  RAGDOLL_LIMITS,
  RAGDOLL_PARTS,
  RAGDOLL_STATIC_BODIES,
  ragdoll,
  WELDED_BRIDGE,
  weldedBridge,
} from './machines';
export { pyramid } from './pyramid';
export { manyBodies, rain } from './rain';
export {
  ballPit,
  bulletsAtWall,
  capsulePile,
  regularPolygon,
  shapeRain,
  TUMBLER_MAX,
  tumbler,
} from './shapes';
export { blockSolverComparison, RESTITUTIONS, restitution } from './showcase';
export { type StackOptions, stack, stackBodies } from './stack';
export type {
  BodyDef,
  CompareDef,
  DistanceJointDef,
  FilterDef,
  JointDef,
  PointDef,
  PrismaticJointDef,
  RevoluteJointDef,
  SceneControl,
  SceneDef,
  SceneEntry,
  SceneParameter,
  ShapeDef,
  WeldJointDef,
  WheelJointDef,
} from './types';
export { requireInteger, requireRange, resolveParameters } from './validate';
