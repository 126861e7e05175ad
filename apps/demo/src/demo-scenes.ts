/**
 * The testbed's own scenes, beside the catalogue's (`@lite/scenes`, which the benchmark and the
 * engine's tests share): what needs the testbed's wiring rather than plain scene data. Sensor
 * zones (`sensorBegin` / `sensorEnd`, drawn lit while something overlaps them) and bullets at a
 * thin wall in a world with continuous collision and one without, side by side. The game scenes
 * (`src/game-scenes.ts`, run by `src/game.ts`), a platform whose body type cycles among them.
 * Shapes for the query tools.
 */
import type {
  BodyDef,
  JointDef,
  PointDef,
  SceneDef,
  SceneEntry,
  SceneParameter,
  ShapeDef,
} from '@lite/scenes';
import { type FiltersDef, filtersScene } from './filters-scene';
import type { BlastDef, ShuttleDef, TypeCycleDef } from './game';
import { bodyTypesScene, explosionScene, oneWayScene, terrainScene } from './game-scenes';
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
  /** A body whose type cycles static → kinematic → dynamic. */
  typeCycle?: TypeCycleDef;
  /** Fixed rotation, a filter joint, a custom filter callback and a trapdoor (`src/filters-scene.ts`). */
  filters?: FiltersDef;
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
 * Left, gates on angular springs: sloping planks pinned at one end, held at rest by a spring of
 * `hertz` (damping ratio 0.3), pressed down by falling boxes and swinging back once they slide off. Right,
 * two winches: distance joints whose motors pull in at 1 m/s with at most `force` N, one under a
 * 2 kg load (lifted while `force` > 20 N), one under an 8 kg load (lifted while `force` > 80 N).
 */
function springsAndWinches(hertz: number, force: number): DemoSceneDef {
  const bodies: BodyDef[] = [
    { type: 'static', width: 40, height: 1, x: 0, y: -0.5, friction: 0.6, tag: 'ground' },
    { type: 'static', width: 10, height: 0.4, x: 9, y: 12, friction: 0.6, tag: 'beam' },
  ];
  const joints: JointDef[] = [];
  for (const [x, y, angle] of [
    [-14, 8, -0.3],
    [-10, 4, -0.3],
  ]) {
    bodies.push({ type: 'static', width: 0.4, height: 0.4, x, y, tag: 'hinge' });
    const length = 5;
    const cx = x + (length / 2) * Math.cos(angle);
    const cy = y + (length / 2) * Math.sin(angle);
    bodies.push({
      type: 'dynamic',
      width: length,
      height: 0.25,
      x: cx,
      y: cy,
      angle,
      density: 2,
      friction: 0.2,
    });
    joints.push({
      kind: 'revolute',
      bodyA: bodies.length - 2,
      bodyB: bodies.length - 1,
      anchorX: x,
      anchorY: y,
      springHertz: hertz,
      springDampingRatio: 0.3,
      lowerAngle: -1,
      upperAngle: 0.6,
    });
  }
  for (let i = 0; i < 6; ++i) {
    bodies.push({
      type: 'dynamic',
      width: 0.6,
      height: 0.6,
      x: -11.5 + (i % 3),
      y: 11 + 1.5 * i,
      density: 1,
      friction: 0.2,
    });
  }
  for (const [x, mass] of [
    [6, 2],
    [12, 8],
  ]) {
    bodies.push({ type: 'dynamic', width: 1, height: 1, x, y: 0.5, mass, friction: 0.6 });
    joints.push({
      kind: 'distance',
      bodyA: 1,
      bodyB: bodies.length - 1,
      anchorAX: x,
      anchorAY: 11.8,
      anchorBX: x,
      anchorBY: 1,
      minLength: 1.5,
      maxLength: 12,
      motorSpeed: -1,
      maxMotorForce: force,
    });
  }
  return {
    id: 'springs-winches',
    title: 'Joint springs and winches',
    description:
      `Left: gates on revolute joints with an angular spring (springHertz ${hertz}, ` +
      'springDampingRatio 0.3, target angle 0) bend under falling boxes and swing back. Right: ' +
      `distance joints as winches, motorSpeed -1 m/s with maxMotorForce ${force} N: the 2 kg load ` +
      'rises while the force exceeds its weight (20 N), the 8 kg one while it exceeds 80 N.',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints,
    camera: { x: 0, y: 6, height: 16 },
  };
}

/**
 * Conveyor belts (static boxes with a tangent speed) in a zigzag, each running the other way from
 * the one above: `count` boxes drop on the top belt and are carried from belt to belt.
 */
function conveyorScene(count: number, speed: number): DemoSceneDef {
  const bodies: BodyDef[] = [
    { type: 'static', width: 40, height: 1, x: 0, y: -0.5, friction: 0.6, tag: 'ground' },
  ];
  for (let k = 0; k < 3; ++k) {
    const right = k % 2 === 0;
    bodies.push({
      type: 'static',
      width: 14,
      height: 0.4,
      x: right ? -2 : 2,
      y: 10 - 3.5 * k,
      friction: 0.8,
      tangentSpeed: right ? speed : -speed,
      tag: 'belt',
    });
  }
  for (let i = 0; i < count; ++i) {
    bodies.push({
      type: 'dynamic',
      width: 0.8,
      height: 0.8,
      x: -8 + 1.1 * (i % 10),
      y: 11 + 1.1 * Math.floor(i / 10),
      density: 1,
      friction: 0.8,
    });
  }
  return {
    id: 'conveyor',
    title: 'Conveyor belts',
    description:
      `Three belts (static boxes with tangentSpeed ±${speed} m/s) carry ${count} boxes: friction ` +
      "drives each box to the belt's surface speed, and each belt runs the other way from the one above.",
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints: [],
    camera: { x: 0, y: 6, height: 16 },
  };
}

/** Balls launched rolling at `speed` m/s side by side, each lane's with more rolling resistance. */
function rollingScene(speed: number): DemoSceneDef {
  const lanes = [0, 0.05, 0.1, 0.2, 0.3];
  const bodies: BodyDef[] = [];
  lanes.forEach((rollingResistance, k) => {
    const y = 2.5 * k;
    bodies.push({ type: 'static', width: 60, height: 0.5, x: 20, y: y - 0.25, friction: 0.6, tag: 'ground' });
    bodies.push({
      type: 'dynamic',
      width: 1,
      height: 1,
      x: -8,
      y: y + 0.5,
      density: 1,
      friction: 0.6,
      rollingResistance,
      vx: speed,
      angularVelocity: -speed / 0.5,
      shapes: [{ type: 'circle', radius: 0.5 }],
    });
  });
  return {
    id: 'rolling',
    title: 'Rolling resistance',
    description:
      `Balls launched rolling at ${speed} m/s with rolling resistance ${lanes.join(', ')} (bottom to ` +
      'top): each slows at (2/3) c g and stops after v² / (2 a); the one with none rolls on.',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints: [],
    camera: { x: 4, y: 5, height: 16 },
  };
}

/**
 * A pile of `count` assorted shapes (circles, capsules, rounded polygons, tilted boxes) in a bowl
 * of a chain, for the pointer's query tools: the overlap box and the circle cast are exact, so
 * they find shapes, not bounding boxes.
 */
function shapeQueries(count: number): DemoSceneDef {
  const shapes: ShapeDef[] = [
    { type: 'circle', radius: 0.4 },
    { type: 'capsule', center1: { x: -0.4, y: 0 }, center2: { x: 0.4, y: 0 }, radius: 0.25 },
    {
      type: 'polygon',
      vertices: [0, 1, 2, 3, 4].map((i) => ({
        x: 0.5 * Math.cos(1.2566 * i),
        y: 0.5 * Math.sin(1.2566 * i),
      })),
      radius: 0.05,
    },
    { type: 'box', width: 0.9, height: 0.4, angle: 0.5 },
  ];
  const bodies: BodyDef[] = [];
  for (let i = 0; i < count; ++i) {
    bodies.push({
      type: 'dynamic',
      width: 1,
      height: 1,
      x: -4 + 1.3 * (i % 7),
      y: 3 + 1.3 * Math.floor(i / 7),
      angle: 0.3 * i,
      density: 1,
      friction: 0.5,
      shapes: [shapes[i % shapes.length]],
    });
  }
  const points = [-7, -5, -3, -1, 1, 3, 5, 7].map((x) => ({ x, y: 0.08 * x * x }));
  return {
    id: 'shape-queries',
    title: 'Shape queries',
    description:
      'Assorted shapes in a bowl (a chain). Pick "Overlap query (box)" and drag a box: overlapShape ' +
      'outlines every body with a shape in it (exact, not bounding boxes). Pick "Circle cast (every ' +
      'hit)" and drag: castShapeAll draws the circle where it first touches each shape, with the ' +
      'point and normal.',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints: [],
    camera: { x: 0, y: 4, height: 12 },
    chains: [{ points: points.reverse(), friction: 0.6 }],
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
    'shape-queries',
    'Shape queries',
    [{ name: 'count', label: 'Shapes', min: 1, max: 60, step: 1, default: 24 }],
    (p) => shapeQueries(p.count),
  ),
  demoEntry(
    'springs-winches',
    'Joint springs and winches',
    [
      { name: 'hertz', label: 'Gate spring (Hz)', min: 0.5, max: 10, step: 0.5, default: 3 },
      { name: 'force', label: 'Winch force (N)', min: 0, max: 200, step: 5, default: 60 },
    ],
    (p) => springsAndWinches(p.hertz, p.force),
  ),
  demoEntry(
    'conveyor',
    'Conveyor belts',
    [
      { name: 'count', label: 'Boxes', min: 1, max: 60, step: 1, default: 20 },
      { name: 'speed', label: 'Belt speed (m/s)', min: 0.5, max: 6, step: 0.5, default: 2 },
    ],
    (p) => conveyorScene(p.count, p.speed),
  ),
  demoEntry(
    'rolling',
    'Rolling resistance',
    [{ name: 'speed', label: 'Launch speed (m/s)', min: 1, max: 10, step: 1, default: 5 }],
    (p) => rollingScene(p.speed),
  ),
  demoEntry(
    'filters',
    'Filters and fixed rotation',
    [{ name: 'balls', label: 'Balls', min: 2, max: 30, step: 1, default: 12 }],
    (p) => filtersScene(p.balls),
  ),
  demoEntry(
    'body-types',
    'Body types',
    [{ name: 'boxes', label: 'Boxes', min: 0, max: 8, step: 1, default: 4 }],
    (p) => bodyTypesScene(p.boxes),
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
