import { cos, sin } from '@lite/math';
import { GRAVITY, groundBody, ITERATIONS } from './defaults';
import type { BodyDef, JointDef, RevoluteJointDef, SceneDef } from './types';
import { requireInteger, requireRange } from './validate';

/*
 * Scenes of machines: a car on wheel joints, a piston on a prismatic joint, a breakable welded
 * bridge and ragdolls on limited revolute joints. Their constants are exported so tests measure
 * against the same numbers.
 */

/** The car of {@link car}: sizes (m), masses (kg), suspension and motor. */
export const CAR = {
  /** Chassis full width and height, m. */
  chassisWidth: 4,
  chassisHeight: 0.5,
  chassisMass: 300,
  /** Wheel radius, m. */
  wheelRadius: 0.5,
  wheelMass: 20,
  /** The wheels' centres from the chassis centre, m (rear, front). */
  wheelX: [-1.4, 1.4] as const,
  /** Ride frequency (Hz) and damping ratio of each wheel's suspension. */
  suspensionHz: 3,
  suspensionDamping: 0.7,
  /** Suspension travel limits, m. */
  travel: 0.3,
  /** Motor torque limit per wheel, N·m. */
  maxMotorTorque: 500,
  /** Wheel speed (ωwheel - ωchassis) while a drive key is held, rad/s: -12 drives right at 6 m/s. */
  driveSpeed: 12,
  /** The chassis centre's start, x, m. */
  startX: -4,
  /** Where the bumps' centres begin and end, m, and their spacing. */
  bumpsFrom: 6,
  bumpsTo: 24,
  bumpSpacing: 3,
  /** The wall's left face, m. */
  wallX: 30,
} as const;

/**
 * A car on a bumpy track: a 300 kg chassis (body 1, tagged `chassis`) on two 20 kg wheels of radius
 * 0.5 m (bodies 2 and 3, tagged `rear-wheel` and `front-wheel`), each held by a wheel joint (joints 0
 * and 1) with a vertical 3 Hz suspension (damping ratio 0.7, ±0.3 m of travel) and a motor of
 * 500 N·m. The motors hold the wheels still (speed 0: the brakes are on) until a key drives them:
 * ArrowRight turns both wheels at -12 rad/s relative to the chassis (6 m/s to the right), ArrowLeft
 * at +12. The car starts at x = -4 m on a flat track; round bumps of 0.15 to 0.3 m stand every 3 m
 * from x = 6 to 24 m, and a wall at x = 30 m. Id: `car`.
 */
export function car(): SceneDef {
  const bodies: BodyDef[] = [{ ...groundBody(120, 0.8), x: 10 }];
  const y = CAR.wheelRadius;
  const chassisY = y + 0.7;
  bodies.push({
    type: 'dynamic',
    width: CAR.chassisWidth,
    height: CAR.chassisHeight,
    x: CAR.startX,
    y: chassisY,
    mass: CAR.chassisMass,
    friction: 0.4,
    restitution: 0,
    tag: 'chassis',
  });
  for (const [i, dx] of CAR.wheelX.entries()) {
    bodies.push({
      type: 'dynamic',
      width: 2 * CAR.wheelRadius,
      height: 2 * CAR.wheelRadius,
      shapes: [{ type: 'circle', radius: CAR.wheelRadius }],
      x: CAR.startX + dx,
      y,
      mass: CAR.wheelMass,
      friction: 0.9,
      restitution: 0,
      tag: i === 0 ? 'rear-wheel' : 'front-wheel',
    });
  }
  const joints: JointDef[] = CAR.wheelX.map((dx, i) => ({
    kind: 'wheel',
    bodyA: 1,
    bodyB: 2 + i,
    anchorX: CAR.startX + dx,
    anchorY: y,
    axisX: 0,
    axisY: 1,
    frequencyHz: CAR.suspensionHz,
    dampingRatio: CAR.suspensionDamping,
    motorSpeed: 0,
    maxMotorTorque: CAR.maxMotorTorque,
    lowerTranslation: -CAR.travel,
    upperTranslation: CAR.travel,
    collideConnected: false,
  }));
  // Bumps: static discs of radius 1 m sunk into the ground, 0.15 to 0.3 m showing.
  const radius = 1;
  for (let x = CAR.bumpsFrom, k = 0; x <= CAR.bumpsTo; x += CAR.bumpSpacing, ++k) {
    const height = 0.15 + 0.05 * (k % 4);
    bodies.push({
      type: 'static',
      width: 2 * radius,
      height: 2 * radius,
      shapes: [{ type: 'circle', radius }],
      x,
      y: height - radius,
      friction: 0.8,
      restitution: 0,
      tag: 'bump',
    });
  }
  bodies.push({
    type: 'static',
    width: 1,
    height: 4,
    x: CAR.wallX + 0.5,
    y: 2,
    friction: 0.8,
    restitution: 0,
    tag: 'wall',
  });
  return {
    id: 'car',
    title: 'Car',
    description:
      'A car on two wheel joints with a 3 Hz suspension; hold the right or left arrow key to drive it over the bumps.',
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints,
    camera: { x: 12, y: 5, height: 30 },
    controls: [
      { key: 'ArrowRight', label: 'Drive right', joints: [0, 1], motorSpeed: -CAR.driveSpeed },
      { key: 'ArrowLeft', label: 'Drive left', joints: [0, 1], motorSpeed: CAR.driveSpeed },
    ],
  };
}

/** The piston of {@link piston}. */
export const PISTON = {
  /** The piston's start (its centre), m. */
  y: 0.75,
  width: 2,
  height: 0.5,
  mass: 50,
  /** Travel limits from the start, m. */
  lower: 0,
  upper: 4,
  /** Motor speed (m/s, up) and force limit (N). */
  speed: 1.5,
  maxForce: 5000,
  /** The boxes it carries: count, size (m) and mass (kg) each. */
  loads: 4,
  loadWidth: 1.6,
  loadHeight: 0.5,
  loadMass: 20,
} as const;

/**
 * A piston: a 2 × 0.5 m, 50 kg block (body 3, tagged `piston`) on a vertical prismatic joint to the
 * ground (joint 0) between two cylinder walls, carrying four 20 kg boxes. Its motor (1.5 m/s, at most
 * 5,000 N) drives it up to the upper limit, 4 m above its start; ArrowDown drives it back to the lower
 * limit (its start), ArrowUp up again. Id: `piston`.
 */
export function piston(): SceneDef {
  const bodies: BodyDef[] = [groundBody(40, 0.6)];
  const wallHeight = 7;
  for (const side of [-1, 1]) {
    bodies.push({
      type: 'static',
      width: 0.4,
      height: wallHeight,
      x: side * (PISTON.width / 2 + 0.1 + 0.2),
      y: wallHeight / 2,
      friction: 0.2,
      restitution: 0,
      tag: 'wall',
    });
  }
  bodies.push({
    type: 'dynamic',
    width: PISTON.width,
    height: PISTON.height,
    x: 0,
    y: PISTON.y,
    mass: PISTON.mass,
    friction: 0.6,
    restitution: 0,
    tag: 'piston',
  });
  for (let i = 0; i < PISTON.loads; ++i) {
    bodies.push({
      type: 'dynamic',
      width: PISTON.loadWidth,
      height: PISTON.loadHeight,
      x: 0,
      y: PISTON.y + PISTON.height / 2 + (i + 0.5) * PISTON.loadHeight,
      mass: PISTON.loadMass,
      friction: 0.6,
      restitution: 0,
    });
  }
  const joints: JointDef[] = [
    {
      kind: 'prismatic',
      bodyA: 0,
      bodyB: 3,
      anchorX: 0,
      anchorY: PISTON.y,
      axisX: 0,
      axisY: 1,
      lowerTranslation: PISTON.lower,
      upperTranslation: PISTON.upper,
      motorSpeed: PISTON.speed,
      maxMotorForce: PISTON.maxForce,
      collideConnected: false,
    },
  ];
  return {
    id: 'piston',
    title: 'Piston',
    description:
      'A block on a prismatic joint with a motor and limits lifts four boxes 4 m; hold the down or up arrow key to move it.',
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints,
    camera: { x: 0, y: 4, height: 10 },
    controls: [
      { key: 'ArrowUp', label: 'Piston up', joints: [0], motorSpeed: PISTON.speed },
      { key: 'ArrowDown', label: 'Piston down', joints: [0], motorSpeed: -PISTON.speed },
    ],
  };
}

/** The bridge of {@link weldedBridge}. */
export const WELDED_BRIDGE = {
  /** Planks: count, size (m), mass (kg) each. */
  planks: 10,
  plankWidth: 1,
  plankHeight: 0.25,
  plankMass: 10,
  /** Height of the deck's top, m. */
  deck: 6,
  /** Each weld breaks above this reaction force, N. */
  breakForce: 4000,
  /** The load's size (m) and how far above the deck it starts, m. */
  loadSize: 1.5,
  dropHeight: 3,
} as const;

/**
 * A bridge of ten 1 m, 10 kg planks welded end to end (rigid welds, joints 0 to 10, each breaking
 * above 4,000 N) between two piers, its deck 6 m above the ground; a box of `load` kg (tagged `load`;
 * none when 0) is dropped on its middle from 3 m above the deck. The planks alone need at most 500 N
 * at the piers, so the bridge holds them; the default 2,000 kg load weighs 20,000 N and breaks it.
 * Id: `welded-bridge`.
 * @throws SceneError when `load` is not in [0, 100000]
 */
export function weldedBridge(load = 2000): SceneDef {
  requireRange('load', load, 0, 100000);
  const b = WELDED_BRIDGE;
  const span = b.planks * b.plankWidth;
  const pierWidth = 3;
  const bodies: BodyDef[] = [groundBody(60, 0.6)];
  for (const side of [-1, 1]) {
    bodies.push({
      type: 'static',
      width: pierWidth,
      height: b.deck,
      x: side * (span / 2 + pierWidth / 2),
      y: b.deck / 2,
      friction: 0.6,
      restitution: 0,
      tag: 'pier',
    });
  }
  const y = b.deck - b.plankHeight / 2;
  const joints: JointDef[] = [];
  for (let i = 0; i < b.planks; ++i) {
    bodies.push({
      type: 'dynamic',
      width: b.plankWidth,
      height: b.plankHeight,
      x: -span / 2 + (i + 0.5) * b.plankWidth,
      y,
      mass: b.plankMass,
      friction: 0.6,
      restitution: 0,
      tag: 'plank',
    });
    joints.push({
      kind: 'weld',
      bodyA: i === 0 ? 1 : 2 + i,
      bodyB: 3 + i,
      anchorX: -span / 2 + i * b.plankWidth,
      anchorY: y,
      breakForce: b.breakForce,
      collideConnected: false,
    });
  }
  joints.push({
    kind: 'weld',
    bodyA: 2 + b.planks,
    bodyB: 2,
    anchorX: span / 2,
    anchorY: y,
    breakForce: b.breakForce,
    collideConnected: false,
  });
  if (load > 0) {
    bodies.push({
      type: 'dynamic',
      width: b.loadSize,
      height: b.loadSize,
      x: 0,
      y: b.deck + b.dropHeight + b.loadSize / 2,
      mass: load,
      friction: 0.6,
      restitution: 0,
      tag: 'load',
    });
  }
  return {
    id: 'welded-bridge',
    title: `Breakable welded bridge (${load} kg load)`,
    description: `Ten planks welded end to end between two piers, each weld breaking above ${b.breakForce} N; a ${load} kg box falls on the middle.`,
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints,
    camera: { x: 0, y: 5, height: 16 },
  };
}

/** A ragdoll's joints in {@link ragdoll}: name, and limits of the angle relative to the start, rad. */
export const RAGDOLL_LIMITS = {
  neck: [-0.6, 0.6],
  shoulder: [-2, 2],
  elbow: [0, 2.4],
  hip: [-0.6, 1.8],
  knee: [-2.4, 0],
} as const;

/** Bodies and joints per ragdoll in {@link ragdoll}. */
export const RAGDOLL_PARTS = { bodies: 10, joints: 9 } as const;

/**
 * `count` ragdolls (10 boxes each: torso, head, two upper and lower arms, two thighs and shins; 58 kg)
 * dropped at different heights and tilts onto a staircase. Each has nine revolute joints with
 * limits (neck ±0.6 rad, shoulders ±2, elbows 0 to 2.4, hips -0.6 to 1.8, knees -2.4 to 0, relative
 * to the standing pose they start in); jointed parts do not collide with each other. Ragdoll k's
 * bodies are 1 + 10 k ... and its joints 9 k ... in the order torso, head, upper arm, lower arm (each
 * side), thigh, shin (each side). Id: `ragdoll`.
 * @throws SceneError when `count` is not an integer in [1, 50]
 */
export function ragdoll(count = 4): SceneDef {
  requireInteger('count', count, 1, 50);
  const bodies: BodyDef[] = [groundBody(80, 0.6)];
  const joints: JointDef[] = [];
  // A staircase down to the right: steps 1.5 m deep and 0.6 m tall.
  for (let s = 0; s < 6; ++s) {
    const height = 0.6 * (6 - s);
    bodies.push({
      type: 'static',
      width: 1.5,
      height,
      x: -6 + 1.5 * s,
      y: height / 2,
      friction: 0.6,
      restitution: 0,
      tag: 'step',
    });
  }
  const groundCount = bodies.length;
  for (let k = 0; k < count; ++k) {
    const x0 = -6.5 + 1.3 * (k % 5);
    const y0 = 6 + 2.6 * k;
    const tilt = ((k % 3) - 1) * 0.6;
    addRagdoll(bodies, joints, groundCount + RAGDOLL_PARTS.bodies * k, x0, y0, tilt);
  }
  return {
    id: 'ragdoll',
    title: `Ragdolls (${count})`,
    description: `${count} ragdolls of ten boxes on nine limited revolute joints tumble down a staircase.`,
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints,
    camera: { x: -2, y: 5, height: 16 },
  };
}

/** Index of the first step body in {@link ragdoll}'s bodies, and how many static bodies come first. */
export const RAGDOLL_STATIC_BODIES = 7;

/** One ragdoll standing with its hips at (x0, y0), turned by `tilt` about them. */
function addRagdoll(
  bodies: BodyDef[],
  joints: JointDef[],
  first: number,
  x0: number,
  y0: number,
  tilt: number,
): void {
  // The engine's own cosine and sine: Math.cos and Math.sin differ in the last bits between runtimes.
  const c = cos(tilt);
  const s = sin(tilt);
  const at = (dx: number, dy: number): [number, number] => [x0 + c * dx - s * dy, y0 + s * dx + c * dy];
  const part = (dx: number, dy: number, width: number, height: number, mass: number, tag: string): void => {
    const [x, y] = at(dx, dy);
    bodies.push({
      type: 'dynamic',
      width,
      height,
      x,
      y,
      angle: tilt,
      mass,
      friction: 0.6,
      restitution: 0,
      tag,
    });
  };
  const pin = (a: number, b: number, dx: number, dy: number, limits: readonly [number, number]): void => {
    const [x, y] = at(dx, dy);
    const joint: RevoluteJointDef = {
      kind: 'revolute',
      bodyA: first + a,
      bodyB: first + b,
      anchorX: x,
      anchorY: y,
      lowerAngle: limits[0],
      upperAngle: limits[1],
      collideConnected: false,
    };
    joints.push(joint);
  };
  // Parts (offsets from the hips, m): 2.5 cm gaps between neighbours, pins in the gaps.
  part(0, 0.4, 0.5, 0.8, 20, 'torso'); // 0
  part(0, 1.0, 0.35, 0.35, 5, 'head'); // 1
  for (const side of [-1, 1]) {
    part(side * 0.35, 0.575, 0.15, 0.45, 2.5, 'upper-arm');
    part(side * 0.35, 0.105, 0.15, 0.45, 2, 'lower-arm');
  }
  // 2, 3 (left arm), 4, 5 (right arm)
  for (const side of [-1, 1]) {
    part(side * 0.12, -0.27, 0.2, 0.5, 7, 'thigh');
    part(side * 0.12, -0.79, 0.18, 0.5, 4, 'shin');
  }
  // 6, 7 (left leg), 8, 9 (right leg)
  pin(0, 1, 0, 0.8125, RAGDOLL_LIMITS.neck);
  for (const [k, side] of [-1, 1].entries()) {
    const upper = 2 + 2 * k;
    pin(0, upper, side * 0.35, 0.78, RAGDOLL_LIMITS.shoulder);
    pin(upper, upper + 1, side * 0.35, 0.34, RAGDOLL_LIMITS.elbow);
  }
  for (const [k, side] of [-1, 1].entries()) {
    const thigh = 6 + 2 * k;
    pin(0, thigh, side * 0.12, -0.01, RAGDOLL_LIMITS.hip);
    pin(thigh, thigh + 1, side * 0.12, -0.53, RAGDOLL_LIMITS.knee);
  }
}
