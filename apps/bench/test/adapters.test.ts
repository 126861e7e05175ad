import { heavyChain, pyramid, type SceneDef } from '@lite/scenes';
import { World } from '@lite/world';
import { describe, expect, it } from 'vitest';
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

describe('lite, once per solver', () => {
  it('steps `lite` with the default solver and `lite-soft` / `lite-classic` with theirs', async () => {
    const scene = pyramid(6);
    const poses = {
      lite: await simulate('lite', scene, 120),
      soft: await simulate('lite-soft', scene, 120),
      classic: await simulate('lite-classic', scene, 120),
    };
    // Same scene, same steps: the default solver's entry matches its named entry bit for bit...
    expect(Array.from(poses.lite)).toEqual(Array.from(poses[new World().settings.solver]));
    // ...and the two solvers differ (each settles the pyramid its own way).
    expect(Array.from(poses.soft)).not.toEqual(Array.from(poses.classic));
  });
});
