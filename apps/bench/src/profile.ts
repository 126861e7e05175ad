/**
 * Where an engine's time goes: `tsx src/profile.ts [engine] [scene] [steps]` (default lite pyramid100
 * 120) runs one measurement under `node --cpu-prof` and prints the functions with the most self time.
 * The profile is kept under results/tmp/profile/ for Chrome's DevTools.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type CpuProfile, summariseProfile } from './profile-summary';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
const [engine = 'lite', scene = 'pyramid100', steps = '120'] = process.argv.slice(2);
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
