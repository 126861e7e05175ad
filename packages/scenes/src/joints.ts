import { BENCH_BOX, BOX_LITE_FRICTION, GRAVITY, groundBody, ITERATIONS } from './defaults';
import type { BodyDef, JointDef, SceneDef } from './types';
import { requireInteger, requireRange } from './validate';

/** Length of one link of {@link heavyChain}, m (links are spaced 1 m apart, so they do not touch). */
export const CHAIN_LINK_LENGTH = 0.75;

/**
 * A horizontal chain of `links` links (0.75 × 0.25 m, 1 kg each, centres 1 m apart) pinned at its left
 * end, (0, links + 4), to a small static anchor block (body 0, tagged `anchor`, 1.5 m above the pin, out
 * of the chain's reach), with a 2 m box of `ratio` kg pinned to its right end: a mass ratio of
 * `ratio`:1. Pins sit in the 0.25 m gaps between bodies, so neighbours touch only when bent past 90°.
 * Released from rest, it swings down; there is no ground to catch it, so the only forces are gravity
 * and the joints. How far the pins pull apart shows how well a solver handles high mass ratios. The
 * weight is tagged `weight`. Id: `chain`.
 * @throws SceneError when `links` is not an integer in [1, 1000] or `ratio` not in [1, 1e6]
 */
export function heavyChain(links = 40, ratio = 100): SceneDef {
  requireInteger('links', links, 1, 1000);
  requireRange('ratio', ratio, 1, 1e6);
  const y = links + 4;
  const bodies: BodyDef[] = [
    {
      type: 'static',
      width: 0.25,
      height: 0.25,
      x: 0,
      y: y + 1.5,
      angle: 0,
      friction: BENCH_BOX.friction,
      restitution: 0,
      tag: 'anchor',
    },
  ];
  const joints: JointDef[] = [];
  for (let i = 0; i < links; ++i) {
    bodies.push({
      type: 'dynamic',
      width: CHAIN_LINK_LENGTH,
      height: 0.25,
      x: i + 0.5,
      y,
      angle: 0,
      mass: BENCH_BOX.mass,
      friction: BENCH_BOX.friction,
      restitution: 0,
    });
    joints.push({ kind: 'revolute', bodyA: i, bodyB: i + 1, anchorX: i, anchorY: y });
  }
  bodies.push({
    type: 'dynamic',
    width: 2,
    height: 2,
    x: links + 0.125 + 1,
    y,
    angle: 0,
    mass: BENCH_BOX.mass * ratio,
    friction: BENCH_BOX.friction,
    restitution: 0,
    tag: 'weight',
  });
  joints.push({ kind: 'revolute', bodyA: links, bodyB: links + 1, anchorX: links, anchorY: y });
  return {
    id: 'chain',
    title: `Heavy chain (${links} links, ${ratio}:1)`,
    description: `A chain of ${links} pin-jointed 1 kg links carrying a ${ratio} kg weight swings down from the horizontal.`,
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints,
    camera: { x: 0, y: y / 2, height: 2 * links + 8 },
  };
}

/** The spring frequencies of {@link springs}, Hz, left to right. */
export const SPRING_FREQUENCIES = [0.5, 1, 2, 4] as const;

/**
 * Four 1 m boxes of 1 kg hanging from a static ceiling on soft distance joints (rest length 3 m) of
 * 0.5, 1, 2 and 4 Hz with damping ratio `damping`, each released 1.5 m above its equilibrium: they bob
 * at their own frequencies. Box i is tagged `spring-<i>`. Id: `springs`.
 * @throws SceneError when `damping` is not in [0, 10]
 */
export function springs(damping = 0.05): SceneDef {
  requireRange('damping', damping, 0, 10);
  const ceilingBottom = 13;
  const restLength = 3;
  const bodies: BodyDef[] = [
    groundBody(),
    {
      type: 'static',
      width: 16,
      height: 0.5,
      x: 0,
      y: ceilingBottom + 0.25,
      angle: 0,
      friction: BOX_LITE_FRICTION,
      restitution: 0,
      tag: 'ceiling',
    },
  ];
  const joints: JointDef[] = [];
  for (let i = 0; i < SPRING_FREQUENCIES.length; ++i) {
    const f = SPRING_FREQUENCIES[i];
    const omega = 2 * Math.PI * f;
    const sag = -GRAVITY.y / (omega * omega); // static stretch m g / k with k = m ω²
    const x = -6 + 4 * i;
    const topY = ceilingBottom - restLength - sag + 1.5;
    bodies.push({
      type: 'dynamic',
      width: 1,
      height: 1,
      x,
      y: topY - 0.5,
      angle: 0,
      mass: 1,
      friction: BOX_LITE_FRICTION,
      restitution: 0,
      tag: `spring-${i}`,
    });
    joints.push({
      kind: 'distance',
      bodyA: 1,
      bodyB: bodies.length - 1,
      anchorAX: x,
      anchorAY: ceilingBottom,
      anchorBX: x,
      anchorBY: topY,
      length: restLength,
      frequencyHz: f,
      dampingRatio: damping,
    });
  }
  return {
    id: 'springs',
    title: 'Springs',
    description: 'Boxes bob on soft distance joints of 0.5, 1, 2 and 4 Hz.',
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints,
    camera: { x: 0, y: 7, height: 16 },
  };
}

/** Radius of the circles of {@link jointGrid}, m (they sit 1 m apart). */
export const JOINT_GRID_RADIUS = 0.4;

/**
 * Box2D v3's "joint grid" benchmark: `size` × `size` circles of radius 0.4 m and density 1 kg/m²,
 * 1 m apart, column k at x = k and row i at y = -i (body index k · size + i), each pinned by a
 * revolute joint to the body above it (anchor half-way between them) and to the body to its left.
 * The top-row bodies of the seven middle columns (k from ⌊size/2⌋ - 3 to ⌊size/2⌋ + 3) are static;
 * everything else hangs from them, falling from the flat square into a draped web. The circles never
 * collide with each other (filter category 2, mask everything but 2); there is no ground. A 100 × 100
 * grid holds 10,000 bodies and 19,794 joints (Box2D's 19,800 less the six between two static
 * bodies, which hold nothing). Id: `joint-grid`.
 * @throws SceneError when `size` is not an integer in [2, 200]
 */
export function jointGrid(size = 100): SceneDef {
  requireInteger('size', size, 2, 200);
  const bodies: BodyDef[] = [];
  const joints: JointDef[] = [];
  const half = Math.floor(size / 2);
  const diameter = 2 * JOINT_GRID_RADIUS;
  for (let k = 0; k < size; ++k) {
    for (let i = 0; i < size; ++i) {
      const pinned = i === 0 && k >= half - 3 && k <= half + 3;
      const body: BodyDef = {
        type: pinned ? 'static' : 'dynamic',
        width: diameter,
        height: diameter,
        shapes: [{ type: 'circle', radius: JOINT_GRID_RADIUS }],
        x: k,
        y: -i,
        angle: 0,
        friction: 0.6,
        restitution: 0,
        filter: { category: 2, mask: 0xfffffffd },
      };
      if (!pinned) body.density = 1;
      const index = bodies.length;
      bodies.push(body);
      if (i > 0)
        joints.push({ kind: 'revolute', bodyA: index - 1, bodyB: index, anchorX: k, anchorY: 0.5 - i });
      // Two static neighbours need no pin (Box2D's benchmark has six such joints, which hold nothing).
      if (k > 0 && !(pinned && bodies[index - size].type === 'static')) {
        joints.push({ kind: 'revolute', bodyA: index - size, bodyB: index, anchorX: k - 0.5, anchorY: -i });
      }
    }
  }
  return {
    id: 'joint-grid',
    title: `Joint grid (${size} × ${size})`,
    description: `${size * size} circles pinned to their neighbours by ${joints.length} revolute joints hang from the static ones of the top row.`,
    gravity: { x: GRAVITY.x, y: GRAVITY.y },
    iterations: ITERATIONS,
    bodies,
    joints,
    camera: { x: (size - 1) / 2, y: -size / 2, height: 2.2 * size },
  };
}
