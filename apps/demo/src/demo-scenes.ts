/**
 * The testbed's own scenes, beside the catalogue's (`@lite/scenes`, which the benchmark and the
 * engine's tests share): what needs the testbed's wiring rather than plain scene data. Sensor
 * zones (`sensorBegin` / `sensorEnd`, drawn lit while something overlaps them) and bullets at a
 * thin wall in a world with continuous collision and one without, side by side. The game scenes
 * (`src/game-scenes.ts`, run by `src/game.ts`).
 */
import type { BodyDef, PointDef, SceneDef, SceneEntry, SceneParameter, ShapeDef } from '@lite/scenes';
import type { BlastDef, ShuttleDef } from './game';
import { explosionScene, oneWayScene, terrainScene } from './game-scenes';
import { resolveParameters } from './url-state';

/** A testbed scene: a {@link SceneDef} with what only the testbed builds. */
export interface DemoSceneDef extends SceneDef {
  /** Indices of the bodies whose shapes are sensors (they report overlaps, make no contact). */
  sensors?: number[];
  /**
   * Two worlds side by side, world i holding group i (and the bodies of no group), with continuous
   * collision installed in world 0 only; the labels name the two.
   */
  continuousPanes?: [string, string];
  /** Static chains (level geometry), a body each, created after `bodies` (see `src/game.ts`). */
  chains?: { points: PointDef[]; loop?: boolean; friction?: number }[];
  /** Kinematic bodies moved back and forth. */
  shuttles?: ShuttleDef[];
  /** Where the keyboard's character (a `CharacterMover`) starts, and its jump speed (m/s, default 10). */
  character?: PointDef & { jumpSpeed?: number };
  /** Indices of the bodies that are one-way platforms (solid from above only). */
  oneWay?: number[];
  /** The blast a press on empty space sets off. */
  blast?: BlastDef;
  /** Whether the world's hit events are counted and flashed. */
  hits?: boolean;
}

/** How many worlds the testbed runs `scene` in: two for a comparison, else one. */
export function paneCount(scene: SceneDef): number {
  return scene.compare || (scene as DemoSceneDef).continuousPanes ? 2 : 1;
}

function demoEntry(
  id: string,
  title: string,
  parameters: SceneParameter[],
  build: (p: Record<string, number>) => DemoSceneDef,
): SceneEntry {
  const entry: SceneEntry = {
    id,
    title,
    parameters,
    create: (params) => ({ ...build(resolveParameters(entry, params ?? {})), id, title }),
  };
  return entry;
}

/** Balls falling through three sensor zones in the air and onto a fourth on the floor. */
function sensorZones(balls: number): DemoSceneDef {
  const bodies: BodyDef[] = [
    { type: 'static', width: 30, height: 1, x: 0, y: -0.5, friction: 0.6, tag: 'ground' },
    { type: 'static', width: 1, height: 14, x: -12, y: 7, friction: 0.6, tag: 'ground' },
    { type: 'static', width: 1, height: 14, x: 12, y: 7, friction: 0.6, tag: 'ground' },
  ];
  const sensors: number[] = [];
  for (const [x, y, width, height] of [
    [-6, 7, 4, 2],
    [0, 9, 4, 2],
    [6, 7, 4, 2],
    [0, 1.1, 22, 2],
  ]) {
    sensors.push(bodies.length);
    bodies.push({ type: 'static', width, height, x, y, tag: 'sensor' });
  }
  for (let i = 0; i < balls; ++i) {
    // Three columns over the three zones, each ball a little higher than the last: a stream.
    const x = -6 + 6 * (i % 3) + 0.3 * ((i % 5) - 2);
    bodies.push({
      type: 'dynamic',
      width: 0.6,
      height: 0.6,
      x,
      y: 12 + 1.2 * Math.floor(i / 3) + 0.4 * (i % 3),
      density: 1,
      friction: 0.4,
      restitution: 0.3,
      shapes: [{ type: 'circle', radius: 0.3 }],
    });
  }
  return {
    id: 'sensors',
    title: 'Sensors and events',
    description:
      'Balls fall through sensor zones (teal): a zone lights up from its sensorBegin to its ' +
      'sensorEnd event, while a ball overlaps it; the zone on the floor stays lit under the balls ' +
      'that rest in it. Sensors make no contact: the balls pass through. Drag a ball through a zone.',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints: [],
    camera: { x: 0, y: 10, height: 24 },
    sensors,
  };
}

/**
 * A column of `count` 0.1 m bullets (circles and boxes in turn) at `speed` m/s towards a 0.1 m wall
 * 3 m ahead, in a tunnel: once in a world with continuous collision, once without.
 */
function continuousComparison(count: number, speed: number): DemoSceneDef {
  const bodies: BodyDef[] = [
    { type: 'static', width: 16, height: 1, x: -1.5, y: -0.5, friction: 0.6, tag: 'ground' },
    { type: 'static', width: 16, height: 1, x: -1.5, y: 4.5, friction: 0.6, tag: 'ground' },
  ];
  for (const group of [0, 1]) {
    bodies.push({ type: 'static', width: 0.1, height: 4, x: 0, y: 2, friction: 0.6, tag: 'wall', group });
    for (let i = 0; i < count; ++i) {
      bodies.push({
        type: 'dynamic',
        width: 0.1,
        height: 0.1,
        x: -3,
        y: 0.2 + (3.6 * (i + 0.5)) / count,
        density: 1,
        friction: 0.6,
        vx: speed,
        shapes: [i % 2 === 0 ? { type: 'circle', radius: 0.05 } : { type: 'box', width: 0.1, height: 0.1 }],
        group,
      });
    }
  }
  return {
    id: 'continuous',
    title: 'Continuous collision',
    description:
      `${count} bullets (0.1 m) at ${speed} m/s against a 0.1 m wall: a step carries them ` +
      `${(speed / 60).toFixed(1)} m. Left, a world with continuous collision ` +
      '(new World({ continuous: new ContinuousCollision() })) stops every one at the wall; right, ' +
      'the same world without it lets them tunnel through.',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints: [],
    camera: { x: -1.5, y: 2, height: 6 },
    continuousPanes: ['continuous collision', 'no continuous collision'],
  };
}

/**
 * Zero gravity: a ball, a box and a capsule, frictionless, started at 5 m/s round the inside of a
 * loop chain shaped as a circle of `radius` m in `segments` segments (clockwise, so the collision
 * side faces in).
 */
function ringScene(radius: number, segments: number): DemoSceneDef {
  const points = Array.from({ length: segments }, (_, i) => {
    const a = -Math.PI / 2 - ((i + 0.5) * 2 * Math.PI) / segments;
    return { x: radius * Math.cos(a), y: radius * Math.sin(a) };
  });
  const apothem = radius * Math.cos(Math.PI / segments);
  const shapes: [number, ShapeDef][] = [
    [0.25, { type: 'circle', radius: 0.25 }],
    [0.25, { type: 'box', width: 0.5, height: 0.5 }],
    [0.125, { type: 'capsule', center1: { x: -0.25, y: 0 }, center2: { x: 0.25, y: 0 }, radius: 0.125 }],
  ];
  const bodies: BodyDef[] = shapes.map(([half, shape], i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / shapes.length;
    return {
      type: 'dynamic',
      x: (apothem - half) * Math.cos(a),
      y: (apothem - half) * Math.sin(a),
      angle: a + Math.PI / 2,
      vx: -5 * Math.sin(a),
      vy: 5 * Math.cos(a),
      density: 1,
      friction: 0,
      // The bounding box, for viewers: the capsule is 0.75 m long.
      width: shape.type === 'capsule' ? 0.75 : 2 * half,
      height: 2 * half,
      shapes: [shape],
    };
  });
  const turn = (360 / segments).toFixed(1);
  return {
    id: 'ring',
    title: 'Sliding round a ring',
    description:
      `A ball, a box and a capsule, frictionless and weightless, sliding at 5 m/s round a ${segments}-segment ` +
      `loop chain. Each joint turns the surface by ${turn}°: a rigid body meets the next segment at that ` +
      'angle, an inelastic impact that keeps cos θ of its speed, so they slow as a real polygon would slow ' +
      'them (as in Box2D v3), never catching on a joint nor leaving the surface.',
    gravity: { x: 0, y: 0 },
    iterations: 10,
    bodies,
    joints: [],
    camera: { x: 0, y: 0, height: 2.4 * radius },
    chains: [{ points, loop: true, friction: 0 }],
  };
}

/** The testbed's own scenes, after the catalogue's in the menu. */
export const demoScenes: readonly SceneEntry[] = [
  demoEntry(
    'sensors',
    'Sensors and events',
    [{ name: 'balls', label: 'Balls', min: 1, max: 60, step: 1, default: 24 }],
    (p) => sensorZones(p.balls),
  ),
  demoEntry(
    'continuous',
    'Continuous collision',
    [
      { name: 'count', label: 'Bullets', min: 1, max: 20, step: 1, default: 10 },
      { name: 'speed', label: 'Speed (m/s)', min: 50, max: 1000, step: 50, default: 500 },
    ],
    (p) => continuousComparison(p.count, p.speed),
  ),
  demoEntry(
    'terrain',
    'Terrain and character',
    [{ name: 'boxes', label: 'Boxes', min: 0, max: 6, step: 1, default: 4 }],
    (p) => terrainScene(p.boxes),
  ),
  demoEntry(
    'one-way',
    'One-way platforms',
    [{ name: 'boxes', label: 'Boxes', min: 3, max: 30, step: 1, default: 12 }],
    (p) => oneWayScene(p.boxes),
  ),
  demoEntry(
    'explosions',
    'Explosions and hit events',
    [{ name: 'base', label: 'Pyramid base', min: 2, max: 20, step: 1, default: 10 }],
    (p) => explosionScene(p.base),
  ),
  demoEntry(
    'ring',
    'Sliding round a ring',
    [
      { name: 'radius', label: 'Radius (m)', min: 5, max: 20, step: 1, default: 10 },
      { name: 'segments', label: 'Segments', min: 20, max: 200, step: 10, default: 100 },
    ],
    (p) => ringScene(p.radius, p.segments),
  ),
];
