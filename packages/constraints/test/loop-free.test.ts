import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The text of the top-level function `name` in `file` under the package (from its `function` line
 * to the next one's).
 */
function functionText(file: string, name: string): string {
  const source = readFileSync(join(here, '..', file), 'utf8');
  const start = source.search(new RegExp(`\\n(export )?function ${name}\\(`));
  expect(start, `function ${name} in ${file}`).toBeGreaterThan(0);
  const after = source.slice(start + 1).search(/\n(export )?function /);
  const next = after < 0 ? -1 : start + 1 + after;
  const nextDoc = source.lastIndexOf('\n/**', next < 0 ? source.length : next);
  return source.slice(start, next < 0 ? source.length : Math.max(nextDoc, start + 1));
}

/**
 * The soft solve's per-contact function is called thousands of times a step. With a loop in its
 * body, V8 (Node 20) can compile it "on stack replacement" at that loop after a deoptimisation and
 * then run every call in the interpreter up to the loop: the whole solve and relax 20 times slower
 * for the rest of the run (pyramid100 from rest: one run in ten or so). No timing test can catch a
 * one-in-ten slowdown on a shared machine, so this one keeps the function's shape (in the kernels'
 * source, which their TypeScript form follows line for line).
 */
describe('per-contact solver functions stay loop-free', () => {
  it('solveSoft has no for, while or do loop', () => {
    const text = functionText('assembly/contact.ts', 'solveSoft');
    expect(text.length).toBeGreaterThan(2000);
    expect(text).not.toMatch(/\b(for|while)\s*\(|\bdo\s*\{/);
  });
});
