/**
 * Box2D v3's joint grid benchmark at full size in the soft step (and, for comparison, the classic
 * step): 100 × 100 circles pinned to their neighbours by 19,794 revolute joints, hanging from seven
 * static ones, 500 steps at 60 Hz. Prints the widest pin gap and the lowest body over the run (Box2D
 * v3: 0.64 m and -105 m) and the time taken; exits with 1 when a gap reaches 1 m or a body goes below
 * -200 m in the soft step (or the classic step with `springs`). The unit suite runs 20 × 20 grids with the same criteria
 * (packages/world/test/joint-grid.test.ts). Run after `pnpm build`:
 * `pnpm exec tsx scripts/joint-grid.ts [size] [soft|classic] [springs]` (`springs`: the classic step
 * with `classicJointSprings`).
 */
import { jointGrid } from '../packages/scenes/dist/index.js';
import { type Body, RevoluteJoint, type SolverKind, World } from '../packages/world/dist/index.js';

const size = Number(process.argv[2] ?? 100);
const solver = (process.argv[3] ?? 'soft') as SolverKind;
const steps = 500;
const scene = jointGrid(size);
const world = new World({ gravity: scene.gravity, solver, sleeping: false });
const springs = process.argv[4] === 'springs';
if (solver === 'classic') {
  world.settings.iterations = scene.iterations;
  world.settings.classicJointSprings = springs;
}
const bodies: Body[] = [];
for (const def of scene.bodies) {
  const body = world.createBody({ type: def.type, position: { x: def.x, y: def.y } });
  for (const shape of def.shapes ?? []) {
    body.createShape({ ...shape, density: def.density, friction: def.friction, filter: def.filter });
  }
  bodies.push(body);
}
for (const j of scene.joints) {
  if (j.kind !== 'revolute') throw new Error(`unexpected ${j.kind} joint`);
  world.createJoint(RevoluteJoint, {
    bodyA: bodies[j.bodyA],
    bodyB: bodies[j.bodyB],
    anchor: { x: j.anchorX, y: j.anchorY },
  });
}

function widestGap(): number {
  let worst = 0;
  for (const joint of world.joints) {
    const j = joint as RevoluteJoint;
    const a = j.bodyA.getWorldPoint({ x: j.localAnchorAX, y: j.localAnchorAY });
    const b = j.bodyB.getWorldPoint({ x: j.localAnchorBX, y: j.localAnchorBY });
    worst = Math.max(worst, Math.hypot(a.x - b.x, a.y - b.y));
  }
  return worst;
}

let gap = 0;
let low = 0;
let stepTime = 0;
for (let step = 1; step <= steps; ++step) {
  const t0 = performance.now();
  world.step(1 / 60);
  stepTime += performance.now() - t0;
  if (step % 10 === 0 || step === steps) {
    gap = Math.max(gap, widestGap());
    for (const b of bodies) low = Math.min(low, b.position.y);
    if (!(gap < 1e6)) break;
  }
}
console.log(
  `joint grid ${size} x ${size}, ${solver}${springs ? ' (classicJointSprings)' : ''}: widest pin gap ${gap.toFixed(3)} m, lowest body ${low.toFixed(1)} m, ` +
    `${steps} steps in ${(stepTime / 1000).toFixed(1)} s (${(stepTime / steps).toFixed(1)} ms a step)`,
);
if ((solver === 'soft' || springs) && !(gap < 1 && low > -2 * size)) process.exitCode = 1;
