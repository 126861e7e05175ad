/**
 * An empty array that V8 holds as an array of objects from the start, for a long-lived list of
 * objects (a world's contacts, a body's edges, a pool).
 *
 * An array made with `[]` starts as an array of small integers; the first object stored in it
 * changes its hidden class, and every optimised function that had met the array throws its code
 * away (V8's "wrong map"). A list that stays empty through the first steps of a run (the contact
 * pool, a body's contact edges before it touches anything) then costs a round of slow, unoptimised
 * steps in the middle of the run. This one keeps its class for its whole life.
 *
 * @example
 * ```ts
 * import { objectArray } from '@lite/math';
 * const pool = objectArray<{ id: number }>();
 * pool.push({ id: 1 });
 * ```
 */
export function objectArray<T>(): T[] {
  // A literal holding null is an array of objects (null is not a number); popping keeps its kind.
  const array: (T | null)[] = [null];
  array.pop();
  return array as T[];
}
