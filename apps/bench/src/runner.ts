import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RunRecord } from './aggregate';
import type { RunResult } from './measure';
import { RESULT_MARKER } from './protocol';

/** One child run to make. */
export interface RunRequest {
  engine: string;
  scene: string;
  repeat: number;
  windowSteps: number;
  checkpoints: number[];
  /** Whether the child reads the engine's own stage timings (see `MeasureOptions.stages`). */
  stages?: boolean;
  /**
   * How many times the child first runs the scene in a world of its own (`windowSteps` steps,
   * then dropped) before the measured world is built: a measurement of the same process with the
   * engine's code already compiled and its type feedback gathered (see `profile.ts warmup`).
   */
  warmRuns?: number;
}

const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Finds the child's result line in its output. */
export function parseChildOutput(stdout: string): { result?: RunResult; error?: string } {
  const line = stdout
    .split('\n')
    .reverse()
    .find((l) => l.startsWith(RESULT_MARKER));
  if (line === undefined) return { error: 'no result line' };
  const parsed = JSON.parse(line.slice(RESULT_MARKER.length)) as RunResult | { error: string };
  return 'error' in parsed ? { error: parsed.error } : { result: parsed };
}

/**
 * Runs one (engine, scene) measurement in a fresh Node process (`--expose-gc`, TypeScript through
 * tsx), so no run inherits another's JIT state, heap or garbage. Kills it after `timeoutMs`.
 */
export function runChild(request: RunRequest, timeoutMs: number): Promise<RunRecord> {
  return new Promise((resolve) => {
    const args = JSON.stringify({
      engine: request.engine,
      scene: request.scene,
      windowSteps: request.windowSteps,
      checkpoints: request.checkpoints,
      stages: request.stages,
      warmRuns: request.warmRuns,
    });
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, args], {
      cwd: BENCH_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const base = { engine: request.engine, scene: request.scene, repeat: request.repeat };
      if (signal === 'SIGKILL') {
        resolve({ ...base, error: `timed out after ${Math.round(timeoutMs / 1000)} s` });
        return;
      }
      const parsed = parseChildOutput(stdout);
      if (parsed.result !== undefined) resolve({ ...base, result: parsed.result });
      else {
        // The first line naming an error says more than Node's closing lines.
        const lines = stderr.trim().split('\n');
        const first = lines.find((l) => /Error|error:/.test(l)) ?? lines[lines.length - 1] ?? '';
        const detail = parsed.error === 'no result line' ? `exit ${code}: ${first.trim()}` : parsed.error;
        resolve({ ...base, error: detail });
      }
    });
  });
}
