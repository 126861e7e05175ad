/**
 * The testbed's game scenes (registered in `src/demo-scenes.ts`, run by `src/game.ts`): chain
 * terrain walked by a keyboard character, one-way platforms, and explosions with hit events.
 */
import type { BodyDef } from '@lite/scenes';
import type { DemoSceneDef } from './demo-scenes';
import { points } from './game';

/** tan 30°: the terrain's hills rise this much per metre. */
const SLOPE_30 = Math.tan(Math.PI / 6);
/** tan 60°: the wall at the terrain's end. */
const SLOPE_60 = Math.tan(Math.PI / 3);

/**
 * The terrain's surface from left to right (a wall, a pit a kinematic platform shuttles across, a
 * flat with boxes, a 30° hill, 0.25 m steps up and down, and a 60° wall). The chain lists it right to
 * left, so it collides above (and to the right of the left wall).
 */
export const TERRAIN: readonly (readonly [number, number])[] = [
  [-20, 6],
  [-20, 0],
  [-12, 0],
  [-12, -1],
  [-4, -1],
  [-4, 0],
  [6, 0],
  [11, 5 * SLOPE_30],
  [14, 5 * SLOPE_30],
  [19, 0],
  [22, 0],
  [22, 0.25],
  [24, 0.25],
  [24, 0.5],
  [26, 0.5],
  [26, 0.25],
  [28, 0.25],
  [28, 0],
  [32, 0],
  [35, 3 * SLOPE_60],
  [39, 3 * SLOPE_60],
];

/** Where the terrain's walkable end is: the foot of the 60° wall, m. */
export const TERRAIN_END_X = 32;

/** Chain terrain, a shuttling platform, boxes to push and a keyboard character. */
export function terrainScene(boxes: number): DemoSceneDef {
  const bodies: BodyDef[] = [
    // The platform: 3 m wide, its top level with the ground, across the pit and back (tagged
    // ground: the view opens on the character, not on every body).
    { type: 'kinematic', width: 3, height: 0.3, x: -10.5, y: -0.15, friction: 0.8, tag: 'ground' },
  ];
  for (let i = 0; i < boxes; i++) {
    // In a row on the flat after the pit, in the character's way.
    const x = 1 + 0.9 * i;
    bodies.push({ type: 'dynamic', width: 0.8, height: 0.8, x, y: 0.4, density: 1, friction: 0.5 });
  }
  return {
    id: 'terrain',
    title: 'Terrain and character',
    description:
      'A character (a CharacterMover: a capsule the program moves, not a body) on chain terrain: ' +
      'a pit with a moving kinematic platform to ride, boxes to push, a 30° hill, 0.25 m steps and ' +
      'a 60° wall too steep to climb. Keys: A / D or ← / → walk, W, ↑ or space jump.',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints: [],
    camera: { x: -8, y: 3, height: 18 },
    chains: [{ points: points([...TERRAIN].reverse()), friction: 0.6 }],
    shuttles: [{ body: 0, dx: 5, dy: 0, period: 5 }],
    character: { x: -14, y: 1.4 },
  };
}

/** The one-way platforms' centres (x, y), each 4 m × 0.2 m. */
export const ONE_WAY_PLATFORMS: readonly (readonly [number, number])[] = [
  [-5, 3],
  [0, 6],
  [5, 3],
];

/** One-way platforms; boxes thrown up from below pass through them and land on them. */
export function oneWayScene(boxes: number): DemoSceneDef {
  const bodies: BodyDef[] = [
    { type: 'static', width: 30, height: 1, x: 0, y: -0.5, friction: 0.6, tag: 'ground' },
  ];
  const oneWay: number[] = [];
  for (const [x, y] of ONE_WAY_PLATFORMS) {
    oneWay.push(bodies.length);
    bodies.push({ type: 'static', width: 4, height: 0.2, x, y, friction: 0.6, tag: 'one-way' });
  }
  for (let i = 0; i < boxes; i++) {
    // A row along the floor; every other box under a platform is thrown up through it.
    const x = -7.5 + (15 * (i + 0.5)) / boxes;
    const above = ONE_WAY_PLATFORMS.find(([px]) => Math.abs(x - px) < 1.8);
    bodies.push({
      type: 'dynamic',
      width: 0.45,
      height: 0.45,
      x,
      y: 0.225,
      density: 1,
      friction: 0.5,
      // Enough to rise 1.5 m past the platform: v = √(2 g h).
      vy: above && i % 2 === 0 ? Math.sqrt(2 * 10 * (above[1] + 1.5)) : 0,
    });
  }
  return {
    id: 'one-way',
    title: 'One-way platforms',
    description:
      'Platforms solid from above only: a pre-solve callback (world.setPreSolveCallback) switches a ' +
      "contact off unless the box is on top, and the character's filter (mover.filter) ignores a " +
      'platform while it is below the top or rising. Boxes thrown up pass through and land on them; ' +
      'jump up through them with the character (A / D or ← / → walk, W, ↑ or space jump).',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints: [],
    camera: { x: 0, y: 4, height: 12 },
    oneWay,
    // Jumps 15²/(2·30) = 3.75 m (the mover's own gravity): from the floor onto a low platform, from
    // there onto the high one.
    character: { x: -12, y: 1.4, jumpSpeed: 15 },
  };
}

/** A pyramid of boxes in a walled pit; a press on empty space sets off a blast there. */
export function explosionScene(base: number): DemoSceneDef {
  const bodies: BodyDef[] = [
    { type: 'static', width: 25, height: 1, x: 0, y: -0.5, friction: 0.6, tag: 'ground' },
    // The walls count in the view's fit: it opens on the whole pit, up to where bombs come in.
    { type: 'static', width: 1, height: 10, x: -12, y: 5, friction: 0.6 },
    { type: 'static', width: 1, height: 10, x: 12, y: 5, friction: 0.6 },
  ];
  for (let row = 0; row < base; row++) {
    for (let i = 0; i < base - row; i++) {
      bodies.push({
        type: 'dynamic',
        width: 0.9,
        height: 0.9,
        x: (i - 0.5 * (base - row - 1)) * 1.0,
        y: 0.45 + 0.9 * row,
        density: 1,
        friction: 0.6,
      });
    }
  }
  return {
    id: 'explosions',
    title: 'Explosions and hit events',
    description:
      'A pyramid of boxes: press on empty space to set off a blast there (explode: 2 m at full ' +
      'strength, fading over 2 m more), drawn briefly. Hit events (world.on("hit")) flash where ' +
      'boxes strike faster than 3 m/s; the profile counts them.',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints: [],
    camera: { x: 0, y: 8, height: 20 },
    blast: { radius: 2, falloff: 2, impulse: 8 },
    hits: true,
  };
}

/**
 * A platform whose type cycles static → kinematic → dynamic (`body.setType`), every 4 s or on a key,
 * with boxes on it and a box swinging from it on a revolute joint.
 */
export function bodyTypesScene(boxes: number): DemoSceneDef {
  const bodies: BodyDef[] = [
    { type: 'static', width: 30, height: 1, x: 0, y: -0.5, friction: 0.6, tag: 'ground' },
    { type: 'static', width: 6, height: 0.4, x: 0, y: 5, density: 1, friction: 0.6, tag: 'platform' },
    // Hanging 2 m from the platform's end, let go level with it: it swings under the platform.
    { type: 'dynamic', width: 0.8, height: 0.8, x: 4.5, y: 5, density: 1, friction: 0.6 },
  ];
  for (let i = 0; i < boxes; i++) {
    const x = -2.4 + (4.8 * (i + 0.5)) / boxes;
    bodies.push({ type: 'dynamic', width: 0.6, height: 0.6, x, y: 5.5, density: 1, friction: 0.6 });
  }
  return {
    id: 'body-types',
    title: 'Body types',
    description:
      'body.setType changes a body at run time. The platform cycles every 4 s (or on Y): static, it ' +
      'holds where it is; kinematic, it flies back home and sways, carrying the boxes, unmoved by ' +
      'them; dynamic, it falls with them. The box swinging from it stays jointed throughout.',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints: [{ kind: 'revolute', bodyA: 1, bodyB: 2, anchorX: 2.5, anchorY: 5 }],
    camera: { x: 0, y: 4, height: 12 },
    typeCycle: { body: 1, period: 4, key: 'y' },
  };
}
