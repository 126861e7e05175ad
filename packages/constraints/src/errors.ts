/** The error `@lite/constraints` throws on bad input, e.g. `friction = -1: must be a finite number >= 0`. */
export class ConstraintError extends Error {
  /** The name of the argument that was refused. */
  readonly argument: string;
  /** The value that was refused. */
  readonly value: unknown;

  /** @param reason - what was expected instead */
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

/** Throws a {@link ConstraintError} unless `value` is a number >= 0 (+Infinity allowed: unbounded). */
export function requireMaximumArg(value: number, argument: string): number {
  if (typeof value !== 'number' || !(value >= 0)) {
    throw new ConstraintError(argument, value, 'must be a number >= 0 (+Infinity: unbounded)');
  }
  return value;
}

/** Throws a {@link ConstraintError} unless `value` is a number in [0, 1]. */
export function requireUnitArg(value: number, argument: string): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new ConstraintError(argument, value, 'must be a number in [0, 1]');
  }
  return value;
}

/** Throws a {@link ConstraintError} unless `value` is a number, not NaN, ≤ `upper` (`upperName`). */
export function requireLowerArg(value: number, argument: string, upper: number, upperName: string): number {
  if (typeof value !== 'number' || !(value <= upper)) {
    throw new ConstraintError(argument, value, `must be a number <= ${upperName} (${upper})`);
  }
  return value;
}

/** Throws a {@link ConstraintError} unless `value` is a number, not NaN, ≥ `lower` (`lowerName`). */
export function requireUpperArg(value: number, argument: string, lower: number, lowerName: string): number {
  if (typeof value !== 'number' || !(value >= lower)) {
    throw new ConstraintError(argument, value, `must be a number >= ${lowerName} (${lower})`);
  }
  return value;
}

/** Throws a {@link ConstraintError} named `length` unless `value` is a finite number in [min, max]. */
export function requireLengthArg(value: number, min: number, max: number): number {
  if (typeof value !== 'number' || !(Number.isFinite(value) && value >= min && value <= max)) {
    throw new ConstraintError(
      'length',
      value,
      `must be a finite number in [minLength, maxLength] = [${min}, ${max}]`,
    );
  }
  return value;
}

/** Throws a {@link ConstraintError} named `minLength` unless `value` is a number in [0, length]. */
export function requireMinLengthArg(value: number, length: number): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= length)) {
    throw new ConstraintError('minLength', value, `must be a number >= 0 and <= length (${length})`);
  }
  return value;
}

/** Throws a {@link ConstraintError} named `maxLength` unless `value` is a number >= length (+Infinity allowed). */
export function requireMaxLengthArg(value: number, length: number): number {
  if (typeof value !== 'number' || !(value >= length)) {
    throw new ConstraintError(
      'maxLength',
      value,
      `must be a number >= length (${length}); +Infinity: no bound`,
    );
  }
  return value;
}
