import { describe, expect, it } from 'vitest';
import { CallgrindReader, countsPerFunction, parsePerfMap, perStepDifference } from '../src/callgrind';

const MAP = [
  '1000 40 JS:*solve file:///x/packages/constraints/dist/solver.js:12:3',
  '1040 20 JS:~solve file:///x/packages/constraints/dist/solver.js:12:3',
  '2000 10 Builtin:LoadIC',
  'not a map line',
].join('\n');

/** Two functions' code, a call from one into the other (its inclusive line skipped), compressed positions. */
const CALLGRIND = [
  'version: 1',
  'positions: instr line',
  'events: Ir D1mr Bcm',
  'fn=(1) 0x1000',
  '0x1000 0 5 1 0',
  '+4 0 3 0 1',
  '* 0 2 0 0',
  'cfn=(2)',
  'calls=1 0x2000',
  '+8 0 100 7 7',
  '-4 0 1 0 0',
  'fn=(2)',
  '0x2004 0 9 2 1',
  '0x1044 0 6 0 2',
  '0x3000 0 4 4 4',
].join('\n');

describe('parsePerfMap', () => {
  it('reads start, size and name, dropping the tier mark and cutting the url to three parts and the line', () => {
    const ranges = parsePerfMap(MAP);
    expect(ranges).toEqual([
      { start: 0x1000, end: 0x1040, name: 'solve (constraints/dist/solver.js:12)' },
      { start: 0x1040, end: 0x1060, name: 'solve (constraints/dist/solver.js:12)' },
      { start: 0x2000, end: 0x2010, name: 'Builtin:LoadIC' },
    ]);
  });
});

describe('CallgrindReader and countsPerFunction', () => {
  it('follows compressed addresses, skips a call’s inclusive cost and sums per function', () => {
    const reader = new CallgrindReader();
    for (const line of CALLGRIND.split('\n')) reader.line(line);
    expect(reader.events).toEqual(['Ir', 'D1mr', 'Bcm']);
    // 0x1000: 5; 0x1004: 3 + 2 (the * line); the call line's address moves to 0x100c, its cost is
    // inclusive (skipped); -4 back to 0x1008: 1.
    expect(Array.from(reader.costs.get(0x1004) ?? [])).toEqual([5, 0, 1]);
    expect(reader.costs.has(0x100c)).toBe(false);
    expect(Array.from(reader.costs.get(0x1008) ?? [])).toEqual([1, 0, 0]);
    const perFunction = countsPerFunction(reader.costs, parsePerfMap(MAP), 3);
    // Both versions of solve (0x1000 to 0x1060) under one name: 5 + 5 + 1 + 6.
    expect(Array.from(perFunction.get('solve (constraints/dist/solver.js:12)') ?? [])).toEqual([17, 1, 3]);
    expect(Array.from(perFunction.get('Builtin:LoadIC') ?? [])).toEqual([9, 2, 1]);
    // An address outside every range.
    expect(Array.from(perFunction.get('(native)') ?? [])).toEqual([4, 4, 4]);
  });
});

describe('perStepDifference', () => {
  it('divides what the longer run added by the steps between them, largest first', () => {
    const short = new Map([
      ['a', Float64Array.of(100, 10)],
      ['b', Float64Array.of(50, 5)],
    ]);
    const long = new Map([
      ['a', Float64Array.of(300, 30)],
      ['b', Float64Array.of(450, 5)],
      ['c', Float64Array.of(20, 2)],
    ]);
    expect(perStepDifference(short, long, 2, 10)).toEqual([
      { name: 'b', counts: [40, 0] },
      { name: 'a', counts: [20, 2] },
      { name: 'c', counts: [2, 0.2] },
    ]);
  });
});
