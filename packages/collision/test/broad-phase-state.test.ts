import { describe, expect, it } from 'vitest';
import {
  AABB,
  BroadPhase,
  type BroadPhaseState,
  CollisionError,
  DynamicTree,
  PairBuffer,
} from '../src/index';

/*
 * BroadPhase.exportState / importState: a broadphase rebuilt from an exported state behaves as the
 * original from then on (same proxy ids, pairs, query order), and a broken state is refused with a
 * CollisionError before anything changes.
 */

/** A seeded generator of numbers in [0, 1) (a 32-bit LCG). */
function random(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) | 0;
    return (s >>> 0) / 2 ** 32;
  };
}

/** One operation: create, move or destroy a proxy, or update the pairs; the same on every broadphase. */
function operate(bp: BroadPhase, live: number[], rnd: () => number, log: unknown[]): void {
  const r = rnd();
  const x = 20 * rnd();
  const y = 20 * rnd();
  const box = new AABB(x, y, x + 0.2 + rnd(), y + 0.2 + rnd());
  if (r < 0.35 || live.length === 0) {
    const id = bp.createProxy(box, Math.floor(50 * rnd()), rnd() < 0.2);
    live.push(id);
    log.push(['create', id]);
  } else if (r < 0.75) {
    const id = live[Math.floor(rnd() * live.length)];
    log.push(['move', id, bp.moveProxy(id, box, rnd() - 0.5, rnd() - 0.5)]);
  } else if (r < 0.9) {
    const k = Math.floor(rnd() * live.length);
    bp.destroyProxy(live[k]);
    log.push(['destroy', live[k]]);
    live.splice(k, 1);
  } else {
    const pairs = new PairBuffer();
    const n = bp.updatePairs(pairs);
    log.push(['pairs', Array.from(pairs.proxyA.subarray(0, n)), Array.from(pairs.proxyB.subarray(0, n))]);
  }
  const found: number[] = [];
  bp.query(new AABB(5, 5, 12, 12), (id) => {
    found.push(id);
    return true;
  });
  log.push(['query', found]);
  const statics: number[] = [];
  bp.queryStatic(new AABB(2, 2, 15, 15), (id) => {
    statics.push(id);
    return true;
  });
  log.push(['queryStatic', statics]);
}

describe('BroadPhase state', () => {
  it('an imported state behaves as the original, operation for operation', () => {
    for (const seed of [1, 2, 3]) {
      const original = new BroadPhase();
      const rnd = random(seed);
      const live: number[] = [];
      for (let i = 0; i < 300; ++i) operate(original, live, rnd, []);
      const state = original.exportState();
      const copy = new BroadPhase();
      copy.importState(state);
      copy.validate();
      expect(copy.exportState()).toEqual(state);
      // The same 300 further operations on both: identical ids, pairs and query orders.
      const logA: unknown[] = [];
      const logB: unknown[] = [];
      const liveB = live.slice();
      const rndA = random(seed + 100);
      const rndB = random(seed + 100);
      for (let i = 0; i < 300; ++i) {
        operate(original, live, rndA, logA);
        operate(copy, liveB, rndB, logB);
      }
      expect(logB).toEqual(logA);
      expect(copy.exportState()).toEqual(original.exportState());
    }
  });

  it('exportState copies: later changes to the broadphase do not reach it', () => {
    const bp = new BroadPhase();
    bp.createProxy(new AABB(0, 0, 1, 1), 1);
    const state = bp.exportState();
    const before = structuredClone(state);
    bp.createProxy(new AABB(2, 2, 3, 3), 2);
    expect(state).toEqual(before);
  });

  function sample(): { bp: BroadPhase; state: BroadPhaseState } {
    const bp = new BroadPhase();
    const rnd = random(7);
    const live: number[] = [];
    for (let i = 0; i < 120; ++i) operate(bp, live, rnd, []);
    return { bp, state: bp.exportState() };
  }

  it('refuses broken states with a CollisionError, leaving the broadphase as it was', () => {
    const { state } = sample();
    const t = state.tree;
    const leaf = Array.from(t.height).indexOf(0);
    const internal = t.root;
    const free = t.freeList;
    const breakers: ((s: BroadPhaseState) => void)[] = [
      (s) => {
        s.tree.capacity = 0;
      },
      (s) => {
        s.tree.bounds = new Float64Array(3);
      },
      (s) => {
        s.tree.parent[s.tree.child1[internal]] = -1;
      },
      (s) => {
        s.tree.height[internal] += 1;
      },
      (s) => {
        s.tree.bounds[4 * internal] -= 1;
      },
      (s) => {
        s.tree.bounds[4 * leaf] = Number.NaN;
      },
      (s) => {
        s.tree.bounds[4 * leaf + 2] = s.tree.bounds[4 * leaf] - 1;
      },
      (s) => {
        s.tree.leafCount += 1;
      },
      (s) => {
        s.tree.root = s.tree.capacity;
      },
      (s) => {
        s.tree.parent[free] = free;
      },
      (s) => {
        s.moveBuffer = Int32Array.from([free]);
      },
      (s) => {
        s.moveBuffer = Int32Array.from([leaf, leaf]);
      },
      (s) => {
        s.staticFlags = new Uint8Array(1);
      },
    ];
    expect(free).toBeGreaterThanOrEqual(0);
    for (const breakState of breakers) {
      const target = sample().bp;
      const before = target.exportState();
      const broken = structuredClone(state);
      breakState(broken);
      expect(() => target.importState(broken)).toThrow(CollisionError);
      expect(target.exportState()).toEqual(before);
    }
  });

  it('refuses a node named twice (as both children of one node) whose counts an unreachable leaf makes up', () => {
    const { state } = sample();
    const t = state.tree;
    // An internal node over two leaves: name its first leaf twice and leave the second unreachable,
    // then make every box on the way up the union of what its node now names, so that the links,
    // heights, boxes, leaf count and node count all look right.
    let node = -1;
    for (let i = 0; i < t.capacity && node < 0; ++i) {
      if (t.height[i] === 1 && t.height[t.child1[i]] === 0 && t.height[t.child2[i]] === 0) node = i;
    }
    expect(node).toBeGreaterThanOrEqual(0);
    const broken = structuredClone(state);
    const b = broken.tree;
    b.child2[node] = b.child1[node];
    for (let at = node; at !== -1; at = b.parent[at]) {
      const c1 = b.child1[at];
      const c2 = b.child2[at];
      b.bounds[4 * at] = Math.min(b.bounds[4 * c1], b.bounds[4 * c2]);
      b.bounds[4 * at + 1] = Math.min(b.bounds[4 * c1 + 1], b.bounds[4 * c2 + 1]);
      b.bounds[4 * at + 2] = Math.max(b.bounds[4 * c1 + 2], b.bounds[4 * c2 + 2]);
      b.bounds[4 * at + 3] = Math.max(b.bounds[4 * c1 + 3], b.bounds[4 * c2 + 3]);
    }
    const target = sample().bp;
    const before = target.exportState();
    expect(() => target.importState(broken)).toThrow(/bad child of/);
    expect(target.exportState()).toEqual(before);
  });

  it('checkState accepts every state a tree exports', () => {
    const { bp } = sample();
    expect(() => DynamicTree.checkState(bp.tree.exportState())).not.toThrow();
    expect(() => bp.validate()).not.toThrow();
  });

  it('accepts trees whose subtrees differ in height by more than one: the tree builds them itself', () => {
    // Seven unit boxes in a row, then one far away: the far leaf pairs with the root, and the
    // rotation that follows leaves a node with subtrees of heights 2 and 0.
    const bp = new BroadPhase();
    for (let i = 0; i < 8; ++i) {
      const x = i === 7 ? 1000 : 2 * i;
      bp.createProxy(new AABB(x - 0.5, -0.5, x + 0.5, 0.5), i, true);
    }
    const state = bp.exportState();
    const t = state.tree;
    let worst = 0;
    for (let i = 0; i < t.capacity; ++i) {
      if (t.height[i] > 0) worst = Math.max(worst, Math.abs(t.height[t.child1[i]] - t.height[t.child2[i]]));
    }
    expect(worst).toBeGreaterThan(1);
    expect(() => bp.validate()).not.toThrow();
    const copy = new BroadPhase();
    copy.importState(state);
    expect(copy.exportState()).toEqual(state);
  });

  it('every state a broadphase reaches by random operations imports (property: 40 seeds of 200 operations)', () => {
    for (let seed = 1; seed <= 40; ++seed) {
      const bp = new BroadPhase();
      const rnd = random(1000 + seed);
      const live: number[] = [];
      for (let i = 0; i < 200; ++i) {
        operate(bp, live, rnd, []);
        // Now and then a box far from the rest, as a body thrown away does.
        if (rnd() < 0.05) {
          const far = 1e4 * (rnd() - 0.5);
          live.push(bp.createProxy(new AABB(far, far, far + 1, far + 1), Math.floor(50 * rnd())));
        }
      }
      expect(() => bp.validate()).not.toThrow();
      const copy = new BroadPhase();
      copy.importState(bp.exportState());
      expect(copy.exportState()).toEqual(bp.exportState());
    }
  });
});
