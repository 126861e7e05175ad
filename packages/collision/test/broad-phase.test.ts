import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AABB } from '../src/aabb';
import { BroadPhase, validateBroadPhase } from '../src/broad-phase';
import { DynamicTree } from '../src/dynamic-tree';
import { CollisionError } from '../src/errors';
import { PairBuffer } from '../src/pair-buffer';
import { validateTree } from '../src/tree-walks';
import { fcParams, runs } from './fc-settings';

/** The pairs of a buffer as "keyA:keyB:proxyA:proxyB" strings, in buffer order. */
/** A tree's links and heights (its private arrays, read by the test): its shape. */
function treeLinks(tree: DynamicTree): number[][] {
  const t = tree as unknown as Record<'parent' | 'child1' | 'child2' | 'height', Int32Array>;
  return [t.parent, t.child1, t.child2, t.height].map((a) => Array.from(a.subarray(0, tree.idBound)));
}

function pairList(buffer: PairBuffer): string[] {
  const out: string[] = [];
  for (let i = 0; i < buffer.count; i++) {
    out.push(`${buffer.keyA[i]}:${buffer.keyB[i]}:${buffer.proxyA[i]}:${buffer.proxyB[i]}`);
  }
  return out;
}

/** Asserts the buffer is sorted by (keyA, keyB, proxyA, proxyB), duplicate-free, with keyA < keyB. */
function expectCanonical(buffer: PairBuffer): void {
  for (let i = 0; i < buffer.count; i++) {
    expect(buffer.keyA[i]).toBeLessThan(buffer.keyB[i]);
    if (i === 0) continue;
    const prev = [buffer.keyA[i - 1], buffer.keyB[i - 1], buffer.proxyA[i - 1], buffer.proxyB[i - 1]];
    const cur = [buffer.keyA[i], buffer.keyB[i], buffer.proxyA[i], buffer.proxyB[i]];
    let order = 0;
    for (let k = 0; k < 4 && order === 0; k++) order = Math.sign(cur[k] - prev[k]);
    expect(order, `pair ${i} after pair ${i - 1}`).toBe(1);
  }
}

function overlaps(a: AABB, b: AABB): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

describe('BroadPhase: hand-made cases', () => {
  it('reports a new overlapping pair once, sorted by keys, then nothing until something moves', () => {
    const bp = new BroadPhase({ margin: 0.1 });
    const out = new PairBuffer(1); // grows
    const a = bp.createProxy(new AABB(0, 0, 1, 1), 7, false);
    const b = bp.createProxy(new AABB(1.1, 0, 2, 1), 3, false); // fat boxes overlap (gap 0.1 < 0.2)
    const c = bp.createProxy(new AABB(5, 5, 6, 6), 1, false);
    expect(bp.updatePairs(out)).toBe(1);
    expect(pairList(out)).toEqual([`3:7:${b}:${a}`]);
    expect(bp.updatePairs(out)).toBe(0);

    // A small move inside the fat box: no re-insertion, no report.
    expect(bp.moveProxy(a, new AABB(0.05, 0, 1.05, 1), 0.05, 0)).toBe(false);
    expect(bp.updatePairs(out)).toBe(0);

    // c moves next to a: re-inserted, pairs with a (keys 1 and 7).
    expect(bp.moveProxy(c, new AABB(-1, 0, 0, 1), -6, -5)).toBe(true);
    expect(bp.updatePairs(out)).toBe(1);
    expect(pairList(out)).toEqual([`1:7:${c}:${a}`]);

    // touchProxy reports all current overlaps of a again.
    bp.touchProxy(a);
    expect(bp.updatePairs(out)).toBe(2);
    expect(pairList(out)).toEqual([`1:7:${c}:${a}`, `3:7:${b}:${a}`]);
    validateBroadPhase(bp);
  });

  it('never pairs two static proxies or two proxies with the same key', () => {
    const bp = new BroadPhase();
    const out = new PairBuffer();
    bp.createProxy(new AABB(0, 0, 10, 1), 0, true);
    bp.createProxy(new AABB(5, 0, 15, 1), 1, true);
    const d1 = bp.createProxy(new AABB(1, 0, 2, 1), 2, false);
    const d2 = bp.createProxy(new AABB(1, 0, 2, 1), 2, false);
    expect(bp.updatePairs(out)).toBe(2);
    expect(pairList(out)).toEqual([`0:2:0:${d1}`, `0:2:0:${d2}`]);
    expect(bp.computeAllPairs(out)).toBe(2);
  });

  it('drops a destroyed proxy from the move buffer and reuses its id', () => {
    const bp = new BroadPhase();
    const out = new PairBuffer();
    const a = bp.createProxy(new AABB(0, 0, 1, 1), 0, false);
    const b = bp.createProxy(new AABB(0, 0, 1, 1), 1, false);
    bp.destroyProxy(b);
    expect(bp.pendingMoveCount).toBe(1);
    expect(bp.updatePairs(out)).toBe(0);
    const c = bp.createProxy(new AABB(0.5, 0.5, 2, 2), 5, false);
    expect(c).toBe(b);
    expect(bp.updatePairs(out)).toBe(1);
    expect(pairList(out)).toEqual([`0:5:${a}:${c}`]);
    validateBroadPhase(bp);
  });

  it('stretches the fat box along the displacement', () => {
    const bp = new BroadPhase({ margin: 0.1, displacementMultiplier: 4 });
    const p = bp.createProxy(new AABB(0, 0, 1, 1), 0, false);
    expect(bp.moveProxy(p, new AABB(1, 0, 2, 1), 1, -0.5)).toBe(true);
    const fat = bp.getFatAABB(p);
    // minX = 1 - 0.1, maxX = 2 + 0.1 + 4·1, minY = 0 - 0.1 - 4·0.5, maxY = 1 + 0.1.
    expect([fat.minX, fat.minY, fat.maxX, fat.maxY]).toEqual([0.9, -2.1, 6.1, 1.1]);
    // A later step inside that box keeps it while the box is not much larger than a fresh fat box
    // (the fresh one grown by 4 margins must hold it): fresh = [1.0, 6.2] × [-2.5, 0.7].
    expect(bp.moveProxy(p, new AABB(1.1, -0.4, 2.1, 0.6), 1, -0.5)).toBe(false);
    // At rest the fresh fat box is [1.0, 2.2] × [-0.5, 0.7]: the old one is too large and is replaced.
    expect(bp.moveProxy(p, new AABB(1.1, -0.4, 2.1, 0.6), 0, 0)).toBe(true);
    const shrunk = bp.getFatAABB(p);
    const expected = [1.0, -0.5, 2.2, 0.7];
    const actual = [shrunk.minX, shrunk.minY, shrunk.maxX, shrunk.maxY];
    for (let i = 0; i < 4; i++) expect(actual[i]).toBeCloseTo(expected[i], 12);
  });

  it('refitProxy sets the fat box to the tight box plus the margin, keeps the tree and reports growth', () => {
    const bp = new BroadPhase({ margin: 0.25, displacementMultiplier: 4 });
    const out = new PairBuffer();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(bp.createProxy(new AABB(2 * i, 0, 2 * i + 1, 1), i, false));
    bp.updatePairs(out);
    // A stretched fat box, then refitted to a tight box inside it: smaller, not buffered.
    expect(bp.moveProxy(ids[2], new AABB(4.5, 0, 5.5, 1), 2, 0)).toBe(true);
    bp.updatePairs(out);
    const before = treeLinks(bp.tree);
    expect(bp.refitProxy(ids[2], new AABB(4.5, 0, 5.5, 1))).toBe(false);
    expect(bp.pendingMoveCount).toBe(0);
    const fat = bp.getFatAABB(ids[2]);
    expect([fat.minX, fat.minY, fat.maxX, fat.maxY]).toEqual([4.25, -0.25, 5.75, 1.25]);
    // Same shape: links and heights unchanged; the boxes are the refitted leaf and the unions.
    expect(treeLinks(bp.tree)).toEqual(before);
    validateBroadPhase(bp);
    // Growing past the old fat box buffers the proxy, and the next pair update finds its new
    // overlap (with the proxy at 6..7, key 3).
    expect(bp.refitProxy(ids[2], new AABB(5.2, 0, 6.2, 1))).toBe(true);
    expect(bp.pendingMoveCount).toBe(1);
    expect(bp.updatePairs(out)).toBe(1);
    expect(pairList(out)).toEqual([`2:3:${ids[2]}:${ids[3]}`]);
    validateBroadPhase(bp);
    expect(() => bp.refitProxy(99, new AABB(0, 0, 1, 1))).toThrow(CollisionError);
  });

  it('refuses bad input with a CollisionError naming the argument and value', () => {
    const bp = new BroadPhase();
    expect(() => bp.createProxy(new AABB(1, 0, 0, 1), 0, false)).toThrow(CollisionError);
    expect(() => bp.createProxy(new AABB(0, 0, Number.NaN, 1), 0, false)).toThrow(/^aabb = /);
    expect(() => bp.createProxy(new AABB(0, 0, 1, 1), 1.5, false)).toThrow('key = 1.5');
    expect(() => bp.destroyProxy(3)).toThrow('proxyId = 3');
    const p = bp.createProxy(new AABB(0, 0, 1, 1), 0, false);
    expect(() => bp.moveProxy(p, new AABB(0, 0, 1, 1), Number.POSITIVE_INFINITY, 0)).toThrow(
      'displacementX = Infinity',
    );
    expect(() => bp.testOverlap(p, -1)).toThrow('proxyId = -1');
    expect(() => bp.queryPoint(Number.NaN, 0, () => true)).toThrow('x = NaN');
    expect(() => new BroadPhase({ margin: -1 })).toThrow('options.margin = -1');
  });

  it('DynamicTree tags: queryTagged reports the tagged proxies in query order', () => {
    const tree = new DynamicTree();
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const x = (i * 7) % 13;
      const y = (i * 5) % 11;
      ids.push(tree.createProxy(new AABB(x, y, x + 1.5, y + 1.5), i, i % 3));
    }
    for (let i = 0; i < 40; i += 4) tree.moveProxy(ids[i], new AABB(i / 4, 2, i / 4 + 1, 3), 1, 0);
    validateTree(tree);
    const box = new AABB(2, 2, 9, 8);
    const listed = (run: (cb: (id: number) => boolean) => void): number[] => {
      const out: number[] = [];
      run((id) => {
        out.push(id);
        return true;
      });
      return out;
    };
    const all = listed((cb) => tree.query(box, cb));
    for (const tag of [1, 2, 3]) {
      expect(listed((cb) => tree.queryTagged(box, tag, cb))).toEqual(
        all.filter((id) => (tree.getTag(id) & tag) !== 0),
      );
    }
    expect(listed((cb) => tree.queryTagged(box, 0, cb))).toEqual([]);
    expect(() => tree.createProxy(new AABB(0, 0, 1, 1), 1, 256)).toThrow(CollisionError);
  });

  it('queryStatic reports many static proxies in ascending id, whatever the order they were made in', () => {
    for (const count of [5, 100]) {
      const bp = new BroadPhase();
      // Dynamic proxies in between, and static ones at scattered places along a line.
      const statics: number[] = [];
      for (let i = 0; i < count; i++) {
        const x = (i * 37) % count;
        bp.createProxy(new AABB(x, 0, x + 0.5, 1), 1000 + i);
        statics.push(bp.createProxy(new AABB(x, 2, x + 0.5, 3), i, true));
      }
      validateBroadPhase(bp);
      const found: number[] = [];
      bp.queryStatic(new AABB(-1, -1, count + 1, 4), (id) => {
        found.push(id);
        return true;
      });
      expect(found).toEqual([...statics].sort((a, b) => a - b));
    }
  });

  it('keeps a balanced tree over many inserts and removals', () => {
    const tree = new DynamicTree();
    const ids: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const x = (i * 7919) % 1000;
      const y = (i * 104729) % 1000;
      ids.push(tree.createProxy(new AABB(x, y, x + 1, y + 1), i));
    }
    validateTree(tree);
    // AVL balance bounds the height by about 1.44 log2(n).
    expect(tree.getHeight()).toBeLessThanOrEqual(Math.ceil(1.45 * Math.log2(1000)));
    for (let i = 0; i < 1000; i += 2) tree.destroyProxy(ids[i]);
    validateTree(tree);
    expect(tree.proxyCount).toBe(500);
    expect(tree.getHeight()).toBeLessThanOrEqual(Math.ceil(1.45 * Math.log2(500)));
  });
});

// A random scene script: create, move, destroy, touch and update operations.
type Op =
  | { kind: 'create'; x: number; y: number; w: number; h: number; key: number; isStatic: boolean }
  | { kind: 'move'; pick: number; dx: number; dy: number; grow: number }
  | { kind: 'destroy'; pick: number }
  | { kind: 'touch'; pick: number }
  | { kind: 'update' };

const unit = fc.noBias(fc.integer({ min: 0, max: 1_000_000 })).map((i) => i / 1_000_000);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      x: unit.map((u) => u * 20),
      y: unit.map((u) => u * 20),
      w: unit.map((u) => 0.05 + 3 * u),
      h: unit.map((u) => 0.05 + 3 * u),
      key: fc.integer({ min: 0, max: 60 }),
      isStatic: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick: fc.nat(),
      dx: unit.map((u) => 2 * u - 1),
      dy: unit.map((u) => 2 * u - 1),
      grow: unit.map((u) => 0.5 * u - 0.2),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('destroy' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('touch' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'update' as const }) },
);

describe('BroadPhase: properties', () => {
  it('matches brute force on random scenes after random moves, inserts and removes', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 120 }), fc.boolean(), (ops, smallMargin) => {
        const bp = new BroadPhase({ margin: smallMargin ? 0.01 : 0.1 });
        const out = new PairBuffer(4);
        // The model: live proxies with their tight boxes, keys and static flags.
        const live = new Map<number, { aabb: AABB; key: number; isStatic: boolean }>();
        const moved = new Set<number>();
        // The pairs a world would hold: proxy pair "lo:hi".
        const held = new Set<string>();
        const liveIds = () => [...live.keys()].sort((a, b) => a - b);

        const brute = (): Map<string, string> => {
          const ids = liveIds();
          const pairs = new Map<string, string>();
          for (let i = 0; i < ids.length; i++) {
            for (let j = i + 1; j < ids.length; j++) {
              const a = live.get(ids[i])!;
              const b = live.get(ids[j])!;
              if (a.isStatic && b.isStatic) continue;
              if (a.key === b.key) continue;
              if (!overlaps(bp.getFatAABB(ids[i]), bp.getFatAABB(ids[j]))) continue;
              pairs.set(`${ids[i]}:${ids[j]}`, a.key < b.key ? `${a.key}:${b.key}` : `${b.key}:${a.key}`);
            }
          }
          return pairs;
        };

        for (const op of [...ops, { kind: 'update' as const }]) {
          const ids = liveIds();
          switch (op.kind) {
            case 'create': {
              const aabb = new AABB(op.x, op.y, op.x + op.w, op.y + op.h);
              const id = bp.createProxy(aabb, op.key, op.isStatic);
              expect(live.has(id)).toBe(false);
              live.set(id, { aabb, key: op.key, isStatic: op.isStatic });
              moved.add(id);
              break;
            }
            case 'move': {
              if (ids.length === 0) break;
              const id = ids[op.pick % ids.length];
              const p = live.get(id)!;
              const w = Math.max(0.01, p.aabb.maxX - p.aabb.minX + op.grow);
              const h = Math.max(0.01, p.aabb.maxY - p.aabb.minY + op.grow);
              const aabb = new AABB(
                p.aabb.minX + op.dx,
                p.aabb.minY + op.dy,
                p.aabb.minX + op.dx + w,
                p.aabb.minY + op.dy + h,
              );
              if (bp.moveProxy(id, aabb, op.dx, op.dy)) moved.add(id);
              p.aabb = aabb;
              break;
            }
            case 'destroy': {
              if (ids.length === 0) break;
              const id = ids[op.pick % ids.length];
              bp.destroyProxy(id);
              live.delete(id);
              moved.delete(id);
              for (const k of [...held]) {
                const [a, b] = k.split(':').map(Number);
                if (a === id || b === id) held.delete(k);
              }
              break;
            }
            case 'touch': {
              if (ids.length === 0) break;
              const id = ids[op.pick % ids.length];
              bp.touchProxy(id);
              moved.add(id);
              break;
            }
            case 'update': {
              const expected = brute();
              bp.updatePairs(out);
              expectCanonical(out);
              const reported = new Set<string>();
              for (let i = 0; i < out.count; i++) {
                const pa = out.proxyA[i];
                const pb = out.proxyB[i];
                expect(out.keyA[i]).toBe(live.get(pa)!.key);
                expect(out.keyB[i]).toBe(live.get(pb)!.key);
                reported.add(pa < pb ? `${pa}:${pb}` : `${pb}:${pa}`);
              }
              // Exactly the overlapping pairs that involve a created, re-inserted or touched proxy.
              const expectedNew = [...expected.keys()].filter((k) =>
                k.split(':').some((s) => moved.has(Number(s))),
              );
              expect([...reported].sort()).toEqual(expectedNew.sort());
              moved.clear();
              // A world keeps its pairs while the fat boxes overlap, and adds the reported ones.
              for (const k of [...held]) {
                const [a, b] = k.split(':').map(Number);
                if (!bp.testOverlap(a, b)) held.delete(k);
              }
              for (const k of reported) held.add(k);
              expect([...held].sort()).toEqual([...expected.keys()].sort());
              // The full-set API agrees too.
              bp.computeAllPairs(out);
              expectCanonical(out);
              expect(out.count).toBe(expected.size);
              for (let i = 0; i < out.count; i++) {
                const pa = out.proxyA[i];
                const pb = out.proxyB[i];
                expect(expected.has(pa < pb ? `${pa}:${pb}` : `${pb}:${pa}`)).toBe(true);
              }
              break;
            }
          }
          // Every fat box holds its tight box; the tree is well formed (its tags too).
          for (const [id, p] of live) expect(bp.getFatAABB(id).contains(p.aabb)).toBe(true);
          validateBroadPhase(bp);
          // queryStatic: the static proxies whose fat boxes overlap, in ascending id, against
          // brute force; a query started from its callback gets its own answer and leaves the
          // outer one's intact.
          const box = new AABB(4, 4, 14, 9);
          const inner = new AABB(0, 0, 6, 6);
          const statics: number[] = [];
          const nested: number[][] = [];
          bp.queryStatic(box, (id) => {
            statics.push(id);
            const found: number[] = [];
            bp.queryStatic(inner, (other) => {
              found.push(other);
              return true;
            });
            nested.push(found);
            return true;
          });
          const staticOverlaps = (b: AABB) =>
            liveIds().filter((id) => live.get(id)!.isStatic && overlaps(bp.getFatAABB(id), b));
          expect(statics).toEqual(staticOverlaps(box));
          for (const found of nested) expect(found).toEqual(staticOverlaps(inner));
          // Returning false stops it.
          const first: number[] = [];
          bp.queryStatic(box, (id) => {
            first.push(id);
            return false;
          });
          expect(first).toEqual(statics.slice(0, 1));
          expect(bp.proxyCount).toBe(live.size);
        }
      }),
      fcParams(10, runs(300)),
    );
  });
});

describe('BroadPhase: a filter on the reported pairs', () => {
  it('reports exactly the unfiltered pairs the filter accepts, in the same order, asking once per pair', () => {
    const box = fc.record({
      x: fc.integer({ min: 0, max: 40 }),
      y: fc.integer({ min: 0, max: 40 }),
      w: fc.integer({ min: 1, max: 12 }),
      h: fc.integer({ min: 1, max: 12 }),
      key: fc.integer({ min: 0, max: 30 }),
      isStatic: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(box, { minLength: 2, maxLength: 40 }), fc.nat(), (boxes, salt) => {
        const make = (): BroadPhase => {
          const bp = new BroadPhase({ margin: 0.1 });
          for (const b of boxes) bp.createProxy(new AABB(b.x, b.y, b.x + b.w, b.y + b.h), b.key, b.isStatic);
          return bp;
        };
        // Symmetric in the two ids, and depends on nothing else.
        const accept = (a: number, b: number): boolean => ((a + 1) * (b + 1) + salt) % 3 !== 0;
        const all = new PairBuffer(4);
        make().updatePairs(all);
        const asked: string[] = [];
        const kept = new PairBuffer(4);
        make().updatePairs(kept, (a, b) => {
          asked.push(a < b ? `${a}:${b}` : `${b}:${a}`);
          return accept(a, b);
        });
        const expected = pairList(all).filter((p) => {
          const [, , a, b] = p.split(':').map(Number);
          return accept(a, b);
        });
        expect(pairList(kept)).toEqual(expected);
        expectCanonical(kept);
        // Every unfiltered pair was asked about, once.
        const unfiltered = pairList(all).map((p) => {
          const [, , a, b] = p.split(':').map(Number);
          return a < b ? `${a}:${b}` : `${b}:${a}`;
        });
        expect([...asked].sort()).toEqual([...unfiltered].sort());
      }),
      fcParams(11, runs(100)),
    );
  });

  it('keeps the moved proxies for the next call when the filter throws', () => {
    const bp = new BroadPhase({ margin: 0.1 });
    const a = bp.createProxy(new AABB(0, 0, 1, 1), 1, false);
    const b = bp.createProxy(new AABB(0.5, 0.5, 1.5, 1.5), 2, false);
    const c = bp.createProxy(new AABB(1, 0, 2, 1), 3, true);
    const all = new PairBuffer(4);
    expect(() =>
      bp.updatePairs(all, () => {
        throw new Error('filter failed');
      }),
    ).toThrow('filter failed');
    expect(bp.updatePairs(all)).toBe(3);
    expect(pairList(all)).toEqual([`1:2:${a}:${b}`, `1:3:${a}:${c}`, `2:3:${b}:${c}`]);
    expect(bp.updatePairs(all)).toBe(0);
  });
});

describe('BroadPhase: copyMoves and restoreMoves', () => {
  it('put back the move buffer an updatePairs emptied: the same pairs are reported again', () => {
    const bp = new BroadPhase({ margin: 0.1 });
    const out = new PairBuffer(1);
    const a = bp.createProxy(new AABB(0, 0, 1, 1), 1, false);
    const b = bp.createProxy(new AABB(1.1, 0, 2, 1), 2, false);
    const c = bp.createProxy(new AABB(5, 5, 6, 6), 3, false);
    bp.updatePairs(out);
    expect(bp.moveProxy(c, new AABB(-1, 0, 0, 1), -6, -5)).toBe(true);
    bp.touchProxy(b);
    const saved = new Int32Array(1);
    // Too small: nothing copied, the length told.
    expect(bp.copyMoves(saved)).toBe(2);
    expect(Array.from(saved)).toEqual([0]);
    const moves = new Int32Array(4);
    expect(bp.copyMoves(moves)).toBe(2);
    expect(Array.from(moves.subarray(0, 2))).toEqual([c, b]);
    expect(bp.updatePairs(out)).toBe(2);
    const first = pairList(out);
    // Something else buffered since: replaced by the copy.
    bp.touchProxy(a);
    bp.restoreMoves(moves, 2);
    expect(bp.pendingMoveCount).toBe(2);
    expect(bp.updatePairs(out)).toBe(2);
    expect(pairList(out)).toEqual(first);
    expect(bp.updatePairs(out)).toBe(0);
    validateBroadPhase(bp);
  });

  it('restoreMoves refuses a count past the array and a dead proxy, changing nothing', () => {
    const bp = new BroadPhase();
    const a = bp.createProxy(new AABB(0, 0, 1, 1), 1, false);
    const b = bp.createProxy(new AABB(3, 0, 4, 1), 2, false);
    bp.destroyProxy(b);
    expect(() => bp.restoreMoves(new Int32Array([a]), 2)).toThrow(CollisionError);
    expect(() => bp.restoreMoves(new Int32Array([a, b]), 2)).toThrow(CollisionError);
    expect(bp.pendingMoveCount).toBe(1);
  });
});
