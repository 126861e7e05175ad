import { LENGTH_UNITS } from '@lite/math';
import { AABB, requireAABB } from './aabb';
import { CollisionError, requireNonNegative } from './errors';
import { growArray } from './pair-buffer';
import { RayCastInput } from './ray-cast';
import { rayCastTree } from './tree-walks';

/** The index meaning "no node". */
const NULL_NODE = -1;

/** Options of a {@link DynamicTree} (and of a {@link BroadPhase}, which owns one). */
export interface DynamicTreeOptions {
  /** How far a fat AABB extends beyond the tight one on every side, m (default 0.1 in the length unit). */
  margin?: number;
  /** The fat AABB is also stretched by this multiple of `moveProxy`'s displacement (default 4). */
  displacementMultiplier?: number;
  /** Node slots allocated up front (default 16); the storage doubles when full. */
  initialCapacity?: number;
}

/**
 * A dynamic AABB tree after Box2D's `b2DynamicTree`: leaves are proxies (a fat AABB, the tight box
 * grown by a margin and stretched along its motion, and a key of the caller's); internal nodes hold
 * their children's union. Insertion picks the cheapest sibling by perimeter; rotations on the way up
 * keep it low. Nodes live in typed arrays; a proxy's id is its node's, reused last-freed first, so the
 * same calls give the same tree and ids. Nothing is allocated in steady state.
 */
export class DynamicTree {
  /** Margin added around every tight AABB, m. */
  readonly margin: number;
  /** Multiple of the displacement by which the fat AABB is stretched along the motion. */
  readonly displacementMultiplier: number;

  /** Node slots allocated. @internal */
  capacity = 0;
  /** Node bounds, 4 per node: minX, minY, maxX, maxY. @internal */
  bounds = new Float64Array(0);
  /** Parent node, or the next free node for a node on the free list. @internal */
  parent: Int32Array = new Int32Array(0);
  /** First child of an internal node. @internal */
  child1: Int32Array = new Int32Array(0);
  /** Second child of an internal node. @internal */
  child2: Int32Array = new Int32Array(0);
  /** 0 for a leaf, 1 + max(children) for an internal node, -1 for a free node. @internal */
  height: Int32Array = new Int32Array(0);
  /** The caller's key of each leaf. */
  private keys: Int32Array = new Int32Array(0);
  /** Tag bits: a leaf's from `createProxy`, an internal node's the union of its children's. @internal */
  tags = new Uint8Array(0);
  /** The root node, or -1. @internal */
  root = NULL_NODE;
  /** The first free node, or -1. @internal */
  freeList = NULL_NODE;
  /** How many leaves (proxies). @internal */
  leafCount = 0;
  /** The box of the query being started (see docs/performance.md, Boxed numbers). */
  private readonly queryBox = new Float64Array(4);
  /** The displacement handed from moveProxy to moveProxyBy. */
  private readonly displacement = new Float64Array(2);
  /** Traversal stack shared by queries. @internal */
  stack: Int32Array = new Int32Array(64);
  /** Where the running query's part of `stack` begins (a callback may start a nested query). @internal */
  stackBase = 0;
  /** The input handed to ray-cast callbacks, with maxFraction clipped as the cast proceeds. @internal */
  readonly subInput = new RayCastInput();

  /** @throws CollisionError when an option is out of range. */
  constructor(options: DynamicTreeOptions = {}) {
    const margin = options.margin ?? 0.1 * LENGTH_UNITS[0];
    const multiplier = options.displacementMultiplier ?? 4;
    const capacity = options.initialCapacity ?? 16;
    requireNonNegative('options.margin', margin);
    requireNonNegative('options.displacementMultiplier', multiplier);
    if (!(Number.isInteger(capacity) && capacity >= 1 && capacity <= 1 << 28)) {
      throw new CollisionError('options.initialCapacity', capacity, 'must be an integer in [1, 2^28]');
    }
    this.margin = margin;
    this.displacementMultiplier = multiplier;
    this.grow(capacity);
  }

  /** How many proxies the tree holds. */
  get proxyCount(): number {
    return this.leafCount;
  }

  /** One more than the largest id a node can have now (ids are in [0, idBound)). */
  get idBound(): number {
    return this.capacity;
  }

  /** The height of the tree: 0 for one leaf, -1 when empty. */
  getHeight(): number {
    return this.root === NULL_NODE ? -1 : this.height[this.root];
  }

  /** The sum of all nodes' perimeters over the root's (lower is better; 0 when empty). */
  getAreaRatio(): number {
    if (this.root === NULL_NODE) return 0;
    const rootArea = this.perimeterOf(this.root);
    let total = 0;
    for (let i = 0; i < this.capacity; i++) {
      if (this.height[i] >= 0) total += this.perimeterOf(i);
    }
    return rootArea > 0 ? total / rootArea : 0;
  }

  /** True when `proxyId` names a live proxy. */
  isProxy(proxyId: number): boolean {
    return Number.isInteger(proxyId) && proxyId >= 0 && proxyId < this.capacity && this.height[proxyId] === 0;
  }

  /**
   * Adds a proxy for `aabb` grown by `margin` (default the tree's; 0 for a saved fat box) with the
   * caller's 32-bit `key` and `tag` bits (0 to 255, for {@link DynamicTree.queryTagged}). Returns its id.
   * @throws CollisionError when `aabb`, `key`, `tag` or `margin` is out of range.
   */
  createProxy(aabb: AABB, key: number, tag = 0, margin = this.margin): number {
    requireAABB(aabb);
    requireNonNegative('margin', margin);
    if (!(Number.isInteger(key) && key >= -0x80000000 && key <= 0x7fffffff)) {
      throw new CollisionError('key', key, 'must be a 32-bit integer');
    }
    if (!(Number.isInteger(tag) && tag >= 0 && tag <= 255)) {
      throw new CollisionError('tag', tag, 'must be an integer in [0, 255]');
    }
    const id = this.allocateNode();
    this.tags[id] = tag;
    const r = margin;
    const o = 4 * id;
    this.bounds[o] = aabb.minX - r;
    this.bounds[o + 1] = aabb.minY - r;
    this.bounds[o + 2] = aabb.maxX + r;
    this.bounds[o + 3] = aabb.maxY + r;
    this.keys[id] = key;
    this.height[id] = 0;
    this.insertLeaf(id);
    this.leafCount++;
    return id;
  }

  /**
   * Removes a proxy; its id may be reused by a later `createProxy`.
   * @throws CollisionError when `proxyId` is not a live proxy.
   */
  destroyProxy(proxyId: number): void {
    this.requireProxy(proxyId);
    this.removeLeaf(proxyId);
    this.freeNode(proxyId);
    this.leafCount--;
  }

  /**
   * Updates a proxy for its new tight box `aabb` after moving by the displacement. Returns false when
   * the fat AABB still holds `aabb` and is not much too large; else re-inserts it with a new one.
   * @throws CollisionError on a dead proxy, an invalid `aabb` or a displacement that is not finite.
   */
  moveProxy(proxyId: number, aabb: AABB, displacementX: number, displacementY: number): boolean {
    const d = this.displacement;
    d[0] = displacementX;
    d[1] = displacementY;
    return this.moveProxyBy(proxyId, aabb);
  }

  /** moveProxy with the displacement in `this.displacement`. */
  private moveProxyBy(proxyId: number, aabb: AABB): boolean {
    this.requireProxy(proxyId);
    requireAABB(aabb);
    const displacementX = this.displacement[0];
    const displacementY = this.displacement[1];
    if (!Number.isFinite(displacementX)) {
      throw new CollisionError('displacementX', displacementX, 'must be a finite number');
    }
    if (!Number.isFinite(displacementY)) {
      throw new CollisionError('displacementY', displacementY, 'must be a finite number');
    }
    const r = this.margin;
    // The fat box: tight box + margin, stretched along the predicted motion.
    let minX = aabb.minX - r;
    let minY = aabb.minY - r;
    let maxX = aabb.maxX + r;
    let maxY = aabb.maxY + r;
    const dx = this.displacementMultiplier * displacementX;
    const dy = this.displacementMultiplier * displacementY;
    if (dx < 0) minX += dx;
    else maxX += dx;
    if (dy < 0) minY += dy;
    else maxY += dy;

    const b = this.bounds;
    const o = 4 * proxyId;
    if (b[o] <= aabb.minX && b[o + 1] <= aabb.minY && aabb.maxX <= b[o + 2] && aabb.maxY <= b[o + 3]) {
      // Still inside: kept unless the fat box is larger than a new one grown by 4 margins (slowed down).
      const hr = 4 * r;
      if (minX - hr <= b[o] && minY - hr <= b[o + 1] && b[o + 2] <= maxX + hr && b[o + 3] <= maxY + hr) {
        return false;
      }
    }
    this.removeLeaf(proxyId);
    b[o] = minX;
    b[o + 1] = minY;
    b[o + 2] = maxX;
    b[o + 3] = maxY;
    this.insertLeaf(proxyId);
    return true;
  }

  /**
   * Sets a proxy's fat AABB to `aabb` grown by the margin, unstretched, and refits its ancestors
   * without re-inserting (for a body falling asleep). True when the new box reaches outside the old.
   * @throws CollisionError when `proxyId` is not a live proxy or `aabb` is invalid.
   */
  refitProxy(proxyId: number, aabb: AABB): boolean {
    this.requireProxy(proxyId);
    requireAABB(aabb);
    const r = this.margin;
    const minX = aabb.minX - r;
    const minY = aabb.minY - r;
    const maxX = aabb.maxX + r;
    const maxY = aabb.maxY + r;
    const b = this.bounds;
    const o = 4 * proxyId;
    const grew = minX < b[o] || minY < b[o + 1] || maxX > b[o + 2] || maxY > b[o + 3];
    b[o] = minX;
    b[o + 1] = minY;
    b[o + 2] = maxX;
    b[o + 3] = maxY;
    for (let index = this.parent[proxyId]; index !== NULL_NODE; index = this.parent[index]) {
      this.setUnion(index, this.child1[index], this.child2[index]);
    }
    return grew;
  }

  /** The caller's key of a proxy. @throws CollisionError when `proxyId` is not a live proxy. */
  getKey(proxyId: number): number {
    this.requireProxy(proxyId);
    return this.keys[proxyId];
  }

  /**
   * The stored (fat) AABB of a proxy, written into `out` (a new AABB when omitted).
   * @throws CollisionError when `proxyId` is not a live proxy.
   */
  getFatAABB(proxyId: number, out: AABB = new AABB()): AABB {
    this.requireProxy(proxyId);
    const o = 4 * proxyId;
    const b = this.bounds;
    return out.set(b[o], b[o + 1], b[o + 2], b[o + 3]);
  }

  /**
   * True when the fat AABBs of two proxies overlap (touching counts).
   * @throws CollisionError when either id is not a live proxy.
   */
  testOverlap(proxyA: number, proxyB: number): boolean {
    this.requireProxy(proxyA);
    this.requireProxy(proxyB);
    const b = this.bounds;
    const a4 = 4 * proxyA;
    const b4 = 4 * proxyB;
    return b[a4] <= b[b4 + 2] && b[b4] <= b[a4 + 2] && b[a4 + 1] <= b[b4 + 3] && b[b4 + 1] <= b[a4 + 3];
  }

  /** Calls `callback(proxyId)`, depth first, for every fat AABB touching `aabb`; false stops. */
  query(aabb: AABB, callback: (proxyId: number) => boolean): void {
    this.queryTagged(aabb, 0xff, callback);
  }

  /** {@link DynamicTree.query} over the proxies whose tag has a bit of `tag`, skipping subtrees with none. */
  queryTagged(aabb: AABB, tag: number, callback: (proxyId: number) => boolean): void {
    const q = this.queryBox;
    q[0] = aabb.minX;
    q[1] = aabb.minY;
    q[2] = aabb.maxX;
    q[3] = aabb.maxY;
    this.runQuery(callback, tag & 0xff);
  }

  /**
   * {@link DynamicTree.query} with the fat AABB of `proxyId` (which is reported too).
   * @throws CollisionError when `proxyId` is not a live proxy.
   */
  queryProxy(proxyId: number, callback: (proxyId: number) => boolean): void {
    this.requireProxy(proxyId);
    const o = 4 * proxyId;
    const b = this.bounds;
    const q = this.queryBox;
    q[0] = b[o];
    q[1] = b[o + 1];
    q[2] = b[o + 2];
    q[3] = b[o + 3];
    this.runQuery(callback, 0xff);
  }

  /** The query over `queryBox` (read first: a nested query may overwrite it); mask 0xff takes all. */
  private runQuery(callback: (proxyId: number) => boolean, mask: number): void {
    if (this.root === NULL_NODE) return;
    const q = this.queryBox;
    const minX = q[0];
    const minY = q[1];
    const maxX = q[2];
    const maxY = q[3];
    const base = this.stackBase;
    let top = base;
    // Nodes are tested before they are pushed, so the stack holds only overlapping nodes.
    const all = mask === 0xff;
    const root = this.root;
    const r = 4 * root;
    const rb = this.bounds;
    if (rb[r] > maxX || minX > rb[r + 2] || rb[r + 1] > maxY || minY > rb[r + 3]) return;
    if (!all && (this.tags[root] & mask) === 0) return;
    this.push(top++, root);
    while (top > base) {
      const node = this.stack[--top];
      if (this.height[node] === 0) {
        this.stackBase = top;
        const proceed = callback(node);
        this.stackBase = base;
        if (!proceed) return;
        continue;
      }
      const b = this.bounds;
      for (let k = 0; k < 2; k++) {
        const c = k === 0 ? this.child1[node] : this.child2[node];
        const o = 4 * c;
        if (b[o] > maxX || minX > b[o + 2] || b[o + 1] > maxY || minY > b[o + 3]) continue;
        if (all || (this.tags[c] & mask) !== 0) this.push(top++, c);
      }
    }
  }

  /**
   * Calls `callback(subInput, proxyId)` for every fat AABB the ray crosses, `subInput` being the ray
   * clipped to the closest hit so far. The callback returns 0 to stop, a fraction in (0, maxFraction]
   * to clip the ray there, or -1 to go on unclipped.
   * @throws CollisionError when the input is not finite or maxFraction < 0.
   */
  rayCast(input: RayCastInput, callback: (input: RayCastInput, proxyId: number) => number): void {
    rayCastTree(this, input, callback);
  }

  /** The tag a proxy was created with. @throws CollisionError when `proxyId` is not a live proxy. */
  getTag(proxyId: number): number {
    this.requireProxy(proxyId);
    return this.tags[proxyId];
  }

  /** Throws a CollisionError unless `proxyId` is a live proxy. @internal */
  requireProxy(proxyId: number): void {
    if (!this.isProxy(proxyId)) throw new CollisionError('proxyId', proxyId, 'is not a live proxy');
  }

  /** Puts `node` at `index` of the traversal stack, growing it when full. @internal */
  push(index: number, node: number): void {
    if (index >= this.stack.length) this.stack = growArray(this.stack, 2 * this.stack.length);
    this.stack[index] = node;
  }

  private grow(newCapacity: number): void {
    const old = this.capacity;
    this.bounds = growArray(this.bounds, 4 * newCapacity);
    this.parent = growArray(this.parent, newCapacity);
    this.child1 = growArray(this.child1, newCapacity);
    this.child2 = growArray(this.child2, newCapacity);
    this.height = growArray(this.height, newCapacity);
    this.keys = growArray(this.keys, newCapacity);
    this.tags = growArray(this.tags, newCapacity);
    // Chain the new nodes into the free list, lowest id first.
    for (let i = newCapacity - 1; i >= old; i--) {
      this.parent[i] = i === newCapacity - 1 ? this.freeList : i + 1;
      this.child1[i] = NULL_NODE;
      this.child2[i] = NULL_NODE;
      this.height[i] = -1;
    }
    this.freeList = old;
    this.capacity = newCapacity;
  }

  private allocateNode(): number {
    if (this.freeList === NULL_NODE) this.grow(2 * this.capacity);
    const id = this.freeList;
    this.freeList = this.parent[id];
    this.parent[id] = NULL_NODE;
    this.child1[id] = NULL_NODE;
    this.child2[id] = NULL_NODE;
    this.height[id] = 0;
    this.tags[id] = 0;
    return id;
  }

  private freeNode(id: number): void {
    this.parent[id] = this.freeList;
    this.child1[id] = NULL_NODE;
    this.child2[id] = NULL_NODE;
    this.height[id] = -1;
    this.tags[id] = 0;
    this.freeList = id;
  }

  private perimeterOf(node: number): number {
    const o = 4 * node;
    const b = this.bounds;
    return 2 * (b[o + 2] - b[o] + (b[o + 3] - b[o + 1]));
  }

  /** bounds[node] = union(bounds[a], bounds[b]). */
  private setUnion(node: number, a: number, b: number): void {
    const bd = this.bounds;
    const o = 4 * node;
    const oa = 4 * a;
    const ob = 4 * b;
    bd[o] = Math.min(bd[oa], bd[ob]);
    bd[o + 1] = Math.min(bd[oa + 1], bd[ob + 1]);
    bd[o + 2] = Math.max(bd[oa + 2], bd[ob + 2]);
    bd[o + 3] = Math.max(bd[oa + 3], bd[ob + 3]);
    this.tags[node] = this.tags[a] | this.tags[b];
  }

  /**
   * Inserts a leaf, descending while a child is cheaper than pairing here: with P the perimeter and L
   * the leaf's box, pairing with N costs 2 P(N ∪ L); descending costs N's growth plus the child's cost.
   */
  private insertLeaf(leaf: number): void {
    if (this.root === NULL_NODE) {
      this.root = leaf;
      this.parent[leaf] = NULL_NODE;
      return;
    }
    const b = this.bounds;
    const ol = 4 * leaf;
    const lMinX = b[ol];
    const lMinY = b[ol + 1];
    const lMaxX = b[ol + 2];
    const lMaxY = b[ol + 3];

    let index = this.root;
    while (this.height[index] > 0) {
      const c1 = this.child1[index];
      const c2 = this.child2[index];
      const o = 4 * index;
      const area = 2 * (b[o + 2] - b[o] + (b[o + 3] - b[o + 1]));
      const combinedArea =
        2 *
        (Math.max(b[o + 2], lMaxX) -
          Math.min(b[o], lMinX) +
          (Math.max(b[o + 3], lMaxY) - Math.min(b[o + 1], lMinY)));
      // Cost of creating a new parent for this node and the new leaf.
      const cost = 2 * combinedArea;
      // Minimum cost of pushing the leaf further down the tree.
      const inheritanceCost = 2 * (combinedArea - area);
      // Cost of descending into each child (written out: a call would box the doubles).
      const o1 = 4 * c1;
      let cost1 =
        2 *
          (Math.max(b[o1 + 2], lMaxX) -
            Math.min(b[o1], lMinX) +
            (Math.max(b[o1 + 3], lMaxY) - Math.min(b[o1 + 1], lMinY))) +
        inheritanceCost;
      if (this.height[c1] > 0) cost1 -= 2 * (b[o1 + 2] - b[o1] + (b[o1 + 3] - b[o1 + 1]));
      const o2 = 4 * c2;
      let cost2 =
        2 *
          (Math.max(b[o2 + 2], lMaxX) -
            Math.min(b[o2], lMinX) +
            (Math.max(b[o2 + 3], lMaxY) - Math.min(b[o2 + 1], lMinY))) +
        inheritanceCost;
      if (this.height[c2] > 0) cost2 -= 2 * (b[o2 + 2] - b[o2] + (b[o2 + 3] - b[o2 + 1]));
      if (cost < Math.min(cost1, cost2)) break;
      index = cost1 < cost2 ? c1 : c2;
    }
    const sibling = index;

    const oldParent = this.parent[sibling];
    const newParent = this.allocateNode();
    this.parent[newParent] = oldParent;
    this.setUnion(newParent, leaf, sibling);
    this.height[newParent] = this.height[sibling] + 1;
    this.replaceChild(oldParent, sibling, newParent);
    this.child1[newParent] = sibling;
    this.child2[newParent] = leaf;
    this.parent[sibling] = newParent;
    this.parent[leaf] = newParent;

    this.refit(this.parent[leaf]);
  }

  private removeLeaf(leaf: number): void {
    if (leaf === this.root) {
      this.root = NULL_NODE;
      return;
    }
    const parent = this.parent[leaf];
    const grandParent = this.parent[parent];
    const sibling = this.child1[parent] === leaf ? this.child2[parent] : this.child1[parent];
    // The sibling takes the parent's place.
    this.replaceChild(grandParent, parent, sibling);
    this.parent[sibling] = grandParent;
    this.freeNode(parent);
    if (grandParent !== NULL_NODE) this.refit(grandParent);
    this.parent[leaf] = NULL_NODE;
  }

  /**
   * From `start` towards the root: rebalance each node, then recompute its height and box; stops at
   * the first node above `start` that nothing changed.
   */
  private refit(start: number): void {
    const b = this.bounds;
    let index = start;
    while (index !== NULL_NODE) {
      const top = this.balance(index);
      const c1 = this.child1[top];
      const c2 = this.child2[top];
      const o = 4 * top;
      const height = 1 + Math.max(this.height[c1], this.height[c2]);
      const unchanged =
        top === index &&
        index !== start &&
        height === this.height[top] &&
        b[o] === Math.min(b[4 * c1], b[4 * c2]) &&
        b[o + 1] === Math.min(b[4 * c1 + 1], b[4 * c2 + 1]) &&
        b[o + 2] === Math.max(b[4 * c1 + 2], b[4 * c2 + 2]) &&
        b[o + 3] === Math.max(b[4 * c1 + 3], b[4 * c2 + 3]) &&
        this.tags[top] === (this.tags[c1] | this.tags[c2]);
      if (unchanged) return;
      this.height[top] = height;
      this.setUnion(top, c1, c2);
      index = this.parent[top];
    }
  }

  /**
   * If node A's subtrees differ in height by more than 1, rotates the taller child up into A's place
   * and returns it (else returns A). With B = child1, C = child2 and C taller (F, G its children):
   *
   * ```
   *        A                C
   *      /   \            /   \
   *     B     C    =>    A     F      (when F is taller than G; else G goes up and F moves)
   *          / \        / \
   *         F   G      B   G
   * ```
   * and the mirror image when B is taller.
   */
  private balance(iA: number): number {
    if (this.height[iA] < 2) return iA;
    const iB = this.child1[iA];
    const iC = this.child2[iA];
    const diff = this.height[iC] - this.height[iB];
    if (diff <= 1 && diff >= -1) return iA;
    // X, the taller child, goes up over A and O; its taller child U stays, the shorter D moves under A.
    const rightUp = diff > 1;
    const iX = rightUp ? iC : iB;
    const iO = rightUp ? iB : iC;
    const iF = this.child1[iX];
    const iG = this.child2[iX];
    this.child1[iX] = iA;
    this.parent[iX] = this.parent[iA];
    this.parent[iA] = iX;
    this.replaceChild(this.parent[iX], iA, iX);
    const fUp = this.height[iF] > this.height[iG];
    const iU = fUp ? iF : iG;
    const iD = fUp ? iG : iF;
    this.child2[iX] = iU;
    if (rightUp) this.child2[iA] = iD;
    else this.child1[iA] = iD;
    this.parent[iD] = iA;
    this.setUnion(iA, iO, iD);
    this.setUnion(iX, iA, iU);
    this.height[iA] = 1 + Math.max(this.height[iO], this.height[iD]);
    this.height[iX] = 1 + Math.max(this.height[iA], this.height[iU]);
    return iX;
  }

  /** In `parent` (or at the root when parent is NULL_NODE), replaces child `oldChild` by `newChild`. */
  private replaceChild(parent: number, oldChild: number, newChild: number): void {
    if (parent === NULL_NODE) {
      this.root = newChild;
    } else if (this.child1[parent] === oldChild) {
      this.child1[parent] = newChild;
    } else {
      this.child2[parent] = newChild;
    }
  }
}
