import { cos, Random, sin } from '@lite/math';
import { GRAVITY, groundBody } from './defaults';
import type { BodyDef, PointDef, SceneDef, ShapeDef } from './types';
import { requireInteger, requireRange } from './validate';

/*
 * Scenes of bodies made of circles, capsules and convex polygons (for engines that support shapes).
 */

/** Iterations of the shape scenes (Box2D v3's default velocity iterations per sub-step is 4; the
 * classic solver takes these per step). */
const SHAPE_ITERATIONS = 10;

/**
 * A regular polygon of `n` vertices on a circle of radius `r`, counter-clockwise from angle `a0`.
 * Uses the engine's own sine and cosine, which give the same bits in every JavaScript engine
 * (`Math.sin` and `Math.cos` do not: Node 20 and Chromium differ in the last bits).
 */
export function regularPolygon(n: number, r: number, a0 = 0): PointDef[] {
  const points: PointDef[] = [];
  for (let i = 0; i < n; ++i) {
    const a = a0 + (2 * Math.PI * i) / n;
    points.push({ x: r * cos(a), y: r * sin(a) });
  }
  return points;
}

/** A dynamic body of one shape at (x, y), density 1, friction 0.6, with its bounding box size. */
function shapeBody(shape: ShapeDef, x: number, y: number, angle = 0, tag?: string): BodyDef {
  const [w, h] = extent(shape);
  return {
    type: 'dynamic',
    width: w,
    height: h,
    x,
    y,
    angle,
    density: 1,
    friction: 0.6,
    shapes: [shape],
    tag,
  };
}

/** Width and height of a shape's bounding box in its body frame (about its origin). */
function extent(shape: ShapeDef): [number, number] {
  switch (shape.type) {
    case 'circle':
      return [2 * shape.radius, 2 * shape.radius];
    case 'capsule':
      return [
        Math.abs(shape.center2.x - shape.center1.x) + 2 * shape.radius,
        Math.abs(shape.center2.y - shape.center1.y) + 2 * shape.radius,
      ];
    case 'box':
      return [shape.width, shape.height];
    default: {
      let maxX = 0;
      let maxY = 0;
      for (const v of shape.vertices) {
        maxX = Math.max(maxX, Math.abs(v.x));
        maxY = Math.max(maxY, Math.abs(v.y));
      }
      const r = shape.radius ?? 0;
      return [2 * (maxX + r), 2 * (maxY + r)];
    }
  }
}

/** A static open box: floor (top at y = 0) and two walls with inner faces at x = ±halfWidth. */
function container(halfWidth: number, height: number): BodyDef[] {
  const wall = (side: number): BodyDef => ({
    type: 'static',
    width: 1,
    height,
    x: side * (halfWidth + 0.5),
    y: height / 2,
    friction: 0.6,
    tag: 'wall',
  });
  return [groundBody(2 * halfWidth + 20, 0.6), wall(-1), wall(1)];
}

function scene(
  id: string,
  title: string,
  description: string,
  bodies: BodyDef[],
  camera: SceneDef['camera'],
): SceneDef {
  return {
    id,
    title,
    description,
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: SHAPE_ITERATIONS,
    bodies,
    joints: [],
    camera,
  };
}

/** The shape of body `i` of a mixed set: circle, capsule, hexagon, box in turn, each about 1 m across. */
function mixedShape(i: number, size: number): ShapeDef {
  const r = 0.5 * size;
  switch (i % 4) {
    case 0:
      return { type: 'circle', radius: r };
    case 1:
      return {
        type: 'capsule',
        center1: { x: -0.5 * r, y: 0 },
        center2: { x: 0.5 * r, y: 0 },
        radius: 0.6 * r,
      };
    case 2:
      return { type: 'polygon', vertices: regularPolygon(6, r) };
    default:
      return { type: 'box', width: 1.6 * r, height: 1.6 * r };
  }
}

/** The most bodies the tumbler holds: 32 rows of 30 fill its drum to the top. */
export const TUMBLER_MAX = 960;

/**
 * A tumbler: a kinematic 20 m square drum (four box shapes on one body) turning at `speed` rad/s
 * about its centre (0, 10), half filled with `count` mixed shapes (circles, capsules, hexagons,
 * boxes, 0.5 m across, in rows of 30 from the bottom: at most 960, which fill it to the top).
 * `jitter` in [0, 1] moves each body sideways at random within the 0.1 m between neighbours (that
 * fraction of it; 0: an exact grid, whose columns stand as towers in a still drum). Id: `tumbler`.
 * @throws SceneError when `count` is not an integer in [1, 960], `speed` not in [0, 5] or `jitter`
 *   not in [0, 1]
 */
export function tumbler(count = 300, speed = 0.25, jitter = 0): SceneDef {
  requireInteger('count', count, 1, TUMBLER_MAX);
  requireRange('speed', speed, 0, 5);
  requireRange('jitter', jitter, 0, 1);
  const t = 1;
  const half = 10;
  const drum: BodyDef = {
    type: 'kinematic',
    width: 2 * half + 2 * t,
    height: 2 * half + 2 * t,
    x: 0,
    y: 10,
    angularVelocity: speed,
    friction: 0.6,
    shapes: [
      { type: 'box', width: 2 * half + 2 * t, height: t, offset: { x: 0, y: -half - t / 2 } },
      { type: 'box', width: 2 * half + 2 * t, height: t, offset: { x: 0, y: half + t / 2 } },
      { type: 'box', width: t, height: 2 * half, offset: { x: -half - t / 2, y: 0 } },
      { type: 'box', width: t, height: 2 * half, offset: { x: half + t / 2, y: 0 } },
    ],
    tag: 'drum',
  };
  const bodies: BodyDef[] = [drum];
  const perRow = 30;
  const shake = new Random(1);
  for (let i = 0; i < count; ++i) {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    const dx = jitter > 0 ? jitter * shake.range(-0.05, 0.05) : 0;
    bodies.push(shapeBody(mixedShape(i, 0.5), -8.7 + 0.6 * col + dx, 1 + 0.6 * row));
  }
  return scene(
    'tumbler',
    'Tumbler',
    `${count} circles, capsules, hexagons and boxes tumbling in a turning kinematic drum (one body of four boxes).`,
    bodies,
    { x: 0, y: 10, height: 26 },
  );
}

/**
 * A ball pit: `count` balls of radius 0.25 to 0.5 m (seeded) dropped into a 16 m wide box, one per
 * 1 m cell. `jitter` in [0, 1] moves each ball at random within its cell (that fraction of the room
 * it has; 0: the cells' centres, an exact grid whose columns stand as towers and sleep). Id:
 * `ball-pit`.
 * @throws SceneError when `count` is not an integer in [1, 5000], `seed` is not a 32-bit integer
 *   or `jitter` not in [0, 1]
 */
export function ballPit(count = 400, seed = 1, jitter = 0): SceneDef {
  requireInteger('count', count, 1, 5000);
  requireInteger('seed', seed, 0, 0xffffffff);
  requireRange('jitter', jitter, 0, 1);
  const rng = new Random(seed);
  // Its own generator: the balls' radii stay those of the seed, jittered or not.
  const shake = new Random(seed);
  const bodies = container(8, 30);
  const perRow = 16;
  for (let i = 0; i < count; ++i) {
    const r = rng.range(0.25, 0.5);
    const room = jitter * (0.5 - r);
    const dx = room > 0 ? shake.range(-room, room) : 0;
    const dy = room > 0 ? shake.range(-room, room) : 0;
    bodies.push(
      shapeBody({ type: 'circle', radius: r }, -7.5 + (i % perRow) + dx, 1 + Math.floor(i / perRow) + dy),
    );
  }
  return scene('ball-pit', 'Ball pit', `${count} balls of 0.5 to 1 m in a box.`, bodies, {
    x: 0,
    y: 10,
    height: 24,
  });
}

/**
 * A pile of `count` capsules (1 m long, radius 0.25) dropped in a staggered grid into a 20 m wide box.
 * Id: `capsule-pile`.
 * @throws SceneError when `count` is not an integer in [1, 5000]
 */
export function capsulePile(count = 500): SceneDef {
  requireInteger('count', count, 1, 5000);
  const bodies = container(10, 60);
  const capsule: ShapeDef = {
    type: 'capsule',
    center1: { x: -0.25, y: 0 },
    center2: { x: 0.25, y: 0 },
    radius: 0.25,
  };
  const perRow = 12;
  for (let i = 0; i < count; ++i) {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    bodies.push(
      shapeBody(capsule, -9 + col * 1.6 + (row % 2) * 0.4, 0.5 + row * 0.7, ((i * 37) % 11) * 0.05),
    );
  }
  return scene('capsule-pile', 'Capsule pile', `${count} capsules piled in a box.`, bodies, {
    x: 0,
    y: 10,
    height: 30,
  });
}

/**
 * Bullets at a thin wall: a static wall 0.1 m thick at x = 0 closing a tunnel 4 m high (a floor and
 * a roof, 1 m thick, from behind the last bullet to 6 m past the wall, the wall set into both), and
 * `count` small bodies (0.1 m circles and boxes in turn) flying down it at `speed` m/s (one step
 * covers many times their size: only continuous collision stops them). Whatever ricochets stays in
 * the tunnel or leaves it backwards, so a body past the wall went through it. Id: `bullets`.
 * @throws SceneError when `count` is not an integer in [1, 200] or `speed` not in [1, 2000]
 */
export function bulletsAtWall(count = 10, speed = 500): SceneDef {
  requireInteger('count', count, 1, 200);
  requireRange('speed', speed, 1, 2000);
  const length = count + 12;
  // The floor and the roof are tagged as ground: the testbed frames the bullets and the wall.
  const bodies: BodyDef[] = [
    { type: 'static', width: 0.1, height: 6, x: 0, y: 2, friction: 0.6, tag: 'wall' },
    { type: 'static', width: length, height: 1, x: -count / 2, y: -0.5, friction: 0.6, tag: 'ground' },
    { type: 'static', width: length, height: 1, x: -count / 2, y: 4.5, friction: 0.6, tag: 'ground' },
  ];
  for (let i = 0; i < count; ++i) {
    const shape: ShapeDef =
      i % 2 === 0 ? { type: 'circle', radius: 0.05 } : { type: 'box', width: 0.1, height: 0.1 };
    const body = shapeBody(shape, -5 - i, 0.2 + (3.6 * (i + 0.5)) / count);
    body.vx = speed;
    bodies.push(body);
  }
  return scene(
    'bullets',
    'Bullets at a thin wall',
    `${count} 0.1 m bodies at ${speed} m/s down a tunnel against a 0.1 m wall.`,
    bodies,
    // Wide enough for the whole row (x = -5 - count + 1 to the wall at 0) on a 16:9 canvas.
    { x: -(4 + count) / 2, y: 2, height: Math.max(8, 0.6 * (6 + count)) },
  );
}

/**
 * A rain of mixed shapes: `count` circles, capsules, hexagons and boxes (1 m across, in turn) falling
 * in a staggered column into a 40 m wide box, for the benchmark. Id: `shape-rain`.
 * @throws SceneError when `count` is not an integer in [1, 100000] or `seed` is not a 32-bit integer
 */
export function shapeRain(count = 2000, seed = 1): SceneDef {
  requireInteger('count', count, 1, 100000);
  requireInteger('seed', seed, 0, 0xffffffff);
  const rng = new Random(seed);
  const bodies = container(20, 40);
  const perRow = 30;
  for (let i = 0; i < count; ++i) {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    bodies.push(
      shapeBody(mixedShape(i, 1), -19 + 1.3 * col + rng.range(-0.1, 0.1), 2 + 1.3 * row, rng.range(-1, 1)),
    );
  }
  return scene(
    'shape-rain',
    'Shape rain',
    `${count} circles, capsules, hexagons and boxes raining into a box.`,
    bodies,
    {
      x: 0,
      y: 20,
      height: 45,
    },
  );
}
