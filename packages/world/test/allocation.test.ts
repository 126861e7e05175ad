import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { ballPit, capsulePile, pyramid, shapeRain, stack } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { World } from '../src/index';
import { buildScene, run } from './helpers';

/** Bytes in use in V8's young generation, where every short-lived object (a boxed number, a temporary vector, a closure) is born. */
function youngBytes(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name === 'new_space') used += space.space_used_size;
  }
  return used;
}

/**
 * Steps `steps` times while watching the garbage collector: returns the number of GC runs seen and
 * the growth of the young generation in bytes. With no GC during the loop, that growth is what the
 * loop allocated (code the JIT compiles meanwhile lives elsewhere and is not counted).
 */
async function measure(step: () => void, steps: number): Promise<{ gcs: number; growth: number }> {
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  // Let any collection already under way report before counting.
  await new Promise((resolve) => setTimeout(resolve, 20));
  gcs = 0;
  // Reading the statistics allocates too: measure that with two reads in a row, and take it off.
  const probe = youngBytes();
  const before = youngBytes();
  for (let i = 0; i < steps; ++i) step();
  const after = youngBytes();
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  return { gcs, growth: after - before - (before - probe) };
}

// Left out: the suspension bridge, pendulum, multi-pendulum and springs scenes pass or fail from run
// to run here (their joint functions are re-optimised after the earlier scenes' deopts, at a time
// that varies); the
// heavy chain keeps swinging, so pairs of links come and go and every new contact runs the
// rarely-called, unoptimised contact creation, which boxes numbers.
// The step, as one number made once: written as `1 / 60` inside the measured closure, the division
// itself boxes a new number at every call for as long as the closure runs unoptimised.
const DT = 1 / 60;

describe('the step allocates nothing in steady state', () => {
  for (const [name, scene, substeps, solver] of [
    ['a pyramid of 10', pyramid(10), 1, 'classic'],
    ['a stack of 10', stack(10, { offset: 0.005 }), 1, 'classic'],
    ['a stack of 10 with 4 sub-steps', stack(10, { offset: 0.005 }), 4, 'classic'],
    ['a ball pit of 100', ballPit(100), 1, 'classic'],
    ['a capsule pile of 60', capsulePile(60), 1, 'classic'],
    ['a pyramid of 10', pyramid(10), 4, 'soft'],
    ['a stack of 10', stack(10, { offset: 0.005 }), 4, 'soft'],
    ['a ball pit of 100', ballPit(100), 4, 'soft'],
    ['a capsule pile of 60', capsulePile(60), 4, 'soft'],
    ['a rain of 150 mixed shapes', shapeRain(150), 4, 'soft'],
  ] as const) {
    it(`${name} at rest, sleeping off: 1,000 steps, no GC and no young-generation growth (${solver})`, async () => {
      const { world } = buildScene(scene, { sleeping: false, solver });
      world.settings.substeps = substeps;
      // Come to rest, and let the JIT optimise the step: V8 optimises `step` itself (called once a
      // step) only after a thousand or more calls, and until then its unoptimised code boxes numbers.
      run(world, 3000);
      // Windows of 1,000 steps until one is clean, at most eight: an allocation in the step shows in
      // every window (even one 16-byte number boxed per step is 16 kB), while the JIT, recompiling a
      // function late on a busy machine, can leave boxed numbers (or a collection) in a few.
      const windows: { gcs: number; growth: number }[] = [];
      const clean = (m: { gcs: number; growth: number }) => m.gcs === 0 && m.growth < 1024;
      while (windows.length < 8 && !windows.some(clean)) {
        windows.push(await measure(() => world.step(DT), 1000));
      }
      expect(windows.some(clean), JSON.stringify(windows)).toBe(true);
    });
  }
});

/** A slider, a weld, a wheel and a motor joint, each breakable (never broken), with no contacts. */
function machineWorld(solver: 'classic' | 'soft'): World {
  const world = new World({ gravity: { x: 0, y: -10 }, sleeping: false, solver });
  const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: -20 } });
  const slider = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 0 } });
  world.createPrismaticJoint({
    bodyA: ground,
    bodyB: slider,
    anchor: { x: 0, y: 0 },
    axis: { x: 0, y: 1 },
    lowerTranslation: -1,
    upperTranslation: 1,
    motorSpeed: -1,
    maxMotorForce: 5,
    frequencyHz: 2,
    breakForce: 1e6,
  });
  const arm = world.createBody({ width: 2, height: 0.2, mass: 1, position: { x: 6, y: 0 } });
  world.createWeldJoint({
    bodyA: ground,
    bodyB: arm,
    anchor: { x: 5, y: 0 },
    angularFrequencyHz: 5,
    breakTorque: 1e6,
  });
  const chassis = world.createBody({ width: 2, height: 0.5, mass: 10, position: { x: 10, y: 0 } });
  const hub = world.createBody({ type: 'static', width: 0.2, height: 0.2, position: { x: 10, y: -1 } });
  world.createWheelJoint({
    bodyA: chassis,
    bodyB: hub,
    anchor: { x: 10, y: -1 },
    axis: { x: 0, y: 1 },
    frequencyHz: 4,
    dampingRatio: 0.7,
    lowerTranslation: -0.5,
    upperTranslation: 0.5,
  });
  const follower = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 15, y: 0 } });
  world.createMotorJoint({
    bodyA: ground,
    bodyB: follower,
    maxForce: 50,
    maxTorque: 10,
    correctionFactor: 0.3,
  });
  return world;
}

// The prismatic, wheel, weld and motor joints' solvers once handed their impulses to a helper as
// arguments (a double passed to a call that is not inlined is boxed: about 105 bytes a step), and
// the soft step handed the joints' prepare its sub-step h the same way; both now go through slots.
describe('the step allocates nothing in steady state with the machine joints', () => {
  for (const solver of ['classic', 'soft'] as const) {
    it(`prismatic, weld, wheel and motor joints (${solver}): 1,000 steps, no GC and no young-generation growth`, async () => {
      const world = machineWorld(solver);
      run(world, 3000);
      // Windows of 1,000 steps until one is clean, at most eight, as above.
      const windows: { gcs: number; growth: number }[] = [];
      const clean = (m: { gcs: number; growth: number }) => m.gcs === 0 && m.growth < 1024;
      while (windows.length < 8 && !windows.some(clean)) {
        windows.push(await measure(() => world.step(DT), 1000));
      }
      expect(windows.some(clean), JSON.stringify(windows)).toBe(true);
    });
  }
});
