import type { BodyDef } from './types';

/** Gravity of every scene in the catalogue, m/s² (Box2D-Lite's and the benchmarks'). */
export const GRAVITY = { x: 0, y: -10 } as const;

/** Solver iterations of every scene in the catalogue (Box2D-Lite's default). */
export const ITERATIONS = 10;

/** Friction of Box2D-Lite's demo scenes (ground included) unless a scene says otherwise. */
export const BOX_LITE_FRICTION = 0.2;

/**
 * The benchmark scenes' box: 1 m × 1 m, mass 1 kg, friction 0.6, restitution 0. The ground of
 * benchmark scenes has the same friction.
 */
export const BENCH_BOX = { width: 1, height: 1, mass: 1, friction: 0.6, restitution: 0 } as const;

/**
 * A static ground box whose top face lies at y = `top` (Box2D-Lite's ground is 100 × 20 centred at
 * (0, -10), so its top is at y = 0).
 */
export function groundBody(width = 100, friction = BOX_LITE_FRICTION, top = 0, height = 20): BodyDef {
  return {
    type: 'static',
    width,
    height,
    x: 0,
    y: top - height / 2,
    angle: 0,
    friction,
    restitution: 0,
    tag: 'ground',
  };
}

/** A dynamic box of the benchmark kind at (x, y). */
export function benchBox(x: number, y: number, angle = 0): BodyDef {
  return {
    type: 'dynamic',
    width: BENCH_BOX.width,
    height: BENCH_BOX.height,
    x,
    y,
    angle,
    mass: BENCH_BOX.mass,
    friction: BENCH_BOX.friction,
    restitution: BENCH_BOX.restitution,
  };
}
