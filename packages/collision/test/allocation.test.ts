import { PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Random, Transform } from '@lite/math';
import { describe, expect, it } from 'vitest';
import { AABB, computeBoxAABB } from '../src/aabb';
import { Box } from '../src/box';
import { BroadPhase } from '../src/broad-phase';
import { collide as collideShapes } from '../src/collide';
import { collideBoxes } from '../src/collide-boxes';
import { DistanceOutput, shapeDistance } from '../src/distance';
import { Manifold } from '../src/manifold';
import { PairBuffer } from '../src/pair-buffer';
import { RayCastInput, RayCastOutput } from '../src/ray-cast';
import { rayCastBox, rayCastShape } from '../src/shape-queries';
import { makeBoxPolygon, makeCircle, makePolygon, type Shape } from '../src/shapes';

/**
 * Runs `run` (which loops over the work itself) while watching the garbage collector: returns the
 * number of GC runs seen and the heap growth in bytes. With no GC during the run, the growth is what
 * it allocated. Measured five times, keeping the quietest window: the first windows also warm the
 * JIT up (optimised code lives on the heap too, and on a busy machine the optimising compiler, on a
 * thread of its own, may finish only during the second), and steady-state allocation would show in
 * every window.
 * The loop lives in `run` so that it is optimised as a whole: a loop in a shared helper calling a
 * per-test step would be compiled on stack replacement only, leaving the step's first iterations in
 * the interpreter, where every double is boxed.
 */
async function measureQuietest(run: () => void): Promise<{ gcs: number; growth: number }> {
  let best = await measure(run);
  for (let i = 0; i < 4; i++) {
    const next = await measure(run);
    if (next.gcs < best.gcs || (next.gcs === best.gcs && next.growth < best.growth)) best = next;
  }
  return best;
}

/**
 * A full collection, run before each window so that the young generation starts it empty: one
 * nearly full from the work before would be collected during the window by any allocation at all
 * (the test's own timers included), and a window with a collection is not a clean one. (`gc` made
 * reachable without the process flag: V8 exposes it to contexts created after the flag is set.)
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

async function measure(run: () => void): Promise<{ gcs: number; growth: number }> {
  collectGarbage();
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  await new Promise((resolve) => setTimeout(resolve, 20));
  gcs = 0;
  const before = process.memoryUsage().heapUsed;
  run();
  const after = process.memoryUsage().heapUsed;
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  return { gcs, growth: after - before };
}

// Vitest rewrites every use of an imported binding into a property read on the module object, which
// costs a little allocation per call that the bundled package does not have; the tests therefore
// call the functions through local constants.
const collide = collideBoxes;
const boxAABB = computeBoxAABB;
const castBox = rayCastBox;
const collideAny = collideShapes;
const distance = shapeDistance;
const castShape = rayCastShape;

describe('no allocation in steady state', () => {
  it('collideBoxes: 200,000 calls allocate nothing', async () => {
    const rng = new Random(3);
    const a = new Box(1, 0.5);
    const b = new Box(0.7, 1.2);
    const poses: Transform[] = [];
    for (let i = 0; i < 64; i++)
      poses.push(new Transform(rng.range(-0.8, 0.8), rng.range(-0.8, 0.8), rng.range(-3, 3)));
    const origin = new Transform(0, 0, 0.3);
    const m = new Manifold();
    const run = () => {
      for (let i = 0; i < 200_000; i++) collide(a, origin, b, poses[i & 63], m);
    };
    const { gcs, growth } = await measureQuietest(run);
    expect(gcs).toBe(0);
    // One 16-byte heap number per call would show as 3 MB.
    expect(growth).toBeLessThan(16 * 1024);
  });

  it('BroadPhase: 300 steps of moving 500 boxes, updating pairs and casting a ray allocate nothing', async () => {
    const rng = new Random(5);
    const n = 500;
    const box = new Box(1, 1);
    const vx = new Float64Array(n);
    const vy = new Float64Array(n);
    const poses: Transform[] = [];
    const aabb = new AABB();
    const bp = new BroadPhase();
    const out = new PairBuffer();
    const ids = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      poses.push(new Transform(rng.range(0, 40), rng.range(0, 40), 0));
      vx[i] = rng.range(-3, 3);
      vy[i] = rng.range(-3, 3);
      ids[i] = bp.createProxy(boxAABB(box, poses[i], aabb), i, false);
    }
    // Every hit along the diagonal: record it and return -1 (go on, unclipped). Returning a fraction
    // (a non-integer double) from the callback would box it: that is the caller's allocation.
    const ray = new RayCastInput(0, 0, 40, 40);
    const hit = new RayCastOutput();
    let hits = 0;
    const onRay = (input: RayCastInput, proxyId: number): number => {
      if (castBox(box, poses[bp.getKey(proxyId)], input, hit)) hits++;
      return -1;
    };
    const dt = 1 / 60;
    const run = () => {
      for (let s = 0; s < 300; s++) {
        for (let i = 0; i < n; i++) {
          const p = poses[i].p;
          // Bounce inside [0, 40]².
          if (p.x + dt * vx[i] < 0 || p.x + dt * vx[i] > 40) vx[i] = -vx[i];
          if (p.y + dt * vy[i] < 0 || p.y + dt * vy[i] > 40) vy[i] = -vy[i];
          p.x += dt * vx[i];
          p.y += dt * vy[i];
          bp.moveProxy(ids[i], boxAABB(box, poses[i], aabb), dt * vx[i], dt * vy[i]);
        }
        bp.updatePairs(out);
        bp.rayCast(ray, onRay);
      }
    };
    const { gcs, growth } = await measureQuietest(run);
    expect(hits).toBeGreaterThan(0);
    expect(gcs).toBe(0);
    expect(growth).toBeLessThan(16 * 1024);
  });

  it('polygons and circles through collide, GJK distance and ray casts: 100,000 calls each allocate nothing', async () => {
    const rng = new Random(7);
    // One polygon and one circle shape object layout: see the note in the README (a call site that
    // sees every shape layout reads their numbers megamorphically, which V8 boxes).
    const shapes: Shape[] = [
      makeCircle(0.4, { x: 0.1, y: 0 }),
      makeCircle(0.3),
      makePolygon([
        { x: -0.5, y: -0.4 },
        { x: 0.6, y: -0.3 },
        { x: 0.2, y: 0.5 },
        { x: -0.4, y: 0.3 },
      ]),
      makePolygon(
        [
          { x: -0.3, y: -0.3 },
          { x: 0.4, y: -0.2 },
          { x: 0, y: 0.4 },
        ],
        0.1,
      ),
      makeBoxPolygon(0.8, 0.5, { x: 0.1, y: -0.1 }, 0.3),
      makeCircle(0.2, { x: 0, y: -0.1 }),
    ];
    const poses: Transform[] = [];
    for (let i = 0; i < 64; i++)
      poses.push(new Transform(rng.range(-0.9, 0.9), rng.range(-0.9, 0.9), rng.range(-3, 3)));
    const origin = new Transform(0, 0, 0.3);
    const m = new Manifold();
    const d = new DistanceOutput();
    const hit = new RayCastOutput();
    const ray = new RayCastInput(-3, 0.1, 3, -0.2);
    let points = 0;
    const run = () => {
      for (let i = 0; i < 100_000; i++) {
        const a = shapes[i % 6];
        const b = shapes[(i >> 3) % 6];
        points += collideAny(a, origin, b, poses[i & 63], m, 0.02);
        distance(a, origin, b, poses[i & 63], d);
        castShape(b, poses[i & 63], ray, hit);
      }
    };
    const { gcs, growth } = await measureQuietest(run);
    expect(points).toBeGreaterThan(0);
    expect(gcs).toBe(0);
    expect(growth).toBeLessThan(16 * 1024);
  });
});
