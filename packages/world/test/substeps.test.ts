import { dampingRate } from '@lite/constraints';
import { pendulum, stack } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { ClassicSolver, DistanceJoint, World, WorldError } from '../src/index';
import { buildScene, run, solverSettings, stateOf } from './helpers';

// The classic solver's sub-steps (the whole pipeline n times with dt / n). The soft step sub-steps inside
// its solve; its own tests are in soft-step.test.ts.
const dt = 1 / 60;

function sameBits(a: Float64Array, b: Float64Array): boolean {
  return Buffer.from(a.buffer).equals(Buffer.from(b.buffer));
}

/**
 * Runs the ±5 mm offset column of 24 unit boxes (sleeping off, so nothing hides a slow sway) for
 * `steps` steps and returns the largest sideways distance any box moved from where it started.
 */
function columnDrift(substeps: number, steps: number): number {
  const { world, bodies } = buildScene(stack(24, { offset: 0.005 }), { sleeping: false, solver: 'classic' });
  solverSettings(world).substeps = substeps;
  const start = bodies.map((b) => b.position.x);
  let drift = 0;
  for (let i = 0; i < steps; ++i) {
    world.step(dt);
    for (let k = 1; k < bodies.length; ++k) {
      drift = Math.max(drift, Math.abs(bodies[k].position.x - start[k]));
    }
  }
  return drift;
}

/**
 * Drops a unit box flat from 2 m (its bottom 2 m above the ground's top) with restitution 0.5 on
 * both sides, and returns the height its bottom reaches after the first bounce. Analytically
 * e² · 2 m = 0.5 m: 25 % of the drop.
 */
function reboundHeight(substeps: number): number {
  const world = new World({ solver: new ClassicSolver({ substeps }), sleeping: false });
  world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 }, restitution: 0.5 });
  const box = world.createBody({
    width: 1,
    height: 1,
    mass: 1,
    position: { x: 0, y: 2.5 },
    restitution: 0.5,
  });
  let rising = false;
  let peak = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < 600; ++i) {
    world.step(dt);
    const vy = box.linearVelocity.y;
    if (!rising && vy > 0) rising = true;
    if (rising) {
      peak = Math.max(peak, box.position.y - 0.5);
      if (vy < 0) return peak;
    }
  }
  throw new Error('the box never bounced back down');
}

describe('sub-steps: accuracy', () => {
  it('a ±5 mm offset column of 24 boxes stands 60 s with 4 sub-steps, and falls with 1', () => {
    // Measured: 4 sub-steps sway at most 0.5 mm; 1 sub-step drifts past 0.1 m after about 8 s.
    expect(columnDrift(4, 60 * 60)).toBeLessThan(0.1);
    expect(columnDrift(1, 60 * 60)).toBeGreaterThan(1);
  });

  it('a box dropped from 2 m with e = 0.5 rebounds to 25 % of the drop: within 2.5 % with 4 sub-steps, 2 % with 8', () => {
    const target = 0.25 * 2;
    // Measured: 1 sub-step 0.4694 m (6.1 % short), 4: 0.4892 m (2.2 % short), 8: 0.4925 m (1.5 %).
    // What is left is the symplectic Euler peak loss (about v·h / 2) and the penetration the box
    // reaches before the contact is found (up to v·h); both shrink with h = dt / substeps.
    const one = reboundHeight(1);
    const four = reboundHeight(4);
    const eight = reboundHeight(8);
    expect(Math.abs(one / target - 1)).toBeGreaterThan(0.05);
    expect(Math.abs(four / target - 1)).toBeLessThan(0.025);
    expect(Math.abs(eight / target - 1)).toBeLessThan(0.02);
    expect(Math.abs(four / target - 1)).toBeLessThan(Math.abs(one / target - 1) / 2);
  });

  it('an undamped 10 Hz spring keeps its frequency either way and much more of its swing with 4 sub-steps', () => {
    // The soft row's damper is matched so the discrete step keeps the frequency (constraints'
    // dampingRate); what implicit Euler still costs is amplitude, per step, and shorter steps lose less.
    const run = (substeps: number): { frequency: number; amplitude: number } => {
      const world = new World({
        solver: new ClassicSolver({ substeps }),
        gravity: { x: 0, y: 0 },
        sleeping: false,
      });
      const ground = world.createBody({ type: 'static', width: 1, height: 1 });
      const bob = world.createBody({ width: 0.2, height: 0.2, mass: 1, position: { x: 3.1, y: 0 } });
      world.createJoint(DistanceJoint, {
        bodyA: ground,
        bodyB: bob,
        anchorA: { x: 0, y: 0 },
        anchorB: { x: 3.1, y: 0 },
        length: 3,
        frequencyHz: 10,
        dampingRatio: 0,
        collideConnected: false,
      });
      // Zero crossings of the stretch over 1 s, interpolated within the step.
      // The amplitude over the second half second (it starts at 0.1 m).
      const crossings: number[] = [];
      let amplitude = 0;
      let previous = bob.position.x - 3;
      for (let i = 1; i <= 60; ++i) {
        world.step(dt);
        const stretch = bob.position.x - 3;
        if (previous > 0 !== stretch > 0) crossings.push((i - stretch / (stretch - previous)) * dt);
        if (i > 30) amplitude = Math.max(amplitude, Math.abs(stretch));
        previous = stretch;
      }
      const halfPeriod = (crossings[crossings.length - 1] - crossings[0]) / (crossings.length - 1);
      return { frequency: 1 / (2 * halfPeriod), amplitude };
    };
    const one = run(1);
    const four = run(4);
    expect(Math.abs(one.frequency / 10 - 1)).toBeLessThan(0.01);
    expect(Math.abs(four.frequency / 10 - 1)).toBeLessThan(0.01);
    // Each step of h keeps 1/√(1 + α + x²) of the swing (x = ωh, α = h · dampingRate): per 1/60 s
    // 0.92 with one step and 0.98 with four. The largest stretch over steps 31 to 60 lies between
    // the swing left after 60 steps and the one left after 30.
    const keep = (h: number): number => {
      const x = 2 * Math.PI * 10 * h;
      return 1 / Math.sqrt(1 + dampingRate(2 * Math.PI * 10, 0, h) * h + x * x);
    };
    const perStep1 = keep(dt);
    const perStep4 = keep(dt / 4) ** 4;
    expect(one.amplitude).toBeGreaterThanOrEqual(0.1 * perStep1 ** 61);
    expect(one.amplitude).toBeLessThanOrEqual(0.1 * perStep1 ** 30);
    expect(four.amplitude).toBeGreaterThanOrEqual(0.1 * perStep4 ** 61);
    expect(four.amplitude).toBeLessThanOrEqual(0.1 * perStep4 ** 30);
    expect(four.amplitude).toBeGreaterThan(5 * one.amplitude);
  });

  it('4 sub-steps of a pendulum are 4 steps of dt / 4, bit for bit', () => {
    // The sub-steps are whole steps: step(1/60) with 4 sub-steps is 4 × step(1/240).
    const a = buildScene(pendulum(), { sleeping: false, solver: 'classic' });
    const b = buildScene(pendulum(), { sleeping: false, solver: 'classic' });
    solverSettings(a.world).substeps = 4;
    run(a.world, 120);
    run(b.world, 480, dt / 4);
    expect(sameBits(stateOf(a.world), stateOf(b.world))).toBe(true);
  });
});

describe('sub-steps: semantics', () => {
  it('substeps = 1 is bit-identical to a world whose setting was never touched', () => {
    const scene = stack(12, { offset: 0.005 });
    const untouched = buildScene(scene, { solver: 'classic' });
    const set = buildScene(scene, { solver: 'classic' });
    solverSettings(set.world).substeps = 3;
    solverSettings(set.world).substeps = 1;
    const built = new World({ solver: new ClassicSolver({ substeps: 1 }) });
    expect(solverSettings(built).substeps).toBe(1);
    for (let i = 0; i < 600; ++i) {
      untouched.world.step(dt);
      set.world.step(dt);
      expect(sameBits(stateOf(set.world), stateOf(untouched.world))).toBe(true);
    }
    const joints = [
      buildScene(pendulum(), { solver: 'classic' }),
      buildScene(pendulum(), { solver: 'classic' }),
    ];
    solverSettings(joints[1].world).substeps = 1;
    for (const { world } of joints) run(world, 600);
    expect(sameBits(stateOf(joints[0].world), stateOf(joints[1].world))).toBe(true);
  });

  it('is live: the next step uses the new count', () => {
    const a = buildScene(stack(4, { offset: 0.05 }), { sleeping: false, solver: 'classic' });
    const b = buildScene(stack(4, { offset: 0.05 }), { sleeping: false, solver: 'classic' });
    run(a.world, 40);
    run(b.world, 40);
    solverSettings(b.world).substeps = 2;
    a.world.step(dt);
    b.world.step(dt);
    expect(sameBits(stateOf(a.world), stateOf(b.world))).toBe(false);
    expect(b.world.stepCount).toBe(41);
  });

  it('forces set before the step act during every sub-step and are cleared once, at the end', () => {
    const world = new World({
      solver: new ClassicSolver({ substeps: 4 }),
      gravity: { x: 0, y: 0 },
      sleeping: false,
    });
    const body = world.createBody({ width: 1, height: 1, mass: 2 });
    body.applyForce({ x: 6, y: 0 });
    body.applyTorque(3);
    world.step(dt);
    // v = F / m · dt = 3 dt; x = sum over the sub-steps of h · v_k = (1 + 2 + 3 + 4) · 3 h² = 30 h².
    const h = dt / 4;
    expect(body.linearVelocity.x).toBeCloseTo(3 * dt, 14);
    expect(body.position.x).toBeCloseTo(30 * h * h, 14);
    expect(body.angularVelocity).toBeCloseTo((3 / body.inertia) * dt, 14);
    expect(body.force.x).toBe(0);
    expect(body.torque).toBe(0);
    world.step(dt);
    expect(body.linearVelocity.x).toBeCloseTo(3 * dt, 14); // no force the second time
  });

  it('stepCount counts steps, and sleep timers advance by dt per step', () => {
    const asleepAfter = (substeps: number): number => {
      const world = new World({ solver: new ClassicSolver({ substeps }) });
      world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
      const box = world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 } });
      for (let i = 1; i <= 120; ++i) {
        world.step(dt);
        expect(world.stepCount).toBe(i);
        if (!box.awake) return i;
      }
      return -1;
    };
    const one = asleepAfter(1);
    expect(one).toBeGreaterThanOrEqual(30);
    expect(asleepAfter(4)).toBe(one);
  });

  it('a contact that begins and ends within one step reports both, begin first, once per step', () => {
    const world = new World({ solver: new ClassicSolver({ substeps: 4 }), sleeping: false });
    world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 }, restitution: 1 });
    // 20 m/s down, 10 cm above the ground: it hits and leaves within the first step's 4 sub-steps.
    world.createBody({
      width: 1,
      height: 1,
      position: { x: 0, y: 0.6 },
      linearVelocity: { x: 0, y: -20 },
      restitution: 1,
    });
    const log: string[] = [];
    world.on('beginContact', (c) => log.push(`begin ${c.bodyA.id}-${c.bodyB.id} ${world.stepCount}`));
    world.on('endContact', (c) => log.push(`end ${c.bodyA.id}-${c.bodyB.id} ${world.stepCount}`));
    world.step(dt);
    expect(log).toEqual(['begin 0-1 0', 'end 0-1 0']);
    run(world, 10);
    expect(log.length).toBe(2);
  });
});

describe('sub-steps: bad values and failures', () => {
  for (const value of [0, 1.5, Number.NaN, -1, Number.POSITIVE_INFINITY]) {
    it(`refuses substeps = ${value}, keeping the old value`, () => {
      const world = new World({ solver: new ClassicSolver({ substeps: 2 }) });
      let error: unknown = null;
      try {
        solverSettings(world).substeps = value;
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(WorldError);
      expect((error as WorldError).argument).toBe('classicSolver.substeps');
      expect((error as WorldError).message).toContain(`classicSolver.substeps = ${value}`);
      expect(solverSettings(world).substeps).toBe(2);
      expect(() => new World({ solver: new ClassicSolver({ substeps: value }) })).toThrow(
        `classicSolver.substeps = ${value}`,
      );
    });
  }

  it('a sub-step that turns non-finite restores every body to its state before the whole step', () => {
    const world = new World({ solver: new ClassicSolver({ substeps: 4 }), sleeping: false });
    // No speed cap in the way: the failure comes from a velocity of 1e308 m/s.
    world.settings.maximumLinearSpeed = Number.MAX_VALUE;
    world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
    const resting = world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 } });
    const falling = world.createBody({ width: 1, height: 1, position: { x: 5, y: 3 } });
    const far = world.createBody({ width: 1, height: 1, position: { x: 1e6, y: 0 }, gravityScale: 0 });
    const fast = world.createBody({ width: 1, height: 1, position: { x: -10, y: 10 }, gravityScale: 0 });
    run(world, 30);
    const before = stateOf(world);
    // Finite after the first sub-step (x + v h < 1.798e308), infinite after the second.
    far.setTransform({ x: 1.79e308, y: 0 });
    far.setLinearVelocity({ x: 1e308, y: 0 });
    // Leaves its fat box in the first sub-step (0.4 m), so its broadphase proxy moves with it.
    fast.setLinearVelocity({ x: 100, y: 0 });
    const moved = stateOf(world);
    let error: unknown = null;
    try {
      world.step(dt);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WorldError);
    expect((error as WorldError).argument).toBe(`body #${far.id}.position.x`);
    const after = stateOf(world);
    for (let i = 0; i < after.length; ++i) expect(Object.is(after[i], moved[i])).toBe(true);
    expect(world.stepCount).toBe(30);
    // The proxy came back with the body: queries find it where it is.
    expect(world.queryPoint({ x: -10.4, y: 10 })).toEqual([fast]);
    // The world goes on from there, its contacts and broadphase intact.
    far.setTransform({ x: 1e6, y: 0 });
    far.setLinearVelocity({ x: 0, y: 0 });
    run(world, 60);
    expect(world.contacts.filter((c) => c.touching).length).toBe(2); // both boxes on the ground
    expect(resting.position.y).toBeCloseTo(before[7], 2);
    // 1.5 s of free fall from y = 3 would end far below the ground: it landed on it.
    expect(falling.position.y).toBeGreaterThan(0.45);
    expect(falling.position.y).toBeLessThan(0.55);
  });
});
