/**
 * The benchmark's command line.
 *
 *   tsx src/main.ts --full            every engine and scene (pnpm bench), results/full.{md,json,svg}
 *   tsx src/main.ts --ci              lite, planck.js and Box2D v3 (WASM), checked against record.json (pnpm bench:ci)
 *   options: --engines=lite,planck --scenes=pyramid20,chain --repeats=1   (a partial run, to results/tmp/)
 *            --render=results/full.json   (rewrite the reports of a stored run, running nothing)
 *            --update-record          (with --ci) write record.json from this run instead of checking
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { aggregate, type Cell, type RunRecord } from './aggregate';
import { benchScene } from './bench-scenes';
import { ENGINE_IDS, type EngineId } from './engines/index';
import { BenchError } from './errors';
import { DEFAULT_SOLVER, engineLabel, liteEngine, SOLVERS } from './lite-solvers';
import { describeMachine, type MachineInfo, machineInfo } from './machine';
import { ciPlan, fullPlan, type Plan, schedule } from './plan';
import { RESULTS_END, RESULTS_START, replaceBetween } from './readme';
import { type BenchRecord, checkRecord, type LiteEngines, makeRecord, RATIO_TOLERANCE } from './record';
import { markdownReport } from './report-markdown';
import { svgChart } from './report-svg';
import { runChild } from './runner';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
const RECORD = `${BENCH_DIR}record.json`;

/** The command line's flags; an unknown flag, a missing value or a stray argument is an error. */
function flags() {
  return parseArgs({
    options: {
      full: { type: 'boolean' },
      ci: { type: 'boolean' },
      'update-record': { type: 'boolean' },
      engines: { type: 'string' },
      scenes: { type: 'string' },
      repeats: { type: 'string' },
      render: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  }).values;
}

function option(name: 'engines' | 'scenes' | 'repeats' | 'render'): string | undefined {
  return flags()[name];
}

function restrict(plan: Plan): { plan: Plan; partial: boolean } {
  const engines = option('engines');
  const scenes = option('scenes');
  const repeats = option('repeats');
  let partial = false;
  if (engines !== undefined) {
    const list = engines.split(',') as EngineId[];
    for (const e of list) {
      if (!ENGINE_IDS.includes(e))
        throw new BenchError('--engines', e, `is not an engine (${ENGINE_IDS.join(', ')})`);
    }
    plan.engines = list;
    partial = true;
  }
  if (scenes !== undefined) {
    const list = scenes.split(',');
    for (const s of list) benchScene(s);
    plan.scenes = plan.scenes.filter((s) => list.includes(s.scene));
    partial = true;
  }
  if (repeats !== undefined) {
    const n = Number(repeats);
    if (!(Number.isInteger(n) && n >= 1))
      throw new BenchError('--repeats', repeats, 'must be a positive integer');
    for (const s of plan.scenes) s.repeats = Math.min(s.repeats, n);
    partial = true;
  }
  return { plan, partial };
}

/** Runs the plan's schedule, one child process at a time, and returns every record. */
async function collectRuns(plan: Plan, machine: MachineInfo): Promise<RunRecord[]> {
  const runs = schedule(plan);
  process.stderr.write(`bench ${plan.name}: ${runs.length} runs on ${describeMachine(machine)}\n`);
  const records: RunRecord[] = [];
  for (const [i, run] of runs.entries()) {
    let record = await runChild(run, plan.timeoutMs);
    if (record.error !== undefined && !record.error.startsWith('timed out')) {
      // A crash can come from the machine, not the engine (another build cleaning a package's dist
      // while the child loads it): try once more and keep both messages if it fails again.
      const first = record.error;
      record = await runChild(run, plan.timeoutMs);
      if (record.error !== undefined) record.error = `${record.error} (first attempt: ${first})`;
      else process.stderr.write(`retried ${run.engine} ${run.scene} after: ${first}\n`);
    }
    records.push(record);
    const what = record.result ? `${record.result.time.median.toFixed(3)} ms/step` : `ERROR ${record.error}`;
    process.stderr.write(
      `[${i + 1}/${runs.length}] round ${run.repeat + 1} ${run.scene} ${run.engine}: ${what}\n`,
    );
  }
  return records;
}

/** Writes the markdown, JSON and SVG of a run (and the README's results for a full run); returns the cells. */
function writeReports(
  plan: Plan,
  machine: MachineInfo,
  records: RunRecord[],
  partial: boolean,
  seconds: number,
): Cell[] {
  const scenes = plan.scenes.map((s) => s.scene);
  const cells = aggregate(records, scenes, plan.engines);
  const labels = Object.fromEntries(plan.engines.map((e) => [e, engineLabel(e)]));
  const notes = [
    `dt 1/60 s, gravity (0, -10), 1 m boxes of 1 kg, friction 0.6, restitution 0; sleeping off, continuous collision off, 10 velocity iterations where the engine has that knob (see the README). lite runs once per solver: classic (Box2D-Lite's, 10 iterations, 1 sub-step) and soft (the soft step at its defaults: 4 sub-steps of 1 iteration, 30 Hz contacts, damping ratio 10, exact contact chains, 10 push passes at up to 5 m/s); Box2D v3 (box2d3-wasm, its SIMD build, single-threaded) at its defaults, 4 sub-steps; ratios are to lite (${DEFAULT_SOLVER}), the default. Each run is a fresh process; engines interleaved; ${Math.max(...plan.scenes.map((s) => s.repeats))} rounds; the first step of each run is excluded.${seconds > 0 ? ` Took ${seconds} s.` : ''}`,
  ];
  const title = plan.name === 'ci' ? 'lite benchmark (CI set)' : 'lite benchmark';
  const markdown = markdownReport({
    title,
    machine: describeMachine(machine),
    date: machine.date,
    versions: machine.versions,
    labels,
    scenes,
    engines: plan.engines,
    cells,
    notes,
  });
  const svg = svgChart({
    title: `${title}: ms per step (${machine.cpu}, Node ${machine.node})`,
    scenes,
    engines: plan.engines,
    labels,
    cells,
  });
  // Only full runs are kept in the repository; CI and partial runs write to results/tmp/ (ignored).
  const dir = partial || plan.name === 'ci' ? `${BENCH_DIR}results/tmp/` : `${BENCH_DIR}results/`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}${plan.name}.md`, markdown);
  writeFileSync(`${dir}${plan.name}.svg`, svg);
  writeFileSync(
    `${dir}${plan.name}.json`,
    `${JSON.stringify({ plan, machine, seconds, cells, runs: records }, null, 2)}\n`,
  );
  process.stdout.write(markdown);
  process.stderr.write(`wrote ${dir}${plan.name}.{md,json,svg}\n`);
  if (plan.name === 'full' && !partial) {
    // The README shows the latest full run: its table and chart.
    const readmePath = `${BENCH_DIR}README.md`;
    const block = `![ms per step](results/full.svg)\n\n${markdown.replace(/^## .*\n/, '')}`;
    const updated = replaceBetween(readFileSync(readmePath, 'utf8'), RESULTS_START, RESULTS_END, block);
    if (updated !== undefined) {
      writeFileSync(readmePath, updated);
      // Biome formats markdown too (it pads table columns): keep `pnpm lint` clean.
      spawnSync('pnpm', ['exec', 'biome', 'format', '--write', readmePath], {
        cwd: BENCH_DIR,
        stdio: 'ignore',
      });
      process.stderr.write(`updated ${readmePath}\n`);
    }
  }
  return cells;
}

async function main(): Promise<number> {
  const render = option('render');
  if (render !== undefined) {
    // Re-renders the reports of a stored run (after a change to the writers), without running anything.
    const stored = JSON.parse(readFileSync(render, 'utf8')) as {
      plan: Plan;
      machine: MachineInfo;
      seconds?: number;
      runs: RunRecord[];
    };
    writeReports(stored.plan, stored.machine, stored.runs, false, stored.seconds ?? 0);
    return 0;
  }
  const ci = flags().ci === true;
  const { plan, partial } = restrict(ci ? ciPlan() : fullPlan());
  const machine = machineInfo();
  const started = Date.now();
  const records = await collectRuns(plan, machine);
  const cells = writeReports(plan, machine, records, partial, Math.round((Date.now() - started) / 1000));

  if (!ci) return 0;
  const engines = Object.fromEntries(SOLVERS.map((s) => [s, liteEngine(s)])) as LiteEngines;
  const current = makeRecord(
    cells,
    plan.verdictScenes,
    plan.ratioScenes,
    describeMachine(machine),
    `recorded ${machine.date} at lite ${machine.versions.lite}`,
    engines,
    plan.peerRatioScenes as Record<string, string[]>,
  );
  if (flags()['update-record'] === true) {
    // Solvers this run did not measure (--engines) keep their entries.
    const previous = existsSync(RECORD)
      ? (JSON.parse(readFileSync(RECORD, 'utf8')) as BenchRecord)
      : undefined;
    const merged: BenchRecord = { solvers: { ...previous?.solvers, ...current.solvers } };
    writeFileSync(RECORD, `${JSON.stringify(merged, null, 2)}\n`);
    process.stderr.write(`wrote ${RECORD}: commit it on its own\n`);
    return 0;
  }
  if (!existsSync(RECORD)) {
    process.stderr.write(`bench:ci: no ${RECORD}; run with --update-record to create it\n`);
    return 1;
  }
  const record = JSON.parse(readFileSync(RECORD, 'utf8')) as BenchRecord;
  if (record.solvers === undefined) {
    process.stderr.write(`bench:ci: ${RECORD} has no per-solver entries; run with --update-record\n`);
    return 1;
  }
  const { failures, notes: remarks, measured } = checkRecord(record, cells, engines);
  for (const m of measured) process.stderr.write(`${m}\n`);
  for (const r of remarks) process.stderr.write(`note: ${r}\n`);
  if (failures.length > 0) {
    for (const f of failures) process.stderr.write(`FAIL: ${f}\n`);
    return 1;
  }
  const entries = Object.entries(record.solvers);
  const verdicts = entries.reduce((n, [, entry]) => n + Object.keys(entry.verdicts).length, 0);
  process.stderr.write(
    `bench:ci passed: ${verdicts} verdicts kept (${entries.map(([s]) => `lite (${s})`).join(', ')}), lite/planck and lite/box2d3-wasm ratios within ${Math.round((RATIO_TOLERANCE - 1) * 100)}% of the record\n`,
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
