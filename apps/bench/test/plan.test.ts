import { World } from '@lite/world';
import { describe, expect, it } from 'vitest';
import { BENCH_SCENES } from '../src/bench-scenes';
import { ENGINE_IDS } from '../src/engines/index';
import { DEFAULT_SOLVER, engineLabel, liteEngine } from '../src/lite-solvers';
import { ciPlan, fullPlan, schedule } from '../src/plan';

describe('schedule', () => {
  it('runs every engine once per scene and round, rotating which engine goes first', () => {
    const plan = fullPlan();
    const runs = schedule(plan);
    const expected = plan.scenes.reduce((n, s) => n + s.repeats * plan.engines.length, 0);
    expect(runs.length).toBe(expected);
    const firsts = new Set<string>();
    for (let i = 0; i < runs.length; i += plan.engines.length) {
      const group = runs.slice(i, i + plan.engines.length);
      expect(new Set(group.map((r) => r.scene)).size).toBe(1);
      expect(new Set(group.map((r) => r.engine)).size).toBe(plan.engines.length);
      firsts.add(group[0].engine);
    }
    expect(firsts.size).toBe(plan.engines.length);
  });
  it('asks for quality in the first round only', () => {
    for (const r of schedule(ciPlan())) {
      if (r.repeat > 0) expect(r.checkpoints).toEqual([]);
    }
    expect(schedule(ciPlan()).some((r) => r.checkpoints.length > 0)).toBe(true);
  });
  it('covers every engine, lite once per solver, and every benchmark scene in the full set; CI pits lite against planck.js', () => {
    const other = DEFAULT_SOLVER === 'soft' ? 'classic' : 'soft';
    // Every engine but Box2D v3's scalar build (run on request: users get the SIMD one).
    expect(fullPlan().engines).toEqual(
      ENGINE_IDS.filter((e) => e !== `lite-${DEFAULT_SOLVER}` && e !== 'box2d3-scalar' && e !== 'lite-ts'),
    );
    expect(fullPlan().engines.slice(0, 2)).toEqual(['lite', `lite-${other}`]);
    expect(
      fullPlan()
        .scenes.map((s) => s.scene)
        .sort(),
    ).toEqual(BENCH_SCENES.map((s) => s.id).sort());
    expect(ciPlan().engines).toEqual(['lite', `lite-${other}`, 'planck', 'box2d3']);
    for (const s of ciPlan().ratioScenes) expect(ciPlan().scenes.some((p) => p.scene === s)).toBe(true);
    expect(ciPlan().peerRatioScenes).toEqual({ box2d3: ['pyramid20'] });
  });
  it('runs an engine in fewer rounds where the scene says so (CI: Box2D v3 on pyramid20 only, 4 rounds)', () => {
    const runs = schedule(ciPlan());
    const box2d3 = runs.filter((r) => r.engine === 'box2d3');
    expect(box2d3.map((r) => `${r.scene} ${r.repeat}`)).toEqual([0, 1, 2, 3].map((k) => `pyramid20 ${k}`));
    expect(runs.filter((r) => r.engine === 'planck' && r.scene === 'pyramid20').length).toBe(7);
  });
  it('CI measures quality for lite only, and the peers run pyramid20 only, whose ratios it guards', () => {
    const runs = schedule(ciPlan());
    const lite: string[] = ciPlan().qualityEngines ?? [];
    expect(lite).toEqual(ciPlan().engines.filter((e) => e.startsWith('lite')));
    for (const r of runs) if (!lite.includes(r.engine)) expect(r.checkpoints).toEqual([]);
    for (const engine of lite) {
      const asked = runs.filter((r) => r.engine === engine && r.checkpoints.length > 0).map((r) => r.scene);
      expect(asked.sort()).toEqual([...ciPlan().verdictScenes].sort());
    }
    const peers = new Set(runs.filter((r) => !lite.includes(r.engine)).map((r) => r.scene));
    expect([...peers]).toEqual(['pyramid20']);
    // The full set measures every engine's quality.
    expect(fullPlan().qualityEngines).toBeUndefined();
  });
});

describe('lite, once per solver', () => {
  it('runs the default solver as `lite` and the other as `lite-<solver>`, each labelled by its solver', () => {
    const other = DEFAULT_SOLVER === 'soft' ? 'classic' : 'soft';
    expect(DEFAULT_SOLVER).toBe(new World().solver);
    expect(liteEngine(DEFAULT_SOLVER)).toBe('lite');
    expect(liteEngine(other)).toBe(`lite-${other}`);
    expect(engineLabel('lite')).toBe(`lite (${DEFAULT_SOLVER})`);
    expect(engineLabel(`lite-${other}`)).toBe(`lite (${other})`);
    expect(engineLabel('planck')).toBe('planck.js');
  });
});
