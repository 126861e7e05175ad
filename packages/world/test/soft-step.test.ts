import { singleBox } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { type Body, World, WorldError } from '../src/index';
import { buildScene, run, stateOf } from './helpers';

const dt = 1 / 60;
const g = 10;

/** A soft-step world with a 200 m wide static ground whose top is y = 0, sleeping off. */
function softWorld(): World {
  const world = new World({ solver: 'soft', sleeping: false });
  world.createBody({ type: 'static', width: 200, height: 20, position: { x: 0, y: -10 }, friction: 0.6 });
  return world;
}

function box(world: World, x: number, y: number, mass: number, restitution = 0): Body {
  return world.createBody({ width: 1, height: 1, mass, position: { x, y }, friction: 0.6, restitution });
}

describe('the soft step', () => {
  it('is what `solver: soft` gives, with its own iterations (1) and sub-steps (4)', () => {
    const world = new World({ solver: 'soft' });
    expect(world.settings.solver).toBe('soft');
    expect(world.settings.iterations).toBe(1);
    expect(world.settings.substeps).toBe(4);
    world.settings.solver = 'classic';
    expect(world.settings.iterations).toBe(10);
    expect(world.settings.substeps).toBe(1);
    world.settings.iterations = 20;
    world.settings.solver = 'soft';
    expect(world.settings.iterations).toBe(1);
    expect(() => {
      world.settings.solver = 'fast' as 'soft';
    }).toThrow(WorldError);
    expect(() => {
      world.settings.contactHertz = 0;
    }).toThrow(/settings.contactHertz/);
    expect(() => {
      world.settings.substeps = 1e9;
    }).toThrow(/settings.substeps/);
  });

  it('a resting box carries its weight: the normal impulses of a step sum to m g dt', () => {
    const world = softWorld();
    const b = box(world, 0, 0.5, 3);
    run(world, 240);
    const c = world.contacts[0];
    let sum = 0;
    for (let k = 0; k < c.pointCount; ++k) sum += c.points[k].normalImpulse;
    expect(sum).toBeCloseTo(3 * g * dt, 9);
    expect(Math.abs(b.linearVelocity.y)).toBeLessThan(1e-9);
    // The soft contact sinks by a bounded amount: under 1 mm for a box on the ground.
    expect(b.position.y).toBeGreaterThan(0.5 - 1e-3);
  });

  it('a 100 kg box on a 1 kg box: the light box moves less than 2 cm in 10 s', () => {
    const world = softWorld();
    const light = box(world, 0, 0.5, 1);
    box(world, 0, 1.5, 100);
    let worst = 0;
    for (let i = 0; i < 600; ++i) {
      world.step(dt);
      worst = Math.max(worst, Math.hypot(light.position.x, light.position.y - 0.5));
    }
    expect(worst).toBeLessThan(0.02);
  });

  it('a box falling at 30 m/s stops at the ground face: speculative points catch it', () => {
    const world = softWorld();
    const b = box(world, 0, 0.5 + 45, 1);
    let lowest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 300; ++i) {
      world.step(dt);
      lowest = Math.min(lowest, b.position.y);
    }
    // Without them it would sink by up to one step of motion (0.5 m) before the contact existed.
    expect(lowest).toBeGreaterThan(0.5 - 0.01);
  });

  it('bounces with e times the impact speed √(2 g H), within one step of gravity', () => {
    for (const e of [0.25, 0.5, 0.8]) {
      for (const height of [1, 2, 5]) {
        const world = softWorld();
        const b = box(world, 0, 0.5 + height, 1, e);
        let up = 0;
        for (let i = 0; i < 300 && up === 0; ++i) {
          world.step(dt);
          if (b.linearVelocity.y > 0) up = b.linearVelocity.y;
        }
        const impact = Math.sqrt(2 * g * height);
        expect(Math.abs(up / e - impact)).toBeLessThan(g * dt);
        expect(Math.abs(b.angularVelocity)).toBeLessThan(1e-9); // flat landing, flat bounce
      }
    }
  });

  it('is deterministic: two runs of a scene are bit-identical', () => {
    const a = buildScene(singleBox(), { solver: 'soft' });
    const b = buildScene(singleBox(), { solver: 'soft' });
    run(a.world, 200);
    run(b.world, 200);
    expect(stateOf(a.world)).toEqual(stateOf(b.world));
  });

  it('switches live: a world stepped soft then classic keeps working', () => {
    const world = softWorld();
    const b = box(world, 0, 2, 1);
    run(world, 60);
    world.settings.solver = 'classic';
    run(world, 120);
    expect(b.position.y).toBeGreaterThan(0.5 - 0.02);
    expect(b.position.y).toBeLessThan(0.5 + 1e-3);
  });
});
