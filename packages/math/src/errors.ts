/** The error every `@lite/math` function throws on bad input, naming the argument and the value. */
export class MathError extends Error {
  /** The name of the argument that was refused. */
  readonly argument: string;
  /** The value that was refused. */
  readonly value: unknown;

  /** @param reason - what was expected instead */
  constructor(argument: string, value: unknown, reason: string) {
    super(`${argument} = ${String(value)}: ${reason}`);
    this.name = 'MathError';
    this.argument = argument;
    this.value = value;
  }
}
