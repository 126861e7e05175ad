/**
 * Box2D-Lite's nine demo scenes with its exact numbers, and its
 * bomb. All: gravity (0, -10), 10 iterations, ground = static 100 × 20 box centred at (0, -10), default
 * friction 0.2. Joints are revolute joints at a world anchor.
 */
import { Random } from '@lite/math';
import { BOX_LITE_FRICTION, GRAVITY, groundBody, ITERATIONS } from './defaults';
import type { BodyDef, JointDef, RevoluteJointDef, SceneDef } from './types';
import { requireInteger } from './validate';

const CAMERA = { x: 0, y: 7, height: 26 };

function box(
  width: number,
  height: number,
  mass: number,
  x: number,
  y: number,
  angle = 0,
  friction = BOX_LITE_FRICTION,
): BodyDef {
  return { type: 'dynamic', width, height, x, y, angle, mass, friction, restitution: 0 };
}

function fixed(width: number, height: number, x: number, y: number, angle = 0): BodyDef {
  return { type: 'static', width, height, x, y, angle, friction: BOX_LITE_FRICTION, restitution: 0 };
}

/** A pin whose two bodies still collide, as every joint of Box2D-Lite (its teeter's plank lands on the ground it is pinned to). */
function pin(bodyA: number, bodyB: number, anchorX: number, anchorY: number): RevoluteJointDef {
  return { kind: 'revolute', bodyA, bodyB, anchorX, anchorY, collideConnected: true };
}

function scene(
  id: string,
  title: string,
  description: string,
  bodies: BodyDef[],
  joints: JointDef[] = [],
): SceneDef {
  return {
    id,
    title,
    description,
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints,
    camera: { ...CAMERA },
  };
}

/** Demo 1: a 1 × 1 box of 200 kg dropped from (0, 4) onto the ground. */
export function singleBox(): SceneDef {
  const top = box(1, 1, 200, 0, 4);
  top.tag = 'box';
  return scene('single-box', 'Single box', 'A 1 m box of 200 kg falls onto the ground and rests.', [
    groundBody(),
    top,
  ]);
}

/** Demo 2: a 1 × 1 box of 100 kg at (9, 11) pinned to the ground at (0, 11): a 9 m pendulum. */
export function pendulum(): SceneDef {
  const bob = box(1, 1, 100, 9, 11);
  bob.tag = 'bob';
  return scene(
    'pendulum',
    'Pendulum',
    'A 100 kg box on a 9 m revolute joint swings from the horizontal.',
    [groundBody(), bob],
    [pin(0, 1, 0, 11)],
  );
}

/** The friction coefficients of demo 3's five boxes, left to right. */
export const VARYING_FRICTION = [0.75, 0.5, 0.35, 0.1, 0] as const;

/**
 * Demo 3: three static ramps 13 × 0.25 tilted ±0.25 rad with stops at their lower ends, and five
 * 0.5 m boxes of 25 kg with friction 0.75, 0.5, 0.35, 0.1 and 0 dropped on the top ramp. Boxes are
 * tagged `friction-<i>`.
 */
export function varyingFriction(): SceneDef {
  const bodies: BodyDef[] = [
    groundBody(),
    fixed(13, 0.25, -2, 11, -0.25),
    fixed(0.25, 1, 5.25, 9.5),
    fixed(13, 0.25, 2, 7, 0.25),
    fixed(0.25, 1, -5.25, 5.5),
    fixed(13, 0.25, -2, 3, -0.25),
  ];
  for (let i = 0; i < VARYING_FRICTION.length; ++i) {
    const b = box(0.5, 0.5, 25, -7.5 + 2 * i, 14, 0, VARYING_FRICTION[i]);
    b.tag = `friction-${i}`;
    bodies.push(b);
  }
  return scene(
    'varying-friction',
    'Varying friction',
    'Five boxes slide down three ramps; the ones with more friction stop, the frictionless one slides off.',
    bodies,
  );
}

/**
 * Demo 4: ten 1 m boxes of 1 kg at (random in [-0.1, 0.1], 0.51 + 1.05 i), from a seeded generator.
 * The top box is tagged `top`.
 */
export function randomizedStacking(seed = 1): SceneDef {
  const rng = new Random(seed);
  const bodies: BodyDef[] = [groundBody()];
  for (let i = 0; i < 10; ++i) bodies.push(box(1, 1, 1, rng.range(-0.1, 0.1), 0.51 + 1.05 * i));
  bodies[bodies.length - 1].tag = 'top';
  return scene(
    'randomized-stacking',
    'Randomized stacking',
    'Ten boxes with small random sideways offsets drop into a stack.',
    bodies,
  );
}

/**
 * Demo 5: a pyramid of 12 rows of 1 m boxes of 10 kg; row i starts at (-6 + 0.5625 i, 0.75 + 2 i) and
 * holds 12 - i boxes spaced 1.125 m apart (the rows drop about 1 m as they settle). The top box is
 * tagged `top`.
 */
export function boxLitePyramid(): SceneDef {
  const bodies: BodyDef[] = [groundBody()];
  for (let i = 0; i < 12; ++i) {
    const x0 = -6 + 0.5625 * i;
    const y = 0.75 + 2 * i;
    for (let j = i; j < 12; ++j) bodies.push(box(1, 1, 10, x0 + 1.125 * (j - i), y));
  }
  bodies[bodies.length - 1].tag = 'top';
  return scene(
    'box-lite-pyramid',
    'Pyramid',
    "Box2D-Lite's pyramid: 78 boxes in 12 rows with gaps between them.",
    bodies,
  );
}

/**
 * Demo 6: a 12 × 0.25 plank of 100 kg pinned to the ground at (0, 1), two 0.5 m boxes of 25 kg on its
 * left end and a 1 m box of 100 kg dropped on its right end from (5.5, 15).
 */
export function teeter(): SceneDef {
  const plank = box(12, 0.25, 100, 0, 1);
  plank.tag = 'plank';
  return scene(
    'teeter',
    'Teeter',
    'A heavy box drops onto one end of a see-saw and throws two light boxes off the other.',
    [groundBody(), plank, box(0.5, 0.5, 25, -5, 2), box(0.5, 0.5, 25, -5.5, 2), box(1, 1, 100, 5.5, 15)],
    [pin(0, 1, 0, 1)],
  );
}

/** Box2D-Lite's time step, s: its demos' joint springs are tuned for it. */
export const BOX_LITE_TIME_STEP = 1 / 60;

/** A joint spring in physical units: stiffness k, N/m, and damping coefficient c, N·s/m. */
export interface PhysicalSpring {
  /** Stiffness k, N/m. */
  stiffness: number;
  /** Damping coefficient c, N·s/m. */
  damping: number;
}

/**
 * The spring Box2D-Lite's bridge and multi-pendulum demos really give their pins, tuned as
 * `frequencyHz` and `dampingRatio` for a body of `mass` kg at the step `timeStep`.
 *
 * Box2D-Lite's demos compute ω = 2π f, k = m ω², d = 2 m ζ ω, then set the joint's softness to
 * 1 / (d + h k) and its bias factor to h k / (d + h k) (h = the time step). Its joint adds the
 * softness to both diagonal entries of K and feeds back β = bias factor, which is exactly the
 * implicit-Euler soft row with γ = softness. A spring of stiffness k' and damping d' gives that row
 * γ = 1 / (h (d' + h k')) and β = h k' / (d' + h k') (see `softnessFromSpring` in
 * `@lite/constraints`). Matching both:
 *
 * ```
 * 1 / (h (d' + h k')) = 1 / (d + h k)      =>   d' + h k' = (d + h k) / h
 * h k' / (d' + h k')  = h k / (d + h k)    =>   h k' = h k / h   =>   k' = k / h
 *                                          =>   d' = (d + h k) / h - k = d / h
 * ```
 *
 * So Box2D-Lite's softness formula, one factor h short of γ, makes its "2 Hz" joints springs 1/h
 * (60) times stiffer and more damped than the nominal k and d: k' = m ω² / h, d' = 2 m ζ ω / h.
 * For the bridge (50 kg, 2 Hz, ζ = 0.7): k' ≈ 473,741 N/m, d' ≈ 52,779 N·s/m; for the
 * multi-pendulum (10 kg, 4 Hz, ζ = 0.7): k' ≈ 378,993 N/m, d' ≈ 21,112 N·s/m.
 *
 * @param frequencyHz - f, Hz
 * @param dampingRatio - ζ
 * @param mass - m, kg (Box2D-Lite uses the mass of one plank or link)
 * @param timeStep - h, s (default {@link BOX_LITE_TIME_STEP})
 */
export function boxLiteJointSpring(
  frequencyHz: number,
  dampingRatio: number,
  mass: number,
  timeStep = BOX_LITE_TIME_STEP,
): PhysicalSpring {
  const omega = 2 * Math.PI * frequencyHz;
  const d = 2 * mass * dampingRatio * omega;
  const k = mass * omega * omega;
  return { stiffness: k / timeStep, damping: d / timeStep };
}

/**
 * Demo 7: 15 planks 1 × 0.25 of 50 kg at (-8.5 + 1.25 i, 5) joined by 16 soft revolute joints at
 * (-9.125 + 1.25 i, 5); the first and last joints hold the ends to the ground. The joints have the
 * spring Box2D-Lite's "2 Hz, damping ratio 0.7 for 50 kg" really gives them (see
 * {@link boxLiteJointSpring}): stiffness ≈ 473,741 N/m, damping ≈ 52,779 N·s/m, so the bridge sags
 * as Box2D-Lite's does (its middle plank about 1.6 m below the anchors).
 */
export function suspensionBridge(): SceneDef {
  const planks = 15;
  const mass = 50;
  const spring = boxLiteJointSpring(2, 0.7, mass);
  const bodies: BodyDef[] = [groundBody()];
  for (let i = 0; i < planks; ++i) bodies.push(box(1, 0.25, mass, -8.5 + 1.25 * i, 5));
  const joints: JointDef[] = [];
  for (let i = 0; i <= planks; ++i) {
    const a = i; // ground for i = 0, else plank i
    const b = i === planks ? 0 : i + 1; // ground for the last joint
    joints.push({
      kind: 'revolute',
      bodyA: a,
      bodyB: b,
      anchorX: -9.125 + 1.25 * i,
      anchorY: 5,
      stiffness: spring.stiffness,
      damping: spring.damping,
      collideConnected: true,
    });
  }
  bodies[8].tag = 'middle';
  return scene(
    'suspension-bridge',
    'Suspension bridge',
    "Fifteen heavy planks hang between two anchors on soft pin joints (Box2D-Lite's 2 Hz tuning: about 474 kN/m).",
    bodies,
    joints,
  );
}

/**
 * Demo 8: ten dominos on a shelf, a ramp, a post, a see-saw plank, a box on a pin, and a 2 m box with a
 * plank pinned to it (Box2D-Lite's numbers).
 */
export function dominos(): SceneDef {
  const bodies: BodyDef[] = [groundBody()];
  const ground = 0;
  bodies.push(fixed(12, 0.5, -1.5, 10)); // shelf
  for (let i = 0; i < 10; ++i) bodies.push(box(0.2, 2, 10, -6 + i, 11.125, 0, 0.1));
  bodies.push(fixed(14, 0.5, 1, 6, 0.3)); // ramp
  const post = bodies.push(fixed(0.5, 3, -7, 4)) - 1;
  const plank = bodies.push(box(12, 0.25, 20, -0.9, 1)) - 1;
  const hanging = bodies.push(box(0.5, 0.5, 10, -10, 15)) - 1;
  const bigBox = bodies.push(box(2, 2, 20, 6, 2.5, 0, 0.1)) - 1;
  const lid = bodies.push(box(2, 0.2, 10, 6, 3.6)) - 1;
  return scene(
    'dominos',
    'Dominos',
    'A row of dominos, a ramp, a see-saw, a pendulum box and a hinged lid: a small chain reaction.',
    bodies,
    [
      pin(ground, plank, -2, 1),
      pin(post, hanging, -7, 15),
      pin(ground, bigBox, 6, 2.6),
      pin(bigBox, lid, 7, 3.5),
    ],
  );
}

/**
 * Demo 9: 15 links 0.75 × 0.25 of 10 kg, friction 0.2, at (0.5 + i, 12) joined by soft revolute
 * joints at (i, 12), the first to the ground. The joints have the spring Box2D-Lite's "4 Hz, damping
 * ratio 0.7 for 10 kg" really gives them (see {@link boxLiteJointSpring}): stiffness ≈ 378,993 N/m,
 * damping ≈ 21,112 N·s/m. The last link is tagged `end`.
 */
export function multiPendulum(): SceneDef {
  const links = 15;
  const mass = 10;
  const spring = boxLiteJointSpring(4, 0.7, mass);
  const bodies: BodyDef[] = [groundBody()];
  const joints: JointDef[] = [];
  for (let i = 0; i < links; ++i) {
    bodies.push(box(0.75, 0.25, mass, 0.5 + i, 12));
    joints.push({
      kind: 'revolute',
      bodyA: i,
      bodyB: i + 1,
      anchorX: i,
      anchorY: 12,
      stiffness: spring.stiffness,
      damping: spring.damping,
      collideConnected: true,
    });
  }
  bodies[bodies.length - 1].tag = 'end';
  return scene(
    'multi-pendulum',
    'Multi-pendulum',
    "A chain of 15 links on soft pin joints (Box2D-Lite's 4 Hz tuning: about 379 kN/m) falls from the horizontal.",
    bodies,
    joints,
  );
}

/**
 * Box2D-Lite's bomb (its space key): a 1 m box of 50 kg, friction 0.2, at (random in [-15, 15], 15),
 * with a random angle in [-1.5, 1.5], velocity -1.5 × its position (towards the origin) and a random
 * angular velocity in [-20, 20]. Draws four numbers from `rng`.
 */
export function bomb(rng: Random): BodyDef {
  const x = rng.range(-15, 15);
  const y = 15;
  const angle = rng.range(-1.5, 1.5);
  const angularVelocity = rng.range(-20, 20);
  return {
    type: 'dynamic',
    width: 1,
    height: 1,
    x,
    y,
    angle,
    mass: 50,
    friction: BOX_LITE_FRICTION,
    restitution: 0,
    vx: -1.5 * x,
    vy: -1.5 * y,
    angularVelocity,
    tag: 'bomb',
  };
}

/** Box2D-Lite's nine demos by number (1..9), for keyboards that select them with the digit keys. */
export function boxLiteDemo(index: number, seed = 1): SceneDef {
  requireInteger('index', index, 1, 9);
  switch (index) {
    case 1:
      return singleBox();
    case 2:
      return pendulum();
    case 3:
      return varyingFriction();
    case 4:
      return randomizedStacking(seed);
    case 5:
      return boxLitePyramid();
    case 6:
      return teeter();
    case 7:
      return suspensionBridge();
    case 8:
      return dominos();
    default:
      return multiPendulum();
  }
}
