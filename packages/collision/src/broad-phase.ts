import { AABB, requireAABB } from './aabb';
import { DynamicTree, type DynamicTreeOptions } from './dynamic-tree';
import { CollisionError } from './errors';
import { growArray, type PairBuffer } from './pair-buffer';
import type { RayCastInput } from './ray-cast';
import { validateTree } from './tree-walks';

/** Whether {@link BroadPhase.updatePairs} reports the candidate pair `proxyA`, `proxyB`. */
export type PairFilter = (proxyA: number, proxyB: number) => boolean;

/** The tree tag of a static proxy (see {@link DynamicTree.queryTagged}). */
const STATIC_TAG = 1;

/**
 * The broadphase, after Box2D's `b2BroadPhase` over a {@link DynamicTree}: the pairs of overlapping
 * fat AABBs in about O(k log n) for k moved proxies. Proxies created, re-inserted or touched go into
 * a move buffer that `updatePairs` queries the tree with. Deterministic.
 */
export class BroadPhase {
  /** The tree holding the proxies (for queries, statistics and validation). */
  readonly tree: DynamicTree;

  /** Per proxy: 1 for static proxies. @internal */
  staticFlags: Uint8Array;
  /** Per proxy: its key (a copy of the tree's, read in the hot pair callback). */
  private keys: Int32Array;
  /** Per proxy: its index in moveBuffer, or -1 when not buffered. @internal */
  moveSlot: Int32Array;
  /** The static proxies again, keyed by proxy id: {@link BroadPhase.queryStatic}'s tree. @internal */
  readonly statics = new DynamicTree({ margin: 0, displacementMultiplier: 0 });
  /** Per proxy: its node in `statics`, or -1 (not static). @internal */
  staticNode: Int32Array;
  /** The static proxies `queryStatic` found: a query's from its start to staticTop, a nested one's after. */
  private staticHits: Int32Array = new Int32Array(16);
  private staticTop = 0;
  private readonly collectStatic: (node: number) => boolean;
  /** Proxies to query at the next updatePairs (-1: removed), the first moveCount. @internal */
  moveBuffer: Int32Array = new Int32Array(16);
  /** @internal */
  moveCount = 0;

  // State of the pair query in progress (read by the callbacks below, made once).
  private queryProxyId = -1;
  private queryKey = 0;
  private queryIsStatic = false;
  private target: PairBuffer | null = null;
  private pairFilter: PairFilter | null = null;
  /** Whether the query in progress is computeAllPairs' (else updatePairs'). */
  private allPairs = false;
  private readonly addPair: (proxyId: number) => boolean;
  private readonly scratchAABB = new AABB();

  /** @param options - the tree's margin, displacement multiplier and initial capacity */
  constructor(options: DynamicTreeOptions = {}) {
    this.tree = new DynamicTree(options);
    const n = this.tree.idBound;
    this.staticFlags = new Uint8Array(n);
    this.keys = new Int32Array(n);
    this.moveSlot = new Int32Array(n).fill(-1);
    this.staticNode = new Int32Array(n).fill(-1);
    this.collectStatic = (node: number): boolean => {
      if (this.staticTop === this.staticHits.length) {
        this.staticHits = growArray(this.staticHits, 2 * this.staticHits.length);
      }
      this.staticHits[this.staticTop++] = this.statics.getKey(node);
      return true;
    };

    // A pair of two moved proxies (computeAllPairs: any pair) comes from the lower id's query only.
    this.addPair = (other: number): boolean => {
      const q = this.queryProxyId;
      if (this.allPairs ? other <= q : other === q || (this.moveSlot[other] >= 0 && other < q)) return true;
      if (this.queryIsStatic && this.staticFlags[other] === 1) return true;
      const key = this.keys[other];
      if (key === this.queryKey) return true;
      const filter = this.pairFilter;
      if (filter !== null && !filter(q, other)) return true;
      (this.target as PairBuffer).push(this.queryKey, q, key, other);
      return true;
    };
  }

  /** How many proxies exist. */
  get proxyCount(): number {
    return this.tree.proxyCount;
  }

  /** How many proxies are waiting in the move buffer for the next `updatePairs`. */
  get pendingMoveCount(): number {
    let n = 0;
    for (let i = 0; i < this.moveCount; i++) if (this.moveBuffer[i] >= 0) n++;
    return n;
  }

  /**
   * Adds a proxy (see {@link DynamicTree.createProxy}) that joins the next `updatePairs`. Pairs are
   * sorted by key; proxies with the same key, or both static, never pair. Returns the proxy id.
   * @throws CollisionError on an invalid `aabb`, `key` or `margin`.
   */
  createProxy(aabb: AABB, key: number, isStatic = false, margin = this.tree.margin): number {
    const id = this.tree.createProxy(aabb, key, isStatic ? STATIC_TAG : 0, margin);
    this.ensureCapacity();
    this.staticFlags[id] = isStatic ? 1 : 0;
    this.keys[id] = key;
    this.moveSlot[id] = -1;
    this.staticNode[id] = -1;
    if (isStatic) this.copyStatic(id);
    this.bufferMove(id);
    return id;
  }

  /** Removes a proxy; the caller drops its pairs. @throws CollisionError when `proxyId` is not live. */
  destroyProxy(proxyId: number): void {
    this.tree.destroyProxy(proxyId);
    this.dropStatic(proxyId);
    const slot = this.moveSlot[proxyId];
    if (slot >= 0) {
      this.moveBuffer[slot] = -1;
      this.moveSlot[proxyId] = -1;
    }
  }

  /**
   * {@link DynamicTree.moveProxy}; a re-inserted proxy (true) joins the next `updatePairs`.
   * @throws CollisionError on an invalid id, box or displacement.
   */
  moveProxy(proxyId: number, aabb: AABB, displacementX: number, displacementY: number): boolean {
    const reinserted = this.tree.moveProxy(proxyId, aabb, displacementX, displacementY);
    if (reinserted) {
      this.bufferMove(proxyId);
      if (this.staticNode[proxyId] >= 0) this.copyStatic(proxyId);
    }
    return reinserted;
  }

  /**
   * {@link DynamicTree.refitProxy}; a proxy whose fat box grew (true) joins the next `updatePairs`.
   * @throws CollisionError when `proxyId` is not a live proxy or `aabb` is invalid.
   */
  refitProxy(proxyId: number, aabb: AABB): boolean {
    const grew = this.tree.refitProxy(proxyId, aabb);
    if (grew) this.bufferMove(proxyId);
    if (this.staticNode[proxyId] >= 0) this.copyStatic(proxyId);
    return grew;
  }

  /** Puts a proxy in the next `updatePairs` again. @throws CollisionError when `proxyId` is not live. */
  touchProxy(proxyId: number): void {
    this.tree.requireProxy(proxyId);
    this.bufferMove(proxyId);
  }

  /**
   * Writes into `out` (cleared first) every overlapping pair with a proxy buffered since the last
   * call, less static-static and same-key pairs: each once, keyA < keyB, sorted by keys then ids. A
   * pair the caller holds may come again. Empties the move buffer; returns the pair count.
   * @param filter - called once per candidate pair, in no particular order; false drops it. It must
   *   not change the broadphase; if it throws, `out` is meaningless and the move buffer is kept.
   */
  updatePairs(out: PairBuffer, filter?: PairFilter): number {
    out.clear();
    this.target = out;
    this.pairFilter = filter ?? null;
    this.queryMoved();
    this.forgetMoved();
    this.moveCount = 0;
    this.target = null;
    this.pairFilter = null;
    out.sortAndDeduplicate();
    return out.count;
  }

  /** {@link BroadPhase.updatePairs}: the pairs of each moved proxy, into `target`. */
  private queryMoved(): void {
    for (let i = 0; i < this.moveCount; i++) {
      const id = this.moveBuffer[i];
      if (id >= 0) this.queryPairs(id);
    }
  }

  /** The pairs of proxy `id` and the proxies its fat AABB overlaps, into `target`. */
  private queryPairs(id: number): void {
    this.queryProxyId = id;
    this.queryKey = this.keys[id];
    this.queryIsStatic = this.staticFlags[id] === 1;
    this.tree.queryProxy(id, this.addPair);
  }

  /** {@link BroadPhase.updatePairs}: the moved proxies leave the move buffer. */
  private forgetMoved(): void {
    for (let i = 0; i < this.moveCount; i++) {
      const id = this.moveBuffer[i];
      if (id >= 0) this.moveSlot[id] = -1;
    }
  }

  /** Like `updatePairs` over every proxy, leaving the move buffer alone; returns the pair count. */
  computeAllPairs(out: PairBuffer): number {
    out.clear();
    this.target = out;
    const bound = this.tree.idBound;
    this.pairFilter = null;
    this.allPairs = true;
    for (let id = 0; id < bound; id++) if (this.tree.isProxy(id)) this.queryPairs(id);
    this.allPairs = false;
    this.target = null;
    out.sortAndDeduplicate();
    return out.count;
  }

  /** True when the fat AABBs of two proxies overlap. @throws CollisionError on an invalid id. */
  testOverlap(proxyA: number, proxyB: number): boolean {
    return this.tree.testOverlap(proxyA, proxyB);
  }

  /** The fat AABB of a proxy, in `out` (a new AABB when omitted). @throws CollisionError on an invalid id. */
  getFatAABB(proxyId: number, out: AABB = new AABB()): AABB {
    return this.tree.getFatAABB(proxyId, out);
  }

  /** The key given to `createProxy`. @throws CollisionError on an invalid id. */
  getKey(proxyId: number): number {
    return this.tree.getKey(proxyId);
  }

  /** True when the proxy was created static. @throws CollisionError on an invalid id. */
  isStaticProxy(proxyId: number): boolean {
    this.tree.requireProxy(proxyId);
    return this.staticFlags[proxyId] === 1;
  }

  /**
   * Calls `callback(proxyId)` for every fat AABB touching `aabb` (a superset: test the shape too);
   * false stops. The callback must not create, move or destroy proxies.
   * @throws CollisionError when `aabb` is not finite with min ≤ max.
   */
  query(aabb: AABB, callback: (proxyId: number) => boolean): void {
    requireAABB(aabb);
    this.tree.query(aabb, callback);
  }

  /** {@link BroadPhase.query} over the static proxies, in ascending id. @throws CollisionError as `query`. */
  queryStatic(aabb: AABB, callback: (proxyId: number) => boolean): void {
    requireAABB(aabb);
    const start = this.staticTop;
    try {
      this.statics.query(aabb, this.collectStatic);
      const end = this.staticTop;
      sortRange(this.staticHits, start, end);
      // `this.staticHits` read at each turn: a nested query may have replaced it with a larger copy.
      for (let i = start; i < end; i++) if (!callback(this.staticHits[i])) return;
    } finally {
      this.staticTop = start;
    }
  }

  /**
   * {@link BroadPhase.query} with the point (x, y); confirm with the shape ({@link testPointBox}).
   * @throws CollisionError when x or y is not finite.
   */
  queryPoint(x: number, y: number, callback: (proxyId: number) => boolean): void {
    if (!Number.isFinite(x)) throw new CollisionError('x', x, 'must be a finite number');
    if (!Number.isFinite(y)) throw new CollisionError('y', y, 'must be a finite number');
    this.tree.query(this.scratchAABB.set(x, y, x, y), callback);
  }

  /** {@link DynamicTree.rayCast}. @throws CollisionError when the input is not finite or maxFraction < 0. */
  rayCast(input: RayCastInput, callback: (input: RayCastInput, proxyId: number) => number): void {
    this.tree.rayCast(input, callback);
  }

  /**
   * Copies the move buffer (-1 for a destroyed proxy) into `out` when it has room and returns its
   * length either way, for {@link BroadPhase.restoreMoves} to undo the next `updatePairs`.
   */
  copyMoves(out: Int32Array): number {
    const count = this.moveCount;
    if (count > out.length) return count;
    const moves = this.moveBuffer;
    for (let i = 0; i < count; i++) out[i] = moves[i];
    return count;
  }

  /**
   * Puts back the first `count` entries {@link BroadPhase.copyMoves} copied in place of the move
   * buffer; every proxy in it must still be live.
   * @throws CollisionError when `count` exceeds `moves`, or an entry is neither -1 nor a live proxy
   */
  restoreMoves(moves: Int32Array, count: number): void {
    if (!(Number.isInteger(count) && count >= 0 && count <= moves.length)) {
      throw new CollisionError('count', count, `must be an integer from 0 to moves.length (${moves.length})`);
    }
    for (let i = 0; i < count; i++) {
      const id = moves[i];
      if (id !== -1 && !this.tree.isProxy(id))
        throw new CollisionError(`moves[${i}]`, id, 'is not a live proxy');
    }
    this.forgetMoved();
    if (count > this.moveBuffer.length) this.moveBuffer = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const id = moves[i];
      this.moveBuffer[i] = id;
      if (id >= 0) this.moveSlot[id] = i;
    }
    this.moveCount = count;
  }

  /** Puts the static proxy `proxyId` (again) into `statics`, with its current fat AABB. */
  private copyStatic(proxyId: number): void {
    this.dropStatic(proxyId);
    const fat = this.tree.getFatAABB(proxyId, this.scratchAABB);
    this.staticNode[proxyId] = this.statics.createProxy(fat, proxyId);
  }

  /** Takes the proxy's copy out of `statics`, if it has one. */
  private dropStatic(proxyId: number): void {
    const node = this.staticNode[proxyId];
    if (node < 0) return;
    this.statics.destroyProxy(node);
    this.staticNode[proxyId] = -1;
  }

  private bufferMove(proxyId: number): void {
    if (this.moveSlot[proxyId] >= 0) return;
    if (this.moveCount === this.moveBuffer.length) {
      this.moveBuffer = growArray(this.moveBuffer, 2 * this.moveBuffer.length);
    }
    this.moveSlot[proxyId] = this.moveCount;
    this.moveBuffer[this.moveCount++] = proxyId;
  }

  /** Grows the per-proxy arrays to the tree's id bound. */
  private ensureCapacity(): void {
    const n = this.tree.idBound;
    if (this.keys.length >= n) return;
    this.staticFlags = growArray(this.staticFlags, n);
    this.keys = growArray(this.keys, n);
    this.moveSlot = growArray(this.moveSlot, n, -1);
    this.staticNode = growArray(this.staticNode, n, -1);
  }
}

/** Sorts `a[start..end)`: by insertion for the few a static query usually finds, else on a view. */
function sortRange(a: Int32Array, start: number, end: number): void {
  if (end - start > 32) {
    a.subarray(start, end).sort();
    return;
  }
  for (let i = start + 1; i < end; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= start && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

/**
 * Throws an Error naming the first break in `broadPhase`'s trees ({@link validateTree}), its move buffer,
 * or its static copies (each static proxy, and only they, in the static tree with its fat AABB). O(n).
 */
export function validateBroadPhase(broadPhase: BroadPhase): void {
  const { tree, statics, moveBuffer, moveSlot, staticNode } = broadPhase;
  validateTree(tree);
  for (let i = 0; i < broadPhase.moveCount; i++) {
    const id = moveBuffer[i];
    if (id >= 0 && (moveSlot[id] !== i || !tree.isProxy(id))) {
      throw new Error(`move buffer slot ${i} holds ${id} inconsistently`);
    }
  }
  for (let id = 0; id < tree.idBound; id++) {
    const slot = moveSlot[id];
    if (slot >= 0 && moveBuffer[slot] !== id) throw new Error(`proxy ${id} points at slot ${slot}`);
  }
  validateTree(statics);
  const fat = new AABB();
  const copy = new AABB();
  let copies = 0;
  for (let id = 0, bound = tree.idBound; id < bound; id++) {
    const node = staticNode[id];
    const isStatic = tree.isProxy(id) && broadPhase.staticFlags[id] === 1;
    if (isStatic !== node >= 0) throw new Error(`proxy ${id}: static ${isStatic} but copy ${node}`);
    if (node < 0) continue;
    copies++;
    tree.getFatAABB(id, fat);
    statics.getFatAABB(node, copy);
    const same =
      fat.minX === copy.minX && fat.minY === copy.minY && fat.maxX === copy.maxX && fat.maxY === copy.maxY;
    if (statics.getKey(node) !== id || !same) throw new Error(`proxy ${id}: its static copy ${node} differs`);
  }
  if (copies !== statics.proxyCount) throw new Error('the static tree holds stray proxies');
}
