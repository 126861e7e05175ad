import { describe, expect, it } from 'vitest';
import { STAGE_ROWS, stageColumn, summariseProfile } from '../src/profile-summary';

describe('summariseProfile', () => {
  it('sums self time per function across call paths, from the next sample’s time delta', () => {
    const frame = (functionName: string, line: number) => ({
      functionName,
      url: 'file:///x/pkg/dist/engine.js',
      lineNumber: line,
    });
    const profile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, children: [2, 3] },
        { id: 2, callFrame: frame('solve', 9), children: [4] },
        { id: 3, callFrame: frame('collide', 19) },
        { id: 4, callFrame: frame('solve', 9) }, // the same function through another path
      ],
      samples: [2, 3, 4, 2],
      timeDeltas: [0, 1000, 3000, 2000, 500], // µs; sample i lasts timeDeltas[i + 1]
    };
    const lines = summariseProfile(profile);
    expect(lines.map((l) => l.name)).toEqual([
      'solve (pkg/dist/engine.js:10)',
      'collide (pkg/dist/engine.js:20)',
    ]);
    expect(lines[0].selfMs).toBeCloseTo(1 + 2 + 0.5, 12);
    expect(lines[1].selfMs).toBeCloseTo(3, 12);
    expect(lines[0].share + lines[1].share).toBeCloseTo(1, 12);
  });
});

describe('stageColumn', () => {
  it('sums each engine’s stages into the shared rows, the rest being the total minus the rows', () => {
    const lite = stageColumn('lite', { pairs: 0.1, createContacts: 0.05, collide: 1, solve: 2, total: 3.5 });
    const row = (label: string) => STAGE_ROWS.findIndex((r) => r.label === label);
    expect(lite.rows[row('broadphase pairs, new contacts')]).toBeCloseTo(0.15, 12);
    expect(lite.rows[row('solve (iterations)')]).toBe(2);
    expect(lite.rows[row('relax')]).toBe(0);
    expect(lite.rest).toBeCloseTo(0.35, 12);
    expect(lite.total).toBe(3.5);
    const b2 = stageColumn('box2d3', {
      step: 2,
      pairs: 0.1,
      collide: 0.5,
      solveImpulses: 1,
      refit: 0.1,
      bullets: 0,
    });
    expect(b2.rows[row('push passes, split impulses')]).toBeNaN();
    expect(b2.rows[row('broadphase update')]).toBeCloseTo(0.1, 12);
    expect(b2.rest).toBeCloseTo(0.3, 12);
  });
});

describe('runChild with warm runs', () => {
  it('runs the scene in a world of its own first, then measures a fresh world as usual', async () => {
    const { runChild } = await import('../src/runner');
    const request = {
      engine: 'lite',
      scene: 'pyramid20',
      repeat: 0,
      windowSteps: 4,
      checkpoints: [],
      stages: true,
      warmRuns: 1,
    };
    // The child's timeouts guard against a hang: the warm and measured runs took a minute at a load of 30.
    const record = await runChild(request, 300_000);
    expect(record.error).toBeUndefined();
    expect(record.result?.stages?.total).toBeGreaterThan(0);
    // An unknown scene fails in the warm run already, with the scene's error.
    const bad = await runChild({ ...request, scene: 'no-such-scene' }, 300_000);
    expect(bad.result).toBeUndefined();
    expect(bad.error).toMatch(/no-such-scene/);
  }, 600_000);
});
