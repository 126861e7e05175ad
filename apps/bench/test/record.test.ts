import { describe, expect, it } from 'vitest';
import { aggregate, largestStandingStack, type RunRecord } from '../src/aggregate';
import type { RunResult } from '../src/measure';
import { checkRecord, litePlanckRatio, makeRecord } from '../src/record';

function run(
  engine: string,
  scene: string,
  repeat: number,
  ms: number,
  verdict?: 'stands' | 'fell',
): RunRecord {
  const result: RunResult = {
    engine,
    scene,
    bodies: 10,
    joints: 0,
    buildMs: 1,
    windowSteps: 10,
    time: { median: ms, p95: ms * 2, mean: ms, min: ms, max: ms * 2, count: 9 },
    firstStepMs: 5,
    memory: { heapUsedAfterBuild: 1, heapUsedAfterSteps: 2, externalAfterBuild: 0, externalAfterSteps: 0 },
    gcCount: 0,
    gcMs: 0,
    quality: verdict === undefined ? [] : [{ time: 60, structure: { maxDrift: 0, topSink: 0, verdict } }],
    forcedGc: true,
  };
  return { engine, scene, repeat, result };
}

describe('aggregate', () => {
  it('takes ratios to lite within each round, then their median', () => {
    // Round 0: lite 1, planck 4 (x4); round 1: machine twice as slow, lite 2, planck 6 (x3); round 2: x5.
    const records = [
      run('lite', 'p', 0, 1),
      run('planck', 'p', 0, 4),
      run('lite', 'p', 1, 2),
      run('planck', 'p', 1, 6),
      run('lite', 'p', 2, 1),
      run('planck', 'p', 2, 5),
    ];
    const cells = aggregate(records, ['p'], ['lite', 'planck']);
    const planck = cells[1];
    expect(planck.ratioToLite).toBe(4);
    expect(planck.medianMs).toBe(5);
    expect(cells[0].ratioToLite).toBe(1);
    // The guard's ratio: each engine's fastest round, lite 1 against planck 4.
    expect(planck.bestMs).toBe(4);
    expect(cells[0].bestMs).toBe(1);
    expect(litePlanckRatio(cells, 'p')).toBe(0.25);
  });
  it('takes the guard ratio from each engine’s best round, so one slowed round does not move it', () => {
    const records = [
      run('lite', 'p', 0, 1),
      run('planck', 'p', 0, 4),
      run('lite', 'p', 1, 3), // the machine got busy during lite's run of round 1
      run('planck', 'p', 1, 4.4),
      run('lite', 'p', 2, 1.1),
      run('planck', 'p', 2, 6), // and during planck's run of round 2
    ];
    expect(litePlanckRatio(aggregate(records, ['p'], ['lite', 'planck']), 'p')).toBe(0.25);
  });
  it('keeps errors and finds the largest standing offset stack', () => {
    const records: RunRecord[] = [
      run('lite', 'stack10-offset', 0, 1, 'stands'),
      run('lite', 'stack24-offset', 0, 1, 'stands'),
      run('lite', 'stack32-offset', 0, 1, 'fell'),
      run('lite', 'stack64', 0, 1, 'stands'),
      { engine: 'planck', scene: 'stack10-offset', repeat: 0, error: 'boom' },
    ];
    const cells = aggregate(
      records,
      ['stack10-offset', 'stack24-offset', 'stack32-offset', 'stack64'],
      ['lite', 'planck'],
    );
    expect(largestStandingStack(cells, 'lite')).toBe(24);
    expect(largestStandingStack(cells, 'planck')).toBe(0);
    expect(cells.find((c) => c.engine === 'planck' && c.scene === 'stack10-offset')?.errors).toEqual([
      'boom',
    ]);
  });
});

describe('CI record check', () => {
  const base = [run('lite', 'p', 0, 1, 'stands'), run('planck', 'p', 0, 4)];
  const record = makeRecord(aggregate(base, ['p'], ['lite', 'planck']), ['p'], ['p'], 'test machine', 'test');

  it('records lite verdicts and lite/planck ratios', () => {
    expect(record.verdicts).toEqual({ p: 'stands' });
    expect(record.ratios).toEqual({ p: 0.25 });
  });
  it('passes on the same run and within 25%', () => {
    expect(checkRecord(record, aggregate(base, ['p'], ['lite', 'planck'])).failures).toEqual([]);
    const slower = [run('lite', 'p', 0, 1.24, 'stands'), run('planck', 'p', 0, 4)];
    expect(checkRecord(record, aggregate(slower, ['p'], ['lite', 'planck'])).failures).toEqual([]);
  });
  it('fails when lite gets more than 25% slower relative to planck, whatever the machine speed', () => {
    const slower = [run('lite', 'p', 0, 2.6, 'stands'), run('planck', 'p', 0, 8)]; // machine 2x slower, lite 30% worse
    const { failures } = checkRecord(record, aggregate(slower, ['p'], ['lite', 'planck']));
    expect(failures.length).toBe(1);
    expect(failures[0]).toMatch(/ratio 0\.325/);
    const machineOnly = [run('lite', 'p', 0, 3, 'stands'), run('planck', 'p', 0, 12)]; // 3x slower machine
    expect(checkRecord(record, aggregate(machineOnly, ['p'], ['lite', 'planck'])).failures).toEqual([]);
  });
  it('fails when a scene that stood now falls, or lite did not run', () => {
    const fell = [run('lite', 'p', 0, 1, 'fell'), run('planck', 'p', 0, 4)];
    expect(checkRecord(record, aggregate(fell, ['p'], ['lite', 'planck'])).failures).toEqual([
      'p: lite stands in the record, fell now',
    ]);
    const missing: RunRecord[] = [
      { engine: 'lite', scene: 'p', repeat: 0, error: 'no world' },
      run('planck', 'p', 0, 4),
    ];
    const { failures } = checkRecord(record, aggregate(missing, ['p'], ['lite', 'planck']));
    expect(failures.length).toBe(2);
    expect(failures[0]).toMatch(/not measured \(no world\)/);
  });
  it('notes improvements without failing', () => {
    const better = { ...record, verdicts: { p: 'fell' } };
    const { failures, notes } = checkRecord(better, aggregate(base, ['p'], ['lite', 'planck']));
    expect(failures).toEqual([]);
    expect(notes[0]).toMatch(/update the record/);
  });
});
