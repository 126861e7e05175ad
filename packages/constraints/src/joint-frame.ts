import { cos, sin, Vec2, type Vec2Like } from '@lite/math';
import { ConstraintError, requireFiniteArg } from './errors';
import type { SolverBody } from './solver-body';

/**
 * Shared set-up of the two-body joints: anchors and axes into a body's frame, unit axes, limit
 * ranges. Used at construction only (never in the step). @internal
 */

/** `point` (world) in `body`'s frame, relative to its centre: Rᵀ (point - x), into `out[0..1]`. */
export function toLocalPoint(body: SolverBody, px: number, py: number, out: Float64Array): void {
  const c = cos(body.angle);
  const s = sin(body.angle);
  const dx = px - body.center.x;
  const dy = py - body.center.y;
  out[0] = c * dx + s * dy;
  out[1] = -s * dx + c * dy;
}

/**
 * A world axis, checked and made unit, into `body`'s frame: Rᵀ axis / |axis|, into `out[0..1]`.
 * @throws ConstraintError naming `argument` when the axis is not finite or has length 0
 */
export function toLocalAxis(body: SolverBody, axis: Vec2Like, argument: string, out: Float64Array): void {
  const ax = requireFiniteArg(axis?.x, `${argument}.x`);
  const ay = requireFiniteArg(axis?.y, `${argument}.y`);
  const length = Math.hypot(ax, ay);
  if (!(length > 1e-9)) {
    throw new ConstraintError(argument, `(${ax}, ${ay})`, 'must be a non-zero vector');
  }
  const ux = ax / length;
  const uy = ay / length;
  const c = cos(body.angle);
  const s = sin(body.angle);
  out[0] = c * ux + s * uy;
  out[1] = -s * ux + c * uy;
}

/**
 * Checks a translation range: `lower` a number below +Infinity, `upper` above -Infinity, and
 * lower <= upper. Names the argument and the value when it refuses.
 */
export function checkRange(lower: number, upper: number, lowerName: string, upperName: string): void {
  if (typeof lower !== 'number' || Number.isNaN(lower) || lower === Number.POSITIVE_INFINITY) {
    throw new ConstraintError(lowerName, lower, 'must be a number < +Infinity');
  }
  if (typeof upper !== 'number' || Number.isNaN(upper) || upper === Number.NEGATIVE_INFINITY) {
    throw new ConstraintError(upperName, upper, 'must be a number > -Infinity');
  }
  if (!(lower <= upper)) throw new ConstraintError(upperName, upper, `must be >= ${lowerName} (${lower})`);
}

/** Throws a {@link ConstraintError} unless `value` is a boolean. */
export function requireBooleanArg(value: unknown, argument: string): boolean {
  if (typeof value !== 'boolean') throw new ConstraintError(argument, value, 'must be a boolean');
  return value;
}

/** A new `Vec2` of the force `(fx, fy)`; the joints' `getReactionForce` returns one. */
export function reactionVector(fx: number, fy: number): Vec2 {
  return new Vec2(fx, fy);
}
