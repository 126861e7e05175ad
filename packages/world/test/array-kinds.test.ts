import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

type Kinds = Record<string, string>;

/** Runs `array-kinds-probe.mjs` in a fresh Node process against the built engine (`pnpm build`). */
async function probe(solver: 'classic' | 'soft'): Promise<{ before: Kinds; after: Kinds; contacts: number }> {
  const { stdout } = await run(process.execPath, [
    '--allow-natives-syntax',
    join(here, 'array-kinds-probe.mjs'),
    solver,
  ]);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
}

// V8 holds an array made with `[]` as an array of small integers until an object is first stored
// in it; that store gives the array another hidden class, and every optimised function that had
// met the array throws its code away. For the engine's long-lived lists (the contact pool, a body's
// contact edges, the solver's lists) that happened in the middle of a run, the first time each
// list received an object: a round of slow, unoptimised steps each time.
describe("the engine's lists of objects are object arrays from the start (the built engine, in a fresh process)", () => {
  for (const solver of ['soft', 'classic'] as const) {
    it(`before the first step and after 240 steps of mixed shapes, contacts, a sensor and a joint (${solver})`, async () => {
      const { before, after, contacts } = await probe(solver);
      // The scene did what it is there for: contacts were made.
      expect(contacts).toBeGreaterThan(100);
      const names = Object.keys(before);
      // The classic solver's packed contact solver adds its list.
      expect(names.length).toBe(solver === 'classic' ? 30 : 29);
      for (const name of names) {
        expect(before[name], `${name} before the first step`).toBe('objects');
        expect(after[name], `${name} after 240 steps`).toBe('objects');
      }
    });
  }
});
