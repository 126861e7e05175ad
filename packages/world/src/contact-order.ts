import { Contact, retireContact } from './contact';
import { grow } from './contact-list';
import type { BodyShape } from './shape';
import type { StepState } from './step-state';

// The contacts' order in memory (docs/performance.md, "Contacts in memory order"). An object handed
// to the user never holds another pair's state (`unhandContacts`, `freeContact`).

/** The fewest free contact objects a reordering keeps (a quarter of the live contacts when more). */
export const CONTACT_POOL_SLACK = 64;

/** After a full reordering, slot i + ⌊i / GAP⌋ holds contact i: one free slot after every GAP. */
const GAP = 8;

/** The list is reordered once more than 1 / REORDER_SHARE of its contacts found no free slot in place. */
const REORDER_SHARE = 8;

/** The fewest contact objects made at once (at least a quarter of those there are). */
const MIN_BATCH = 4;

/** How many slots {@link placeContact} looks at between a new contact's neighbours. */
const MAX_SCAN = 4 * GAP;

/** A contact object for the shape pair (sa, sb): a free one reset, or a new one; not yet in the edges. */
export function takeContact(
  s: StepState,
  sa: BodyShape,
  sb: BodyShape,
  friction: number,
  restitution: number,
): Contact {
  if (s.freeCount > 0) {
    const slot = s.freeSlots[s.freeCount - 1];
    takeSlot(s, slot);
    const c = s.contactSlots[slot];
    c.reset(sa.body, sb.body, friction, restitution);
    return c;
  }
  // None free: make a batch, so new objects lie side by side in memory in slot order.
  const slots = s.contactSlots;
  const batch = Math.max(MIN_BATCH, slots.length >> 2);
  const first = slots.length;
  for (let k = 0; k < batch; ++k) addSlot(s, new Contact(sa, sb, friction, restitution));
  for (let k = first + batch - 1; k > first; --k) freeContact(s, slots[k]);
  return slots[first];
}

/** Frees a contact object (naming the husk meanwhile); one handed to the user is retired instead. */
export function freeContact(s: StepState, c: Contact): void {
  const slot = c.slot;
  let free = c;
  if (c.handed === true) {
    // A contact is made between two different bodies: the two husks, then it names one alone.
    free = new Contact(s.huskShape, s.huskShape, 0, 0, s.husk, s.huskOther);
    free.slot = slot;
    s.contactSlots[slot] = free;
    retireContact(c);
  }
  free.bodyA = s.husk;
  free.bodyB = s.husk;
  free.shapeA = s.huskShape;
  free.shapeB = s.huskShape;
  s.freeAt[slot] = s.freeCount;
  s.freeSlots[s.freeCount++] = slot;
}

/** Records a new contact object in the next slot (in use). */
function addSlot(s: StepState, c: Contact): void {
  const slot = s.contactSlots.length;
  c.slot = slot;
  s.contactSlots.push(c);
  if (slot >= s.freeAt.length) {
    const size = Math.max(8, 2 * s.freeAt.length);
    s.freeAt = grow(s.freeAt, size);
    s.freeSlots = grow(s.freeSlots, size);
  }
  s.freeAt[slot] = -1;
}

/** Takes `slot` off the free list (in O(1): the top of the list takes its place). */
function takeSlot(s: StepState, slot: number): void {
  const at = s.freeAt[slot];
  const top = s.freeSlots[--s.freeCount];
  s.freeSlots[at] = top;
  s.freeAt[top] = at;
  s.freeAt[slot] = -1;
}

/**
 * The object to hold new contact `c` between the neighbours in slots `before` (-1: none) and `after`:
 * `c` when its slot lies between, else the last free slot between; else `c`, counted out of place.
 */
export function placeContact(s: StepState, c: Contact, before: number, after: number): Contact {
  if (before < c.slot && c.slot < after) return c;
  // From the top: the list is merged from its back, so the contacts still to place come before.
  const end = Math.max(before, after - 1 - MAX_SCAN);
  const freeAt = s.freeAt;
  for (let k = after - 1; k > end; --k) {
    if (freeAt[k] < 0) continue;
    const f = s.contactSlots[k];
    takeSlot(s, k);
    swapContactStates(c, f);
    relinkEdges(f);
    freeContact(s, c);
    return f;
  }
  s.contactsOutOfPlace++;
  return c;
}

/** At a step's end: reorders when too much of the list is out of place or too many objects are free. */
export function maybeReorderContacts(s: StepState): void {
  if (s.droppedContacts > 0) return;
  const n = s.contactList.length;
  if (s.contactsOutOfPlace * REORDER_SHARE > n || s.freeCount > (n >> 1) + CONTACT_POOL_SLACK)
    reorderContacts(s);
}

/** Moves contact states so `contactList[i]` is `contactSlots[i + ⌊i / GAP⌋]`; none may be dropped. */
export function reorderContacts(s: StepState): void {
  unhandContacts(s, true);
  const list = s.contactList;
  const slots = s.contactSlots;
  const n = list.length;
  const used = n === 0 ? 0 : target(n - 1) + 1;
  while (slots.length < used) {
    const c = new Contact(list[0].shapeA, list[0].shapeB, 0, 0);
    addSlot(s, c);
    freeContact(s, c);
  }
  const total = slots.length;
  if (s.contactWhere.length < total)
    s.contactWhere = new Int32Array(Math.max(total, 2 * s.contactWhere.length));
  const where = s.contactWhere;
  // Where each object's state is in the list (-1: free).
  where.fill(-1, 0, total);
  for (let i = 0; i < n; ++i) where[list[i].slot] = i;
  for (let i = 0; i < n; ++i) {
    const x = list[i];
    const y = slots[target(i)];
    if (x === y) continue;
    // y takes contact i's state; x takes y's (a later contact's, or a free one).
    swapContactStates(x, y);
    const j = where[y.slot];
    list[i] = y;
    relinkEdges(y);
    where[x.slot] = j;
    if (j >= 0) {
      list[j] = x;
      relinkEdges(x);
    }
  }
  // Free: the gaps, then the slots after the last contact's (the first of them on top).
  const keep = Math.min(total, used + Math.max(CONTACT_POOL_SLACK, n >> 2));
  while (slots.length > keep) slots.pop();
  s.freeCount = 0;
  for (let k = 0; k < used; ++k) s.freeAt[k] = -1;
  for (let i = GAP; i < n; i += GAP) freeContact(s, slots[target(i) - 1]);
  for (let k = keep - 1; k >= used; --k) freeContact(s, slots[k]);
  s.contactsOutOfPlace = 0;
}

/** Before contact states move or are overwritten: each object handed to the user is retired. */
export function unhandContacts(s: StepState, keepStates: boolean): void {
  const list = s.contactList;
  for (let i = 0, n = list.length; i < n; ++i) {
    const c = list[i];
    if (c.handed !== true) continue;
    const fresh = new Contact(c.shapeA, c.shapeB, 0, 0, c.bodyA, c.bodyB);
    if (keepStates) {
      swapContactStates(c, fresh);
      relinkEdges(fresh);
    }
    fresh.slot = c.slot;
    s.contactSlots[c.slot] = fresh;
    list[i] = fresh;
    retireContact(c);
  }
}

/** The slot of the list's i-th contact after {@link reorderContacts}. */
function target(i: number): number {
  return i + Math.floor(i / GAP);
}

/** Points the bodies' edges of a listed contact at it. */
function relinkEdges(c: Contact): void {
  c.bodyA.contactEdges[c.edgeA] = c;
  c.bodyB.contactEdges[c.edgeB] = c;
}

/** The fields {@link swapContactStates} exchanges (the contact's own, and its solver's block terms). */
const SWAPPED = (
  'bodyA bodyB shapeA shapeB pointCount touching dropped edgeA edgeB ' +
  'blockUsable blockCase k11 k12 k22 m11 m12 m22'
).split(' ') as (keyof Contact)[];

/** Exchanges two contact objects' states and numbers (not their slots, memory or point views). */
export function swapContactStates(x: Contact, y: Contact): void {
  const a = x as unknown as Record<string, unknown>;
  const b = y as unknown as Record<string, unknown>;
  for (let k = 0; k < SWAPPED.length; ++k) {
    const key = SWAPPED[k];
    const t = a[key];
    a[key] = b[key];
    b[key] = t;
  }
  const da = x.data;
  const db = y.data;
  for (let k = 0, m = da.length; k < m; ++k) {
    const t = da[k];
    da[k] = db[k];
    db[k] = t;
  }
}
