import { BENCH_BOX, benchBox, GRAVITY, groundBody, ITERATIONS } from './defaults';
import type { BodyDef, SceneDef } from './types';
import { requireInteger, requireRange } from './validate';

/** Options of {@link stack}. */
export interface StackOptions {
  /**
   * Sideways offset of alternate boxes, m: box i sits at x = +offset for even i and -offset for odd i
   * (0: a perfectly aligned column, which can stand by symmetry alone; 0.005 shows the solver's quality).
   */
  offset?: number;
  /** x of the column's axis, m (default 0). */
  x?: number;
  /** Group for comparison scenes (see `BodyDef.group`). */
  group?: number;
}

/**
 * The bodies of a vertical column of `n` touching benchmark boxes (1 m, 1 kg, friction 0.6) standing on
 * y = 0: box i has its centre at y = 0.5 + i. The top box is tagged `top`. No ground.
 * @throws SceneError when `n` is not an integer in [1, 10000] or `offset` is not finite in [0, 0.5)
 */
export function stackBodies(n: number, options: StackOptions = {}): BodyDef[] {
  requireInteger('n', n, 1, 10000);
  const offset = requireRange('offset', options.offset ?? 0, 0, 0.49);
  const x = requireRange('x', options.x ?? 0, -1e6, 1e6);
  const bodies: BodyDef[] = [];
  for (let i = 0; i < n; ++i) {
    const b = benchBox(x + (i % 2 === 0 ? offset : -offset), BENCH_BOX.height * (0.5 + i));
    if (options.group !== undefined) b.group = options.group;
    bodies.push(b);
  }
  bodies[n - 1].tag = 'top';
  return bodies;
}

/**
 * A vertical stack of `n` unit boxes (1 m, 1 kg, friction 0.6, restitution 0) touching each other and
 * the ground (friction 0.6, top at y = 0), aligned or with ±`offset` alternating sideways offsets.
 * Id: `stack<n>` when aligned, `stack<n>-offset` otherwise. Body 0 is the ground; the top box is
 * tagged `top`.
 * @throws SceneError on a bad `n` or `offset`
 */
export function stack(n: number, options: StackOptions = {}): SceneDef {
  const bodies = [groundBody(100, BENCH_BOX.friction), ...stackBodies(n, options)];
  const offset = options.offset ?? 0;
  const shifted = offset > 0;
  return {
    id: shifted ? `stack${n}-offset` : `stack${n}`,
    title: shifted ? `Stack of ${n} (±${offset * 1000} mm)` : `Stack of ${n}`,
    description: shifted
      ? `${n} unit boxes in a column, alternate boxes shifted ±${offset * 1000} mm sideways: an aligned column can stand by symmetry alone, this one shows the solver's quality.`
      : `${n} unit boxes in a perfectly aligned column.`,
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints: [],
    camera: { x: 0, y: n / 2, height: Math.max(8, n * 1.2 + 2) },
  };
}
