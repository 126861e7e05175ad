import { World } from '@lite/world';
import { describe, expect, it } from 'vitest';
import { engineCounters } from '../src/counters';

describe('engineCounters', () => {
  it('reads nothing from empty worlds', () => {
    expect(engineCounters([])).toEqual({ asleep: 0, proxies: 0, treeHeight: -1 });
    expect(engineCounters([new World()])).toEqual({ asleep: 0, proxies: 0, treeHeight: -1 });
  });

  it('adds the worlds up: sleepers, a proxy per shape, the tallest tree', () => {
    const a = new World();
    const b = new World();
    a.createBody({ type: 'static', width: 20, height: 1 });
    const box = a.createBody({ type: 'dynamic', width: 1, height: 1, position: { x: 0, y: 1 } });
    for (let i = 0; i < 4; i++)
      b.createBody({ type: 'dynamic', width: 1, height: 1, position: { x: 2 * i, y: 0 } });
    box.setAwake(false);
    const counters = engineCounters([a, b]);
    expect(counters.asleep).toBe(1);
    expect(counters.proxies).toBe(6);
    expect(counters.treeHeight).toBe(b.broadphase.treeHeight);
    expect(counters.treeHeight).toBeGreaterThan(a.broadphase.treeHeight);
  });
});
