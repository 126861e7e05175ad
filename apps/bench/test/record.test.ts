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
    time: { median: ms * 1.5, p5: ms, p95: ms * 2, mean: ms, min: ms, max: ms * 2, count: 9 },
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
    expect(planck.medianMs).toBe(7.5);
    expect(cells[0].ratioToLite).toBe(1);
    // The guard's ratio: each engine's fastest round's fast steps, lite 1 against planck 4.
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
  it('takes the guard ratio from fast steps, so a run spent mostly in a slow spell does not move it', () => {
    const slowSpell = (engine: string, repeat: number, fast: number): RunRecord => {
      const record = run(engine, 'p', repeat, fast);
      if (record.result !== undefined) record.result.time.median = fast * 1.6;
      return record;
    };
    const records = [
      slowSpell('lite', 0, 1),
      run('planck', 'p', 0, 4),
      slowSpell('lite', 1, 1.02),
      run('planck', 'p', 1, 4),
    ];
    const cells = aggregate(records, ['p'], ['lite', 'planck']);
    expect(cells[0].medianMs).toBeCloseTo(1.616, 10);
    expect(litePlanckRatio(cells, 'p')).toBe(0.25);
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
  const engines = { classic: 'lite', soft: 'lite-soft' };
  const engineList = ['lite', 'lite-soft', 'planck'];
  const base = [
    run('lite', 'p', 0, 1, 'stands'),
    run('lite-soft', 'p', 0, 2, 'stands'),
    run('planck', 'p', 0, 4),
  ];
  const record = makeRecord(
    aggregate(base, ['p'], engineList),
    ['p'],
    ['p'],
    'test machine',
    'test',
    engines,
  );
  const check = (records: RunRecord[], r = record, e = engines) =>
    checkRecord(r, aggregate(records, ['p'], engineList), e);

  it('records each solver’s verdicts and lite/planck ratios', () => {
    expect(record.solvers.classic).toEqual({
      note: 'test',
      machine: 'test machine',
      verdicts: { p: 'stands' },
      ratios: { p: 0.25 },
    });
    expect(record.solvers.soft?.verdicts).toEqual({ p: 'stands' });
    expect(record.solvers.soft?.ratios).toEqual({ p: 0.5 });
    // A solver that did not run gets no entry.
    const classicOnly = makeRecord(
      aggregate([base[0], base[2]], ['p'], engineList),
      ['p'],
      ['p'],
      'm',
      'n',
      engines,
    );
    expect(Object.keys(classicOnly.solvers)).toEqual(['classic']);
  });
  it('records and guards lite’s ratio to another peer (Box2D v3) as it does planck.js’s', () => {
    const withPeer = [...base, run('box2d3', 'p', 0, 0.5)];
    const cells = aggregate(withPeer, ['p'], [...engineList, 'box2d3']);
    const recorded = makeRecord(cells, ['p'], ['p'], 'm', 'n', engines, { box2d3: ['p'] });
    expect(recorded.solvers.classic?.peerRatios).toEqual({ box2d3: { p: 2 } });
    expect(recorded.solvers.soft?.peerRatios).toEqual({ box2d3: { p: 4 } });
    expect(checkRecord(recorded, cells, engines).failures).toEqual([]);
    // Box2D v3 gets 30% faster against lite (classic); planck.js's ratio is unchanged.
    const faster = [...base, run('box2d3', 'p', 0, 0.5 / 1.3)];
    expect(
      checkRecord(recorded, aggregate(faster, ['p'], [...engineList, 'box2d3']), engines).failures,
    ).toEqual([
      'p: lite (classic)/box2d3-wasm time ratio 2.600 is more than 25% worse than the recorded 2',
      'p: lite (soft)/box2d3-wasm time ratio 5.200 is more than 25% worse than the recorded 4',
    ]);
    // Not measured: a failure, like a missing planck.js.
    expect(checkRecord(recorded, aggregate(base, ['p'], engineList), engines).failures[0]).toMatch(
      /lite \(classic\)\/box2d3-wasm time ratio not measured/,
    );
  });
  it('passes on the same run and within 25%', () => {
    expect(check(base).failures).toEqual([]);
    const slower = [
      run('lite', 'p', 0, 1.24, 'stands'),
      run('lite-soft', 'p', 0, 2.4, 'stands'),
      run('planck', 'p', 0, 4),
    ];
    expect(check(slower).failures).toEqual([]);
  });
  it('fails when lite gets more than 25% slower relative to planck, whatever the machine speed', () => {
    // Machine 2x slower, the classic solver 30% worse, the soft step as before.
    const slower = [
      run('lite', 'p', 0, 2.6, 'stands'),
      run('lite-soft', 'p', 0, 4, 'stands'),
      run('planck', 'p', 0, 8),
    ];
    const { failures } = check(slower);
    expect(failures.length).toBe(1);
    expect(failures[0]).toMatch(/lite \(classic\)\/planck time ratio 0\.325/);
    // The soft step 30% worse on its own.
    const soft = [
      run('lite', 'p', 0, 1, 'stands'),
      run('lite-soft', 'p', 0, 2.6, 'stands'),
      run('planck', 'p', 0, 4),
    ];
    expect(check(soft).failures).toEqual([
      'p: lite (soft)/planck time ratio 0.650 is more than 25% worse than the recorded 0.5',
    ]);
    const machineOnly = [
      run('lite', 'p', 0, 3, 'stands'),
      run('lite-soft', 'p', 0, 6, 'stands'),
      run('planck', 'p', 0, 12),
    ];
    expect(check(machineOnly).failures).toEqual([]);
  });
  it('fails when a scene that stood now falls, or lite did not run', () => {
    const fell = [
      run('lite', 'p', 0, 1, 'stands'),
      run('lite-soft', 'p', 0, 2, 'fell'),
      run('planck', 'p', 0, 4),
    ];
    expect(check(fell).failures).toEqual(['p: lite (soft) stands in the record, fell now']);
    const missing: RunRecord[] = [
      { engine: 'lite', scene: 'p', repeat: 0, error: 'no world' },
      run('lite-soft', 'p', 0, 2, 'stands'),
      run('planck', 'p', 0, 4),
    ];
    const { failures } = check(missing);
    expect(failures.length).toBe(2);
    expect(failures[0]).toMatch(/lite \(classic\)'s verdict was stands, now not measured \(no world\)/);
  });
  it('guards each solver by its entry whichever engine id runs it (the default solver is `lite`)', () => {
    // Were the soft step the default, `lite` would run it and `lite-classic` the classic solver.
    const flipped = { soft: 'lite', classic: 'lite-classic' };
    const runs = [
      run('lite-classic', 'p', 0, 1, 'stands'),
      run('lite', 'p', 0, 2, 'fell'),
      run('planck', 'p', 0, 4),
    ];
    const cells = aggregate(runs, ['p'], ['lite', 'lite-classic', 'planck']);
    expect(checkRecord(record, cells, flipped).failures).toEqual([
      'p: lite (soft) stands in the record, fell now',
    ]);
  });
  it('notes improvements, and a solver the record lacks, without failing', () => {
    const better = {
      solvers: { ...record.solvers, classic: { ...record.solvers.classic!, verdicts: { p: 'fell' } } },
    };
    const { failures, notes } = check(base, better);
    expect(failures).toEqual([]);
    expect(notes[0]).toMatch(/lite \(classic\) stands now \(recorded fell\): update the record/);
    const classicOnly = { solvers: { classic: record.solvers.classic } };
    const result = check(base, classicOnly);
    expect(result.failures).toEqual([]);
    expect(result.notes).toEqual([
      'the record has no entry for lite (soft): run with --update-record to add one',
    ]);
  });
});
