import { WorldError } from './errors';

/*
 * Bounds on values that a type check alone lets through: each is a finite number the step
 * multiplies by others (squares a length, squares a spring's angular frequency, scales gravity),
 * so a finite but huge value would overflow to Infinity inside the step and every step would then
 * fail naming a body instead of the option. These values are refused where they enter (the option
 * or the setter), naming it. Each bound is far beyond what a simulation in SI units uses.
 */

/**
 * The longest length a joint takes, m (1e9): a distance joint's `length`, `minLength` and finite
 * `maxLength` (and the anchors' distance it starts from), how far an anchor lies from its body's
 * origin (options and the `localAnchor*` fields), a prismatic or wheel joint's local axis
 * components, a motor joint's linear offset, and how far a mouse joint's target lies from its
 * body. The step squares lengths and multiplies them by stiffnesses and rates; near 1e9 m doubles
 * are still 1.2e-7 m apart, finer than any slop, while 1e200 m squared overflows.
 */
export const MAX_LENGTH = 1e9;

/**
 * The highest spring frequency a joint takes, Hz (1e6 = 1 / {@link MIN_DT}): no step, not even one
 * of the shortest length the world takes, can represent a spring faster than its own rate (a
 * spring above half the step rate is as rigid as the step can make it), and the step squares the
 * angular frequency (2π f)², which overflows for f near 1e154.
 */
export const MAX_FREQUENCY = 1e6;

/**
 * The largest magnitude of a joint's reference angle or a motor joint's angular offset, radians
 * (1e9). Angles are compared by difference: near 1e9 rad doubles are 1.2e-7 rad apart, while near
 * 1e16 they are 2 rad apart and the joint angle is meaningless (and a prismatic joint's angle row
 * overflows from about 1e200).
 */
export const MAX_ANGLE = 1e9;

/**
 * The largest magnitude of a body's `gravityScale` (1e6). The step multiplies gravity by it (and
 * by the body's mass in the soft step's forces): 1e308 times Earth's gravity is Infinity. A
 * million times a gravity keeps the product finite for any gravity below 1e302 m/s².
 */
export const MAX_GRAVITY_SCALE = 1e6;

/**
 * Throws a WorldError naming `argument` when `value` is a finite number whose magnitude is above
 * `bound` (non-numbers, NaN and infinities are left to the type checks, which name them better).
 * @internal
 */
export function checkBound(
  value: unknown,
  bound: number,
  argument: string,
  unit: string,
  name: string,
): void {
  if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) > bound) {
    throw new WorldError(
      argument,
      value,
      `must be at most ${bound}${unit === '' ? '' : ` ${unit}`} in magnitude (${name}): the step would overflow on it`,
    );
  }
}

/**
 * The bound of a joint option or field, by name (`frequencyHz`, `length`, `referenceAngle`, ...):
 * throws a WorldError naming `argument` when `value` is beyond it. Other names pass. @internal
 */
export function checkJointBound(name: string, value: unknown, argument: string): void {
  switch (name) {
    case 'frequencyHz':
    case 'linearFrequencyHz':
    case 'angularFrequencyHz':
      checkBound(value, MAX_FREQUENCY, argument, 'Hz', 'MAX_FREQUENCY');
      break;
    case 'length':
    case 'minLength':
    case 'maxLength':
    case 'localAnchorAX':
    case 'localAnchorAY':
    case 'localAnchorBX':
    case 'localAnchorBY':
    case 'localAnchorX':
    case 'localAnchorY':
    case 'localAxisX':
    case 'localAxisY':
    case 'linearOffsetX':
    case 'linearOffsetY':
      checkBound(value, MAX_LENGTH, argument, 'm', 'MAX_LENGTH');
      break;
    case 'referenceAngle':
    case 'angularOffset':
      checkBound(value, MAX_ANGLE, argument, 'rad', 'MAX_ANGLE');
      break;
  }
}

/**
 * A body's gravity scale: a finite number within ±{@link MAX_GRAVITY_SCALE}; throws a WorldError
 * naming `argument` otherwise. @internal
 */
export function checkGravityScale(value: unknown, argument: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new WorldError(argument, value, 'must be a finite number');
  }
  checkBound(value, MAX_GRAVITY_SCALE, argument, '', 'MAX_GRAVITY_SCALE');
  return value;
}

/**
 * A world point given for a body (a joint's anchor, a mouse joint's target) at most
 * {@link MAX_LENGTH} from the body's origin `(x, y)`: throws a WorldError naming `argument`
 * otherwise (the step would square the lever arm). @internal
 */
export function checkReach(point: { x: number; y: number }, x: number, y: number, argument: string): void {
  const d = Math.hypot(point.x - x, point.y - y);
  if (!(d <= MAX_LENGTH)) {
    throw new WorldError(
      argument,
      point,
      `is ${d} m from the body's origin (${x}, ${y}): at most ${MAX_LENGTH} m (MAX_LENGTH), or the step would overflow on it`,
    );
  }
}
