import { BOX_LITE_FRICTION, GRAVITY, groundBody, ITERATIONS } from './defaults';
import { stackBodies } from './stack';
import type { BodyDef, SceneDef } from './types';
import { requireInteger } from './validate';

/** The coefficients of restitution of {@link restitution}'s boxes, left to right. */
export const RESTITUTIONS = [0, 0.25, 0.5, 0.75, 1] as const;

/**
 * Five 1 m boxes of 1 kg with restitution 0, 0.25, 0.5, 0.75 and 1 dropped from 10 m (bottom face) onto
 * a ground of restitution 0 (lite mixes restitution as the larger of the two). Box i is tagged
 * `restitution-<i>`. Id: `restitution`.
 */
export function restitution(): SceneDef {
  const bodies: BodyDef[] = [groundBody()];
  for (let i = 0; i < RESTITUTIONS.length; ++i) {
    bodies.push({
      type: 'dynamic',
      width: 1,
      height: 1,
      x: -6 + 3 * i,
      y: 10.5,
      angle: 0,
      mass: 1,
      friction: BOX_LITE_FRICTION,
      restitution: RESTITUTIONS[i],
      tag: `restitution-${i}`,
    });
  }
  return {
    id: 'restitution',
    title: 'Restitution',
    description:
      'Boxes with restitution 0 to 1 dropped from 10 m: the bounces keep 0% to 100% of their speed.',
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints: [],
    camera: { x: 0, y: 6, height: 14 },
  };
}

/**
 * Two identical stacks of `n` unit boxes with ±5 mm alternating offsets, at x = -3 (group 0) and x = 3
 * (group 1), with a {@link SceneDef.compare} hint: run group 0 with the block solver on and group 1 with
 * it off, in two worlds side by side, both with the classic solver (whose technique it is). The top boxes are tagged `top`. Id: `block-solver`.
 * @throws SceneError when `n` is not an integer in [1, 10000]
 */
export function blockSolverComparison(n = 24): SceneDef {
  requireInteger('n', n, 1, 10000);
  const bodies: BodyDef[] = [
    groundBody(40, 0.6),
    ...stackBodies(n, { offset: 0.005, x: -3, group: 0 }),
    ...stackBodies(n, { offset: 0.005, x: 3, group: 1 }),
  ];
  return {
    id: 'block-solver',
    title: 'Block solver on / off',
    description: `The same stack of ${n} boxes (±5 mm offsets) with the classic solver's block solver on (left) and off (right).`,
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints: [],
    camera: { x: 0, y: n / 2, height: Math.max(8, n * 1.2 + 2) },
    compare: {
      setting: 'blockSolver',
      values: [true, false],
      labels: ['block solver on', 'block solver off'],
      solver: 'classic',
    },
  };
}
