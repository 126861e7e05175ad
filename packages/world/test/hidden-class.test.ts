import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

describe('number fields are doubles from the start (the built packages, in a fresh process)', () => {
  it('Vec2, Rot, Transform and ManifoldPoint keep their hidden class when their integers become fractions', async () => {
    // See hidden-class-probe.mjs: a class that changes layout on its first fraction throws away
    // the optimised code of every function that read it.
    const { stdout } = await run(process.execPath, [
      '--allow-natives-syntax',
      join(here, 'hidden-class-probe.mjs'),
    ]);
    const kept = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
    expect(kept).toEqual({ Vec2: true, Rot: true, Transform: true, ManifoldPoint: true });
  });
});
