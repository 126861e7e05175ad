/** A point or vector as plain data, m. */
export interface PointDef {
  /** x, m. */
  x: number;
  /** y, m. */
  y: number;
}

/**
 * One collision shape of a body, in the body's frame (m): a circle, a capsule (a segment with a
 * radius), a convex polygon of 3 to 8 counter-clockwise vertices (optionally rounded) or a box
 * (optionally offset and turned). The same literals `@lite/world`'s `createBody({ shape })` takes.
 */
export type ShapeDef =
  | { type: 'circle'; radius: number; center?: PointDef }
  | { type: 'capsule'; center1: PointDef; center2: PointDef; radius: number }
  | { type: 'polygon'; vertices: PointDef[]; radius?: number }
  | { type: 'box'; width: number; height: number; offset?: PointDef; angle?: number };

/** Collision filtering as plain data: the same literal `@lite/world`'s shapes take as `filter`. */
export interface FilterDef {
  /** The categories the shape belongs to, a bit field (default 1). */
  category?: number;
  /** The categories the shape collides with, a bit field (default 0xffffffff: all). */
  mask?: number;
  /** Collision group, an integer (default 0: none). */
  group?: number;
}

/**
 * A rigid body as plain data: a box centred on its origin, or (with `shapes`) any shapes. Sizes are
 * FULL width and height in metres (an engine derives half extents). SI units, y up, angles
 * counter-clockwise in radians.
 */
export interface BodyDef {
  /** `static` bodies never move; `kinematic` bodies move at their velocity and are not pushed. */
  type: 'static' | 'dynamic' | 'kinematic';
  /** Full width, m (with `shapes`: the width of their bounding box, for viewers). */
  width: number;
  /** Full height, m (with `shapes`: the height of their bounding box). */
  height: number;
  /**
   * The body's shapes in its frame, instead of the `width` × `height` box; each gets the body's
   * density (`density` is then required for a dynamic body). An engine that knows only boxes must
   * refuse such a body.
   */
  shapes?: ShapeDef[];
  /** Centre (with `shapes`: origin), world frame, m. */
  x: number;
  /** Centre, world frame, m. */
  y: number;
  /** Angle, rad, counter-clockwise (default 0). */
  angle?: number;
  /** Mass, kg (dynamic bodies; give this or `density`). */
  mass?: number;
  /** Density, kg/m² (dynamic bodies, when `mass` is absent). */
  density?: number;
  /** Coulomb friction coefficient (mixed as sqrt(a b) in lite). */
  friction?: number;
  /** Coefficient of restitution (mixed as max(a, b) in lite). */
  restitution?: number;
  /** Rolling resistance of every shape of the body (default 0; Box2D v3's `rollingResistance`). */
  rollingResistance?: number;
  /** Surface speed of every shape of the body, m/s (default 0): a conveyor belt. */
  tangentSpeed?: number;
  /** Initial linear velocity, m/s. */
  vx?: number;
  /** Initial linear velocity, m/s. */
  vy?: number;
  /** Initial angular velocity, rad/s. */
  angularVelocity?: number;
  /**
   * Collision filtering of every shape of the body (Box2D's rules: two shapes collide when each
   * one's `mask` has a bit of the other's `category`; a shared non-zero `group` overrides that,
   * always colliding when positive, never when negative). Only with `shapes` and `density`.
   */
  filter?: FilterDef;
  /** A name that measurements look bodies up by (for example `top` for the top box of a stack). */
  tag?: string;
  /**
   * For comparison scenes ({@link SceneDef.compare}): which of the two worlds holds this body (0 or 1).
   * Bodies without a group (the ground) belong to both.
   */
  group?: number;
}

/** A revolute joint (a pin) between two bodies at a world anchor. */
export interface RevoluteJointDef {
  kind: 'revolute';
  /** Index into {@link SceneDef.bodies}. */
  bodyA: number;
  /** Index into {@link SceneDef.bodies}. */
  bodyB: number;
  /** World anchor, m. */
  anchorX: number;
  /** World anchor, m. */
  anchorY: number;
  /** Soft joint: spring frequency, Hz (absent or 0: rigid). Not with `stiffness`/`damping`. */
  frequencyHz?: number;
  /** Soft joint: damping ratio. Not with `stiffness`/`damping`. */
  dampingRatio?: number;
  /**
   * Soft joint, in physical units (instead of `frequencyHz`/`dampingRatio`): stiffness, N/m. A load
   * F stretches the joint by F / k whatever the masses.
   */
  stiffness?: number;
  /** Soft joint, in physical units: damping coefficient, N·s/m (instead of `dampingRatio`). */
  damping?: number;
  /** Angle limit (relative to the initial relative angle), rad. */
  lowerAngle?: number;
  /** Angle limit (relative to the initial relative angle), rad. */
  upperAngle?: number;
  /** Motor speed, rad/s. */
  motorSpeed?: number;
  /** Motor torque limit, N·m. */
  maxMotorTorque?: number;
  /** Angular spring towards `targetAngle`, Hz (gives the joint the spring). */
  springHertz?: number;
  /** Damping ratio of the angular spring. */
  springDampingRatio?: number;
  /** The joint angle the spring pulls towards, rad. */
  targetAngle?: number;
  /** Whether the two bodies still collide (default false, as the world's joints; Box2D-Lite's demos set true). */
  collideConnected?: boolean;
}

/** A distance joint (a rod, a rope or a spring) between two world anchors. */
export interface DistanceJointDef {
  kind: 'distance';
  /** Index into {@link SceneDef.bodies}. */
  bodyA: number;
  /** Index into {@link SceneDef.bodies}. */
  bodyB: number;
  /** World anchor on body A, m. */
  anchorAX: number;
  /** World anchor on body A, m. */
  anchorAY: number;
  /** World anchor on body B, m. */
  anchorBX: number;
  /** World anchor on body B, m. */
  anchorBY: number;
  /** Rest length, m (default: the initial distance between the anchors). */
  length?: number;
  /** Lower limit, m. */
  minLength?: number;
  /** Upper limit, m. */
  maxLength?: number;
  /** Soft joint: spring frequency, Hz (absent or 0: rigid). Not with `stiffness`/`damping`. */
  frequencyHz?: number;
  /** Soft joint: damping ratio. Not with `stiffness`/`damping`. */
  dampingRatio?: number;
  /**
   * Soft joint, in physical units (instead of `frequencyHz`/`dampingRatio`): stiffness, N/m. A load
   * F stretches the joint by F / k whatever the masses.
   */
  stiffness?: number;
  /** Soft joint, in physical units: damping coefficient, N·s/m (instead of `dampingRatio`). */
  damping?: number;
  /** Motor speed along the joint, m/s (< 0 pulls in; on a spring or a range only). */
  motorSpeed?: number;
  /** Motor force limit, N (gives the joint a motor). */
  maxMotorForce?: number;
  /** Whether the two bodies still collide (default false, as the world's joints; Box2D-Lite's demos set true). */
  collideConnected?: boolean;
}

/**
 * A prismatic joint (a slider): body B moves along an axis fixed in body A, through a world anchor,
 * and does not turn relative to A. Translations are measured from the initial pose.
 */
export interface PrismaticJointDef {
  kind: 'prismatic';
  /** Index into {@link SceneDef.bodies}. */
  bodyA: number;
  /** Index into {@link SceneDef.bodies}. */
  bodyB: number;
  /** World anchor, m. */
  anchorX: number;
  /** World anchor, m. */
  anchorY: number;
  /** Axis (world, at the start; any length but 0). */
  axisX: number;
  /** Axis (world, at the start). */
  axisY: number;
  /** Lowest translation along the axis, m (with `upperTranslation`: a limit). */
  lowerTranslation?: number;
  /** Highest translation along the axis, m. */
  upperTranslation?: number;
  /** Motor speed along the axis, m/s. */
  motorSpeed?: number;
  /** Motor force limit, N (gives the joint a motor). */
  maxMotorForce?: number;
  /** Whether the two bodies still collide (default false). */
  collideConnected?: boolean;
}

/**
 * A weld joint: glues two bodies together at a world anchor, rigidly or (with frequencies) through
 * an angular and a linear spring; optionally breakable.
 */
export interface WeldJointDef {
  kind: 'weld';
  /** Index into {@link SceneDef.bodies}. */
  bodyA: number;
  /** Index into {@link SceneDef.bodies}. */
  bodyB: number;
  /** World anchor, m. */
  anchorX: number;
  /** World anchor, m. */
  anchorY: number;
  /** Frequency of the point's spring, Hz (absent or 0: rigid). */
  linearFrequencyHz?: number;
  /** Frequency of the angle's spring, Hz (absent or 0: rigid). */
  angularFrequencyHz?: number;
  /** Damping ratio of both springs. */
  dampingRatio?: number;
  /** The weld breaks at the end of a step whose reaction force is above this, N. */
  breakForce?: number;
  /** The weld breaks at the end of a step whose reaction torque is above this, N·m. */
  breakTorque?: number;
  /** Whether the two bodies still collide (default false). */
  collideConnected?: boolean;
}

/**
 * A wheel joint: body B (the wheel) slides on a suspension spring along an axis fixed in body A
 * (the chassis), through a world anchor, and turns freely or driven by a motor.
 */
export interface WheelJointDef {
  kind: 'wheel';
  /** Index into {@link SceneDef.bodies} (the chassis). */
  bodyA: number;
  /** Index into {@link SceneDef.bodies} (the wheel). */
  bodyB: number;
  /** World anchor (usually the wheel's centre), m. */
  anchorX: number;
  /** World anchor, m. */
  anchorY: number;
  /** Suspension axis (world, at the start; any length but 0). */
  axisX: number;
  /** Suspension axis (world, at the start). */
  axisY: number;
  /** Ride frequency of the suspension, Hz (absent or 0: no spring). */
  frequencyHz?: number;
  /** Damping ratio of the suspension. */
  dampingRatio?: number;
  /** Motor speed ωB - ωA, rad/s. */
  motorSpeed?: number;
  /** Motor torque limit, N·m (gives the joint a motor). */
  maxMotorTorque?: number;
  /** Lowest travel along the axis, m (with `upperTranslation`: a limit). */
  lowerTranslation?: number;
  /** Highest travel along the axis, m. */
  upperTranslation?: number;
  /** Whether the two bodies still collide (default false). */
  collideConnected?: boolean;
}

/** Any joint a scene can hold. */
export type JointDef = RevoluteJointDef | DistanceJointDef | PrismaticJointDef | WeldJointDef | WheelJointDef;

/**
 * A key that drives joint motors while it is held: a viewer sets the motor speed of each listed
 * joint (a revolute, prismatic or wheel joint with a motor) to `motorSpeed` while the key is down
 * and back to the joint's own `motorSpeed` (0 when absent) when it is released.
 */
export interface SceneControl {
  /** The key, as `KeyboardEvent.key` names it (`ArrowRight`, `d`, ...). */
  key: string;
  /** What the key does, for a viewer's help text. */
  label: string;
  /** Indices into {@link SceneDef.joints}. */
  joints: number[];
  /** The motor speed while held: rad/s (revolute, wheel) or m/s (prismatic). */
  motorSpeed: number;
}

/**
 * A hint that the scene is meant to be run twice side by side, in two worlds that differ in one
 * solver setting: world `i` holds the bodies of group `i` (and those without a group) and runs with
 * `setting = values[i]`.
 */
export interface CompareDef {
  /** The solver setting that differs. */
  setting: 'blockSolver' | 'warmStarting' | 'positionCorrection' | 'accumulateImpulses';
  /** The setting's value in world 0 and world 1. */
  values: [boolean, boolean];
  /** Labels for the two worlds. */
  labels: [string, string];
  /**
   * The solver both worlds step with, whatever the viewer's choice, when the compared setting
   * belongs to one solver (the block solver is the classic solver's); absent: the viewer's.
   */
  solver?: 'classic' | 'soft';
}

/** A complete scene: everything an engine needs to build it. Plain data, safe to serialise. */
export interface SceneDef {
  /** Stable identifier (also used in URLs and benchmark results). */
  id: string;
  /** Human-readable title. */
  title: string;
  /** One or two sentences on what the scene shows. */
  description: string;
  /** Gravity, m/s². */
  gravity: { x: number; y: number };
  /** Solver (velocity) iterations. */
  iterations: number;
  /** Bodies in creation order; joints refer to them by index. */
  bodies: BodyDef[];
  /** Joints in creation order. */
  joints: JointDef[];
  /** Where a viewer should look: centre and visible height, m. */
  camera: { x: number; y: number; height: number };
  /** Present when the scene is a side-by-side comparison of one setting. */
  compare?: CompareDef;
  /** Keys that drive the scene's motors while held (absent: none). */
  controls?: SceneControl[];
}

/** A numeric parameter of a scene, with its range and default (for sliders and URLs). */
export interface SceneParameter {
  /** Key in the `params` record passed to {@link SceneEntry.create}. */
  name: string;
  /** Human-readable label. */
  label: string;
  /** Smallest accepted value. */
  min: number;
  /** Largest accepted value. */
  max: number;
  /** Slider step. */
  step: number;
  /** Value used when the parameter is absent. */
  default: number;
}

/** One entry of the catalogue: a scene and its parameters. */
export interface SceneEntry {
  /** Stable identifier. */
  id: string;
  /** Human-readable title. */
  title: string;
  /** The scene's parameters (may be empty). */
  parameters: SceneParameter[];
  /**
   * Builds the scene. Missing parameters take their defaults.
   * @throws SceneError when a parameter is unknown, not finite or out of range
   */
  create(params?: Record<string, number>): SceneDef;
}
