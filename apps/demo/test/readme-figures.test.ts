import { readFileSync } from 'node:fs';
import { getScene } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { sleepTime } from '../scripts/measure-sleep';
import { DRAG_DAMPING_RATIO, DRAG_FORCE_WEIGHTS, DRAG_FREQUENCY_HZ } from '../src/app';
import { FixedStepClock, SLOW_STEP_MS } from '../src/fixed-step';
import { HINTED, UNSETTLED_BY_CLASSIC } from '../src/hints';
import { Rewind, SNAPSHOT_BUDGET_MS } from '../src/rewind';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

describe("the README's figures", () => {
  it('states when the default rain sleeps as scripts/measure-sleep.ts measures it', () => {
    const { seconds, bodies } = sleepTime('rain');
    expect(seconds).not.toBeNull();
    expect(readme).toContain(
      `the default rain (${bodies.toLocaleString('en')} boxes) comes to rest and every box sleeps at ${seconds!.toFixed(2)} s`,
    );
    // And the scene's description, on the page, claims no more than that.
    expect(getScene('rain')!.create().description).toContain('sleeps within 30 s');
    expect(seconds!).toBeLessThanOrEqual(30);
    // 2,000 boxes for 8 s of simulated time (6 min on a 2-core machine at a load of 30).
  }, 600_000);

  // The table of the scene-size hints states src/hints.ts's thresholds (which scripts/measure-hints.ts
  // measures and test/hints.test.ts re-measures for the stack), and each slider's top where a solver
  // holds every size.
  it("states the scene-size hints' thresholds as src/hints.ts holds them", () => {
    for (const hint of HINTED) {
      const slider = getScene(hint.sceneId)!.parameters.find((p) => p.name === hint.parameter)!;
      const cell = (max: number | undefined) =>
        max === undefined ? `holds the slider's ${slider.max}` : `holds ${max}, falls at ${max + 1}`;
      expect(readme).toContain(
        `| ${hint.sceneId} (${hint.parameter}) | ${cell(hint.max.classic)} | ${cell(hint.max.soft)} |`,
      );
    }
  });

  it('counts the boxes of rain and many bodies as the scenes build them by default', () => {
    const counts = new Map(UNSETTLED_BY_CLASSIC.map((u) => [u.sceneId, u.count]));
    for (const id of ['rain', 'many-bodies']) {
      const dynamic = getScene(id)!
        .create()
        .bodies.filter((b) => b.type === 'dynamic').length;
      expect(counts.get(id)).toBe(dynamic);
    }
    const many = getScene('many-bodies')!
      .create()
      .bodies.filter((b) => b.type === 'dynamic').length;
    expect(readme).toContain(`the script measures many bodies too (${many.toLocaleString('en')} boxes;`);
  });

  it("states the testbed's limits as its code sets them", () => {
    expect(DRAG_DAMPING_RATIO).toBe(1);
    expect(readme).toContain(
      `a soft mouse joint (${DRAG_FREQUENCY_HZ} Hz, critically damped, at most ${DRAG_FORCE_WEIGHTS} × the body's weight)`,
    );
    const rewind = new Rewind();
    expect(readme).toContain(
      `up to the last ${rewind.maxFrames / 60} s (${rewind.maxBytes / 2 ** 20} MB of snapshots; ` +
        `where a snapshot costs over ${SNAPSHOT_BUDGET_MS} ms, every few steps)`,
    );
    expect(readme).toContain(`a snapshot costing over ${SNAPSHOT_BUDGET_MS} ms is kept only every few steps`);
    expect(readme).toContain(
      `as many whole steps as fit, at most ${new FixedStepClock().maxStepsPerFrame} (`,
    );
    expect(readme).toContain(`snapshots) takes over ${SLOW_STEP_MS} ms runs one step a frame`);
  });
});
