/**
 * An empty array that V8 holds as an array of objects from the start (docs/performance.md, "Arrays
 * of objects").
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
