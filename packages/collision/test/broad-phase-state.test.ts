import { describe, expect, it } from 'vitest';
import { AABB, BroadPhase, CollisionError, PairBuffer, validateBroadPhase } from '../src/index';

/*
 * A broadphase rebuilt from its proxies alone (each fat box put back with `createProxy(..., 0)`,
 * its key, its static flag, and whether it waits in the move buffer), as a world snapshot restores
 * one: its tree and its proxy ids differ, but it finds the same pairs as the original from then on.
 */

/** A seeded generator of numbers in [0, 1) (a 32-bit LCG). */
function random(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) | 0;
    return (s >>> 0) / 2 ** 32;
  };
}

/**
 * One random operation (create, move, touch or destroy a proxy) on each broadphase of `bps`;
 * `ids[k]` lists live proxy k's id in each.
 */
function operate(bps: BroadPhase[], ids: number[][], rnd: () => number): void {
  const r = rnd();
  const x = 20 * rnd();
  const y = 20 * rnd();
  const box = new AABB(x, y, x + 0.2 + rnd(), y + 0.2 + rnd());
  const key = Math.floor(50 * rnd());
  const isStatic = rnd() < 0.2;
  const dx = rnd() - 0.5;
  const k = Math.floor(rnd() * ids.length);
  if (r < 0.35 || ids.length === 0) ids.push(bps.map((bp) => bp.createProxy(box, key, isStatic)));
  else {
    for (let i = 0; i < bps.length; ++i) {
      if (r < 0.75) bps[i].moveProxy(ids[k][i], box, dx, -dx);
      else if (r < 0.85) bps[i].touchProxy(ids[k][i]);
      else bps[i].destroyProxy(ids[k][i]);
    }
    if (r >= 0.85) ids.splice(k, 1);
  }
}

/** The pairs the next `updatePairs` finds and the hits of two queries, as sorted lists of indices into `ids`. */
function observe(bp: BroadPhase, ids: number[], x: number): unknown[] {
  const index = new Map(ids.map((id, k) => [id, k]));
  const pairs = new PairBuffer();
  const n = bp.updatePairs(pairs);
  const found: string[] = [];
  for (let i = 0; i < n; ++i) {
    const a = index.get(pairs.proxyA[i]) as number;
    const b = index.get(pairs.proxyB[i]) as number;
    found.push(a < b ? `${a}:${b}` : `${b}:${a}`);
  }
  const hits: number[] = [];
  bp.query(new AABB(x, x, x + 6, x + 6), (id) => hits.push(index.get(id) as number) > 0);
  const statics: number[] = [];
  bp.queryStatic(new AABB(2, 2, 15, 15), (id) => statics.push(index.get(id) as number) > 0);
  return [found.sort(), hits.sort((p, q) => p - q), statics.sort((p, q) => p - q)];
}

/** A copy of `bp` made from its proxies (`ids`), inserted in reverse order; returns it and their ids in it. */
function rebuild(bp: BroadPhase, ids: number[]): { copy: BroadPhase; copyIds: number[] } {
  const copy = new BroadPhase();
  const copyIds = new Array<number>(ids.length);
  for (let k = ids.length - 1; k >= 0; --k) {
    copyIds[k] = copy.createProxy(bp.getFatAABB(ids[k]), bp.getKey(ids[k]), bp.isStaticProxy(ids[k]), 0);
  }
  const moves = new Int32Array(bp.copyMoves(new Int32Array(0)));
  bp.copyMoves(moves);
  const moved = Array.from(moves)
    .filter((id) => id >= 0)
    .map((id) => copyIds[ids.indexOf(id)]);
  copy.restoreMoves(Int32Array.from(moved), moved.length);
  return { copy, copyIds };
}

describe('BroadPhase rebuilt from its proxies', () => {
  it('finds the same pairs and hits as the original, operation for operation (3 seeds)', () => {
    for (const seed of [1, 2, 3]) {
      const original = new BroadPhase();
      const rnd = random(seed);
      const live: number[][] = [];
      for (let i = 0; i < 300; ++i) {
        operate([original], live, rnd);
        if (rnd() < 0.1) original.updatePairs(new PairBuffer());
      }
      const ids = live.map(([id]) => id);
      const { copy, copyIds } = rebuild(original, ids);
      validateBroadPhase(copy);
      const both = ids.map((id, k) => [id, copyIds[k]]);
      for (let i = 0; i < 300; ++i) {
        const x = 20 * rnd();
        expect(
          observe(
            copy,
            both.map((p) => p[1]),
            x,
          ),
        ).toEqual(
          observe(
            original,
            both.map((p) => p[0]),
            x,
          ),
        );
        operate([original, copy], both, rnd);
      }
      validateBroadPhase(original);
      validateBroadPhase(copy);
    }
  });

  it('createProxy with a margin of 0 stores the box itself; a bad margin is refused', () => {
    const bp = new BroadPhase({ margin: 0.25 });
    const box = new AABB(-0, 0.1, 0.30000000000000004, 7);
    const fat = bp.getFatAABB(bp.createProxy(box, 1, false, 0));
    expect([fat.minX, fat.minY, fat.maxX, fat.maxY]).toEqual([-0, 0.1, 0.30000000000000004, 7]);
    expect(Object.is(fat.minX, -0)).toBe(true);
    expect(() => bp.createProxy(box, 1, false, -1)).toThrow(CollisionError);
    expect(() => bp.createProxy(box, 1, false, Number.NaN)).toThrow('margin = NaN');
  });

  it('validateBroadPhase accepts trees whose subtrees differ in height by more than one: the tree builds them itself', () => {
    // Seven unit boxes in a row, then one far away: the far leaf pairs with the root, and the
    // rotation that follows leaves a node with subtrees of heights 2 and 0.
    const bp = new BroadPhase();
    for (let i = 0; i < 8; ++i) {
      const x = i === 7 ? 1000 : 2 * i;
      bp.createProxy(new AABB(x - 0.5, -0.5, x + 0.5, 0.5), i, true);
    }
    const t = bp.tree as unknown as Record<'child1' | 'child2' | 'height', Int32Array>;
    let worst = 0;
    for (let i = 0; i < bp.tree.idBound; ++i) {
      if (t.height[i] > 0) worst = Math.max(worst, Math.abs(t.height[t.child1[i]] - t.height[t.child2[i]]));
    }
    expect(worst).toBeGreaterThan(1);
    expect(() => validateBroadPhase(bp)).not.toThrow();
  });
});
