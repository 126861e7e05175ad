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
