import type { Body } from './body';
import { type Contact, compareContacts } from './contact';
import { placeContact } from './contact-order';
import { jointBodyA, jointBodyB } from './joints';
import { type BodyShape, shouldShapesCollide } from './shape';
import type { StepState } from './step-state';

// The contact list, sorted by pair key so the solver's order depends only on ids, and each body's edges.

/** The contact between shapes `a` and `b`, or null. */
export function findShapeContact(a: BodyShape, b: BodyShape): Contact | null {
  const ba = a.body;
  const bb = b.body;
  const edges = ba.contactEdges.length <= bb.contactEdges.length ? ba.contactEdges : bb.contactEdges;
  for (let i = 0; i < edges.length; ++i) {
    const c = edges[i];
    if ((c.shapeA === a && c.shapeB === b) || (c.shapeA === b && c.shapeB === a)) return c;
  }
  return null;
}

/** Whether shapes `a` and `b` (of different bodies) may make a contact: filters, sensors, joints. */
export function shouldShapesContact(a: BodyShape, b: BodyShape): boolean {
  if (a.sensor || b.sensor) return false;
  if (!shouldShapesCollide(a, b)) return false;
  return shouldCollide(a.body, b.body);
}

/** False when a joint between `a` and `b` turns their collision off (`collideConnected: false`). */
export function shouldCollide(a: Body, b: Body): boolean {
  const edges = a.jointEdges.length <= b.jointEdges.length ? a.jointEdges : b.jointEdges;
  for (let i = 0; i < edges.length; ++i) {
    const j = edges[i];
    if (j.collideConnected) continue;
    const ja = jointBodyA(j);
    const jb = jointBodyB(j);
    if ((ja === a && jb === b) || (ja === b && jb === a)) return false;
  }
  return true;
}

/** Merges sorted `added` into sorted `list` in place, from the back: O(k log n) compares, O(n) moves. */
export function mergeSortedContacts(s: StepState, added: Contact[]): void {
  const list = s.contactList;
  // Each loop in a function of its own (docs/performance.md, "Loops in their own functions").
  sortAdded(added);
  const end = list.length;
  appendAll(list, added);
  mergeFromBack(s, end - 1, added);
}

/** Insertion sort by pair key (the broadphase reports pairs in order already: one pass checks). */
function sortAdded(added: Contact[]): void {
  for (let i = 1; i < added.length; ++i) {
    const c = added[i];
    let j = i - 1;
    while (j >= 0 && compareContacts(added[j], c) > 0) {
      added[j + 1] = added[j];
      j--;
    }
    added[j + 1] = c;
  }
}

/** Pushes `added` onto `list` (room for the merge). */
function appendAll(list: Contact[], added: Contact[]): void {
  for (let k = 0; k < added.length; ++k) list.push(added[k]);
}

/** Merges sorted `added` into sorted `list[0 .. last]`, in place from the back (room is after `last`). */
function mergeFromBack(s: StepState, last: number, added: Contact[]): void {
  const list = s.contactList;
  let i = last;
  let j = added.length - 1;
  let w = list.length - 1;
  while (j >= 0) {
    const c = added[j--];
    // The first of list[0 .. i] that comes after c (pair keys are unique: none equals it).
    let lo = 0;
    let hi = i + 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareContacts(list[mid], c) > 0) hi = mid;
      else lo = mid + 1;
    }
    while (i >= lo) list[w--] = list[i--];
    // Its object: one whose slot lies between its neighbours' (see `placeContact`).
    const before = i >= 0 ? list[i].slot : -1;
    const after = w + 1 < list.length ? list[w + 1].slot : s.contactSlots.length;
    list[w--] = placeContact(s, c, before, after);
  }
}

/** Insertion sort of a short list of shapes by id. */
export function sortById(list: BodyShape[]): void {
  for (let i = 1; i < list.length; ++i) {
    const shape = list[i];
    let j = i - 1;
    for (; j >= 0 && list[j].id > shape.id; --j) list[j + 1] = list[j];
    list[j + 1] = shape;
  }
}

/** Shortens `list` to `length` by popping (docs/performance.md, "Pooling"). */
export function truncate<T>(list: T[], length: number): void {
  while (list.length > length) list.pop();
}

/** A copy of typed array `a` in a new one of `length` (at least `a.length`). */
export function grow<T extends Float64Array | Int32Array>(a: T, length: number): T {
  const b = new (a.constructor as new (length: number) => T)(length);
  b.set(a);
  return b;
}

/** Removes `item` from an unordered list by swapping the last element into its place. */
export function removeItem<T>(list: T[], item: T): void {
  const index = list.indexOf(item);
  if (index < 0) return;
  list[index] = list[list.length - 1];
  list.pop();
}
