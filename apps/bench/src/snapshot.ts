/**
 * What a world snapshot costs, next to a step.
 *
 *   tsx src/snapshot.ts [repetitions]
 *       (default 61) prints the snapshot size of the resting pyramid of 210 boxes (base 20, asleep
 *       after 300 steps), then, for two awake scenes of about 1,000 bodies (rain of 1,000 boxes and
 *       the pyramid of base 44, after 120 steps), the median time of one step, of `saveWorld(world)`,
 *       of `restoreWorld(world, bytes)` and of both, measured interleaved in this one process, and the
 *       ratio of save + restore to a step. Times depend on the machine; the ratio and the bytes are
 *       what to read. Last, the testbed's many-bodies scene (3,000 boxes): the CPU time of a save
 *       after 8 steps (as a running testbed takes one) and of one right after it.
 */
import { manyBodies, pyramid, rain, type SceneDef } from '@lite/scenes';
import { ContinuousCollision, restoreWorld, saveWorld, World } from '@lite/world';

const dt = 1 / 60;

/** The scene in a new world (the test helpers' construction: first shape, then the others). */
function build(scene: SceneDef, sleeping: boolean): World {
  const world = new World({ gravity: scene.gravity, sleeping, continuous: new ContinuousCollision() });
  for (const def of scene.bodies) {
    const shapes = def.shapes;
    const body = world.createBody({
      type: def.type,
      ...(shapes === undefined ? { width: def.width, height: def.height } : { shape: shapes[0] }),
      position: { x: def.x, y: def.y },
      angle: def.angle ?? 0,
      mass: def.type === 'dynamic' ? def.mass : undefined,
      density: def.type === 'dynamic' && def.mass === undefined ? def.density : undefined,
      friction: def.friction,
      restitution: def.restitution,
    });
    if (shapes !== undefined) {
      for (let i = 1; i < shapes.length; ++i) body.createShape({ ...shapes[i], density: def.density });
    }
  }
  return world;
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

const repetitions = Number(process.argv[2] ?? 61);

const resting = build(pyramid(20), true);
for (let i = 0; i < 300; ++i) resting.step(dt);
const bytes = saveWorld(resting).length;
console.log(
  `resting pyramid (base 20): ${resting.bodies.length - 1} boxes, ${resting.contacts.length} contacts, ` +
    `${resting.sleepingBodyCount} asleep: ${bytes} bytes, ${(bytes / 210).toFixed(1)} per box`,
);

for (const [name, scene] of [
  ['rain 1000', rain(1000, 1)],
  ['pyramid 44', pyramid(44)],
] as const) {
  const world = build(scene, false);
  for (let i = 0; i < 120; ++i) world.step(dt);
  const step: number[] = [];
  const save: number[] = [];
  const restore: number[] = [];
  const both: number[] = [];
  for (let k = 0; k < repetitions; ++k) {
    const t0 = performance.now();
    world.step(dt);
    const t1 = performance.now();
    const saved = saveWorld(world);
    const t2 = performance.now();
    restoreWorld(world, saved);
    const t3 = performance.now();
    step.push(t1 - t0);
    save.push(t2 - t1);
    restore.push(t3 - t2);
    both.push(t3 - t1);
  }
  const ratio = median(both) / median(step);
  console.log(
    `${name}: ${world.bodies.length} bodies, ${world.contacts.length} contacts, ${saveWorld(world).length} bytes; ` +
      `median ms: step ${median(step).toFixed(3)}, snapshot ${median(save).toFixed(3)}, ` +
      `restore ${median(restore).toFixed(3)}, both ${median(both).toFixed(3)}; ` +
      `save + restore / step = ${ratio.toFixed(2)}`,
  );
}

// The testbed's many-bodies scene (3,000 boxes of random sizes, awake): a save after 8 steps, as a
// running page takes one, against one right after it; CPU time (the wall clock of a loaded machine
// counts other processes' time), median and max of 20.
{
  const world = build(manyBodies(3000, 1), true);
  for (let i = 0; i < 60; ++i) world.step(dt);
  const cpu = (run: () => void) => {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  const afterSteps: number[] = [];
  const backToBack: number[] = [];
  let into: Uint8Array = new Uint8Array(0);
  for (let k = 0; k < 20; ++k) {
    for (let i = 0; i < 8; ++i) world.step(dt);
    afterSteps.push(cpu(() => saveWorld(world)));
    backToBack.push(cpu(() => (into = saveWorld(world, { into }))));
  }
  const show = (v: number[]) => `median ${median(v).toFixed(2)} max ${Math.max(...v).toFixed(2)}`;
  console.log(
    `many bodies 3000: ${into.length} bytes; CPU ms of a save after 8 steps ${show(afterSteps)}, ` +
      `right after another (into its buffer) ${show(backToBack)}`,
  );
}
