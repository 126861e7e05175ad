/** The README's example is this package's test/readme-example.ts, and it prints what the README says. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { expect, test, vi } from 'vitest';
import { makeFeatureKey } from '../src/manifold';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

test('the README example is test/readme-example.ts verbatim', () => {
  const block = /```ts\n([\s\S]*?)```/.exec(read('../README.md'));
  expect(block).not.toBeNull();
  expect(block?.[1].trim()).toBe(read('./readme-example.ts').trim());
});

test('the example runs and prints the hand-derived results', async () => {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    // Formatted as console.log formats them (String(-0) would hide a -0 that the reader sees).
    lines.push(format(...args));
  });
  await import('./readme-example');
  log.mockRestore();
  // The crate's bottom corners v3 (edges e2, e3) and v4 (e3, e4), 1 cm deep, slid onto y = 0.
  // The ground's y axis, (-sin 0, cos 0): its x is a negative zero, which console.log prints as -0.
  expect(lines[0]).toBe('normal -0 1');
  expect(lines[1]).toBe(`point -0.5 0 -0.010 ${makeFeatureKey(0, 0, 2, 3)}`);
  expect(lines[2]).toBe(`point 0.5 0 -0.010 ${makeFeatureKey(0, 0, 3, 4)}`);
  expect(lines[3]).toBe('pair 0 1');
  // Lifted to y = 3 and turned by 0.5 rad the crate reaches down to 3 - 0.5 (cos 0.5 + sin 0.5) ≈ 2.32,
  // far above the ground's fat box (top 0.1).
  expect(lines[4]).toBe('new pairs 0 overlap false');
  // Straight down through the crate's centre: its top is 0.5 / cos(0.5) above the centre.
  expect(lines[5]).toBe(`ray 1 ${(3 + 0.5 / Math.cos(0.5)).toFixed(4)}`);
  expect(lines[6]).toBe('contains 0');
  expect(lines).toHaveLength(7);
  // And the README shows exactly these lines.
  const printed = /It prints:\n\n```\n([\s\S]*?)```/.exec(read('../README.md'));
  expect(printed?.[1].trim().split('\n')).toEqual(lines);
});
