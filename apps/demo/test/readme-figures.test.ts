import { readFileSync } from 'node:fs';
import { getScene } from '@lite/scenes';
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
    // And the scene's description, on the page, claims no more than that.
    expect(getScene('rain')!.create().description).toContain('sleeps within 30 s');
    expect(seconds!).toBeLessThanOrEqual(30);
  }, 120_000);
});
