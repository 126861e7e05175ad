/**
 * Where an engine's time goes.
 *
 *   tsx src/profile.ts [engine] [scene] [steps]
 *       (default lite pyramid100 120) runs one measurement under `node --cpu-prof` and prints the
 *       functions with the most self time; the profile is kept under results/tmp/profile/ for
 *       Chrome's DevTools.
 *   tsx src/profile.ts stages [scene] [steps] [rounds]
 *       (default pyramid20 600 5) times each stage of the step with the engines' own profilers,
 *       lite's `world.profile` (both solvers) and Box2D v3's `b2World_GetProfile` (box2d3-wasm, its
 *       scalar build and its SIMD build), in fresh processes, interleaved, and prints ms per step
 *       per stage (median over rounds of each run's mean) side by side with lite's time over each
 *       Box2D v3 build's and what SIMD saves Box2D v3.
 *   tsx src/profile.ts warmup [scene] [steps] [rounds]
 *       (default shape-rain 100 5) what lite's (soft) first steps spend before V8 has compiled the
 *       engine for the scene: each stage's time over steps 2 to `steps` of a world in a fresh
 *       process, beside the same in a process that first ran the scene once in a world of its own
 *       (code compiled, type feedback gathered), medians over rounds, interleaved. The difference
 *       is the cost of compiling and of code thrown away and compiled again (deoptimisations),
 *       which a benchmark window counted from the second step includes.
 *   tsx src/profile.ts instructions [engine] [scene] [steps]
 *       (default lite pyramid20 200) counts the machine instructions and first-level data-cache
 *       misses one step takes, under Valgrind's cachegrind: two runs that differ only in the length
 *       of the measured window (`steps` and twice that), the difference over `steps`. With V8's
 *       `--single-threaded --predictable` the count repeats to about 0.1% from run to run, whatever
 *       else the machine is doing, where times on a shared machine wander by 10% or more: a before
 *       and after of one change measured on different builds compares without interleaving. It is
 *       not a time (a cache miss costs many instructions' worth), so a change that moves memory is
 *       judged on both columns. Needs `valgrind` on the PATH; slow (about 50 times the run's time).
 *   tsx src/profile.ts functions [engine] [scene] [from] [to]
 *       (default lite shape-rain 200 300) the same counts per JavaScript function (and V8's own
 *       code, as `(native)`), with conditional-branch mispredictions: two runs under Valgrind's
 *       callgrind with its cache and branch simulators, `from` and `to` steps long, V8 writing where
 *       it put each compiled function (`--perf-basic-prof`); the difference per step over steps
 *       `from` to `to`, the functions with the most instructions first. Functions V8 inlined count
 *       in the function they were inlined into. Slower still (about 100 times the run's time).
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { createReadStream, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CallgrindReader, countsPerFunction, parsePerfMap, perStepDifference } from './callgrind';
import type { EngineId } from './engines/index';
import { engineLabel, liteEngine, SOLVERS } from './lite-solvers';
import { describeMachine, machineInfo } from './machine';
import {
  type CpuProfile,
  STAGE_ROWS,
  type StageColumn,
  stageColumn,
  summariseProfile,
} from './profile-summary';
import { runChild } from './runner';
import { median } from './stats';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

function cpuProfile(engine: string, scene: string, steps: string): void {
  const dir = `${BENCH_DIR}results/tmp/profile/`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const args = JSON.stringify({ engine, scene, windowSteps: Number(steps), checkpoints: [] });
  const run = spawnSync(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-dir=${dir}`,
      '--import',
      'tsx',
      fileURLToPath(new URL('./child.ts', import.meta.url)),
      args,
    ],
    { cwd: BENCH_DIR, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    process.exit(1);
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error(`no profile written to ${dir}`);
  const profile = JSON.parse(readFileSync(dir + file, 'utf8')) as CpuProfile;
  process.stdout.write(`${engine} on ${scene}, ${steps} steps (build and step; profile ${dir}${file}):\n`);
  for (const line of summariseProfile(profile, 20)) {
    process.stdout.write(
      `${(line.share * 100).toFixed(1).padStart(5)}%  ${line.selfMs.toFixed(0).padStart(6)} ms  ${line.name}\n`,
    );
  }
}

/** A number of ms for the table: three significant figures, `–` for none. */
function ms(v: number): string {
  return Number.isFinite(v) ? v.toPrecision(3) : '–';
}

/** The Box2D v3 builds the stage profile runs: scalar (no SIMD), then the SIMD build users get. */
const BOX2D3_BUILDS: EngineId[] = ['box2d3-scalar', 'box2d3'];

async function stageProfile(scene: string, steps: number, rounds: number): Promise<void> {
  const lites: EngineId[] = SOLVERS.map(liteEngine);
  const engines: EngineId[] = [...lites, ...BOX2D3_BUILDS];
  const runs: Record<string, Record<string, number>[]> = {};
  for (let round = 0; round < rounds; ++round) {
    for (let k = 0; k < engines.length; ++k) {
      const engine = engines[(k + round) % engines.length];
      const request = { engine, scene, repeat: round, windowSteps: steps, checkpoints: [], stages: true };
      const record = await runChild(request, 5 * 60 * 1000);
      const stages = record.result?.stages;
      if (stages === undefined)
        throw new Error(`${engine} on ${scene}: ${record.error ?? 'no stage timings'}`);
      (runs[engine] ??= []).push(stages);
      process.stderr.write(`round ${round + 1} ${engine}: ${ms(stages.total ?? stages.step)} ms/step\n`);
    }
  }
  // Each run's stages summed into the rows, then each row's median over rounds.
  const columns: StageColumn[] = engines.map((engine) => {
    const kind = BOX2D3_BUILDS.includes(engine) ? 'box2d3' : 'lite';
    const perRun = runs[engine].map((stages) => stageColumn(kind, stages));
    return {
      rows: STAGE_ROWS.map((_, i) => median(perRun.map((c) => c.rows[i]))),
      rest: median(perRun.map((c) => c.rest)),
      total: median(perRun.map((c) => c.total)),
    };
  });
  // Ratios: each lite solver over Box2D v3 with SIMD, then over Box2D v3 without; and what SIMD
  // saves Box2D v3 (its scalar build's time over its SIMD build's).
  const simd = columns[columns.length - 1];
  const scalar = columns[columns.length - 2];
  const ratio = (a: number, b: number) => (a > 0 && b > 0 ? `×${(a / b).toFixed(1)}` : '–');
  const head = [
    'stage',
    ...engines.map(engineLabel),
    ...lites.map((e) => `${engineLabel(e)} / Box2D v3`),
    ...lites.map((e) => `${engineLabel(e)} / Box2D v3 no SIMD`),
    'Box2D v3 no SIMD / SIMD',
  ];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  const row = (label: string, pick: (c: StageColumn) => number): void => {
    const liteColumns = columns.slice(0, lites.length);
    lines.push(
      `| ${[
        label,
        ...columns.map((c) => ms(pick(c))),
        ...liteColumns.map((c) => ratio(pick(c), pick(simd))),
        ...liteColumns.map((c) => ratio(pick(c), pick(scalar))),
        ratio(pick(scalar), pick(simd)),
      ].join(' | ')} |`,
    );
  };
  for (const [i, r] of STAGE_ROWS.entries()) row(r.label, (c) => c.rows[i]);
  row('rest', (c) => c.rest);
  row('total', (c) => c.total);
  process.stdout.write(
    `Stage times on ${scene}, ms per step (each run: the mean over steps 2 to ${steps}; the median of ${rounds} runs), ${describeMachine(machineInfo())}:\n\n${lines.join('\n')}\n`,
  );
}

async function warmupProfile(scene: string, steps: number, rounds: number): Promise<void> {
  const engine = liteEngine('soft');
  const fresh: StageColumn[] = [];
  const warmed: StageColumn[] = [];
  for (let round = 0; round < rounds; ++round) {
    for (const warmRuns of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const request = {
        engine,
        scene,
        repeat: round,
        windowSteps: steps,
        checkpoints: [],
        stages: true,
        warmRuns,
      };
      const record = await runChild(request, 5 * 60 * 1000);
      const stages = record.result?.stages;
      if (stages === undefined)
        throw new Error(`${engine} on ${scene}: ${record.error ?? 'no stage timings'}`);
      (warmRuns === 0 ? fresh : warmed).push(stageColumn('lite', stages));
      process.stderr.write(
        `round ${round + 1} ${warmRuns === 0 ? 'fresh' : 'warmed'}: ${ms(stages.total ?? stages.step)} ms/step\n`,
      );
    }
  }
  const pick = (columns: StageColumn[], f: (c: StageColumn) => number) => median(columns.map(f));
  const head = ['stage', 'fresh process', 'after a warm run', 'fresh − warmed', 'share of the fresh total'];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  const freshTotal = pick(fresh, (c) => c.total);
  const row = (label: string, f: (c: StageColumn) => number): void => {
    const a = pick(fresh, f);
    const b = pick(warmed, f);
    const share = freshTotal > 0 ? `${(((a - b) / freshTotal) * 100).toFixed(0)}%` : '–';
    lines.push(`| ${label} | ${ms(a)} | ${ms(b)} | ${ms(a - b)} | ${share} |`);
  };
  for (const [i, r] of STAGE_ROWS.entries()) row(r.label, (c) => c.rows[i]);
  row('rest', (c) => c.rest);
  row('total', (c) => c.total);
  process.stdout.write(
    `First steps of ${engineLabel(engine)} on ${scene}, ms per step (each run: the mean over steps 2 to ${steps}; the median of ${rounds} runs), ${describeMachine(machineInfo())}:\n\n${lines.join('\n')}\n`,
  );
}

/**
 * Runs one measurement of `engine` on `scene` with a window of `steps` in a child process under
 * Valgrind (`valgrindArgs`: the tool and its options), its node given `nodeArgs` and V8's
 * `--single-threaded --predictable` (so that the counts repeat); when the child fails, prints its
 * output and exits.
 */
function runUnderValgrind(
  valgrindArgs: string[],
  nodeArgs: string[],
  engine: string,
  scene: string,
  steps: number,
): SpawnSyncReturns<string> {
  const args = JSON.stringify({ engine, scene, windowSteps: steps, checkpoints: [] });
  const run = spawnSync(
    'valgrind',
    [
      ...valgrindArgs,
      process.execPath,
      ...nodeArgs,
      '--single-threaded',
      '--predictable',
      '--import',
      'tsx',
      fileURLToPath(new URL('./child.ts', import.meta.url)),
      args,
    ],
    { cwd: BENCH_DIR, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.error !== undefined)
    throw new Error(`could not run valgrind (${run.error.message}): is it installed?`);
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    process.exit(1);
  }
  return run;
}

/** Instructions, D1 misses of one run of `engine` on `scene` with a window of `steps`, under cachegrind. */
function cachegrind(engine: string, scene: string, steps: number): { instructions: number; misses: number } {
  const run = runUnderValgrind(
    ['--tool=cachegrind', '--cache-sim=yes', '--cachegrind-out-file=/dev/null'],
    [],
    engine,
    scene,
    steps,
  );
  // cachegrind's summary lines: "I   refs:      3,931,605,174" and "D1  misses:   ...".
  const count = (label: RegExp): number => {
    const line = run.stderr.split('\n').find((l) => label.test(l));
    if (line === undefined) throw new Error(`no ${label} line in cachegrind's summary`);
    return Number(line.split(':')[1].trim().split(/\s+/)[0].replaceAll(',', ''));
  };
  return { instructions: count(/ I\s+refs:/), misses: count(/ D1\s+misses:/) };
}

function instructionCount(engine: string, scene: string, steps: number): void {
  const short = cachegrind(engine, scene, steps);
  const long = cachegrind(engine, scene, 2 * steps);
  const perStep = (a: number, b: number) => (b - a) / steps;
  process.stdout.write(
    `${engine} on ${scene}, steps ${steps} to ${2 * steps} of the measured window: ` +
      `${(perStep(short.instructions, long.instructions) / 1e6).toFixed(3)} M instructions, ` +
      `${(perStep(short.misses, long.misses) / 1e3).toFixed(1)} k D1 misses per step\n`,
  );
}

/**
 * Instructions, first-level data-cache read misses and conditional-branch mispredictions per
 * function of one run of `engine` on `scene` with a window of `steps`, under callgrind.
 */
async function callgrindByFunction(
  engine: string,
  scene: string,
  steps: number,
): Promise<Map<string, Float64Array>> {
  const dir = `${BENCH_DIR}results/tmp/callgrind/`;
  mkdirSync(dir, { recursive: true });
  const out = `${dir}callgrind-${steps}.out`;
  // V8 also writes a log of its code events with the map: into the same folder, removed below.
  const log = `${dir}v8-${steps}.log`;
  const run = runUnderValgrind(
    [
      '--tool=callgrind',
      '--dump-instr=yes',
      '--collect-jumps=no',
      '--cache-sim=yes',
      '--branch-sim=yes',
      `--callgrind-out-file=${out}`,
    ],
    ['--perf-basic-prof', `--logfile=${log}`, '--no-logfile-per-isolate'],
    engine,
    scene,
    steps,
  );
  // Node writes the map as /tmp/perf-<pid>.map; under Valgrind the pid is the one spawned.
  const mapFile = `${tmpdir()}/perf-${run.pid}.map`;
  const ranges = parsePerfMap(readFileSync(mapFile, 'utf8'));
  rmSync(mapFile, { force: true });
  rmSync(log, { force: true });
  const reader = new CallgrindReader();
  for await (const line of createInterface({ input: createReadStream(out) })) reader.line(line);
  rmSync(out, { force: true });
  // Instructions, D1 read misses, conditional branches mispredicted.
  const wanted = ['Ir', 'D1mr', 'Bcm'];
  const perFunction = countsPerFunction(reader.costs, ranges, reader.events.length);
  const picked = new Map<string, Float64Array>();
  for (const [name, counts] of perFunction) {
    picked.set(
      name,
      Float64Array.from(wanted, (e) => counts[reader.events.indexOf(e)] ?? Number.NaN),
    );
  }
  return picked;
}

async function functionCounts(engine: string, scene: string, from: number, to: number): Promise<void> {
  // (A run measures at least one step: the shorter one is `from` steps long.)
  if (!(Number.isInteger(from) && Number.isInteger(to) && 1 <= from && from < to)) {
    throw new Error(`from and to must be whole numbers of steps with 1 <= from < to (got ${from}, ${to})`);
  }
  const short = await callgrindByFunction(engine, scene, from);
  const long = await callgrindByFunction(engine, scene, to);
  const rows = perStepDifference(short, long, 3, to - from);
  const total = [0, 1, 2].map((k) => rows.reduce((sum, r) => sum + r.counts[k], 0));
  const cell = (v: number, width: number) => (v / 1e3).toFixed(1).padStart(width);
  const lines = [
    `${engine} on ${scene}, per step over steps ${from} to ${to} (thousands; callgrind: D1 misses are first-level data-cache read misses, mispredicts conditional branches; ${describeMachine(machineInfo())}):`,
    '',
    `${'instructions'.padStart(13)}${'D1 misses'.padStart(11)}${'mispredicts'.padStart(13)}  function`,
    `${cell(total[0], 13)}${cell(total[1], 11)}${cell(total[2], 13)}  (all)`,
  ];
  for (const row of rows.slice(0, 30)) {
    lines.push(`${cell(row.counts[0], 13)}${cell(row.counts[1], 11)}${cell(row.counts[2], 13)}  ${row.name}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

const [first = 'lite', ...rest] = process.argv.slice(2);
if (first === 'functions') {
  const [engine = 'lite', scene = 'shape-rain', from = '200', to = '300'] = rest;
  await functionCounts(engine, scene, Number(from), Number(to));
} else if (first === 'instructions') {
  const [engine = 'lite', scene = 'pyramid20', steps = '200'] = rest;
  instructionCount(engine, scene, Number(steps));
} else if (first === 'warmup') {
  const [scene = 'shape-rain', steps = '100', rounds = '5'] = rest;
  await warmupProfile(scene, Number(steps), Number(rounds));
} else if (first === 'stages') {
  const [scene = 'pyramid20', steps = '600', rounds = '5'] = rest;
  await stageProfile(scene, Number(steps), Number(rounds));
} else {
  const [scene = 'pyramid100', steps = '120'] = rest;
  cpuProfile(first, scene, steps);
}
