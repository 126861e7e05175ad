import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sleepTime } from '../scripts/measure-sleep';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

describe("the README's figures", () => {
  it('states when the default rain sleeps as scripts/measure-sleep.ts measures it', () => {
    const { seconds, bodies } = sleepTime('rain');
    expect(seconds).not.toBeNull();
    expect(readme).toContain(
      `the default rain (${bodies.toLocaleString('en')} boxes) comes to rest and every box sleeps at ${seconds!.toFixed(2)} s`,
    );
  }, 120_000);
});
