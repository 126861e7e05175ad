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
