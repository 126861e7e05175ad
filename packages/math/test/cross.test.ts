import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cross,
  crossScalarVec,
  crossScalarVecTo,
  crossVecScalar,
  crossVecScalarTo,
  Vec2,
} from '../src/index';
import { finite, U, vector } from './arbitraries';

describe('the three cross-product forms, by definition', () => {
  it('cross(a, b) = a.x b.y - a.y b.x', () => {
    expect(cross({ x: 1, y: 0 }, { x: 0, y: 1 })).toBe(1); // x × y = z
    expect(cross({ x: 0, y: 1 }, { x: 1, y: 0 })).toBe(-1);
    expect(cross({ x: 2, y: 3 }, { x: 5, y: 7 })).toBe(2 * 7 - 3 * 5);
    expect(cross({ x: 2, y: 4 }, { x: 1, y: 2 })).toBe(0); // parallel
  });

  it('crossScalarVec(s, v) = (-s v.y, s v.x): w × r, the velocity of a point on a spinning body', () => {
    const v = crossScalarVec(2, { x: 3, y: 5 });
    expect(v).toBeInstanceOf(Vec2);
    expect([v.x, v.y]).toEqual([-10, 6]);
    // A body spinning at 1 rad/s counter-clockwise: the point (1, 0) moves up.
    const up = crossScalarVec(1, { x: 1, y: 0 });
    expect([up.x, up.y]).toEqual([-0, 1]);
  });

  it('crossVecScalar(v, s) = (s v.y, -s v.x): the tangent n × 1 of a contact normal', () => {
    const v = crossVecScalar({ x: 3, y: 5 }, 2);
    expect(v).toBeInstanceOf(Vec2);
    expect([v.x, v.y]).toEqual([10, -6]);
    const tangent = crossVecScalar({ x: 0, y: 1 }, 1); // normal up: tangent points right
    expect([tangent.x, tangent.y]).toEqual([1, -0]);
  });

  it('the To forms write into out, return it, and allow out === v', () => {
    const out = new Vec2();
    expect(crossScalarVecTo(out, 2, { x: 3, y: 5 })).toBe(out);
    expect([out.x, out.y]).toEqual([-10, 6]);
    expect(crossVecScalarTo(out, { x: 3, y: 5 }, 2)).toBe(out);
    expect([out.x, out.y]).toEqual([10, -6]);
    const v = new Vec2(3, 5);
    crossScalarVecTo(v, 2, v);
    expect([v.x, v.y]).toEqual([-10, 6]);
    const w = new Vec2(3, 5);
    crossVecScalarTo(w, w, 2);
    expect([w.x, w.y]).toEqual([10, -6]);
    const plain = { x: 1, y: 2 };
    crossScalarVecTo(plain, -1, plain);
    expect(plain).toEqual({ x: 2, y: -1 });
  });
});

describe('cross-product identities', () => {
  it('a × b = -(b × a) exactly, and a × a = 0', () => {
    fc.assert(fc.property(vector(), vector(), (a, b) => cross(a, b) === -cross(b, a) && cross(a, a) === 0));
  });

  it('s × v = -(v × s) exactly, in both the readable and the To forms', () => {
    fc.assert(
      fc.property(finite(), vector(), (s, v) => {
        const p = crossScalarVec(s, v);
        const q = crossVecScalar(v, s);
        const pTo = crossScalarVecTo({ x: 0, y: 0 }, s, v);
        const qTo = crossVecScalarTo({ x: 0, y: 0 }, v, s);
        return (
          p.x === -q.x && p.y === -q.y && pTo.x === p.x && pTo.y === p.y && qTo.x === q.x && qTo.y === q.y
        );
      }),
    );
  });

  it('s × v is perpendicular to v: (s × v) · v = 0 within 4u |s v.x v.y|', () => {
    // (-s vy) vx + (s vx) vy: each product rounds twice, the sum once; the exact value is 0.
    fc.assert(
      fc.property(finite(), vector(), (s, v) => {
        const p = crossScalarVec(s, v);
        const q = crossVecScalar(v, s);
        const bound = 4.01 * U * Math.abs(s * v.x * v.y);
        return Math.abs(p.x * v.x + p.y * v.y) <= bound && Math.abs(q.x * v.x + q.y * v.y) <= bound;
      }),
    );
  });

  it('s × v turns v by +90° and scales it by s: v × (s × v) = s |v|²', () => {
    fc.assert(
      fc.property(finite(1e3), vector(1e3), (s, v) => {
        const p = crossScalarVec(s, v);
        const expected = s * (v.x * v.x + v.y * v.y);
        return Math.abs(cross(v, p) - expected) <= 4 * U * Math.abs(expected);
      }),
    );
  });

  it('a × (s × b) = s (a · b)', () => {
    fc.assert(
      fc.property(finite(1e3), vector(1e3), vector(1e3), (s, a, b) => {
        const lhs = cross(a, crossScalarVec(s, b));
        const rhs = s * (a.x * b.x + a.y * b.y);
        return Math.abs(lhs - rhs) <= 8 * U * Math.abs(s) * (Math.abs(a.x * b.x) + Math.abs(a.y * b.y));
      }),
    );
  });

  it('the scalar cross product is the signed parallelogram area', () => {
    const a = new Vec2(4, 0);
    const b = new Vec2(1, 3);
    expect(cross(a, b)).toBe(12); // base 4, height 3, b counter-clockwise of a
    expect(cross(b, a)).toBe(-12);
    expect(a.cross(b)).toBe(cross(a, b));
  });
});
