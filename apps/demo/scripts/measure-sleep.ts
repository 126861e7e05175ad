/**
 * When the rain and many-bodies scenes (the catalogue's defaults) come to rest and sleep in the
 * testbed's worlds at the testbed's default settings: prints, every 5 s of simulated time, how many
 * bodies are awake and how many fell below the ground, then the time every body sleeps.
 *
 * With `--classic` the worlds run the classic solver (at the scene's iterations).
 *
 * Run from apps/demo after `pnpm build` at the root:
 * `npx tsx scripts/measure-sleep.ts [--classic] [scene ids]`.
 */
import { getScene } from '@lite/scenes';
import { defaultSettings } from '../src/settings';
import { Simulation } from '../src/simulation';

const args = process.argv.slice(2);
const classic = args.includes('--classic');
const named = args.filter((a) => a !== '--classic');
const ids = named.length > 0 ? named : ['rain', 'many-bodies'];
for (const id of ids) {
  const scene = getScene(id)!.create();
  const settings = { ...defaultSettings(), gravityX: scene.gravity.x, gravityY: scene.gravity.y };
  if (classic) {
    settings.solver = 'classic';
    settings.counts.classic.iterations = scene.iterations;
  }
  const simulation = new Simulation(scene, settings);
  const world = simulation.panes[0].world;
  const bodies = world.bodies.filter((b) => b.type === 'dynamic');
  const start = performance.now();
  let asleep = -1;
  for (let i = 1; i <= 60 * 60 && asleep < 0; i++) {
    simulation.step(1 / 60);
    const awake = bodies.filter((b) => b.awake).length;
    if (i % 300 === 0) {
      const lost = bodies.filter((b) => b.position.y < -1).length;
      console.log(`${id} t = ${i / 60} s: ${awake} awake, ${lost} below the ground`);
    }
    if (awake === 0) asleep = i / 60;
  }
  const wall = ((performance.now() - start) / 1000).toFixed(1);
  console.log(
    `${id} (${bodies.length} bodies, ${world.settings.solver}): ${asleep < 0 ? 'not asleep after 60 s' : `all asleep at ${asleep.toFixed(2)} s`} (${wall} s of wall time)`,
  );
}
