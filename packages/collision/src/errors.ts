import type { Vec2Like } from '@lite/math';

/** The error `@lite/collision` throws on bad input, e.g. `width = -1: must be a finite number > 0`. */
export class CollisionError extends Error {
  /** The name of the argument that was refused. */
  readonly argument: string;
  /** The value that was refused. */
  readonly value: unknown;

  /** @param reason - what was expected instead */
  constructor(argument: string, value: unknown, reason: string) {
    super(`${argument} = ${String(value)}: ${reason}`);
    this.name = 'CollisionError';
    this.argument = argument;
    this.value = value;
  }
}

/** Throws a CollisionError naming `argument` unless `value` is a finite number ≥ 0. @internal */
export function requireNonNegative(argument: string, value: number): void {
  if (!(Number.isFinite(value) && value >= 0))
    throw new CollisionError(argument, value, 'must be a finite number >= 0');
}

/** Throws a CollisionError naming `argument` unless `value` is a finite number > 0. @internal */
export function requirePositive(argument: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0))
    throw new CollisionError(argument, value, 'must be a finite number > 0');
}

/** Throws a CollisionError naming `argument` (or its x or y) unless `p` is a point of finite numbers. @internal */
export function requirePoint(argument: string, p: Vec2Like | undefined): void {
  if (p === null || typeof p !== 'object') throw new CollisionError(argument, p, 'must be a point { x, y }');
  if (!Number.isFinite(p.x)) throw new CollisionError(`${argument}.x`, p.x, 'must be a finite number');
  if (!Number.isFinite(p.y)) throw new CollisionError(`${argument}.y`, p.y, 'must be a finite number');
}
