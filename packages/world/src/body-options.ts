import type { Vec2Like } from '@lite/math';
import { WorldError } from './errors';
import {
  checkBoolean,
  checkFinite,
  checkNonNegative,
  checkOptions,
  checkPositive,
  checkVec2,
} from './validate';

/**
 * How a body moves. `'static'`: never moves, infinite mass (ground, walls). `'dynamic'`: moved by
 * gravity, forces and contacts. `'kinematic'`: moved only by the velocity you give it, infinite mass
 * (platforms, elevators): it pushes dynamic bodies and nothing pushes it.
 */
export type BodyType = 'static' | 'dynamic' | 'kinematic';

/** What `world.createBody` takes. Only `width` and `height` are required. */
export interface BodyOptions {
  /** How the body moves (default `'dynamic'`). */
  type?: BodyType;
  /** Full width of the box, m (> 0). */
  width: number;
  /** Full height of the box, m (> 0). */
  height: number;
  /** Centre of the box in the world, m (default (0, 0)). */
  position?: Vec2Like;
  /** Rotation, radians counter-clockwise (default 0). */
  angle?: number;
  /** Mass in kg (> 0). Give `mass` or `density`, not both; a dynamic body defaults to density 1. */
  mass?: number;
  /** Mass per area, kg/m² (> 0): mass = density · width · height. */
  density?: number;
  /** Coulomb friction coefficient (>= 0, default 0.2 as in Box2D-Lite); pairs mix as sqrt(μA μB). */
  friction?: number;
  /** Restitution (bounciness, >= 0, default 0); pairs take the larger of the two. */
  restitution?: number;
  /** Initial velocity of the centre, m/s (default (0, 0); not allowed on a static body). */
  linearVelocity?: Vec2Like;
  /** Initial angular velocity, rad/s counter-clockwise (default 0; not allowed on a static body). */
  angularVelocity?: number;
  /** Linear damping, 1/s (>= 0, default 0): v is scaled by 1 / (1 + dt · damping) each step. */
  linearDamping?: number;
  /** Angular damping, 1/s (>= 0, default 0). */
  angularDamping?: number;
  /** Multiplies the world's gravity for this body (finite, default 1). */
  gravityScale?: number;
  /** Whether this body may fall asleep when it rests (default true). */
  allowSleep?: boolean;
  /** Whether the body starts awake (default true). */
  awake?: boolean;
  /** Anything you want to find again from the body (default undefined). */
  userData?: unknown;
}

/** The checked, defaulted form of {@link BodyOptions} the Body constructor reads. @internal */
export interface ResolvedBodyOptions {
  type: BodyType;
  width: number;
  height: number;
  x: number;
  y: number;
  angle: number;
  mass: number;
  inertia: number;
  friction: number;
  restitution: number;
  vx: number;
  vy: number;
  angularVelocity: number;
  linearDamping: number;
  angularDamping: number;
  gravityScale: number;
  allowSleep: boolean;
  awake: boolean;
  userData: unknown;
}

/**
 * Checks every field of `options` and fills in the defaults, throwing a WorldError that names the
 * first bad field. Mutates nothing. @internal
 */
export function resolveBodyOptions(options: BodyOptions): ResolvedBodyOptions {
  const o = checkOptions(options, 'options');
  const type = o.type ?? 'dynamic';
  if (type !== 'static' && type !== 'dynamic' && type !== 'kinematic') {
    throw new WorldError('options.type', type, "must be 'static', 'dynamic' or 'kinematic'");
  }
  const width = checkPositive(o.width, 'options.width');
  const height = checkPositive(o.height, 'options.height');
  const position = o.position === undefined ? { x: 0, y: 0 } : checkVec2(o.position, 'options.position');
  const angle = o.angle === undefined ? 0 : checkFinite(o.angle, 'options.angle');
  const friction = o.friction === undefined ? 0.2 : checkNonNegative(o.friction, 'options.friction');
  const restitution =
    o.restitution === undefined ? 0 : checkNonNegative(o.restitution, 'options.restitution');
  const velocity =
    o.linearVelocity === undefined ? { x: 0, y: 0 } : checkVec2(o.linearVelocity, 'options.linearVelocity');
  const angularVelocity =
    o.angularVelocity === undefined ? 0 : checkFinite(o.angularVelocity, 'options.angularVelocity');
  const linearDamping =
    o.linearDamping === undefined ? 0 : checkNonNegative(o.linearDamping, 'options.linearDamping');
  const angularDamping =
    o.angularDamping === undefined ? 0 : checkNonNegative(o.angularDamping, 'options.angularDamping');
  const gravityScale = o.gravityScale === undefined ? 1 : checkFinite(o.gravityScale, 'options.gravityScale');
  const allowSleep = o.allowSleep === undefined ? true : checkBoolean(o.allowSleep, 'options.allowSleep');
  const awake = o.awake === undefined ? true : checkBoolean(o.awake, 'options.awake');

  if (o.mass !== undefined && o.density !== undefined) {
    throw new WorldError('options.density', o.density, 'give mass or density, not both');
  }
  let mass = 0;
  if (type === 'dynamic') {
    if (o.mass !== undefined) {
      mass = checkPositive(o.mass, 'options.mass');
    } else {
      const density = o.density === undefined ? 1 : checkPositive(o.density, 'options.density');
      mass = density * width * height;
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
  // Box inertia about its centre: I = m (w² + h²) / 12.
  const inertia = (mass * (width * width + height * height)) / 12;
  return {
    type,
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
    awake,
    userData: o.userData,
  };
}
