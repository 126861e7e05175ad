/**
 * The robustness scenes, measured with both solvers at default settings (1 m boxes, 60 Hz,
 * gravity 10, friction 0.6, sleeping off). Run after `pnpm build`:
 *
 *   pnpm exec tsx scripts/robustness.ts [soft|classic]
 *
 * Prints one line per scene and solver; the world tests assert the same figures.
 */
import { type Body, type SolverKind, World } from '../packages/world/dist/index.js';

const dt = 1 / 60;
const FRICTION = 0.6;

function makeWorld(solver: SolverKind): World {
  const world = new World({ solver, sleeping: false });
  world.createBody({
    type: 'static',
    width: 200,
    height: 20,
    position: { x: 0, y: -10 },
    friction: FRICTION,
  });
  return world;
}

function box(world: World, x: number, y: number, w: number, h: number, mass: number, restitution = 0): Body {
  return world.createBody({
    width: w,
    height: h,
    mass,
    position: { x, y },
    friction: FRICTION,
    restitution,
  });
}

function heavyOnLight(solver: SolverKind, ratio: number): string {
  const world = makeWorld(solver);
  const light = box(world, 0, 0.5, 1, 1, 1);
  box(world, 0, 1.5, 1, 1, ratio);
  let worst = 0;
  for (let i = 0; i < 600; ++i) {
    world.step(dt);
    worst = Math.max(worst, Math.hypot(light.position.x, light.position.y - 0.5));
  }
  return `heavy on light ${ratio}:1: light box moved ${(worst * 100).toFixed(2)} cm`;
}

function wideOnTwo(solver: SolverKind): string {
  const world = makeWorld(solver);
  const a = box(world, -9, 0.5, 1, 1, 1);
  const b = box(world, 9, 0.5, 1, 1, 1);
  const big = box(world, 0, 11, 20, 20, 400);
  let worst = 0;
  for (let i = 0; i < 600; ++i) {
    world.step(dt);
    for (const [s, x] of [
      [a, -9],
      [b, 9],
    ] as const) {
      worst = Math.max(worst, Math.hypot(s.position.x - x, s.position.y - 0.5));
    }
  }
  return `20x20 on two 1x1 (400:1): small boxes moved ${(worst * 100).toFixed(2)} cm, big box at y ${big.position.y.toFixed(3)}`;
}

function spawnAtOnePoint(solver: SolverKind): string {
  const world = makeWorld(solver);
  const boxes: Body[] = [];
  for (let i = 0; i < 100; ++i) boxes.push(box(world, 0, 0.5, 1, 1, 1));
  let peak = 0;
  let separatedAt = -1;
  for (let i = 0; i < 600; ++i) {
    world.step(dt);
    for (const b of boxes) peak = Math.max(peak, Math.hypot(b.linearVelocity.x, b.linearVelocity.y));
    if (separatedAt < 0 && deepestOverlap(world) < 0.05) separatedAt = (i + 1) * dt;
  }
  let far = 0;
  for (const b of boxes) far = Math.max(far, Math.hypot(b.position.x, b.position.y - 0.5));
  return `100 boxes at one point: peak speed ${peak.toFixed(2)} m/s, separated at ${separatedAt.toFixed(2)} s, farthest ${far.toFixed(2)} m`;
}

function deepestOverlap(world: World): number {
  let deepest = 0;
  for (const c of world.contacts) {
    for (let k = 0; k < c.pointCount; ++k) deepest = Math.max(deepest, -c.points[k].separation);
  }
  return deepest;
}

function column(solver: SolverKind, n: number, seconds: number): string {
  const world = makeWorld(solver);
  const boxes: Body[] = [];
  for (let i = 0; i < n; ++i) boxes.push(box(world, i % 2 === 0 ? 0.005 : -0.005, 0.5 + i, 1, 1, 1));
  let worst = 0;
  for (let i = 0; i < seconds * 60; ++i) {
    world.step(dt);
    if (i % 30 === 29) {
      for (let k = 0; k < n; ++k) {
        const b = boxes[k];
        worst = Math.max(
          worst,
          Math.hypot(b.position.x - (k % 2 === 0 ? 0.005 : -0.005), b.position.y - 0.5 - k),
        );
      }
    }
  }
  return `offset column of ${n}, ${seconds} s: worst box displacement ${worst.toFixed(3)} m`;
}

function rebound(solver: SolverKind, e: number, height: number): string {
  const world = makeWorld(solver);
  const b = box(world, 0, 0.5 + height, 1, 1, 1, e);
  let hit = false;
  let apex = 0;
  let rest = 0.5;
  for (let i = 0; i < 600; ++i) {
    world.step(dt);
    if (!hit && b.linearVelocity.y > 0) {
      hit = true;
      rest = 0.5;
    }
    if (hit) {
      if (b.linearVelocity.y < 0 && apex > 0) break;
      apex = Math.max(apex, b.position.y - rest);
    }
  }
  const expected = e * e * height;
  return `rebound e=${e} from ${height} m: ${apex.toFixed(4)} m vs e²h ${expected.toFixed(4)} (${(((apex - expected) / expected) * 100).toFixed(1)}%)`;
}

const solvers: SolverKind[] = process.argv[2] ? [process.argv[2] as SolverKind] : ['soft', 'classic'];
for (const solver of solvers) {
  console.log(`# ${solver}`);
  for (const ratio of [100, 400, 1000]) console.log(heavyOnLight(solver, ratio));
  console.log(wideOnTwo(solver));
  console.log(spawnAtOnePoint(solver));
  for (const e of [0.25, 0.5, 0.8]) for (const h of [1, 2, 5]) console.log(rebound(solver, e, h));
  console.log(column(solver, 24, 60));
  console.log(column(solver, 64, 60));
}
