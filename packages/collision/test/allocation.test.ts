import { PerformanceObserver } from 'node:perf_hooks';
import { Random, Transform } from '@lite/math';
import { describe, expect, it } from 'vitest';
import { AABB, computeBoxAABB } from '../src/aabb';
import { Box } from '../src/box';
import { BroadPhase } from '../src/broad-phase';
import { collideBoxes } from '../src/collide-boxes';
import { Manifold } from '../src/manifold';
import { PairBuffer } from '../src/pair-buffer';
import { RayCastInput, RayCastOutput, rayCastBox } from '../src/ray-cast';

/**
 * Runs `work` `times` times while watching the garbage collector: returns the number of GC runs seen
 * and the heap growth in bytes. With no GC during the loop, the growth is what the loop allocated.
 * The first call of `measure` also compiles its own loop (optimising compilers put code on the heap),
 * so measure twice and keep the second.
 */
async function measureTwice(work: () => void, times: number): Promise<{ gcs: number; growth: number }> {
  await measure(work, times);
  return measure(work, times);
}

async function measure(work: () => void, times: number): Promise<{ gcs: number; growth: number }> {
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  await new Promise((resolve) => setTimeout(resolve, 20));
  gcs = 0;
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < times; i++) work();
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
    let i = 0;
    const work = () => {
      collide(a, origin, b, poses[i++ & 63], m);
    };
    const { gcs, growth } = await measureTwice(work, 200_000);
    expect(gcs).toBe(0);
    // One 16-byte heap number per call would show as 3 MB.
    expect(growth).toBeLessThan(16 * 1024);
  });

  it('BroadPhase: moving 500 boxes, updating pairs and casting a ray, 300 steps, allocates nothing', async () => {
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
    const step = () => {
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
    };
    const { gcs, growth } = await measureTwice(step, 300);
    expect(hits).toBeGreaterThan(0);
    expect(gcs).toBe(0);
    expect(growth).toBeLessThan(16 * 1024);
  });
});
