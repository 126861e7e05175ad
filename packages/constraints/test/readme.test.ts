/** The README's example is this package's test/readme-example.ts, and it prints what it says. */
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

test('the example runs and prints the resting height and the weight', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  await import('./readme-example');
  expect(log).toHaveBeenCalledWith('0.490', '20.000');
  log.mockRestore();
});
