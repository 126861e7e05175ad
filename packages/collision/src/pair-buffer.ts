/**
 * A growable list of proxy pairs from {@link BroadPhase.updatePairs}: pair i < `count` is
 * (keyA[i], proxyA[i]) with (keyB[i], proxyB[i]), keyA[i] < keyB[i]. The arrays are replaced as they grow.
 */
export class PairBuffer {
  /** Number of pairs held. */
  count: number;
  /** The lower key of each pair. */
  keyA: Int32Array;
  /** The higher key of each pair. */
  keyB: Int32Array;
  /** The proxy holding keyA. */
  proxyA: Int32Array;
  /** The proxy holding keyB. */
  proxyB: Int32Array;

  /** An empty buffer with room for `capacity` pairs (default 64). */
  constructor(capacity = 64) {
    const n = Math.max(1, Math.floor(capacity));
    this.count = 0;
    this.keyA = new Int32Array(n);
    this.keyB = new Int32Array(n);
    this.proxyA = new Int32Array(n);
    this.proxyB = new Int32Array(n);
  }

  /** Empties the buffer (keeps its storage). */
  clear(): void {
    this.count = 0;
  }

  /** Appends a pair, the lower key first (ties: the lower proxy id); grows when full. */
  push(keyA: number, proxyA: number, keyB: number, proxyB: number): void {
    if (this.count === this.keyA.length) this.grow();
    const i = this.count++;
    if (keyA < keyB || (keyA === keyB && proxyA < proxyB)) {
      this.keyA[i] = keyA;
      this.proxyA[i] = proxyA;
      this.keyB[i] = keyB;
      this.proxyB[i] = proxyB;
    } else {
      this.keyA[i] = keyB;
      this.proxyA[i] = proxyB;
      this.keyB[i] = keyA;
      this.proxyB[i] = proxyA;
    }
  }

  /** Sorts the pairs by (keyA, keyB, proxyA, proxyB) in place (heapsort) and removes duplicates. */
  sortAndDeduplicate(): void {
    const n = this.count;
    if (n < 2) return;
    // docs/performance.md, "Loops in their own functions".
    this.heapify(n);
    this.sortHeap(n);
    this.count = this.deduplicate(n);
  }

  /** Builds a max-heap of the first `n` pairs. */
  private heapify(n: number): void {
    for (let i = (n >> 1) - 1; i >= 0; i--) this.siftDown(i, n);
  }

  /** Moves the maximum of the heap of `n` to the end, repeatedly: sorted ascending. */
  private sortHeap(n: number): void {
    for (let end = n - 1; end > 0; end--) {
      this.swap(0, end);
      this.siftDown(0, end);
    }
  }

  /** Drops repeated pairs from the sorted first `n`; returns how many are left. */
  private deduplicate(n: number): number {
    let w = 1;
    for (let r = 1; r < n; r++) {
      if (this.compare(r, w - 1) !== 0) {
        if (r !== w) {
          this.keyA[w] = this.keyA[r];
          this.keyB[w] = this.keyB[r];
          this.proxyA[w] = this.proxyA[r];
          this.proxyB[w] = this.proxyB[r];
        }
        w++;
      }
    }
    return w;
  }

  private compare(i: number, j: number): number {
    return (
      this.keyA[i] - this.keyA[j] ||
      this.keyB[i] - this.keyB[j] ||
      this.proxyA[i] - this.proxyA[j] ||
      this.proxyB[i] - this.proxyB[j]
    );
  }

  private siftDown(start: number, n: number): void {
    let root = start;
    for (;;) {
      let child = 2 * root + 1;
      if (child >= n) return;
      if (child + 1 < n && this.compare(child + 1, child) > 0) child++;
      if (this.compare(child, root) <= 0) return;
      this.swap(root, child);
      root = child;
    }
  }

  private swap(i: number, j: number): void {
    let t = this.keyA[i];
    this.keyA[i] = this.keyA[j];
    this.keyA[j] = t;
    t = this.keyB[i];
    this.keyB[i] = this.keyB[j];
    this.keyB[j] = t;
    t = this.proxyA[i];
    this.proxyA[i] = this.proxyA[j];
    this.proxyA[j] = t;
    t = this.proxyB[i];
    this.proxyB[i] = this.proxyB[j];
    this.proxyB[j] = t;
  }

  private grow(): void {
    const n = 2 * this.keyA.length;
    this.keyA = growArray(this.keyA, n);
    this.keyB = growArray(this.keyB, n);
    this.proxyA = growArray(this.proxyA, n);
    this.proxyB = growArray(this.proxyB, n);
  }
}

type Growable = Int32Array | Uint8Array | Float64Array;

/** A copy of `array` lengthened to `length`, the new entries `fill`. @internal */
export function growArray<T extends Growable>(array: T, length: number, fill = 0): T {
  const bigger = new (array.constructor as new (length: number) => T)(length);
  if (fill !== 0) bigger.fill(fill);
  bigger.set(array);
  return bigger;
}
