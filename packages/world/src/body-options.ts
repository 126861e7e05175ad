import { computeMass, MassData } from '@lite/collision';
import type { Vec2Like } from '@lite/math';
import { WorldError } from './errors';
import { checkGravityScale } from './limits';
import {
  checkBits,
  checkRestitution,
  checkShapeMass,
  type ResolvedShape,
  resolveShapeOptions,
  type ShapeGeometry,
  type ShapeOptions,
} from './shape';
import {
  checkBoolean,
  checkFinite,
  checkInvertible,
  checkKeys,
  checkNonNegative,
  checkOptions,
  checkPositive,
  checkVec2,
  optional,
} from './validate';

/**
 * `'static'` never moves; `'dynamic'` by gravity, forces and contacts; `'kinematic'` only by its own
 * velocity (it pushes dynamic bodies, nothing pushes it).
 */
export type BodyType = 'static' | 'dynamic' | 'kinematic';

/** What `world.createBody` takes; the first shape is `width` and `height` (a centred box), or `shape`. */
export interface BodyOptions {
  /** How the body moves (default `'dynamic'`). */
  type?: BodyType;
  /** Full width of the box, m (> 0); give it with `height`, not with `shape`. */
  width?: number;
  /** Full height of the box, m (> 0). */
  height?: number;
  /** The first shape's geometry, body frame; its material is the body's options. */
  shape?: ShapeGeometry;
  /** The body origin in the world, m (default (0, 0)): the box's centre for `width` and `height`. */
  position?: Vec2Like;
  /** Rotation, radians counter-clockwise (default 0). */
  angle?: number;
  /** Mass of the first shape, kg (> 0; density = mass / area). Not with `density`; default density 1. */
  mass?: number;
  /** Mass per area of the first shape, kg/m² (> 0): for a box, mass = density · width · height. */
  density?: number;
  /** Continuous collision against dynamic bodies too (default false); see `WorldSettings.continuous`. */
  bullet?: boolean;
  /** Coulomb friction coefficient (>= 0, default 0.2 as in Box2D-Lite); pairs mix as sqrt(μA μB). */
  friction?: number;
  /** Restitution (bounciness, in [0, 1], default 0); pairs take the larger of the two. */
  restitution?: number;
  /** The first shape's rolling resistance (>= 0, default 0; see {@link ShapeOptions}); needs a shape. */
  rollingResistance?: number;
  /** The first shape's surface speed, m/s (finite, default 0; a conveyor belt); needs a shape. */
  tangentSpeed?: number;
  /** The first shape's material id (an integer in [0, 0xffffffff], default 0); needs a shape. */
  material?: number;
  /** Initial velocity of the centre of mass, m/s (default (0, 0); not allowed on a static body). */
  linearVelocity?: Vec2Like;
  /** Initial angular velocity, rad/s counter-clockwise (default 0; not allowed on a static body). */
  angularVelocity?: number;
  /** Linear damping, 1/s (>= 0, default 0): v is scaled by 1 / (1 + dt · damping) each step. */
  linearDamping?: number;
  /** Angular damping, 1/s (>= 0, default 0). */
  angularDamping?: number;
  /** Multiplies the world's gravity for this body (default 1; within ±{@link MAX_GRAVITY_SCALE}). */
  gravityScale?: number;
  /** Whether this body may fall asleep when it rests (default true). */
  allowSleep?: boolean;
  /** Whether the body never turns (default false): contacts, joints and torques leave its angle alone. */
  fixedRotation?: boolean;
  /** Whether the body starts awake (default true). */
  awake?: boolean;
  /** Anything you want to find again from the body (default undefined). */
  userData?: unknown;
}

/** The checked, defaulted form of {@link BodyOptions} the Body constructor reads. @internal */
export type ResolvedBodyOptions = ReturnType<typeof resolveBodyOptions>;

/** Checks `options` and fills in defaults; throws a WorldError naming the first bad field. @internal */
export function resolveBodyOptions(options: BodyOptions) {
  if (options === undefined) {
    throw new WorldError('options.width', undefined, 'must be a finite number > 0 (or give a shape)');
  }
  const o = checkOptions(options, 'options');
  checkKeys(o, BODY_KEYS, 'options');
  const type: BodyType = o.type === undefined ? 'dynamic' : o.type;
  if (type !== 'static' && type !== 'dynamic' && type !== 'kinematic') {
    throw new WorldError('options.type', type, "must be 'static', 'dynamic' or 'kinematic'");
  }
  const shorthand = o.shape === undefined && (o.width !== undefined || o.height !== undefined);
  if (o.shape !== undefined && (o.width !== undefined || o.height !== undefined)) {
    throw new WorldError(
      o.width !== undefined ? 'options.width' : 'options.height',
      o.width ?? o.height,
      'give width and height, or shape, not both',
    );
  }
  const width = shorthand ? checkPositive(o.width, 'options.width') : 0;
  const height = shorthand ? checkPositive(o.height, 'options.height') : 0;
  const bullet = optional(o, 'bullet', 'options', checkBoolean, false);
  const position = optional(o, 'position', 'options', checkVec2, ORIGIN);
  const angle = optional(o, 'angle', 'options', checkFinite, 0);
  const friction = optional(o, 'friction', 'options', checkNonNegative, 0.2);
  const restitution = optional(o, 'restitution', 'options', checkRestitution, 0);
  const rollingResistance = optional(o, 'rollingResistance', 'options', checkNonNegative, 0);
  const tangentSpeed = optional(o, 'tangentSpeed', 'options', checkFinite, 0);
  const material = optional(o, 'material', 'options', checkBits, 0);
  const velocity = optional(o, 'linearVelocity', 'options', checkVec2, ORIGIN);
  const angularVelocity = optional(o, 'angularVelocity', 'options', checkFinite, 0);
  const linearDamping = optional(o, 'linearDamping', 'options', checkNonNegative, 0);
  const angularDamping = optional(o, 'angularDamping', 'options', checkNonNegative, 0);
  const gravityScale = optional(o, 'gravityScale', 'options', checkGravityScale, 1);
  const allowSleep = optional(o, 'allowSleep', 'options', checkBoolean, true);
  const fixedRotation = optional(o, 'fixedRotation', 'options', checkBoolean, false);
  const awake = optional(o, 'awake', 'options', checkBoolean, true);

  if (o.mass !== undefined && o.density !== undefined) {
    throw new WorldError('options.density', o.density, 'give mass or density, not both');
  }
  let mass = 0;
  // The first shape's density: given, or mass / area.
  let shapeDensity = 0;
  let shape: ResolvedShape | null = null;
  if (shorthand || o.shape !== undefined) {
    shape = resolveShapeOptions(
      shorthand ? { type: 'box', width, height } : (o.shape as ShapeGeometry),
      shorthand ? 'options' : 'options.shape',
      { density: 1, friction, restitution },
    );
    shape.rollingResistance = rollingResistance;
    shape.tangentSpeed = tangentSpeed;
    shape.material = material;
  } else {
    // The body keeps friction and restitution for later shapes, but not these: they need a shape.
    for (const key of SHAPE_ONLY_KEYS) {
      if (o[key] !== undefined) {
        throw new WorldError(`options.${key}`, o[key], 'needs a shape (width and height, or shape)');
      }
    }
  }
  if (type === 'dynamic') {
    if (o.mass !== undefined) {
      mass = checkPositive(o.mass, 'options.mass');
      if (shape === null)
        throw new WorldError('options.mass', mass, 'needs a shape (width and height, or shape)');
      shapeDensity = mass / areaOf(shape);
    } else {
      const density = o.density === undefined ? 1 : checkPositive(o.density, 'options.density');
      mass = density * width * height;
      shapeDensity = density;
    }
  } else {
    // Static and kinematic bodies have infinite mass; a given mass or density is checked and ignored.
    if (o.mass !== undefined) checkNonNegative(o.mass, 'options.mass');
    if (o.density !== undefined) checkNonNegative(o.density, 'options.density');
    if (type === 'static' && (velocity.x !== 0 || velocity.y !== 0)) {
      throw new WorldError('options.linearVelocity', velocity, 'a static body cannot move');
    }
    if (type === 'static' && angularVelocity !== 0) {
      throw new WorldError('options.angularVelocity', angularVelocity, 'a static body cannot move');
    }
  }
  // Box inertia about its centre: I = m (w² + h²) / 12 (other shapes: from the shape, in the world).
  const inertia = (mass * (width * width + height * height)) / 12;
  if (shape !== null) shape.density = type === 'dynamic' ? shapeDensity : (o.density ?? 1);
  if (type === 'dynamic' && shape !== null) {
    // An overflowing mass or inertia (or inverse) is refused before an id is used.
    const [argument, value] =
      o.mass !== undefined
        ? ['options.mass', o.mass]
        : o.density !== undefined
          ? ['options.density', o.density]
          : shorthand
            ? ['options.width', width]
            : ['options.shape', o.shape];
    if (shorthand) {
      const [side, sideValue] = width <= height ? ['options.width', width] : ['options.height', height];
      checkInvertible(width * height, 'area', side, sideValue);
      checkInvertible(mass, 'mass', argument, value);
      checkInvertible(inertia, 'rotational inertia', argument, value);
    }
    checkShapeMass(shape, argument, value);
  }
  return {
    type,
    shape,
    shorthand,
    bullet,
    width,
    height,
    x: position.x,
    y: position.y,
    angle,
    mass,
    inertia,
    friction,
    restitution,
    vx: velocity.x,
    vy: velocity.y,
    angularVelocity,
    linearDamping,
    angularDamping,
    gravityScale,
    allowSleep,
    fixedRotation,
    awake,
    userData: o.userData,
  };
}

/** The options `world.createBody` takes (any other key is refused, with the closest suggested). */
const BODY_KEYS: readonly string[] = (
  'type width height shape position angle mass density bullet friction restitution rollingResistance ' +
  'tangentSpeed material linearVelocity ' +
  'angularVelocity linearDamping angularDamping gravityScale allowSleep fixedRotation awake userData'
).split(' ');
/** The material options that only the first shape keeps. */
const SHAPE_ONLY_KEYS = ['rollingResistance', 'tangentSpeed', 'material'] as const;
/** The default position and velocity. */
const ORIGIN: Vec2Like = { x: 0, y: 0 };

/** The area of a resolved shape, m². */
function areaOf(shape: ResolvedShape): number {
  return computeMass(shape.geometry, 1, scratchMass).mass;
}
const scratchMass = new MassData();
