import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addScaledVec2,
  addVec2,
  distanceSquaredVec2,
  distanceVec2,
  dotVec2,
  lengthSquaredVec2,
  lengthVec2,
  lerpVec2,
  negateVec2,
  normalizeVec2,
  scaleVec2,
  subVec2,
  Vec2,
} from '../src/index';
import { finite, U, vector } from './arbitraries';

describe('Vec2 construction and state', () => {
  it('defaults to (0, 0) and keeps given components', () => {
    const zero = new Vec2();
    expect([zero.x, zero.y]).toEqual([0, 0]);
    const v = new Vec2(3, -4);
    expect([v.x, v.y]).toEqual([3, -4]);
  });

  it('from, set, copy, setZero, clone', () => {
    const v = Vec2.from({ x: 1, y: 2 });
    expect(v).toBeInstanceOf(Vec2);
    expect([v.x, v.y]).toEqual([1, 2]);
    expect(v.set(5, 6)).toBe(v);
    expect([v.x, v.y]).toEqual([5, 6]);
    expect(v.copy({ x: -1, y: -2 })).toBe(v);
    expect([v.x, v.y]).toEqual([-1, -2]);
    const c = v.clone();
    expect(c).not.toBe(v);
    expect([c.x, c.y]).toEqual([-1, -2]);
    expect(v.setZero()).toBe(v);
    expect([v.x, v.y]).toEqual([0, 0]);
    expect([c.x, c.y]).toEqual([-1, -2]);
  });

  it('toString and equals', () => {
    expect(new Vec2(1.5, -2).toString()).toBe('(1.5, -2)');
    expect(new Vec2(1, 2).equals({ x: 1, y: 2 })).toBe(true);
    expect(new Vec2(1, 2).equals({ x: 1, y: 2.1 })).toBe(false);
    expect(new Vec2(1, 2).equals({ x: 1.05, y: 1.95 }, 0.1)).toBe(true);
    expect(new Vec2(Number.NaN, 0).equals({ x: Number.NaN, y: 0 }, 1)).toBe(false);
  });
});

describe('Vec2 readable methods', () => {
  const a = new Vec2(1, 2);
  const b = new Vec2(3, -5);

  it('add, sub, scale, negate return new vectors and leave the operands alone', () => {
    const sum = a.add(b);
    expect([sum.x, sum.y]).toEqual([4, -3]);
    const difference = a.sub(b);
    expect([difference.x, difference.y]).toEqual([-2, 7]);
    const scaled = a.scale(-3);
    expect([scaled.x, scaled.y]).toEqual([-3, -6]);
    const negated = a.negate();
    expect([negated.x, negated.y]).toEqual([-1, -2]);
    expect([a.x, a.y, b.x, b.y]).toEqual([1, 2, 3, -5]);
    expect(sum).not.toBe(a);
  });

  it('dot, cross, length, lengthSquared, distance, distanceSquared', () => {
    expect(a.dot(b)).toBe(3 - 10);
    expect(a.cross(b)).toBe(1 * -5 - 2 * 3);
    expect(new Vec2(3, 4).length()).toBe(5);
    expect(new Vec2(3, 4).lengthSquared()).toBe(25);
    expect(a.distance(b)).toBe(Math.sqrt(4 + 49));
    expect(a.distanceSquared(b)).toBe(53);
  });

  it('perp turns 90° counter-clockwise', () => {
    const p = new Vec2(1, 0).perp();
    expect([p.x, p.y]).toEqual([-0, 1]);
    const q = a.perp();
    expect(q.dot(a)).toBe(0);
    expect(a.cross(q)).toBe(a.lengthSquared());
  });

  it('normalize gives a unit vector, and the zero vector for the zero vector (no NaN)', () => {
    // 3 · (1/5) rounds twice: within one ulp (2u) of 0.6.
    const n = new Vec2(3, 4).normalize();
    expect(Math.abs(n.x - 0.6)).toBeLessThanOrEqual(2 * U);
    expect(Math.abs(n.y - 0.8)).toBeLessThanOrEqual(2 * U);
    const z = new Vec2().normalize();
    expect([z.x, z.y]).toEqual([0, 0]);
  });
});

describe('allocation-free Vec2 functions', () => {
  it('compute the same as the methods and return out', () => {
    fc.assert(
      fc.property(vector(), vector(), finite(), (p, q, s) => {
        const a = Vec2.from(p);
        const b = Vec2.from(q);
        const out = new Vec2();
        expect(addVec2(out, a, b)).toBe(out);
        expect(out).toEqual(a.add(b));
        expect(subVec2(out, a, b)).toBe(out);
        expect(out).toEqual(a.sub(b));
        expect(scaleVec2(out, a, s)).toBe(out);
        expect(out).toEqual(a.scale(s));
        expect(negateVec2(out, a)).toBe(out);
        expect(out).toEqual(a.negate());
        expect(addScaledVec2(out, a, b, s)).toBe(out);
        expect([out.x, out.y]).toEqual([a.x + b.x * s, a.y + b.y * s]);
        expect(dotVec2(a, b)).toBe(a.dot(b));
        expect(lengthVec2(a)).toBe(a.length());
        expect(lengthSquaredVec2(a)).toBe(a.lengthSquared());
        expect(distanceVec2(a, b)).toBe(a.distance(b));
        expect(distanceSquaredVec2(a, b)).toBe(a.distanceSquared(b));
      }),
      { numRuns: 300 },
    );
  });

  it('accept plain { x, y } objects as out and operands', () => {
    const out = { x: 0, y: 0 };
    addVec2(out, { x: 1, y: 2 }, { x: 3, y: 4 });
    expect(out).toEqual({ x: 4, y: 6 });
  });

  it('allow out to alias an operand (out === a, out === b)', () => {
    const a = new Vec2(1, 2);
    addVec2(a, a, a);
    expect([a.x, a.y]).toEqual([2, 4]);
    const b = new Vec2(5, 7);
    subVec2(b, new Vec2(1, 1), b);
    expect([b.x, b.y]).toEqual([-4, -6]);
    const c = new Vec2(1, 2);
    scaleVec2(c, c, 3);
    expect([c.x, c.y]).toEqual([3, 6]);
    const d = new Vec2(1, 2);
    addScaledVec2(d, d, d, 2);
    expect([d.x, d.y]).toEqual([3, 6]);
    const e = new Vec2(1, -2);
    negateVec2(e, e);
    expect([e.x, e.y]).toEqual([-1, 2]);
    const f = new Vec2(0, 10);
    lerpVec2(f, f, new Vec2(10, 0), 0.25);
    expect([f.x, f.y]).toEqual([2.5, 7.5]);
    const g = new Vec2(3, 4);
    expect(normalizeVec2(g, g)).toBe(5);
    expect(Math.abs(g.x - 0.6)).toBeLessThanOrEqual(2 * U);
    expect(Math.abs(g.y - 0.8)).toBeLessThanOrEqual(2 * U);
  });

  it('lerpVec2 gives a at t = 0, b at t = 1 and the midpoint at 0.5', () => {
    const a = { x: -2, y: 4 };
    const b = { x: 6, y: 0 };
    const out = new Vec2();
    expect(lerpVec2(out, a, b, 0)).toEqual(new Vec2(-2, 4));
    expect(lerpVec2(out, a, b, 1)).toEqual(new Vec2(6, 0));
    expect(lerpVec2(out, a, b, 0.5)).toEqual(new Vec2(2, 2));
  });
});

describe('normalizeVec2', () => {
  it('gives a unit vector in the same direction and returns the length', () => {
    // |n| = 1 within 3u (sqrt, the reciprocal and each product round once); the direction is kept:
    // n × v vanishes to within 3u |v| and n · v > 0.
    fc.assert(
      fc.property(vector(1e100), (v) => {
        fc.pre(v.x !== 0 || v.y !== 0);
        const n = new Vec2();
        const length = normalizeVec2(n, v);
        const expectedLength = Math.sqrt(v.x * v.x + v.y * v.y);
        return (
          Math.abs(length - expectedLength) <= 0 &&
          Math.abs(Math.sqrt(n.x * n.x + n.y * n.y) - 1) <= 4 * U &&
          Math.abs(n.x * v.y - n.y * v.x) <= 4 * U * length &&
          n.x * v.x + n.y * v.y > 0
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('writes (0, 0) and returns 0 for the zero vector, never NaN', () => {
    for (const zero of [
      { x: 0, y: 0 },
      { x: -0, y: 0 },
      { x: -0, y: -0 },
    ]) {
      const out = { x: 9, y: 9 };
      expect(normalizeVec2(out, zero)).toBe(0);
      expect(out.x === 0 && out.y === 0).toBe(true);
    }
  });

  it('normalizes vectors whose squared length underflows or overflows', () => {
    const out = new Vec2();
    expect(normalizeVec2(out, { x: 1e-200, y: 0 })).toBe(1e-200);
    expect([out.x, out.y]).toEqual([1, 0]);
    expect(normalizeVec2(out, { x: 0, y: -Number.MIN_VALUE })).toBe(Number.MIN_VALUE);
    expect([out.x, out.y]).toEqual([0, -1]);
    expect(normalizeVec2(out, { x: 3e-170, y: 4e-170 })).toBeCloseTo(5e-170, 180);
    expect(out.x).toBeCloseTo(0.6, 15);
    expect(out.y).toBeCloseTo(0.8, 15);
    expect(normalizeVec2(out, { x: 1e300, y: 1e300 })).toBeCloseTo(Math.SQRT2 * 1e300, -285);
    expect(out.x).toBeCloseTo(Math.SQRT1_2, 15);
    expect(out.y).toBeCloseTo(Math.SQRT1_2, 15);
    expect(normalizeVec2(out, { x: -Number.MAX_VALUE, y: 0 })).toBe(Number.MAX_VALUE);
    expect([out.x, out.y]).toEqual([-1, 0]);
  });

  it('writes (0, 0) for NaN or infinite components and returns NaN or Infinity', () => {
    const out = new Vec2(7, 7);
    expect(normalizeVec2(out, { x: Number.NaN, y: 1 })).toBeNaN();
    expect([out.x, out.y]).toEqual([0, 0]);
    out.set(7, 7);
    expect(normalizeVec2(out, { x: 1, y: Number.NEGATIVE_INFINITY })).toBe(Number.POSITIVE_INFINITY);
    expect([out.x, out.y]).toEqual([0, 0]);
    out.set(7, 7);
    expect(normalizeVec2(out, { x: Number.POSITIVE_INFINITY, y: Number.NaN })).toBeNaN();
    expect([out.x, out.y]).toEqual([0, 0]);
    const n = new Vec2(Number.NaN, Number.NaN).normalize();
    expect([n.x, n.y]).toEqual([0, 0]);
  });
});

describe('Vec2 algebra properties', () => {
  it('a + b - b = a exactly for integers, and a · b = b · a, a · a = |a|²', () => {
    const int = fc.integer({ min: -(2 ** 20), max: 2 ** 20 });
    fc.assert(
      fc.property(int, int, int, int, (ax, ay, bx, by) => {
        const a = new Vec2(ax, ay);
        const b = new Vec2(bx, by);
        const back = a.add(b).sub(b);
        return back.x === ax && back.y === ay && a.dot(b) === b.dot(a) && a.dot(a) === a.lengthSquared();
      }),
    );
  });

  it('distance is symmetric and obeys the triangle inequality (within rounding)', () => {
    fc.assert(
      fc.property(vector(1e6), vector(1e6), vector(1e6), (a, b, c) => {
        const ab = distanceVec2(a, b);
        const bc = distanceVec2(b, c);
        const ac = distanceVec2(a, c);
        return ab === distanceVec2(b, a) && ac <= (ab + bc) * (1 + 8 * U);
      }),
    );
  });
});
