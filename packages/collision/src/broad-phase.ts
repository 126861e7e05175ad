import { AABB, requireAABB } from './aabb';
import { DynamicTree, type DynamicTreeOptions } from './dynamic-tree';
import { CollisionError } from './errors';
import { growInt32, type PairBuffer } from './pair-buffer';
import type { RayCastInput } from './ray-cast';

/**
 * Decides whether {@link BroadPhase.updatePairs} reports the candidate pair of proxies `proxyA` and
 * `proxyB` (true: report it). A world passes one that turns away pairs it already has a contact for.
 */
export type PairFilter = (proxyA: number, proxyB: number) => boolean;

/** The tree tag of a static proxy (see {@link DynamicTree.queryTagged}). */
const STATIC_TAG = 1;

/**
 * The broadphase (Box2D's `b2BroadPhase` design over a {@link DynamicTree}): finds the pairs of
 * proxies whose fat AABBs overlap in about O(k log n) per step for k moved proxies. Each proxy has
 * the caller's integer key (e.g. its body id) and a static flag. Proxies created, re-inserted by
 * `moveProxy` or touched go into a move buffer, which `updatePairs` queries the tree with.
 *
 * Each step a world calls `moveProxy` for every moved body, adds a contact for each pair
 * `updatePairs` reports unless it has one, and keeps a contact while `testOverlap` holds: its
 * contacts are then exactly the overlapping fat AABB pairs (less static-static and same-key pairs).
 * Deterministic: the same calls give the same proxy ids, tree and pair order.
 */
export class BroadPhase {
  /** The tree holding the proxies (for queries, statistics and validation). */
  readonly tree: DynamicTree;

  /** Per proxy: 1 for static proxies. */
  private staticFlags: Uint8Array;
  /** Per proxy: its key (a copy of the tree's, read in the hot pair callback). */
  private keys: Int32Array;
  /** Per proxy: its index in moveBuffer, or -1 when not buffered. */
  private moveSlot: Int32Array;
  /**
   * The static proxies again, in a tree of their own (each with the same fat AABB, keyed by its
   * proxy id), for {@link BroadPhase.queryStatic}: a few walls and floors among thousands of moving
   * proxies are found without walking the big tree. Rebuilt from the proxies, not exported.
   */
  private statics: DynamicTree;
  /** Per proxy: its node in `statics`, or -1 (not static). */
  private staticNode: Int32Array;
  /**
   * The static proxies a `queryStatic` found, sorted before its callbacks: a query's at [its
   * start, staticTop), a nested one's (from a callback) after them.
   */
  private staticHits: Int32Array;
  private staticTop: number;
  private readonly collectStatic: (node: number) => boolean;
  /** Proxies to query at the next updatePairs (-1: removed). */
  private moveBuffer: Int32Array;
  private moveCount: number;

  // State of the pair query in progress (read by the callbacks below, made once).
  private queryProxyId: number;
  private queryKey: number;
  private queryIsStatic: boolean;
  private target: PairBuffer | null;
  private pairFilter: PairFilter | null;
  /** Whether the query in progress is computeAllPairs' (else updatePairs'). */
  private allPairs: boolean;
  private readonly addPair: (proxyId: number) => boolean;
  private readonly scratchAABB: AABB;

  /** @param options - the tree's margin, displacement multiplier and initial capacity */
  constructor(options: DynamicTreeOptions = {}) {
    this.tree = new DynamicTree(options);
    const n = this.tree.idBound;
    this.staticFlags = new Uint8Array(n);
    this.keys = new Int32Array(n);
    this.moveSlot = new Int32Array(n).fill(-1);
    this.statics = new DynamicTree({ margin: 0, displacementMultiplier: 0 });
    this.staticNode = new Int32Array(n).fill(-1);
    this.staticHits = new Int32Array(16);
    this.staticTop = 0;
    this.collectStatic = (node: number): boolean => {
      if (this.staticTop === this.staticHits.length) {
        this.staticHits = growInt32(this.staticHits, 2 * this.staticHits.length);
      }
      this.staticHits[this.staticTop++] = this.statics.getKey(node);
      return true;
    };
    this.moveBuffer = new Int32Array(16);
    this.moveCount = 0;
    this.queryProxyId = -1;
    this.queryKey = 0;
    this.queryIsStatic = false;
    this.target = null;
    this.pairFilter = null;
    this.allPairs = false;
    this.scratchAABB = new AABB();

    // `other` overlaps the proxy being queried. updatePairs reports a pair of two moved proxies
    // from the query of the lower id only; computeAllPairs every pair from the query of its lower id.
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
   * Adds a proxy for the tight box `aabb` (stored grown by the margin). `key` is the caller's 32-bit
   * integer id (e.g. the body id): pairs are sorted by keys, and two proxies with the same key never
   * pair. Static proxies never pair with each other. The new proxy joins the next `updatePairs`.
   * `margin` (default: the tree's) is how far the fat box extends beyond `aabb`: 0 makes `aabb`
   * the fat box (to put back a saved one). Returns the proxy id.
   *
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

  /**
   * Removes a proxy (and drops it from the move buffer). Pairs the caller holds with it must be
   * dropped by the caller.
   *
   * @throws CollisionError when `proxyId` is not a live proxy.
   */
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
   * Updates a proxy whose tight box is now `aabb`, after moving by (displacementX, displacementY) this
   * step (used to stretch the fat box along the motion). Re-inserts it, and buffers it for the next
   * `updatePairs`, only when `aabb` left its fat box; returns true in that case.
   *
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
   * Sets a proxy's fat AABB to its tight box `aabb` grown by the margin, keeping the tree's shape
   * (see {@link DynamicTree.refitProxy}); a proxy whose fat box grew joins the next `updatePairs`,
   * so the pairs it may have gained are reported. Returns whether it grew.
   *
   * @throws CollisionError when `proxyId` is not a live proxy or `aabb` is invalid.
   */
  refitProxy(proxyId: number, aabb: AABB): boolean {
    const grew = this.tree.refitProxy(proxyId, aabb);
    if (grew) this.bufferMove(proxyId);
    if (this.staticNode[proxyId] >= 0) this.copyStatic(proxyId);
    return grew;
  }

  /**
   * Forces a proxy into the next `updatePairs`, so all its current overlaps are reported again (e.g.
   * after its filtering changed, or to rebuild the pairs of a body woken from sleep).
   *
   * @throws CollisionError when `proxyId` is not a live proxy.
   */
  touchProxy(proxyId: number): void {
    this.tree.requireProxy(proxyId);
    this.bufferMove(proxyId);
  }

  /**
   * Reports the candidate pairs that may be new since the last call: every pair of proxies whose fat
   * AABBs overlap and of which at least one was created, re-inserted or touched since then, less
   * static-static and same-key pairs. They are written into `out` (cleared first), each once, keyA <
   * keyB, sorted by (keyA, keyB) then proxy ids. A pair the caller holds may come again (a proxy was
   * re-inserted): look it up by its keys, or pass a `filter`. Empties the move buffer; returns the
   * pair count.
   * @param filter - called once with the two proxy ids of each candidate pair, in no particular
   *   order; a pair it returns false for is not reported (same result as filtering afterwards). It
   *   must not change the broadphase nor depend on the other pairs. If it throws, `out` holds no
   *   meaningful pairs and the move buffer is kept.
   */
  updatePairs(out: PairBuffer, filter?: PairFilter): number {
    out.clear();
    this.target = out;
    this.pairFilter = filter ?? null;
    // Each loop in a method of its own (docs/performance.md, "Loops in their own functions").
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

  /**
   * Writes into `out` (cleared first) every pair of proxies whose fat AABBs overlap now, except
   * static-static and same-key pairs, sorted like `updatePairs`. Does not touch the move buffer.
   * O(n log n + pairs): for rebuilding a world's contacts or checking one. Returns the pair count.
   */
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
   * Calls `callback(proxyId)` for every proxy whose fat AABB overlaps `aabb`; return false from the
   * callback to stop. The callback must not create, move or destroy proxies. The fat box is a
   * superset: test the shape itself (e.g. with its tight AABB) to drop false positives.
   *
   * @throws CollisionError when `aabb` is not finite with min ≤ max.
   */
  query(aabb: AABB, callback: (proxyId: number) => boolean): void {
    requireAABB(aabb);
    this.tree.query(aabb, callback);
  }

  /**
   * {@link BroadPhase.query} restricted to the static proxies, in ascending proxy id (an order that
   * depends only on which proxies match), from a tree that holds only them.
   *
   * @throws CollisionError when `aabb` is not finite with min ≤ max.
   */
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
   * Calls `callback(proxyId)` for every proxy whose fat AABB contains the point (x, y); confirm with
   * the shape (e.g. {@link testPointBox}). Return false from the callback to stop.
   *
   * @throws CollisionError when x or y is not finite.
   */
  queryPoint(x: number, y: number, callback: (proxyId: number) => boolean): void {
    if (!Number.isFinite(x)) throw new CollisionError('x', x, 'must be a finite number');
    if (!Number.isFinite(y)) throw new CollisionError('y', y, 'must be a finite number');
    this.tree.query(this.scratchAABB.set(x, y, x, y), callback);
  }

  /**
   * Casts a ray through the proxies' fat AABBs; see {@link DynamicTree.rayCast} for the callback
   * contract (return 0 to stop; the hit's fraction to clip the ray, for the closest hit; -1 to go on
   * unclipped, for a miss or to collect every hit).
   *
   * @throws CollisionError when the input is not finite or maxFraction < 0.
   */
  rayCast(input: RayCastInput, callback: (input: RayCastInput, proxyId: number) => number): void {
    this.tree.rayCast(input, callback);
  }

  /**
   * Copies the move buffer (the proxies the next `updatePairs` queries, in order; -1 for one
   * destroyed since it was buffered) into `out` when it has room, and returns its length either
   * way: a caller that may have to undo the next `updatePairs` keeps it for
   * {@link BroadPhase.restoreMoves}. Allocates nothing.
   */
  copyMoves(out: Int32Array): number {
    const count = this.moveCount;
    if (count > out.length) return count;
    const moves = this.moveBuffer;
    for (let i = 0; i < count; i++) out[i] = moves[i];
    return count;
  }

  /**
   * Puts back a move buffer {@link BroadPhase.copyMoves} copied (its first `count` entries), in
   * place of the current one: the next `updatePairs` queries those proxies again, in that order,
   * as if the calls since the copy had not emptied or added to the buffer. Every proxy in it must
   * still be live (none destroyed since the copy).
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

  /** Checks the tree's invariants and the move buffer's bookkeeping; throws an Error when broken. */
  validate(): void {
    this.tree.validate();
    for (let i = 0; i < this.moveCount; i++) {
      const id = this.moveBuffer[i];
      if (id >= 0 && (this.moveSlot[id] !== i || !this.tree.isProxy(id))) {
        throw new Error(`move buffer slot ${i} holds ${id} inconsistently`);
      }
    }
    const bound = this.tree.idBound;
    for (let id = 0; id < bound; id++) {
      const slot = this.moveSlot[id];
      if (slot >= 0 && this.moveBuffer[slot] !== id) throw new Error(`proxy ${id} points at slot ${slot}`);
    }
    this.validateStatics();
  }

  /** {@link BroadPhase.validate}: each static proxy, and only they, has a copy with its fat AABB. */
  private validateStatics(): void {
    this.statics.validate();
    const fat = new AABB();
    const copy = new AABB();
    let copies = 0;
    for (let id = 0, bound = this.tree.idBound; id < bound; id++) {
      const node = this.staticNode[id];
      const isStatic = this.tree.isProxy(id) && this.staticFlags[id] === 1;
      if (isStatic !== node >= 0) throw new Error(`proxy ${id}: static ${isStatic} but copy ${node}`);
      if (node < 0) continue;
      copies++;
      this.tree.getFatAABB(id, fat);
      this.statics.getFatAABB(node, copy);
      const same =
        fat.minX === copy.minX && fat.minY === copy.minY && fat.maxX === copy.maxX && fat.maxY === copy.maxY;
      if (this.statics.getKey(node) !== id || !same)
        throw new Error(`proxy ${id}: its static copy ${node} differs`);
    }
    if (copies !== this.statics.proxyCount) throw new Error('the static tree holds stray proxies');
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
      this.moveBuffer = growInt32(this.moveBuffer, 2 * this.moveBuffer.length);
    }
    this.moveSlot[proxyId] = this.moveCount;
    this.moveBuffer[this.moveCount++] = proxyId;
  }

  /** Grows the per-proxy arrays to the tree's id bound. */
  private ensureCapacity(): void {
    const n = this.tree.idBound;
    if (this.keys.length >= n) return;
    const flags = new Uint8Array(n);
    flags.set(this.staticFlags);
    this.staticFlags = flags;
    this.keys = growInt32(this.keys, n);
    this.moveSlot = growInt32(this.moveSlot, n, -1);
    this.staticNode = growInt32(this.staticNode, n, -1);
  }
}

/**
 * Sorts `a[start..end)` ascending: by insertion for the few proxies a static query usually finds
 * (no allocation), else with the typed array's own sort on a view.
 */
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
