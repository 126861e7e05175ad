import { heavyChain, pyramid, regularPolygon, type SceneDef, type ShapeDef } from '@lite/scenes';
import { World } from '@lite/world';
import { describe, expect, it } from 'vitest';
import { massOf, shapeArea } from '../src/engines/adapter';
import { createAdapter, ENGINE_IDS } from '../src/engines/index';
import { DT } from '../src/measure';
import { jointAnchors, jointQuality } from '../src/quality';

/** A ground (top at y = 0), a box resting on it, a box falling from rest high above, and a third moving
 * and spinning in free fall, all without contact with each other. */
function probeScene(gravityY: number): SceneDef {
  const box = { type: 'dynamic' as const, width: 1, height: 1, mass: 1, friction: 0.6, restitution: 0 };
  return {
    id: 'probe',
    title: 'probe',
    description: '',
    gravity: { x: 0, y: gravityY },
    iterations: 10,
    bodies: [
      { type: 'static', width: 100, height: 20, x: 0, y: -10, friction: 0.6 },
      { ...box, x: -20, y: 0.5 },
      { ...box, x: 0, y: 100, angle: 0.3 },
      { ...box, x: 20, y: 100, angle: 0, vx: 2, vy: 3, angularVelocity: 1.5 },
    ],
    joints: [],
    camera: { x: 0, y: 0, height: 10 },
  };
}

async function simulate(
  engine: (typeof ENGINE_IDS)[number],
  scene: SceneDef,
  steps: number,
): Promise<Float64Array> {
  const adapter = await createAdapter(engine);
  adapter.build(scene);
  for (let i = 0; i < steps; ++i) adapter.step(DT);
  const poses = new Float64Array(3 * scene.bodies.length);
  adapter.readPoses(poses);
  return poses;
}

// Every engine integrates with some first-order scheme at dt = 1/60: after n steps the drop is
// g dt² n (n + 1) / 2 (symplectic Euler) or close to it, at most 1/n = 1.7% over 0.5 g t². 2% covers both.
const FALL_TOLERANCE = 0.02;

describe.each(ENGINE_IDS)('%s adapter', (engine) => {
  it('drops a body from rest by 0.5 g t² in 1 s, keeps its angle, and rests a box on the ground', async () => {
    const poses = await simulate(engine, probeScene(-10), 60);
    const drop = 100 - poses[3 * 2 + 1];
    expect(Math.abs(drop - 5) / 5).toBeLessThan(FALL_TOLERANCE);
    expect(poses[3 * 2]).toBeCloseTo(0, 6);
    expect(poses[3 * 2 + 2]).toBeCloseTo(0.3, 6);
    // The resting box: centre half a box above the ground's top, within the engines' skins and slops.
    expect(Math.abs(poses[3 + 1] - 0.5)).toBeLessThan(0.02);
    expect(poses[3]).toBeCloseTo(-20, 3);
    // The static ground does not move.
    expect([poses[0], poses[1], poses[2]]).toEqual([0, -10, 0]);
  });

  it('maps initial linear and angular velocities (no gravity: uniform motion)', async () => {
    const poses = await simulate(engine, probeScene(0), 60);
    expect(poses[3 * 3]).toBeCloseTo(22, 2); // 20 + 2 m/s × 1 s
    expect(poses[3 * 3 + 1]).toBeCloseTo(103, 2);
    expect(poses[3 * 3 + 2]).toBeCloseTo(1.5, 2); // counter-clockwise
  });

  it('builds the chain with its pins together', async () => {
    const scene = heavyChain(10, 100);
    const poses = await simulate(engine, scene, 0);
    expect(jointQuality(scene, jointAnchors(scene), poses).maxSeparation).toBeLessThan(1e-6);
    // After one step the chain has started to fall (by g dt² = 2.8 mm) and the pins still nearly
    // coincide: an anchor mapped to the wrong point would be pulled to it at once.
    const later = await simulate(engine, scene, 1);
    expect(jointQuality(scene, jointAnchors(scene), later).maxSeparation).toBeLessThan(0.01);
    const weight = scene.bodies.length - 1;
    expect(later[3 * weight + 1]).toBeLessThan(scene.bodies[weight].y);
  });
});

/**
 * One body of each shape, apart on a ground (top at y = 0), dropped from 0.2 m above where each rests:
 * a circle (r 0.5, rests at 0.5), a horizontal capsule (r 0.25, rests at 0.25), a flat-bottomed
 * hexagon (circumradius 0.5, rests at 0.5 sin 60° = 0.433), a box turned 90° inside its body (1 × 0.4
 * turned: rests at 0.5) and a free-falling circle far above, for the fall.
 */
function shapesScene(): { scene: SceneDef; rest: number[] } {
  const shapes: ShapeDef[] = [
    { type: 'circle', radius: 0.5 },
    { type: 'capsule', center1: { x: -0.5, y: 0 }, center2: { x: 0.5, y: 0 }, radius: 0.25 },
    { type: 'polygon', vertices: regularPolygon(6, 0.5) },
    { type: 'box', width: 1, height: 0.4, angle: Math.PI / 2 },
  ];
  const rest = [0.5, 0.25, 0.5 * Math.sin(Math.PI / 3), 0.5];
  const body = (shape: ShapeDef, x: number, y: number) => ({
    type: 'dynamic' as const,
    width: 1,
    height: 1,
    x,
    y,
    density: 1,
    friction: 0.6,
    shapes: [shape],
  });
  return {
    scene: {
      id: 'shapes',
      title: 'shapes',
      description: '',
      gravity: { x: 0, y: -10 },
      iterations: 10,
      bodies: [
        { type: 'static', width: 100, height: 20, x: 0, y: -10, friction: 0.6 },
        ...shapes.map((shape, i) => body(shape, -15 + 10 * i, rest[i] + 0.2)),
        body({ type: 'circle', radius: 0.5 }, 30, 100),
      ],
      joints: [],
      camera: { x: 0, y: 0, height: 10 },
    },
    rest,
  };
}

/**
 * A pendulum: a small box on a 3 m rod from a pivot 3 m above a static bar, released level with the
 * pivot. The rod's other end is the bar itself, so the bar and the box are jointed: without
 * `collideConnected` the box swings through the bar (its centre reaches the bottom of the arc, y = 1,
 * inside the bar) and up the far side (x near +3 after half a period, about 1.9 s); with it the box
 * strikes the bar's top (y 1.2) and its centre stays at least half a box (0.25) above it.
 */
function jointedPendulum(collideConnected: boolean): SceneDef {
  return {
    id: 'jointed-pendulum',
    title: 'jointed pendulum',
    description: '',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies: [
      { type: 'static', width: 8, height: 0.4, x: 0, y: 1, friction: 0.6 },
      { type: 'dynamic', width: 0.5, height: 0.5, x: -3, y: 4, mass: 1, friction: 0.6, restitution: 0 },
    ],
    joints: [
      {
        kind: 'distance',
        bodyA: 0,
        bodyB: 1,
        anchorAX: 0,
        anchorAY: 4,
        anchorBX: -3,
        anchorBY: 4,
        length: 3,
        collideConnected,
      },
    ],
    camera: { x: 0, y: 2, height: 8 },
  };
}

// matter-js has no per-joint collision switch (see its adapter): its jointed bodies always collide.
describe.each(ENGINE_IDS.filter((id) => id !== 'matter'))('%s adapter, collideConnected', (engine) => {
  it.each([false, true])(
    'collideConnected %s: the box passes through the bar it hangs from only when false',
    async (collide) => {
      const adapter = await createAdapter(engine);
      const scene = jointedPendulum(collide);
      adapter.build(scene);
      const poses = new Float64Array(3 * scene.bodies.length);
      let lowest = Infinity;
      let farthest = -Infinity;
      for (let i = 0; i < 150; ++i) {
        adapter.step(DT);
        adapter.readPoses(poses);
        lowest = Math.min(lowest, poses[4]);
        farthest = Math.max(farthest, poses[3]);
      }
      if (collide) {
        // 1.45 less the engines' allowed penetration (a few cm at most).
        expect(lowest).toBeGreaterThan(1.35);
      } else {
        expect(lowest).toBeLessThan(1.05);
        expect(farthest).toBeGreaterThan(2.5);
      }
    },
  );
});

describe.each(ENGINE_IDS)('%s adapter, shapes', (engine) => {
  it('rests a circle, a capsule, a hexagon and a turned box at their heights, and drops a circle by 0.5 g t²', async () => {
    const { scene, rest } = shapesScene();
    const poses = await simulate(engine, scene, 120);
    for (let i = 0; i < rest.length; ++i) {
      // Within the engines' skins and slops (matter's chamfered capsule is a polygon of its arcs).
      expect(
        Math.abs(poses[3 * (i + 1) + 1] - rest[i]),
        `${scene.bodies[i + 1].shapes?.[0].type}`,
      ).toBeLessThan(0.03);
      // Where it was dropped (a mapping check: matter's circle rolls a few cm after landing).
      expect(Math.abs(poses[3 * (i + 1)] - (-15 + 10 * i))).toBeLessThan(0.25);
    }
    const drop = 100 - poses[3 * 5 + 1];
    expect(Math.abs(drop - 20) / 20).toBeLessThan(FALL_TOLERANCE);
  });
});

describe('shape areas and masses', () => {
  it('match the analytic areas', () => {
    expect(shapeArea({ type: 'circle', radius: 0.5 })).toBeCloseTo(Math.PI / 4, 12);
    expect(
      shapeArea({ type: 'capsule', center1: { x: -0.5, y: 0 }, center2: { x: 0.5, y: 0 }, radius: 0.25 }),
    ).toBeCloseTo(0.5 + Math.PI / 16, 12);
    // A regular hexagon of circumradius r: (3√3 / 2) r².
    expect(shapeArea({ type: 'polygon', vertices: regularPolygon(6, 0.5) })).toBeCloseTo(
      (3 * Math.sqrt(3) * 0.25) / 2,
      12,
    );
    // A unit square rounded by 0.1: 1 + 4 × 0.1 + π 0.01.
    expect(
      shapeArea({ type: 'polygon', vertices: regularPolygon(4, Math.SQRT1_2, Math.PI / 4), radius: 0.1 }),
    ).toBeCloseTo(1.4 + Math.PI * 0.01, 12);
    const two = { type: 'dynamic' as const, width: 2, height: 1, x: 0, y: 0, density: 2 };
    expect(
      massOf({
        ...two,
        shapes: [
          { type: 'circle', radius: 0.5 },
          { type: 'box', width: 1, height: 1, offset: { x: 1, y: 0 } },
        ],
      }),
    ).toBeCloseTo(2 * (Math.PI / 4 + 1), 12);
  });
});

describe('shapes an engine cannot map', () => {
  it('are refused, never timed as something else', async () => {
    const { scene } = shapesScene();
    const rounded: SceneDef = {
      ...scene,
      bodies: [
        scene.bodies[0],
        { ...scene.bodies[1], shapes: [{ type: 'polygon', vertices: regularPolygon(6, 0.5), radius: 0.05 }] },
      ],
    };
    const compound: SceneDef = {
      ...scene,
      bodies: [
        scene.bodies[0],
        {
          ...scene.bodies[1],
          shapes: [
            { type: 'circle', radius: 0.5 },
            { type: 'circle', radius: 0.5, center: { x: 1, y: 0 } },
          ],
        },
      ],
    };
    for (const engine of ['planck', 'box2d', 'p2', 'matter'] as const) {
      const adapter = await createAdapter(engine);
      expect(() => adapter.build(rounded), engine).toThrow(/sharp polygons only/);
    }
    const matter = await createAdapter('matter');
    expect(() => matter.build(compound)).toThrow(/one shape only/);
  });
});

describe('soft joints', () => {
  it('the other engines refuse a pin made soft by stiffness, as one made soft by frequency; lite builds both', async () => {
    const scene = heavyChain(3, 1);
    for (const spring of [{ frequencyHz: 2 }, { stiffness: 1e5 }, { damping: 10 }]) {
      const soft: SceneDef = { ...scene, joints: scene.joints.map((j) => ({ ...j, ...spring })) };
      for (const engine of ENGINE_IDS) {
        const adapter = await createAdapter(engine);
        if (engine.startsWith('lite')) expect(() => adapter.build(soft)).not.toThrow();
        else expect(() => adapter.build(soft), `${engine} ${JSON.stringify(spring)}`).toThrow(/rigid joints/);
      }
    }
  });
});

describe('Box2D v3, with and without SIMD', () => {
  it("`box2d3` loads box2d3-wasm's SIMD build and `box2d3-scalar` its compat build; both step a pyramid bit for bit alike", async () => {
    const { initBox2d3 } = await import('../src/engines/box2d3');
    expect(await initBox2d3('simd')).toBe('simd');
    expect(await initBox2d3('scalar')).toBe('compat');
    const scene = pyramid(6);
    const simd = await simulate('box2d3', scene, 120);
    const scalar = await simulate('box2d3-scalar', scene, 120);
    // Box2D v3 gives the same results with and without SIMD (its solver is written for
    // cross-platform determinism): the two builds differ in speed only.
    expect(Array.from(scalar)).toEqual(Array.from(simd));
  });
});

describe('lite, once per solver', () => {
  it('steps `lite` with the default solver and `lite-soft` / `lite-classic` with theirs', async () => {
    const scene = pyramid(6);
    const poses = {
      lite: await simulate('lite', scene, 120),
      soft: await simulate('lite-soft', scene, 120),
      classic: await simulate('lite-classic', scene, 120),
    };
    // Same scene, same steps: the default solver's entry matches its named entry bit for bit...
    expect(Array.from(poses.lite)).toEqual(Array.from(poses[new World().solver]));
    // ...and the two solvers differ (each settles the pyramid its own way).
    expect(Array.from(poses.soft)).not.toEqual(Array.from(poses.classic));
  });
});
