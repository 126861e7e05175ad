import type { World } from '@lite/world';

/** What the profile's counters read from the engine, over every world of a scene. */
export interface EngineCounters {
  /** Non-static bodies asleep (`world.sleepingBodyCount`). */
  asleep: number;
  /** Broadphase proxies (one per shape: `world.broadphase.proxyCount`). */
  proxies: number;
  /** The tallest broadphase tree of the worlds (`world.broadphase.treeHeight`; -1 when all are empty). */
  treeHeight: number;
}

/** Reads {@link EngineCounters} from `worlds` through the engine's public reads. */
export function engineCounters(worlds: readonly World[]): EngineCounters {
  const counters: EngineCounters = { asleep: 0, proxies: 0, treeHeight: -1 };
  for (const world of worlds) {
    const broadphase = world.broadphase;
    counters.asleep += world.sleepingBodyCount;
    counters.proxies += broadphase.proxyCount;
    counters.treeHeight = Math.max(counters.treeHeight, broadphase.treeHeight);
  }
  return counters;
}
