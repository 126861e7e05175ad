import { afterEach, describe, expect, it } from 'vitest';
import { getLengthUnitsPerMeter, LENGTH_UNITS, MathError, setLengthUnitsPerMeter } from '../src/index';

describe('length unit', () => {
  afterEach(() => setLengthUnitsPerMeter(1));

  it('defaults to 1 per metre, is set and read back, and is what LENGTH_UNITS holds', () => {
    expect(getLengthUnitsPerMeter()).toBe(1);
    setLengthUnitsPerMeter(100);
    expect(getLengthUnitsPerMeter()).toBe(100);
    expect(LENGTH_UNITS[0]).toBe(100);
  });

  it('refuses a unit that is not a finite number > 0, naming it and keeping the old one', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '100' as unknown as number]) {
      expect(() => setLengthUnitsPerMeter(bad)).toThrow(MathError);
      expect(() => setLengthUnitsPerMeter(bad)).toThrow(/lengthUnitsPerMeter/);
    }
    expect(getLengthUnitsPerMeter()).toBe(1);
  });
});
