import { objectArray } from '@lite/math';
import { isBodyIndex } from './body-state';
import type { ContactConstraint } from './contact-constraint';
import { ConstraintError } from './errors';

/**
 * A step's solver contacts as the narrowphase gathered them (bodies' indices, point count, where
 * its numbers lie), so `SoftContactSolver.prepare` reads flat arrays instead of every object again.
 */
export class ContactGather {
  /** Per contact, 4 integers: body A's index, body B's, the point count, the data offset. @internal */
  ints = new Int32Array(0);
  /** Per contact: the block its numbers lie in (`ContactConstraint.dataBlock`). @internal */
  readonly blocks: Float64Array[] = objectArray();
  private length = 0;

  /** An empty gather with room for 8 contacts (it grows, doubling, when more are added). */
  constructor() {
    // Written twice (docs/performance.md, "Fields").
    this.ints = new Int32Array(4 * 8);
    this.length = 1;
    this.length = 0;
  }

  /** How many contacts were added since the last {@link ContactGather.clear}. */
  get count(): number {
    return this.length;
  }

  /** Forgets the contacts added (keeps the arrays). */
  clear(): void {
    this.length = 0;
  }

  /**
   * Adds contact `c`, its bodies numbered `indexA`, `indexB` as given to `BodyStates.add` this step
   * (any for a static body), and clears its `blockCase`.
   * @throws ConstraintError when an index is not an integer from 0 to 2^23 - 1
   */
  add(c: ContactConstraint, indexA: number, indexB: number): void {
    if (!isBodyIndex(indexA)) throw badIndex('indexA', indexA);
    if (!isBodyIndex(indexB)) throw badIndex('indexB', indexB);
    const i = this.length++;
    if (4 * i + 4 > this.ints.length) {
      const bigger = new Int32Array(2 * this.ints.length);
      bigger.set(this.ints);
      this.ints = bigger;
    }
    const g = 4 * i;
    this.ints[g] = indexA;
    this.ints[g + 1] = indexB;
    this.ints[g + 2] = c.pointCount;
    this.ints[g + 3] = c.dataOffset;
    this.blocks[i] = c.dataBlock;
    c.blockCase = 0;
  }
}

/** The error for an index {@link isBodyIndex} refuses, naming `argument`. */
function badIndex(argument: string, value: number): ConstraintError {
  return new ConstraintError(argument, value, 'must be an integer from 0 to 8388607');
}
