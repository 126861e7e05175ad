import { WorldError } from './errors';

/*
 * Bounds on finite values the step multiplies by others (so a huge one would overflow inside the
 * step and blame a body): refused where they enter, naming the option. Far beyond SI-unit scenes.
 */

/**
 * The longest length a joint takes, m (1e9): lengths, anchors' reach from their body, local axes,
 * a motor joint's offset, a mouse target's distance. Doubles near 1e9 are still 1.2e-7 apart.
 */
export const MAX_LENGTH = 1e9;

/**
 * The highest spring frequency a joint takes, Hz (1e6 = 1 / {@link MIN_DT}): no step can represent
 * a faster spring, and (2π f)² overflows near 1e154.
 */
export const MAX_FREQUENCY = 1e6;

/**
 * The largest magnitude of a joint's reference angle or a motor joint's angular offset, radians
 * (1e9): angles are compared by difference, which loses meaning beyond.
 */
export const MAX_ANGLE = 1e9;

/** The largest magnitude of a body's `gravityScale` (1e6), so gravity times it stays finite. */
export const MAX_GRAVITY_SCALE = 1e6;

/**
 * Throws a WorldError naming `argument` when `value` is a finite number above `bound` in magnitude
 * (other values are left to the type checks). @internal
 */
function checkBound(value: unknown, bound: number, argument: string, unit: string, name: string): void {
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
    case 'springHertz':
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
    case 'targetAngle':
      checkBound(value, MAX_ANGLE, argument, 'rad', 'MAX_ANGLE');
      break;
  }
}

/** A body's gravity scale: finite and within ±{@link MAX_GRAVITY_SCALE}, else a WorldError. @internal */
export function checkGravityScale(value: unknown, argument: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new WorldError(argument, value, 'must be a finite number');
  }
  checkBound(value, MAX_GRAVITY_SCALE, argument, '', 'MAX_GRAVITY_SCALE');
  return value;
}

/**
 * A world point given for a body (a joint anchor, a mouse target) at most {@link MAX_LENGTH} from the
 * body's origin `(x, y)`, else a WorldError naming `argument`. @internal
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
