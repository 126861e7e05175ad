import type { BodyDef, SceneDef } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { fitCameraHeight } from '../src/camera-fit';

function box(x: number, width: number, extra: Partial<BodyDef> = {}): BodyDef {
  return { type: 'dynamic', width, height: 1, x, y: 0, ...extra };
}

function scene(bodies: BodyDef[]): SceneDef {
  return {
    id: 't',
    title: 't',
    description: '',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints: [],
    camera: { x: 0, y: 5, height: 10 },
  };
}

describe('fitCameraHeight', () => {
  it("keeps the scene's height when the scene fits across", () => {
    expect(fitCameraHeight(scene([box(-4, 2), box(4, 2)]), 1.5)).toBe(10);
  });

  it('grows the height until the widest body fits, with the margin', () => {
    // Reach 5 + 1 = 6 m from the centre; 12 m × 1.1 across a view 0.5 as wide as tall.
    expect(fitCameraHeight(scene([box(-5, 2), box(1, 2)]), 0.5)).toBeCloseTo((12 * 1.1) / 0.5, 12);
  });

  it('measures rotated bodies by their bounding box', () => {
    const turned = box(0, 20, { angle: Math.PI / 2 }); // 20 m wide, stood on end: 1 m across
    expect(fitCameraHeight(scene([turned]), 0.5)).toBe(10);
  });

  it('ignores the ground and the other group of a comparison', () => {
    const bodies = [
      box(0, 100, { type: 'static', tag: 'ground' }),
      box(-3, 1, { group: 0 }),
      box(30, 1, { group: 1 }),
    ];
    // Group 0 seen from its own centre (-3): reach 0.5 m.
    expect(fitCameraHeight(scene(bodies), 0.5, -3, 0)).toBe(10);
    expect(fitCameraHeight(scene(bodies), 0.5, 30, 1)).toBe(10);
    expect(fitCameraHeight(scene(bodies), 0.5)).toBeCloseTo((2 * 30.5 * 1.1) / 0.5, 12);
  });
});
