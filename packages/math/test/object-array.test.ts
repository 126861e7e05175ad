import { describe, expect, it } from 'vitest';
import { objectArray } from '../src/index';

// V8's own check of an array's elements kind, in its natives syntax (this package's tests run with
// --allow-natives-syntax; made from a string so that the file stays TypeScript).
const hasObjectElements = new Function('a', 'return %HasObjectElements(a)') as (a: unknown[]) => boolean;

describe('objectArray', () => {
  it('is a new empty array at each call, which takes objects like any array', () => {
    const a = objectArray<{ id: number }>();
    const b = objectArray<{ id: number }>();
    expect(a).toEqual([]);
    expect(a).not.toBe(b);
    a.push({ id: 1 }, { id: 2 });
    expect(a.map((o) => o.id)).toEqual([1, 2]);
    expect(b.length).toBe(0);
  });

  it('is held by V8 as an array of objects from the start, where `[]` is not', () => {
    expect(hasObjectElements([])).toBe(false);
    expect(hasObjectElements(objectArray())).toBe(true);
    const a = objectArray<object>();
    a.push({});
    a.pop();
    expect(hasObjectElements(a)).toBe(true);
  });
});
