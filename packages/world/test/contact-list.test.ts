import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Contact } from '../src/contact';
import { mergeSortedContacts } from '../src/contact-list';
import { byPairKey } from './helpers';

// mergeSortedContacts against an independent sort of the union: contacts stand in as their pair keys
// (the only fields the order reads) and a slot each: its rank in the union, so that each lies
// between its neighbours' and keeps its object (placing contacts in other objects is tested with
// a world's contacts in contact-order.test.ts).

function fake(key: [number, number, number, number]): Contact {
  return {
    slot: -1,
    bodyA: { id: key[0] },
    bodyB: { id: key[1] },
    shapeA: { id: key[2] },
    shapeB: { id: key[3] },
  } as unknown as Contact;
}

const keyArb = fc.tuple(
  fc.integer({ min: 0, max: 30 }),
  fc.integer({ min: 0, max: 30 }),
  fc.integer({ min: 0, max: 3 }),
  fc.integer({ min: 0, max: 3 }),
);

describe('mergeSortedContacts', () => {
  it('gives the union of two lists in pair-key order, whatever the sizes and the order of the added', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(keyArb, { maxLength: 200, selector: (k) => k.join(',') }),
        fc.nat(),
        (keys, cut) => {
          const all = keys.map(fake);
          // A random split: the list (sorted, as the world keeps it) and the added (any order).
          const split = all.length === 0 ? 0 : cut % (all.length + 1);
          const list = all.slice(0, split).sort(byPairKey);
          const added = all.slice(split);
          const expected = [...all].sort(byPairKey);
          expected.forEach((c, rank) => {
            (c as unknown as { slot: number }).slot = rank;
          });
          const state = { contactList: list, contactSlots: { length: all.length } } as unknown as Parameters<
            typeof mergeSortedContacts
          >[0];
          mergeSortedContacts(state, added);
          expect(list).toEqual(expected);
          for (let i = 1; i < list.length; i++) expect(byPairKey(list[i - 1], list[i])).toBeLessThan(0);
        },
      ),
      { seed: 20_240_611, numRuns: 500 },
    );
  });
});
