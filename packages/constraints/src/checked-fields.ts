import { ConstraintError, requireLowerArg, requireUpperArg } from './errors';
import { SolverBody } from './solver-body';

/**
 * Checks the value written to the field `name` of `owner`: returns the value to store or throws a
 * ConstraintError naming the field and the value.
 */
export type FieldCheck = (value: never, name: string, owner: Readonly<Record<string, number>>) => unknown;

/**
 * Defines on `proto`, for each `{field: check}` entry, the accessor `field` over the plain field
 * `fieldValue` (which the solver reads), writing `check(value, 'field', this)`. @internal
 */
export function defineCheckedFields(proto: object, checks: Record<string, FieldCheck>): void {
  FIELD_CHECKS.set(proto, checks);
  for (const name of Object.keys(checks)) {
    const key = `${name}Value`;
    const check = checks[name];
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: Record<string, unknown>) {
        return this[key];
      },
      set(this: Record<string, number>, value: never) {
        this[key] = check(value, name, this) as number;
      },
    });
  }
}

/** Each prototype's checks, as given to {@link defineCheckedFields}. */
const FIELD_CHECKS = /* @__PURE__ */ new WeakMap<object, Readonly<Record<string, FieldCheck>>>();

/**
 * The checks `defineCheckedFields` gave `proto` itself (not its bases), or undefined: lets a
 * value written behind the accessors (a restore) be checked as its accessor would.
 */
export function fieldChecksOf(proto: object): Readonly<Record<string, FieldCheck>> | undefined {
  return FIELD_CHECKS.get(proto);
}

/** The check of the lower bound of a limit pair: a number (not NaN) <= the current `upperName`. @internal */
export function lowerBoundOf(upperName: string): FieldCheck {
  const key = `${upperName}Value`;
  return (value, name, owner) => requireLowerArg(value, name, owner[key], upperName);
}

/** The check of the upper bound of a limit pair: a number (not NaN) >= the current `lowerName`. @internal */
export function upperBoundOf(lowerName: string): FieldCheck {
  const key = `${lowerName}Value`;
  return (value, name, owner) => requireUpperArg(value, name, owner[key], lowerName);
}

/** Throws unless `bodyA` and `bodyB` are two distinct solver bodies. */
export function checkBodies(bodyA: SolverBody, bodyB: SolverBody): void {
  if (!(bodyA instanceof SolverBody)) throw new ConstraintError('bodyA', bodyA, 'must be a SolverBody');
  if (!(bodyB instanceof SolverBody)) throw new ConstraintError('bodyB', bodyB, 'must be a SolverBody');
  if (bodyA === bodyB) throw new ConstraintError('bodyB', 'bodyA', 'must be a different body from bodyA');
}
