import { PerformanceObserver } from 'node:perf_hooks';
import { pyramid, stack } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { buildScene, run } from './helpers';

/**
 * Steps `steps` times while watching the garbage collector: returns the number of GC runs seen and
 * the growth of the heap in bytes. With no GC during the loop, heap growth is what the loop allocated.
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
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < steps; ++i) step();
  const after = process.memoryUsage().heapUsed;
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  return { gcs, growth: after - before };
}

describe('the step allocates nothing in steady state', () => {
  for (const [name, scene] of [
    ['a pyramid of 10', pyramid(10)],
    ['a stack of 10', stack(10, { offset: 0.005 })],
  ] as const) {
    it(`${name} at rest, sleeping off: 1,000 steps, no GC and (almost) no heap growth`, async () => {
      const { world } = buildScene(scene, { sleeping: false });
      run(world, 600); // come to rest, and let the JIT optimise the step
      const { gcs, growth } = await measure(() => world.step(1 / 60), 1000);
      expect(gcs).toBe(0);
      // 1,000 steps; even one 16-byte number boxed per step would show as 16 kB.
      expect(growth).toBeLessThan(8 * 1024);
    });
  }
});
