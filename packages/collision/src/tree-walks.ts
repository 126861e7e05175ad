// Two walks over a DynamicTree's nodes kept beside the class: its structural check and its ray cast.
import type { DynamicTree } from './dynamic-tree';
import { type RayCastInput, requireRay } from './ray-cast';

/** A free node's parent link and a missing child. */
const NULL_NODE = -1;

/** Throws an Error naming the first broken structural invariant of `tree` (not balance); tests, O(n). */
export function validateTree(tree: DynamicTree): void {
  let leaves = 0;
  let nodes = 0;
  if (tree.root !== NULL_NODE) {
    if (tree.parent[tree.root] !== NULL_NODE) throw new Error('root has a parent');
    // Each node reached once: a node linked twice, or one unreachable, would skew the counts below.
    const reached = new Uint8Array(tree.capacity);
    const pending: number[] = [tree.root];
    while (pending.length > 0) {
      const node = pending.pop() as number;
      if (reached[node] !== 0) throw new Error(`node ${node} reached twice`);
      reached[node] = 1;
      nodes++;
      const h = tree.height[node];
      if (h === 0) {
        leaves++;
        continue;
      }
      const c1 = tree.child1[node];
      const c2 = tree.child2[node];
      if (c1 < 0 || c2 < 0 || c1 >= tree.capacity || c2 >= tree.capacity || c1 === c2) {
        throw new Error(`bad child of ${node}`);
      }
      if (tree.parent[c1] !== node || tree.parent[c2] !== node)
        throw new Error(`bad parent link under ${node}`);
      const h1 = tree.height[c1];
      const h2 = tree.height[c2];
      if (h1 < 0 || h2 < 0) throw new Error(`free node linked under ${node}`);
      if (h !== 1 + Math.max(h1, h2)) throw new Error(`bad height at ${node}`);
      const o = 4 * node;
      const b = tree.bounds;
      const o1 = 4 * c1;
      const o2 = 4 * c2;
      if (
        b[o] !== Math.min(b[o1], b[o2]) ||
        b[o + 1] !== Math.min(b[o1 + 1], b[o2 + 1]) ||
        b[o + 2] !== Math.max(b[o1 + 2], b[o2 + 2]) ||
        b[o + 3] !== Math.max(b[o1 + 3], b[o2 + 3])
      ) {
        throw new Error(`box of ${node} is not the union of its children`);
      }
      const union = tree.tags[c1] | tree.tags[c2];
      if (tree.tags[node] !== union)
        throw new Error(`node ${node} has tag ${tree.tags[node]}, its children ${union}`);
      pending.push(c1, c2);
    }
  }
  if (leaves !== tree.leafCount) throw new Error(`leaf count ${leaves} != ${tree.leafCount}`);
  let free = 0;
  for (let i = tree.freeList; i !== NULL_NODE; i = tree.parent[i]) {
    if (tree.height[i] !== -1) throw new Error(`free node ${i} in use`);
    free++;
    if (free > tree.capacity) throw new Error('free list loops');
  }
  if (nodes + free !== tree.capacity) throw new Error(`${nodes} nodes + ${free} free != ${tree.capacity}`);
}

/** `DynamicTree.rayCast`, which documents it. @internal */
export function rayCastTree(
  tree: DynamicTree,
  input: RayCastInput,
  callback: (input: RayCastInput, proxyId: number) => number,
): void {
  const p1x = input.p1x;
  const p1y = input.p1y;
  const p2x = input.p2x;
  const p2y = input.p2y;
  requireRay(input);
  if (tree.root === NULL_NODE) return;

  // v is perpendicular to the segment; |v · (p1 - c)| > |v| · h separates it from a box (c, h).
  const ex = p2x - p1x;
  const ey = p2y - p1y;
  const length = Math.sqrt(ex * ex + ey * ey);
  const vx = length > 0 ? -ey / length : 0;
  const vy = length > 0 ? ex / length : 0;
  const absVx = Math.abs(vx);
  const absVy = Math.abs(vy);

  let maxFraction = input.maxFraction;
  // The bounding box of the segment up to maxFraction.
  let tx = p1x + maxFraction * ex;
  let ty = p1y + maxFraction * ey;
  let segMinX = p1x < tx ? p1x : tx;
  let segMinY = p1y < ty ? p1y : ty;
  let segMaxX = p1x > tx ? p1x : tx;
  let segMaxY = p1y > ty ? p1y : ty;

  const sub = tree.subInput;
  const base = tree.stackBase;
  let top = base;
  tree.push(top++, tree.root);
  while (top > base) {
    const node = tree.stack[--top];
    const o = 4 * node;
    const b = tree.bounds;
    const minX = b[o];
    const minY = b[o + 1];
    const maxX = b[o + 2];
    const maxY = b[o + 3];
    if (minX > segMaxX || segMinX > maxX || minY > segMaxY || segMinY > maxY) continue;
    // Separating axis perpendicular to the segment.
    const cx = 0.5 * (minX + maxX);
    const cy = 0.5 * (minY + maxY);
    const hx = 0.5 * (maxX - minX);
    const hy = 0.5 * (maxY - minY);
    if (Math.abs(vx * (p1x - cx) + vy * (p1y - cy)) - (absVx * hx + absVy * hy) > 0) continue;

    if (tree.height[node] === 0) {
      sub.p1x = p1x;
      sub.p1y = p1y;
      sub.p2x = p2x;
      sub.p2y = p2y;
      sub.maxFraction = maxFraction;
      tree.stackBase = top;
      const value = callback(sub, node);
      tree.stackBase = base;
      if (value === 0) return;
      if (value > 0) {
        // Clip the segment.
        maxFraction = value;
        tx = p1x + maxFraction * ex;
        ty = p1y + maxFraction * ey;
        segMinX = p1x < tx ? p1x : tx;
        segMinY = p1y < ty ? p1y : ty;
        segMaxX = p1x > tx ? p1x : tx;
        segMaxY = p1y > ty ? p1y : ty;
      }
    } else {
      tree.push(top++, tree.child1[node]);
      tree.push(top++, tree.child2[node]);
    }
  }
}
