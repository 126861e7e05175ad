/** The README's example is this package's test/readme-example.ts, and it does what the README says. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, vi } from 'vitest';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

test('the README example is test/readme-example.ts verbatim', () => {
  const readme = read('../README.md');
  const block = /```ts\n([\s\S]*?)```/.exec(readme);
  expect(block).not.toBeNull();
  expect(block?.[1].trim()).toBe(read('./readme-example.ts').trim());
});

test('the example runs: the box lands once and sleeps on the ground, the pendulum keeps its length', async () => {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  await import('./readme-example');
  log.mockRestore();
  // One contact begins: ground (id 0) and box (id 1). The pendulum never touches anything.
  expect(lines.filter((l) => l.startsWith('begin'))).toEqual(['begin 0 1']);
  const [, y, state] = lines.find((l) => l.startsWith('box'))?.split(' ') ?? [];
  // Resting on the ground's top (y = 0) with at most the 1 cm penetration slop.
  expect(Number(y)).toBeGreaterThanOrEqual(0.49 - 1e-3);
  expect(Number(y)).toBeLessThanOrEqual(0.5);
  expect(state).toBe('asleep');
  expect(Number(lines.find((l) => l.startsWith('bob'))?.split(' ')[1])).toBeCloseTo(2, 2);
  const [, hitBox, hitY] = lines.find((l) => l.startsWith('ray'))?.split(' ') ?? [];
  expect(hitBox).toBe('true');
  expect(Number(hitY)).toBeCloseTo(Number(y) + 0.5, 3); // the box's top face
});
