import { shapeRain } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import type { Contact } from '../src/contact';
import { reorderContacts, swapContactStates } from '../src/contact-order';
import type { SolverKind, World } from '../src/index';
import { buildScene, byPairKey, stateOf } from './helpers';

// The contacts' memory order (contact-order.ts): contact states move between the world's contact
// objects so that the sorted list visits them in the order they were made. Nothing else may
// change: the bookkeeping stays whole and the results stay bit-identical.

/** What these tests read of a contact beyond its public fields. */
type SlottedContact = Contact & { slot: number; edgeA: number; edgeB: number };

/** What these tests read of the world's internal step state. */
interface Core {
  contactList: SlottedContact[];
  contactSlots: SlottedContact[];
  freeSlots: Int32Array;
  freeAt: Int32Array;
  freeCount: number;
  contactsOutOfPlace: number;
}

function coreOf(world: World): Core {
  return (world as unknown as { core: Core }).core;
}

/** A body's contacts, in its internal edge list. */
function edgesOf(body: unknown): Contact[] {
  return (body as { contactEdges: Contact[] }).contactEdges;
}

/** Every invariant of the contact objects, checked between steps. */
function expectBookkeepingWhole(world: World): void {
  const s = coreOf(world);
  const list = s.contactList;
  const slots = s.contactSlots;
  for (let k = 0; k < slots.length; ++k) expect(slots[k].slot).toBe(k);
  for (let i = 1; i < list.length; ++i) expect(byPairKey(list[i - 1], list[i])).toBeLessThan(0);
  const listed = new Set<Contact>(list);
  expect(listed.size).toBe(list.length);
  for (const c of list) {
    expect(slots[c.slot]).toBe(c);
    expect(edgesOf(c.bodyA)[c.edgeA]).toBe(c);
    expect(edgesOf(c.bodyB)[c.edgeB]).toBe(c);
  }
  let edges = 0;
  for (const b of world.bodies) {
    for (const c of edgesOf(b)) expect(listed.has(c)).toBe(true);
    edges += edgesOf(b).length;
  }
  expect(edges).toBe(2 * list.length);
  // The free objects: exactly the slots not listed, each once, each knowing its place.
  const free = new Set<number>();
  for (let k = 0; k < s.freeCount; ++k) {
    const slot = s.freeSlots[k];
    expect(s.freeAt[slot]).toBe(k);
    expect(listed.has(slots[slot])).toBe(false);
    free.add(slot);
  }
  expect(free.size).toBe(s.freeCount);
  expect(list.length + s.freeCount).toBe(slots.length);
  for (const c of list) expect(s.freeAt[c.slot]).toBe(-1);
}

/**
 * The contacts' pairs and numbers, in list order. A contact without points has no normal: the
 * numbers there (16 and 17) are whatever its object held before, so they are left out for it.
 */
function contactsOf(world: World): number[] {
  const out: number[] = [];
  for (const c of world.contacts) {
    out.push(c.bodyA.id, c.bodyB.id, c.shapeA.id, c.shapeB.id, c.touching ? 1 : 0, c.pointCount);
    for (let k = 0; k < c.data.length; ++k)
      if (c.pointCount > 0 || (k !== 16 && k !== 17)) out.push(c.data[k]);
  }
  return out;
}

/** Steps a rain of mixed shapes, forcing (1) or suppressing (-1) a reordering after every step. */
function rainWithOrdering(solver: SolverKind, force: 1 | -1, steps: number): World {
  const { world, bodies } = buildScene(shapeRain(400, 3), { sleeping: true, solver });
  for (let i = 0; i < steps; ++i) {
    coreOf(world).contactsOutOfPlace = force * 1e9;
    // Destroying bodies drops their contacts: the list then waits for its compaction.
    if (i === steps >> 1) for (let k = 40; k < 400; k += 37) world.destroyBody(bodies[k]);
    world.step(1 / 60);
  }
  return world;
}

describe('the contacts kept in memory order', () => {
  it('keeps every contact, edge and free object accounted for while contacts begin and end', () => {
    const { world, bodies } = buildScene(shapeRain(300, 1), { sleeping: false });
    for (let i = 1; i <= 240; ++i) {
      if (i === 120) for (let k = 10; k < 300; k += 29) world.destroyBody(bodies[k]);
      world.step(1 / 60);
      if (i % 40 === 0) expectBookkeepingWhole(world);
    }
    expect(world.contacts.length).toBeGreaterThan(500);
  });

  for (const solver of ['soft', 'classic'] as const) {
    it(`gives bit-identical results whether it reorders after every step or never (${solver})`, () => {
      const always = rainWithOrdering(solver, 1, 300);
      const never = rainWithOrdering(solver, -1, 300);
      expectBookkeepingWhole(always);
      expectBookkeepingWhole(never);
      expect(stateOf(always)).toEqual(stateOf(never));
      expect(contactsOf(always)).toEqual(contactsOf(never));
      // The two did keep their contacts in different objects.
      const s = coreOf(always);
      const n = s.contactList.length;
      expect(n).toBeGreaterThan(300);
      expect(s.contactList.every((c, i) => c.slot === i + Math.floor(i / 8))).toBe(true);
      expect(coreOf(never).contactList.every((c, i) => c.slot === i + Math.floor(i / 8))).toBe(false);
    });
  }

  it('lays the list out in slot order, a free slot after every eight contacts', () => {
    const { world } = buildScene(shapeRain(300, 2), { sleeping: false });
    for (let i = 0; i < 200; ++i) {
      coreOf(world).contactsOutOfPlace = -1e9;
      world.step(1 / 60);
    }
    const s = coreOf(world);
    const before = contactsOf(world);
    const inPlace = s.contactList.filter((c, i) => c === s.contactSlots[i + Math.floor(i / 8)]).length;
    expect(inPlace).toBeLessThan(s.contactList.length / 2);
    reorderContacts(s as unknown as Parameters<typeof reorderContacts>[0]);
    const list = s.contactList;
    for (let i = 0; i < list.length; ++i) expect(list[i]).toBe(s.contactSlots[i + Math.floor(i / 8)]);
    // The same pairs with the same numbers, in the same order.
    expect(contactsOf(world)).toEqual(before);
    expectBookkeepingWhole(world);
  });

  it('keeps most of the list in slot order in a rain, where contacts begin and end all the time', () => {
    const { world } = buildScene(shapeRain(600, 4), { sleeping: false });
    let ordered = 0;
    let pairs = 0;
    for (let i = 1; i <= 300; ++i) {
      world.step(1 / 60);
      if (i % 30 !== 0) continue;
      const list = coreOf(world).contactList;
      for (let k = 1; k < list.length; ++k) if (list[k].slot > list[k - 1].slot) ordered++;
      pairs += list.length - 1;
    }
    // Objects taken as they come would give about one half (the list visits them at random).
    expect(ordered / pairs).toBeGreaterThan(0.85);
  });

  it('exchanges every field of two contacts but the objects’ own (slot, numbers, whether the user was given it)', () => {
    const { world } = buildScene(shapeRain(200, 5), { sleeping: false });
    for (let i = 0; i < 120; ++i) world.step(1 / 60);
    const touching = world.contacts.filter((c) => c.touching);
    const x = touching[0];
    const y = touching[touching.length - 1];
    const own = new Set(['slot', 'handed', 'data', 'dataBlock', 'dataOffset', 'pointObjects']);
    const keys = Object.keys(x).filter((k) => !own.has(k));
    // Give every field of each a value of its own, so an exchange that misses one shows.
    const fields = x as unknown as Record<string, unknown>;
    const others = y as unknown as Record<string, unknown>;
    for (const k of keys) {
      if (typeof fields[k] === 'number') {
        fields[k] = 1.5;
        others[k] = 2.5;
      } else if (typeof fields[k] === 'boolean') {
        fields[k] = true;
        others[k] = false;
      }
    }
    for (let k = 0; k < x.data.length; ++k) {
      x.data[k] = k;
      y.data[k] = 100 + k;
    }
    const xBefore = keys.map((k) => fields[k]);
    const yBefore = keys.map((k) => others[k]);
    for (let i = 0; i < keys.length; ++i) expect(xBefore[i]).not.toBe(yBefore[i]);
    const slots = [(x as SlottedContact).slot, (y as SlottedContact).slot];
    const data = [x.data, y.data];
    swapContactStates(x as SlottedContact, y as SlottedContact);
    expect(keys.map((k) => fields[k])).toEqual(yBefore);
    expect(keys.map((k) => others[k])).toEqual(xBefore);
    expect([(x as SlottedContact).slot, (y as SlottedContact).slot]).toEqual(slots);
    expect(x.data).toBe(data[0]);
    expect(y.data).toBe(data[1]);
    for (let k = 0; k < x.data.length; ++k) {
      expect(x.data[k]).toBe(100 + k);
      expect(y.data[k]).toBe(k);
    }
  });
});
