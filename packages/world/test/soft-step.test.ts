import { rain, singleBox } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { type Body, ClassicSolver, World } from '../src/index';
import { buildScene, run, stateOf } from './helpers';

// The classic solver is installed, not built in: made once here, it is picked by name ('classic') below.
new ClassicSolver();

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
    expect(world.solver).toBe('soft');
    expect(world.settings.iterations).toBe(1);
    expect(world.settings.substeps).toBe(4);
    world.solver = 'classic';
    expect(world.classicSolver?.iterations).toBe(10);
    expect(world.classicSolver?.substeps).toBe(1);
    (world.classicSolver as ClassicSolver).iterations = 20;
    world.solver = 'soft';
    expect(world.settings.iterations).toBe(1);
    world.solver = 'classic';
    expect(world.classicSolver?.iterations).toBe(20);
    expect(() => {
      world.solver = 'fast' as 'soft';
    }).toThrow(/^world\.solver = "?fast"?: must be 'soft', 'classic' or a ClassicSolver/);
    expect(world.solver).toBe('classic');
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

  it('bounces to e² H: rebound heights within 1%, wherever in a sub-step the face is met', () => {
    // The apex is sampled at step ends, which can miss the true top by up to g (dt / 2)² / 2
    // (0.35 mm): the lower bound allows that on top of the 1%.
    const sampling = (g * dt * dt) / 8;
    for (const [e, height] of [
      [0.25, 1],
      [0.25, 2],
      [0.25, 5],
      [0.5, 1],
      [0.5, 2],
      [0.5, 5],
      [0.8, 1],
      [0.8, 2],
      [0.8, 5],
      [0.3, 3.3],
      [0.9, 0.7],
      [0.6, 7.7],
    ]) {
      const world = softWorld();
      const b = box(world, 0, 0.5 + height, 1, e);
      let bounced = false;
      let apex = 0;
      for (let i = 0; i < 600; ++i) {
        world.step(dt);
        if (b.linearVelocity.y > 0) bounced = true;
        if (bounced) {
          apex = Math.max(apex, b.position.y - 0.5);
          if (b.linearVelocity.y < 0) break;
        }
      }
      const expected = e * e * height;
      expect(apex).toBeLessThan(expected * 1.01);
      expect(apex).toBeGreaterThan(expected * 0.99 - sampling);
      expect(Math.abs(b.angle)).toBeLessThan(1e-9); // flat landing, flat bounce
    }
  });

  it('a 1000 kg box on a 1 kg box: the light box moves less than 2 cm in 10 s', () => {
    const world = softWorld();
    const light = box(world, 0, 0.5, 1);
    box(world, 0, 1.5, 1000);
    let worst = 0;
    for (let i = 0; i < 600; ++i) {
      world.step(dt);
      worst = Math.max(worst, Math.hypot(light.position.x, light.position.y - 0.5));
    }
    expect(worst).toBeLessThan(0.02);
  });

  it('a 20 × 20 box (400 kg) on two 1 kg boxes 18 m apart: both stay within 1 cm for 10 s', () => {
    const world = softWorld();
    const a = box(world, -9, 0.5, 1);
    const c = box(world, 9, 0.5, 1);
    world.createBody({ width: 20, height: 20, mass: 400, position: { x: 0, y: 11 }, friction: 0.6 });
    let worst = 0;
    for (let i = 0; i < 600; ++i) {
      world.step(dt);
      worst = Math.max(worst, Math.hypot(a.position.x + 9, a.position.y - 0.5));
      worst = Math.max(worst, Math.hypot(c.position.x - 9, c.position.y - 0.5));
    }
    expect(worst).toBeLessThan(0.01);
  });

  it('a column of 64 boxes with ±5 mm alternating offsets stands 60 s, every box within 0.1 m', () => {
    const world = softWorld();
    const boxes: Body[] = [];
    const x0 = (k: number) => (k % 2 === 0 ? 0.005 : -0.005);
    for (let k = 0; k < 64; ++k) boxes.push(box(world, x0(k), 0.5 + k, 1));
    let worst = 0;
    for (let i = 0; i < 3600; ++i) {
      world.step(dt);
      if (i % 60 === 59) {
        boxes.forEach((b, k) => {
          worst = Math.max(worst, Math.hypot(b.position.x - x0(k), b.position.y - 0.5 - k));
        });
      }
    }
    expect(worst).toBeLessThan(0.1);
  });

  // 100 boxes created at one point on the ground: none faster than 5 m/s, all separated (no
  // overlap deeper than 5 cm) within 3 s, none farther than 30 m after 10 s, and none ever below
  // the ground's top face. Friction 0.6 (boxes and floor) on a 20 m thick floor and on a 1 m one
  // (where, pushed back into it by the pile above, a box once came out underneath and fell on at
  // 95 m/s); then friction from 0.2 to 0.9 (before the soft rows left deep overlaps of free bodies
  // to the push pass and the pass ran 10 times a sub-step: 5.7 m/s at 0.4, 6.6 at 0.7, 5.1 at 0.8,
  // no separation at 0.9, 4.8 s to separate at 0.2).
  const spawnCases: [floor: number, friction: number][] = [
    [20, 0.6],
    [1, 0.6],
    [20, 0.2],
    [20, 0.4],
    [20, 0.7],
    [20, 0.8],
    [20, 0.9],
  ];
  for (const [floor, friction] of spawnCases) {
    it(`100 boxes created at one point (friction ${friction}, ${floor} m floor) separate within 3 s without being launched`, () => {
      const world = new World({ solver: 'soft', sleeping: false });
      world.createBody({
        type: 'static',
        width: 200,
        height: floor,
        position: { x: 0, y: -floor / 2 },
        friction,
      });
      const boxes: Body[] = [];
      for (let i = 0; i < 100; ++i) {
        boxes.push(world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 0.5 }, friction }));
      }
      let peak = 0;
      let peakWhileOverlapping = 0;
      let lowest = Number.POSITIVE_INFINITY;
      let separatedAt = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 600; ++i) {
        world.step(dt);
        let fastest = 0;
        for (const b of boxes) {
          fastest = Math.max(fastest, Math.hypot(b.linearVelocity.x, b.linearVelocity.y));
          lowest = Math.min(lowest, b.position.y);
        }
        peak = Math.max(peak, fastest);
        let deepest = 0;
        for (const c of world.contacts) {
          for (let k = 0; k < c.pointCount; ++k) deepest = Math.max(deepest, -c.points[k].separation);
        }
        if (deepest < 0.05 && separatedAt === Number.POSITIVE_INFINITY) separatedAt = (i + 1) * dt;
        if (separatedAt === Number.POSITIVE_INFINITY)
          peakWhileOverlapping = Math.max(peakWhileOverlapping, fastest);
      }
      let farthest = 0;
      for (const b of boxes) farthest = Math.max(farthest, Math.hypot(b.position.x, b.position.y - 0.5));
      // The pushes move positions only: while the boxes still overlap, none moves faster than the
      // push's cap (maxPushVelocity, 5 m/s); the Baumgarte step of the classic solver reaches
      // hundreds of m/s here.
      expect(peakWhileOverlapping).toBeLessThan(world.settings.maxPushVelocity);
      expect(peak).toBeLessThan(5);
      expect(separatedAt).toBeLessThan(3);
      expect(farthest).toBeLessThan(30);
      // Every centre stays above the floor's top face (a box's centre is 0.5 m above it at rest).
      expect(lowest).toBeGreaterThan(0);
    });
  }

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
    world.solver = 'classic';
    run(world, 120);
    expect(b.position.y).toBeGreaterThan(0.5 - 0.02);
    expect(b.position.y).toBeLessThan(0.5 + 1e-3);
  });
});

describe('piles come to rest', () => {
  // A rain of boxes into a 20 m box, sleeping off: every box comes to rest. (Box2D v3 rests a rain
  // of 500 within 10 s; so does the soft step, and all 500 sleep by then with sleeping on.)
  it('a rain of 200 boxes comes to rest within 20 s (every box below 1 cm/s)', () => {
    const { world, bodies } = buildScene(rain(200), { sleeping: false, solver: 'soft' });
    run(world, 20 * 60);
    let moving = 0;
    for (const b of bodies) if (Math.hypot(b.linearVelocity.x, b.linearVelocity.y) > 0.01) moving++;
    expect(moving).toBe(0);
  });

  it('a rain of 500 boxes falls asleep within 15 s (sleeping on, the default)', () => {
    const { world, bodies } = buildScene(rain(500), { solver: 'soft' });
    run(world, 15 * 60);
    expect(bodies.filter((b) => b.type === 'dynamic' && b.awake).length).toBe(0);
  });
});
