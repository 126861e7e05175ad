import { Random } from '@lite/math';
import { BENCH_BOX, GRAVITY, groundBody, ITERATIONS } from './defaults';
import type { BodyDef, SceneDef } from './types';
import { requireInteger, requireRange } from './validate';

/** Options of {@link rain} and {@link manyBodies}. */
interface RainOptions {
  /** Smallest box side, m (default 1). */
  minSize?: number;
  /** Largest box side, m (default 1: all boxes 1 m). */
  maxSize?: number;
  /**
   * The count up to which the description says the pile rests and sleeps within 30 s in the soft
   * step (the count it was measured at), if any.
   */
  restsUpTo?: number;
}

const WALL_THICKNESS = 2;

/**
 * The bodies of a walled container for `count` boxes: a ground (top at y = 0) and two walls, inner
 * width `innerWidth`, walls `wallHeight` tall. All friction 0.6, tagged `ground` and `wall`.
 */
function container(innerWidth: number, wallHeight: number): BodyDef[] {
  const wall = (side: number): BodyDef => ({
    type: 'static',
    width: WALL_THICKNESS,
    height: wallHeight,
    x: side * (innerWidth / 2 + WALL_THICKNESS / 2),
    y: wallHeight / 2,
    angle: 0,
    friction: BENCH_BOX.friction,
    restitution: 0,
    tag: 'wall',
  });
  return [groundBody(innerWidth + 2 * WALL_THICKNESS + 20, BENCH_BOX.friction), wall(-1), wall(1)];
}

function rainScene(id: string, title: string, count: number, seed: number, options: RainOptions): SceneDef {
  requireInteger('count', count, 1, 100000);
  requireInteger('seed', seed, 0, 0xffffffff);
  const minSize = requireRange('minSize', options.minSize ?? BENCH_BOX.width, 0.05, 10);
  const maxSize = requireRange('maxSize', options.maxSize ?? BENCH_BOX.width, minSize, 10);
  const rng = new Random(seed);
  // A box of side at most s, at any angle, lies inside a circle of radius s / sqrt(2). Centres on a
  // grid of pitch > s sqrt(2), each moved by at most a quarter of the spare room, cannot overlap.
  const reach = maxSize * Math.SQRT2;
  const pitch = reach * 1.06;
  const jitter = (pitch - reach) / 4;
  const meanArea = ((minSize + maxSize) / 2) ** 2;
  const innerWidth = Math.max(10, Math.ceil(Math.sqrt(count * meanArea) * 1.8));
  const columns = Math.max(1, Math.floor(innerWidth / pitch));
  const left = -((columns - 1) * pitch) / 2;
  const rows = Math.ceil(count / columns);
  const top = 1 + rows * pitch;
  // The walls hold the settled pile (its area 1.5 times over) and rise above the highest spawn
  // point by a box's reach, so every box starts between them and none can fly over a wall.
  const wallHeight = Math.max(Math.ceil(((count * meanArea) / innerWidth) * 1.5) + 4, Math.ceil(top + reach));
  const bodies = container(innerWidth, wallHeight);
  for (let i = 0; i < count; ++i) {
    const column = i % columns;
    const row = Math.floor(i / columns);
    const width = minSize === maxSize ? minSize : rng.range(minSize, maxSize);
    const height = minSize === maxSize ? minSize : rng.range(minSize, maxSize);
    const area = width * height;
    bodies.push({
      type: 'dynamic',
      width,
      height,
      x: left + column * pitch + rng.range(-jitter, jitter),
      y: 1 + reach / 2 + row * pitch + rng.range(-jitter, jitter),
      angle: rng.range(-Math.PI, Math.PI),
      mass: BENCH_BOX.mass * area,
      friction: BENCH_BOX.friction,
      restitution: BENCH_BOX.restitution,
    });
  }
  return {
    id,
    title,
    description:
      `${count} boxes at random poses (seed ${seed}) fall into a container ${innerWidth} m wide.` +
      (options.restsUpTo !== undefined && count <= options.restsUpTo
        ? ' With the soft step (the default solver) the pile comes to rest and sleeps within 30 s.'
        : ''),
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints: [],
    camera: {
      x: 0,
      y: wallHeight / 2,
      height: Math.max(innerWidth * 0.7, wallHeight + 4),
    },
  };
}

/**
 * `count` unit boxes (1 m, 1 kg, friction 0.6) at random poses from a seeded generator, on a grid
 * inside a walled container whose walls rise above the highest box. No two boxes overlap at the
 * start. Bodies 0..2 are the ground and the two walls. Id: `rain`.
 * @throws SceneError when `count` is not an integer in [1, 100000] or `seed` not an integer in [0, 2^32)
 */
export function rain(count = 2000, seed = 1): SceneDef {
  return rainScene('rain', `Rain (${count} boxes)`, count, seed, { restsUpTo: 2000 });
}

/**
 * Like {@link rain} but with boxes of random sizes in [0.4, 1.2] m (mass proportional to area): the
 * demo's many-body scene for the broadphase and sleeping. Id: `many-bodies`.
 * @throws SceneError on a bad `count` or `seed`
 */
export function manyBodies(count = 3000, seed = 1): SceneDef {
  return rainScene('many-bodies', `Many bodies (${count})`, count, seed, {
    minSize: 0.4,
    maxSize: 1.2,
  });
}
