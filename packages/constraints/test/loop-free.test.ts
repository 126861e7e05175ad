import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** The text of the top-level function `name` in `file` (from its `function` line to the next one's). */
function functionText(file: string, name: string): string {
  const source = readFileSync(join(here, '..', 'src', file), 'utf8');
  const start = source.indexOf(`\nfunction ${name}(`);
  expect(start, `function ${name} in ${file}`).toBeGreaterThan(0);
  const next = source.indexOf('\nfunction ', start + 1);
  const nextDoc = source.lastIndexOf('\n/**', next < 0 ? source.length : next);
  return source.slice(start, next < 0 ? source.length : Math.max(nextDoc, start + 1));
}

/**
 * The soft solve's per-contact function is called thousands of times a step. With a loop in its
 * body, V8 (Node 20) can compile it "on stack replacement" at that loop after a deoptimisation and
 * then run every call in the interpreter up to the loop: the whole solve and relax 20 times slower
 * for the rest of the run (pyramid100 from rest: one run in ten or so). No timing test can catch a
 * one-in-ten slowdown on a shared machine, so this one keeps the function's shape.
 */
describe('per-contact solver functions stay loop-free', () => {
  it('solveSoftContact has no for, while or do loop', () => {
    const text = functionText('soft-contact-solver.ts', 'solveSoftContact');
    expect(text.length).toBeGreaterThan(2000);
    expect(text).not.toMatch(/\b(for|while)\s*\(|\bdo\s*\{/);
  });
});
