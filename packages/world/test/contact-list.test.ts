import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Contact } from '../src/contact';
import { mergeSortedContacts } from '../src/contact-list';

// mergeSortedContacts against an independent sort of the union: contacts stand in as their pair keys
// (the only fields the order reads).

/** The pair-key order, written from its definition: lower body id, higher body id, then the shapes. */
function byKey(a: Contact, b: Contact): number {
  return (
    a.bodyA.id - b.bodyA.id ||
    a.bodyB.id - b.bodyB.id ||
    a.shapeA.id - b.shapeA.id ||
    a.shapeB.id - b.shapeB.id
  );
}

function fake(key: [number, number, number, number]): Contact {
  return {
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
          const list = all.slice(0, split).sort(byKey);
          const added = all.slice(split);
          const expected = [...all].sort(byKey);
          mergeSortedContacts(list, added);
          expect(list).toEqual(expected);
          for (let i = 1; i < list.length; i++) expect(byKey(list[i - 1], list[i])).toBeLessThan(0);
        },
      ),
      { seed: 20_240_611, numRuns: 500 },
    );
  });
});
