/** The README's shapes example is test/readme-shapes-example.ts, and it prints what the README says. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, vi } from 'vitest';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const section = () => read('../README.md').split('## Circles, capsules and polygons')[1] ?? '';

test('the README shapes example is test/readme-shapes-example.ts verbatim', () => {
  const block = /```ts\n([\s\S]*?)```/.exec(section());
  expect(block?.[1].trim()).toBe(read('./readme-shapes-example.ts').trim());
});

test('the shapes example prints the hand-derived results', async () => {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  await import('./readme-shapes-example');
  log.mockRestore();
  // The ball's bottom at y = -0.01; the pill's core 0.26 up with radius 0.25: 1 cm above, kept.
  expect(lines[0]).toBe('ball 1 1 -0.010');
  expect(lines[1]).toBe('pill 2 0.010 0.010');
  expect(lines[2]).toBe('wedge 3');
  // 2 π 0.25 and m r² / 2.
  expect(lines[3]).toBe(`mass ${(2 * Math.PI * 0.25).toFixed(4)} ${(Math.PI * 0.25 * 0.25).toFixed(4)}`);
  // Centre (0, 2), apex (0, 1) rounded by 0.05: 2 - 0.5 - 1.05.
  expect(lines[4]).toBe('distance 0.4500');
  // Stops 5 mm above the ground: centre at y = 0.505, after (5 - 0.505) / 10 of the step.
  expect(lines[5]).toBe(`toi hit ${((5 - 0.505) / 10).toFixed(4)}`);
  const printed = /It prints:\n\n```\n([\s\S]*?)```/.exec(section());
  expect(printed?.[1].trim().split('\n')).toEqual(lines);
});
