/** The error every `@lite/world` call throws on bad input or a failed step, naming the argument and value. */
export class WorldError extends Error {
  /** The name of the refused argument, or `body #<id>.<field>` for a state that turned non-finite. */
  readonly argument: string;
  /** The refused value. */
  readonly value: unknown;

  /** @param reason - what was expected instead */
  constructor(argument: string, value: unknown, reason: string) {
    super(`${argument} = ${describe(value)}: ${reason}`);
    this.name = 'WorldError';
    this.argument = argument;
    this.value = value;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    const text = String(value);
    if (text !== '[object Object]') return text;
    try {
      return JSON.stringify(value);
    } catch {
      return text;
    }
  }
  return String(value);
}

/** Rethrows a lower layer's error as a WorldError, its argument prefixed (`options.x`). @internal */
export function rethrowAsWorldError(error: unknown, prefix: string): never {
  if (error instanceof Error && 'argument' in error && 'value' in error) {
    const message = error.message;
    const colon = message.indexOf(': ');
    const reason = colon >= 0 ? message.slice(colon + 2) : message;
    throw new WorldError(`${prefix}${String(error.argument)}`, error.value, reason);
  }
  throw error;
}
