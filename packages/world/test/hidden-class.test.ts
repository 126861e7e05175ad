import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

describe('number fields are plain doubles from the start (the built packages, in fresh processes)', () => {
  for (const check of ['map', 'optimised'] as const) {
    const what = check === 'map' ? 'keep their hidden class' : 'leave the code that read them optimised';
    it(`Vec2, Rot, ManifoldPoint, Manifold, the contact gather, both solvers and solver bodies ${what} when their numbers or objects first change`, async () => {
      // See hidden-class-probe.mjs: a field kept as a small integer or as a constant until its
      // first change throws away the optimised code of every function that read it.
      const { stdout } = await run(process.execPath, [
        '--allow-natives-syntax',
        join(here, 'hidden-class-probe.mjs'),
        check,
      ]);
      const kept = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
      expect(kept).toEqual({
        Vec2: true,
        Rot: true,
        ManifoldPoint: true,
        Manifold: true,
        ContactGather: true,
        SoftContactSolver: true,
        ContactSolver: true,
        SolverBody: true,
      });
    });
  }
});
