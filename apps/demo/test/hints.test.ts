import { catalogue } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { HINTED, sceneHolds } from '../src/hints';

describe('scene-size hints', () => {
  it('name a sized parameter of a catalogue scene, inside its slider', () => {
    for (const hint of HINTED) {
      const entry = catalogue.find((e) => e.id === hint.sceneId);
      const parameter = entry?.parameters.find((p) => p.name === hint.parameter);
      expect(parameter).toBeDefined();
      for (const max of Object.values(hint.max)) {
        expect(max).toBeGreaterThanOrEqual(parameter!.min);
        expect(max).toBeLessThan(parameter!.max);
      }
    }
  });

  // The threshold re-measured on both sides (the stack: cheap enough for every run; the pyramids'
  // thresholds take minutes and are re-measured by scripts/measure-hints.ts).
  it('the classic solver holds a stack of exactly the hinted height and not one box more', () => {
    const max = HINTED.find((h) => h.sceneId === 'stack')!.max.classic!;
    expect(sceneHolds('stack', 'height', max, 'classic')).toBe(true);
    expect(sceneHolds('stack', 'height', max + 1, 'classic')).toBe(false);
  });

  it('the soft step holds the tallest stack of the slider', () => {
    const slider = catalogue.find((e) => e.id === 'stack')!.parameters.find((p) => p.name === 'height')!;
    expect(HINTED.find((h) => h.sceneId === 'stack')!.max.soft).toBeUndefined();
    expect(sceneHolds('stack', 'height', slider.max, 'soft')).toBe(true);
  });
});
