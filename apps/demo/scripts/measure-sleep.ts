/**
 * When the rain and many-bodies scenes (the catalogue's defaults) come to rest and sleep in the
 * testbed's worlds at the testbed's default settings: prints, every 5 s of simulated time, how many
 * bodies are awake and how many fell below the ground, then the time every body sleeps. The README's
 * figure for rain comes from here, and a unit test (test/readme-figures.test.ts) checks it.
 *
 * With `--classic` the worlds run the classic solver (at the scene's iterations).
 *
 * Run from apps/demo after `pnpm build` at the root:
 * `npx tsx scripts/measure-sleep.ts [--classic] [scene ids]`.
 */
import { pathToFileURL } from 'node:url';
import { getScene } from '@lite/scenes';
import { defaultSettings } from '../src/settings';
import { Simulation } from '../src/simulation';

/**
 * The simulated time, s, at which every dynamic body of catalogue scene `id` (its defaults) sleeps,
 * or null when they do not within `limit` seconds; `report` hears every 5 s how many are awake and
 * how many fell below the ground.
 */
export function sleepTime(
  id: string,
  classic = false,
  limit = 60,
  report?: (line: string) => void,
): { seconds: number | null; bodies: number } {
  const scene = getScene(id)!.create();
  const settings = { ...defaultSettings(), gravityX: scene.gravity.x, gravityY: scene.gravity.y };
  if (classic) {
    settings.solver = 'classic';
    settings.counts.classic.iterations = scene.iterations;
  }
  const simulation = new Simulation(scene, settings);
  const bodies = simulation.panes[0].world.bodies.filter((b) => b.type === 'dynamic');
  for (let i = 1; i <= 60 * limit; i++) {
    simulation.step(1 / 60);
    const awake = bodies.filter((b) => b.awake).length;
    if (report && i % 300 === 0) {
      const lost = bodies.filter((b) => b.position.y < -1).length;
      report(`${id} t = ${i / 60} s: ${awake} awake, ${lost} below the ground`);
    }
    if (awake === 0) return { seconds: i / 60, bodies: bodies.length };
  }
  return { seconds: null, bodies: bodies.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const classic = args.includes('--classic');
  const named = args.filter((a) => a !== '--classic');
  for (const id of named.length > 0 ? named : ['rain', 'many-bodies']) {
    const start = performance.now();
    const { seconds, bodies } = sleepTime(id, classic, 60, console.log);
    const wall = ((performance.now() - start) / 1000).toFixed(1);
    const when = seconds === null ? 'not asleep after 60 s' : `all asleep at ${seconds.toFixed(2)} s`;
    console.log(
      `${id} (${bodies} bodies, ${classic ? 'classic' : defaultSettings().solver}): ${when} (${wall} s of wall time)`,
    );
  }
}
