import { BENCH_BOX, benchBox, GRAVITY, groundBody, ITERATIONS } from './defaults';
import type { BodyDef, SceneDef } from './types';
import { requireInteger } from './validate';

/**
 * Box2D v3's large-pyramid layout, at any base: touching 1 m boxes (1 kg, friction 0.6), each row
 * offset by half a box from the one below. Row i (from 0 at the bottom) holds `base - i` boxes with
 * centres at y = i + 0.5 and x = (i + 1) / 2 + j - base / 2 for j = 0 .. base - i - 1, so the pyramid
 * is centred on x = 0. `base (base + 1) / 2` boxes in all; body 0 is the ground (friction 0.6, top at
 * y = 0, wide enough for the base); the top box is tagged `top`. Id: `pyramid<base>`.
 * @throws SceneError when `base` is not an integer in [1, 1000]
 */
export function pyramid(base: number): SceneDef {
  requireInteger('base', base, 1, 1000);
  const size = BENCH_BOX.width;
  const bodies: BodyDef[] = [groundBody(Math.max(100, base * size + 40), BENCH_BOX.friction)];
  for (let i = 0; i < base; ++i) {
    const y = size * (i + 0.5);
    for (let j = 0; j < base - i; ++j) {
      bodies.push(benchBox(size * ((i + 1) / 2 + j - base / 2), y));
    }
  }
  bodies[bodies.length - 1].tag = 'top';
  return {
    id: `pyramid${base}`,
    title: `Pyramid (base ${base})`,
    description: `${(base * (base + 1)) / 2} touching unit boxes in ${base} rows, each row offset by half a box (Box2D v3's large-pyramid layout).`,
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints: [],
    camera: { x: 0, y: base / 2, height: Math.max(8, base * 1.15 + 2) },
  };
}
