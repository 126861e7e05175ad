import { type Body, ClassicSolver, type SolverKind, World } from '../src/index';

/** A regular hexagon of circumradius r with flat top and bottom faces. */
export function hexagon(r: number): { x: number; y: number }[] {
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i < 6; ++i) {
    const a = (Math.PI / 3) * i;
    points.push({ x: r * Math.cos(a), y: r * Math.sin(a) });
  }
  return points;
}

/** A static open box: floor with its top at y = 0, walls of `height` at x = ±halfWidth (inner faces). */
export function container(world: World, halfWidth: number, height: number): void {
  world.createBody({ type: 'static', width: 2 * halfWidth + 2, height: 1, position: { x: 0, y: -0.5 } });
  world.createBody({ type: 'static', width: 1, height, position: { x: -halfWidth - 0.5, y: height / 2 } });
  world.createBody({ type: 'static', width: 1, height, position: { x: halfWidth + 0.5, y: height / 2 } });
}

/** A pyramid of `rows` rows of circles of radius 0.5 in a box as wide as its bottom row. */
export function circlePyramid(solver: SolverKind, rows: number): { world: World; bodies: Body[] } {
  const world = new World({ solver: solver === 'classic' ? new ClassicSolver() : solver, sleeping: false });
  const r = 0.5;
  container(world, rows * r, rows + 2);
  const bodies: Body[] = [];
  for (let i = 0; i < rows; ++i) {
    const y = r + i * Math.sqrt(3) * r;
    for (let j = 0; j < rows - i; ++j) {
      const x = -rows * r + r + i * r + 2 * r * j;
      bodies.push(
        world.createBody({ shape: { type: 'circle', radius: r }, position: { x, y }, friction: 0.6 }),
      );
    }
  }
  return { world, bodies };
}

/** A stack of `count` hexagons (circumradius 0.5) on the ground. */
export function hexagonStack(solver: SolverKind, count: number): { world: World; bodies: Body[] } {
  const world = new World({ solver: solver === 'classic' ? new ClassicSolver() : solver, sleeping: false });
  world.createBody({ type: 'static', width: 40, height: 1, position: { x: 0, y: -0.5 } });
  const h = Math.sqrt(3) / 2;
  const bodies: Body[] = [];
  for (let i = 0; i < count; ++i) {
    bodies.push(
      world.createBody({
        shape: { type: 'polygon', vertices: hexagon(0.5) },
        position: { x: 0, y: h * (2 * i + 1) * 0.5 + 0.01 * i },
        friction: 0.6,
      }),
    );
  }
  return { world, bodies };
}

/** `count` capsules (1 m long, radius 0.25) dropped in a grid into a 20 m wide box. */
export function capsulePile(solver: SolverKind, count: number): { world: World; bodies: Body[] } {
  const world = new World({ solver: solver === 'classic' ? new ClassicSolver() : solver, sleeping: false });
  container(world, 10, 60);
  const bodies: Body[] = [];
  const perRow = 12;
  for (let i = 0; i < count; ++i) {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    bodies.push(
      world.createBody({
        shape: { type: 'capsule', center1: { x: -0.25, y: 0 }, center2: { x: 0.25, y: 0 }, radius: 0.25 },
        position: { x: -9 + col * 1.6 + (row % 2) * 0.4, y: 0.5 + row * 0.7 },
        angle: ((i * 37) % 11) * 0.05,
        friction: 0.6,
      }),
    );
  }
  return { world, bodies };
}

/** The largest centre-of-mass speed among `bodies`, m/s. */
export function maxSpeed(bodies: readonly Body[]): number {
  let max = 0;
  for (const b of bodies) max = Math.max(max, Math.hypot(b.linearVelocity.x, b.linearVelocity.y));
  return max;
}
