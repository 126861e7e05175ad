import type { SceneEntry } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { formatUrlState, parseUrlState, resolveParameters } from '../src/url-state';

const entry: SceneEntry = {
  id: 'stack',
  title: 'Stack',
  parameters: [
    { name: 'height', label: 'Boxes', min: 1, max: 100, step: 1, default: 24 },
    { name: 'damping', label: 'Damping', min: 0, max: 2, step: 0.01, default: 0.05 },
  ],
  create: () => {
    throw new Error('not used');
  },
};

describe('url state', () => {
  it('reads the scene, numbers and pause flag', () => {
    const state = parseUrlState('?scene=pyramid&base=20&paused=1&junk=abc');
    expect(state.sceneId).toBe('pyramid');
    expect(state.numbers).toEqual({ base: 20 });
    expect(state.paused).toBe(true);
    expect(parseUrlState('').sceneId).toBeUndefined();
    expect(parseUrlState('?paused=0').paused).toBe(false);
  });

  it('fills defaults, clamps to the range and snaps to the step', () => {
    expect(resolveParameters(entry, {})).toEqual({ height: 24, damping: 0.05 });
    expect(resolveParameters(entry, { height: 500, damping: -3 })).toEqual({ height: 100, damping: 0 });
    expect(resolveParameters(entry, { height: 7.6, damping: 0.123, other: 4 })).toEqual({
      height: 8,
      damping: 0.12,
    });
  });

  it('round-trips through the address, leaving defaults out', () => {
    expect(formatUrlState(entry, { height: 24, damping: 0.05 })).toBe('?scene=stack');
    const url = formatUrlState(entry, { height: 40, damping: 0.3 });
    expect(url).toBe('?scene=stack&height=40&damping=0.3');
    const back = parseUrlState(url);
    expect(back.sceneId).toBe('stack');
    expect(resolveParameters(entry, back.numbers)).toEqual({ height: 40, damping: 0.3 });
  });

  it('reads the solver, ignoring anything but soft and classic', () => {
    expect(parseUrlState('?scene=stack&solver=soft').solver).toBe('soft');
    expect(parseUrlState('?scene=stack&solver=classic').solver).toBe('classic');
    expect(parseUrlState('?scene=stack&solver=fast').solver).toBeUndefined();
    expect(parseUrlState('?scene=stack').solver).toBeUndefined();
    // The solver is not a scene parameter.
    expect(parseUrlState('?scene=stack&solver=soft&height=3').numbers).toEqual({ height: 3 });
  });

  it('round-trips the solver, leaving the default solver out', () => {
    for (const [solver, other] of [
      ['soft', 'classic'],
      ['classic', 'soft'],
    ] as const) {
      expect(formatUrlState(entry, { height: 24, damping: 0.05 }, solver, solver)).toBe('?scene=stack');
      const url = formatUrlState(entry, { height: 40, damping: 0.05 }, other, solver);
      expect(url).toBe(`?scene=stack&height=40&solver=${other}`);
      const back = parseUrlState(url);
      expect(back.solver).toBe(other);
      expect(resolveParameters(entry, back.numbers)).toEqual({ height: 40, damping: 0.05 });
      // Reading the address back without a solver gives the default again.
      expect(parseUrlState(formatUrlState(entry, {}, solver, solver)).solver).toBeUndefined();
    }
    expect(formatUrlState(entry, {})).toBe('?scene=stack');
  });
});
