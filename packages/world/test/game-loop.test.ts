/** examples/game-loop.ts (docs/game-loop.md's example) does what the guide says. */
import { World } from '@lite/world';
import { describe, expect, test } from 'vitest';
import { FixedStep, Interpolator, main, makeScene, RollbackWorld, STEP } from '../examples/game-loop';

describe('FixedStep', () => {
  test('frames of any length add up to whole steps; the remainder waits in the accumulator', () => {
    const clock = new FixedStep(1000);
    const frames = [0.007, 0.016, 0.033, 0.001, 0.0169, 0.05, 0.004];
    let steps = 0;
    let total = 0;
    for (let k = 0; k < 300; k++) {
      const dt = frames[k % frames.length];
      total += dt;
      steps += clock.advance(dt);
      expect(clock.alpha).toBeGreaterThanOrEqual(0);
      expect(clock.alpha).toBeLessThan(1);
    }
    // Simulated time never runs ahead of the display, nor behind by a step or more.
    expect(steps).toBe(Math.floor(total / STEP + 1e-9));
    expect(total - steps * STEP).toBeCloseTo(clock.accumulator, 9);
  });

  test('after a stall it runs at most maxSteps and drops the rest', () => {
    const clock = new FixedStep(4);
    expect(clock.advance(1)).toBe(4);
    expect(clock.accumulator).toBe(0);
    expect(clock.advance(STEP)).toBe(1);
  });
});

describe('Interpolator', () => {
  test('a falling body is drawn lower at every frame, although some frames run no step', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    world.createBody({ shape: { type: 'circle', radius: 0.5 }, density: 1, position: { x: 0, y: 100 } });
    const clock = new FixedStep();
    const blend = new Interpolator();
    const pose = { x: 0, y: 0, angle: 0 };
    // 144 Hz frames: most run no step at all.
    let drawn = Number.POSITIVE_INFINITY;
    let idle = 0;
    for (let k = 0; k < 200; k++) {
      const n = clock.advance(1 / 144);
      if (n === 0) idle++;
      for (let i = 0; i < n; i++) {
        blend.beforeStep(world);
        world.step(STEP);
      }
      if (world.stepCount < 2) continue;
      blend.pose(world, 0, clock.alpha, pose);
      expect(pose.y).toBeLessThan(drawn);
      drawn = pose.y;
    }
    expect(idle).toBeGreaterThan(50);
  });

  test('the drawn pose lies between the last two steps, the angle along the shorter arc', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const body = world.createBody({ width: 1, height: 1, density: 1, angle: Math.PI - 0.1 });
    const blend = new Interpolator();
    blend.beforeStep(world);
    body.setTransform({ x: 2, y: 4 }, -Math.PI + 0.1);
    const pose = { x: 0, y: 0, angle: 0 };
    blend.pose(world, 0, 0.25, pose);
    expect(pose.x).toBeCloseTo(0.5, 12);
    expect(pose.y).toBeCloseTo(1, 12);
    // From π − 0.1 to −π + 0.1 is a 0.2 rad turn through π, not 2π − 0.2 back through 0.
    expect(pose.angle).toBeCloseTo(Math.PI - 0.1 + 0.05, 12);
  });
});

describe('RollbackWorld', () => {
  const poses = (world: World) => world.bodies.flatMap((b) => [b.position.x, b.position.y, b.angle]);

  test('an input that arrives 12 frames late gives bit for bit the result of the input on time', () => {
    const onTime = new RollbackWorld(makeScene());
    const late = new RollbackWorld(makeScene());
    const input = { frame: 30, bodyId: 3, impulse: { x: 3, y: 1 } };
    for (let f = 0; f < 42; f++) {
      if (f === 30) onTime.receive(input);
      onTime.step();
      late.step();
    }
    expect(poses(late.world)).not.toEqual(poses(onTime.world));
    late.receive(input);
    expect(late.frame).toBe(42);
    expect(poses(late.world)).toEqual(poses(onTime.world));
    for (let f = 0; f < 60; f++) {
      onTime.step();
      late.step();
    }
    expect(poses(late.world)).toEqual(poses(onTime.world));
  });

  test('an input older than the history is refused', () => {
    const rollback = new RollbackWorld(makeScene(), 10);
    for (let f = 0; f < 20; f++) rollback.step();
    expect(() => rollback.receive({ frame: 5, bodyId: 1, impulse: { x: 1, y: 0 } })).toThrow(
      /input.frame = 5/,
    );
  });
});

test('the example runs and draws the pushed top box to the right of where it started', () => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => lines.push(args.join(' '));
  try {
    main();
  } finally {
    console.log = log;
  }
  const match = /top box drawn at \((-?[\d.]+), (-?[\d.]+)\) px/.exec(lines[0] ?? '');
  expect(match).not.toBeNull();
  expect(Number(match?.[1])).toBeGreaterThan(0);
});
