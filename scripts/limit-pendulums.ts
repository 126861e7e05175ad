/**
 * Measures how well revolute limits hold on pendulums (nine limit, mass and speed cases, A to I, and A
 * again with 100 iterations):
 * worst overshoot past a limit, worst pin separation and largest energy gain over 10 s.
 * Run after `pnpm build`: `pnpm exec tsx scripts/limit-pendulums.ts`.
 */
import { RevoluteJoint, World } from '../packages/world/dist/index.js';

interface Case {
  name: string;
  lower: number;
  upper: number;
  mass: number;
  /** Initial angular velocity, rad/s (the box swings about the pivot rigidly). */
  omega: number;
  /** Distance from the pivot to the box centre, m. */
  arm: number;
  /** Initial angle of the arm from hanging straight down, radians (the joint angle starts at 0). */
  start: number;
  iterations: number;
}

const cases: Case[] = [
  {
    name: 'A [-0.3,0.5] 1.5kg +5',
    lower: -0.3,
    upper: 0.5,
    mass: 1.5,
    omega: 5,
    arm: 2.5,
    start: 0,
    iterations: 10,
  },
  {
    name: 'B [-0.7,0.2] 4kg -6',
    lower: -0.7,
    upper: 0.2,
    mass: 4,
    omega: -6,
    arm: 2.5,
    start: 0,
    iterations: 10,
  },
  {
    name: 'C [-0.1,0.1] 0.5kg +8',
    lower: -0.1,
    upper: 0.1,
    mass: 0.5,
    omega: 8,
    arm: 2.5,
    start: 0,
    iterations: 10,
  },
  {
    name: 'D gravity swing from 90deg, [-0.5,2]',
    lower: -0.5,
    upper: 2,
    mass: 1.5,
    omega: 0,
    arm: 2.5,
    start: Math.PI / 2,
    iterations: 10,
  },
  {
    name: 'E pivot at centre [-0.3,0.5] +5',
    lower: -0.3,
    upper: 0.5,
    mass: 1.5,
    omega: 5,
    arm: 0,
    start: 0,
    iterations: 10,
  },
  {
    name: 'F [-0.1,0.1] 0.5kg +20',
    lower: -0.1,
    upper: 0.1,
    mass: 0.5,
    omega: 20,
    arm: 2.5,
    start: 0,
    iterations: 10,
  },
  {
    name: 'G [-0.05,0.05] 10kg arm 5 m -4',
    lower: -0.05,
    upper: 0.05,
    mass: 10,
    omega: -4,
    arm: 5,
    start: 0,
    iterations: 10,
  },
  { name: 'H [0,0] 2kg arm 1 m +3', lower: 0, upper: 0, mass: 2, omega: 3, arm: 1, start: 0, iterations: 10 },
  {
    name: 'I [-1,1] 1kg arm 0.5 m +30',
    lower: -1,
    upper: 1,
    mass: 1,
    omega: 30,
    arm: 0.5,
    start: 0,
    iterations: 10,
  },
  {
    name: 'A with 100 iterations',
    lower: -0.3,
    upper: 0.5,
    mass: 1.5,
    omega: 5,
    arm: 2.5,
    start: 0,
    iterations: 100,
  },
];

const dt = 1 / 60;
for (const c of cases) {
  const world = new World({ gravity: { x: 0, y: -10 }, sleeping: false, iterations: c.iterations });
  const ground = world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 } });
  const pivot = { x: 0, y: 10 };
  // The arm points from the pivot to the centre: straight down turned by `start` (counter-clockwise).
  const rx = c.arm * Math.sin(c.start);
  const ry = -c.arm * Math.cos(c.start);
  const box = world.createBody({
    width: 0.6,
    height: 0.6,
    mass: c.mass,
    position: { x: pivot.x + rx, y: pivot.y + ry },
    angle: c.start,
  });
  box.setAngularVelocity(c.omega);
  box.setLinearVelocity({ x: -c.omega * ry, y: c.omega * rx });
  const joint = world.createJoint(RevoluteJoint, {
    bodyA: ground,
    bodyB: box,
    anchor: pivot,
    lowerAngle: c.lower,
    upperAngle: c.upper,
    collideConnected: false,
  });
  const energy = (): number =>
    0.5 * box.mass * (box.linearVelocity.x ** 2 + box.linearVelocity.y ** 2) +
    0.5 * box.inertia * box.angularVelocity ** 2 +
    box.mass * 10 * box.position.y;
  const e0 = energy();
  let over = Number.NEGATIVE_INFINITY;
  let sep = 0;
  let eMax = e0;
  let eMaxStep = 0;
  for (let i = 0; i < 600; i++) {
    world.step(dt);
    const a = joint.jointAngle();
    over = Math.max(over, a - c.upper, c.lower - a);
    const pa = ground.getWorldPoint({ x: joint.localAnchorAX, y: joint.localAnchorAY });
    const pb = box.getWorldPoint({ x: joint.localAnchorBX, y: joint.localAnchorBY });
    sep = Math.max(sep, Math.hypot(pa.x - pb.x, pa.y - pb.y));
    const e = energy();
    if (e > eMax) {
      eMax = e;
      eMaxStep = i + 1;
    }
  }
  console.log(
    `${c.name.padEnd(40)} overshoot ${((over * 180) / Math.PI).toFixed(4).padStart(9)} deg  ` +
      `separation ${(sep * 1000).toExponential(2).padStart(9)} mm  E0 ${e0.toFixed(2).padStart(8)} J  ` +
      `max gain ${(eMax - e0).toFixed(3).padStart(10)} J (step ${eMaxStep})  final angle ${joint.jointAngle().toFixed(3)}`,
  );
}
