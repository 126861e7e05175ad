/**
 * The error every `@lite/constraints` function and constructor throws on bad input. Its message
 * names the argument and the value that was refused, e.g. `friction = -1: must be a finite number >= 0`.
 */
export class ConstraintError extends Error {
  /** The name of the argument that was refused. */
  readonly argument: string;
  /** The value that was refused. */
  readonly value: unknown;

  /**
   * @param argument - the name of the refused argument
   * @param value - the refused value
   * @param reason - what was expected instead
   */
  constructor(argument: string, value: unknown, reason: string) {
    super(`${argument} = ${String(value)}: ${reason}`);
    this.name = 'ConstraintError';
    this.argument = argument;
    this.value = value;
  }
}

/** Throws a {@link ConstraintError} unless `value` is a finite number. */
export function requireFiniteArg(value: number, argument: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ConstraintError(argument, value, 'must be a finite number');
  }
  return value;
}

/** Throws a {@link ConstraintError} unless `value` is a finite number >= 0. */
export function requireNonNegativeArg(value: number, argument: string): number {
  if (typeof value !== 'number' || !(Number.isFinite(value) && value >= 0)) {
    throw new ConstraintError(argument, value, 'must be a finite number >= 0');
  }
  return value;
}

/** Throws a {@link ConstraintError} unless `count` is an integer in [0, `length`]. */
export function requireCount(count: number, length: number, argument = 'count'): number {
  if (!(Number.isInteger(count) && count >= 0 && count <= length)) {
    throw new ConstraintError(argument, count, `must be an integer in [0, ${length}]`);
  }
  return count;
}
