import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  atan2,
  cos,
  invMulRot,
  invMulTransform,
  invRotateVec2,
  invTransformVec2,
  Mat22,
  mulRot,
  mulTransform,
  Rot,
  rotateVec2,
  sin,
  Transform,
  transformVec2,
  Vec2,
} from '../src/index';
import { angle, U, vector } from './arbitraries';

/*
 * Tolerances: a rotation's c and s are within 2e-16 of exact, so c² + s² = 1 within ~4u; rotating
 * rounds each component twice (a product and a sum). Rotating and rotating back therefore returns v
 * within 8u |v| (Euclidean length); maps through translations also carry the translation's size.
 */
const ROUND_TRIP = 8 * U;

function norm(v: { x: number; y: number }): number {
  return Math.hypot(v.x, v.y);
}

describe('Rot', () => {
  it('holds cos and sin of the angle from the engine functions', () => {
    for (const a of [0, 0.5, -1, Math.PI, 1e3]) {
      const q = new Rot(a);
      expect([q.c, q.s]).toEqual([cos(a), sin(a)]);
      const r = new Rot(7);
      expect(r.setAngle(a)).toBe(r);
      expect([r.c, r.s]).toEqual([cos(a), sin(a)]);
    }
    const identity = new Rot();
    expect([identity.c, identity.s]).toEqual([1, 0]);
  });

  it('setIdentity, copy and clone', () => {
    const q = new Rot(1);
    expect(q.setIdentity()).toBe(q);
    expect([q.c, q.s]).toEqual([1, 0]);
    const r = new Rot(2);
    expect(q.copy(r)).toBe(q);
    expect([q.c, q.s]).toEqual([r.c, r.s]);
    const c = r.clone();
    expect(c).not.toBe(r);
    expect([c.c, c.s]).toEqual([r.c, r.s]);
  });

  it('angle() recovers the angle in [-π, π] with the deterministic atan2', () => {
    fc.assert(
      fc.property(fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), (a) => {
        const q = new Rot(a);
        return q.angle() === atan2(q.s, q.c) && Math.abs(q.angle() - a) <= 4 * U * Math.max(1, Math.abs(a));
      }),
    );
    // Angles beyond π come back wrapped.
    expect(new Rot(2 * Math.PI + 0.5).angle()).toBeCloseTo(0.5, 14);
    expect(new Rot(-4).angle()).toBeCloseTo(2 * Math.PI - 4, 14);
  });

  it('xAxis and yAxis are the rotated unit axes', () => {
    const q = new Rot(0.3);
    expect(q.xAxis()).toEqual(new Vec2(q.c, q.s));
    expect(q.yAxis()).toEqual(new Vec2(-q.s, q.c));
    expect(q.apply({ x: 1, y: 0 })).toEqual(q.xAxis());
    expect(q.apply({ x: 0, y: 1 })).toEqual(q.yAxis());
  });

  it('apply and rotateVec2 rotate counter-clockwise; a quarter turn maps x to y', () => {
    const q = new Rot(Math.PI / 2);
    const v = q.apply({ x: 2, y: 0 });
    expect(Math.abs(v.x)).toBeLessThan(1e-15);
    expect(v.y).toBe(2);
    fc.assert(
      fc.property(angle(), vector(), (a, p) => {
        const r = new Rot(a);
        const out = new Vec2();
        return rotateVec2(out, r, p) === out && out.x === r.apply(p).x && out.y === r.apply(p).y;
      }),
    );
  });

  it('agrees with the rotation matrix Mat22.fromAngle', () => {
    fc.assert(
      fc.property(angle(), vector(), (a, p) => {
        const viaRot = new Rot(a).apply(p);
        const viaMatrix = Mat22.fromAngle(a).mulVec(p);
        return viaRot.x === viaMatrix.x && viaRot.y === viaMatrix.y;
      }),
    );
  });

  it('rotate then inverse-rotate returns the vector (within 8u |v|)', () => {
    fc.assert(
      fc.property(angle(1e4), vector(), (a, v) => {
        const q = new Rot(a);
        const back = q.applyInverse(q.apply(v));
        const alsoBack = invRotateVec2(new Vec2(), q, rotateVec2(new Vec2(), q, v));
        const tolerance = ROUND_TRIP * norm(v);
        return (
          norm({ x: back.x - v.x, y: back.y - v.y }) <= tolerance &&
          alsoBack.x === back.x &&
          alsoBack.y === back.y
        );
      }),
    );
  });

  it('preserves lengths and the scalar cross product (within 8u)', () => {
    fc.assert(
      fc.property(angle(), vector(1e3), vector(1e3), (a, u, v) => {
        const q = new Rot(a);
        const ru = q.apply(u);
        const rv = q.apply(v);
        const crossBefore = u.x * v.y - u.y * v.x;
        const crossAfter = ru.x * rv.y - ru.y * rv.x;
        return (
          Math.abs(norm(ru) - norm(u)) <= 8 * U * norm(u) &&
          Math.abs(crossAfter - crossBefore) <= 16 * U * norm(u) * norm(v)
        );
      }),
    );
  });

  it('mulRot adds angles and invMulRot subtracts them', () => {
    fc.assert(
      fc.property(angle(10), angle(10), (a, b) => {
        const q = new Rot(a);
        const r = new Rot(b);
        const sum = q.mul(r);
        const difference = q.invMul(r);
        const expectedSum = new Rot(a + b);
        const expectedDifference = new Rot(b - a);
        // a ± b rounds by up to 20u (|a ± b| ≤ 20), moving c and s by as much; the products add 4u.
        const tolerance = 24 * U;
        return (
          Math.abs(sum.c - expectedSum.c) <= tolerance &&
          Math.abs(sum.s - expectedSum.s) <= tolerance &&
          Math.abs(difference.c - expectedDifference.c) <= tolerance &&
          Math.abs(difference.s - expectedDifference.s) <= tolerance
        );
      }),
    );
  });

  it('mulRot and invMulRot return out and allow out to alias either operand', () => {
    const q = new Rot(0.4);
    const r = new Rot(-1.1);
    const expected = mulRot(new Rot(), q, r);
    const a = q.clone();
    expect(mulRot(a, a, r)).toBe(a);
    expect([a.c, a.s]).toEqual([expected.c, expected.s]);
    const b = r.clone();
    mulRot(b, q, b);
    expect([b.c, b.s]).toEqual([expected.c, expected.s]);
    const expectedInverse = invMulRot(new Rot(), q, r);
    const c = q.clone();
    invMulRot(c, c, r);
    expect([c.c, c.s]).toEqual([expectedInverse.c, expectedInverse.s]);
    const d = r.clone();
    invMulRot(d, q, d);
    expect([d.c, d.s]).toEqual([expectedInverse.c, expectedInverse.s]);
    // q⁻¹ q is the identity.
    const e = invMulRot(new Rot(), q, q);
    expect(Math.abs(e.c - 1)).toBeLessThanOrEqual(4 * U);
    expect(e.s).toBe(0);
  });

  it('rotateVec2 and invRotateVec2 allow out === v', () => {
    const q = new Rot(0.7);
    const v = new Vec2(3, -2);
    const expected = q.apply(v);
    rotateVec2(v, q, v);
    expect(v).toEqual(expected);
    const expectedBack = q.applyInverse(v);
    invRotateVec2(v, q, v);
    expect(v).toEqual(expectedBack);
  });
});

describe('Transform', () => {
  it('constructor, set, setIdentity, copy, clone', () => {
    const xf = new Transform(1, 2, 0.5);
    expect([xf.p.x, xf.p.y, xf.q.c, xf.q.s]).toEqual([1, 2, cos(0.5), sin(0.5)]);
    const p = xf.p;
    const q = xf.q;
    expect(xf.set(-3, 4, 1)).toBe(xf);
    expect([xf.p.x, xf.p.y, xf.q.c, xf.q.s]).toEqual([-3, 4, cos(1), sin(1)]);
    expect(xf.p).toBe(p); // updated in place, no allocation
    expect(xf.q).toBe(q);
    const c = xf.clone();
    expect(c).not.toBe(xf);
    expect(c.p).not.toBe(xf.p);
    expect([c.p.x, c.p.y, c.q.c, c.q.s]).toEqual([-3, 4, cos(1), sin(1)]);
    const d = new Transform();
    expect([d.p.x, d.p.y, d.q.c, d.q.s]).toEqual([0, 0, 1, 0]);
    expect(d.copy(xf)).toBe(d);
    expect([d.p.x, d.p.y, d.q.c, d.q.s]).toEqual([-3, 4, cos(1), sin(1)]);
    expect(d.setIdentity()).toBe(d);
    expect([d.p.x, d.p.y, d.q.c, d.q.s]).toEqual([0, 0, 1, 0]);
  });

  it('apply maps a local point to the world: q · v + p', () => {
    const xf = new Transform(10, 0, Math.PI / 2);
    const p = xf.apply({ x: 1, y: 0 });
    expect(p.x).toBe(10);
    expect(p.y).toBe(1);
    fc.assert(
      fc.property(vector(), angle(), vector(), (t, a, v) => {
        const x = new Transform(t.x, t.y, a);
        const out = new Vec2();
        const viaRot = x.q.apply(v);
        return (
          transformVec2(out, x, v) === out &&
          out.x === viaRot.x + t.x &&
          out.y === viaRot.y + t.y &&
          x.apply(v).x === out.x &&
          x.apply(v).y === out.y
        );
      }),
    );
  });

  it('applyInverse undoes apply (within 8u (|v| + 2|p|))', () => {
    fc.assert(
      fc.property(vector(), angle(1e4), vector(), (t, a, v) => {
        const x = new Transform(t.x, t.y, a);
        const back = x.applyInverse(x.apply(v));
        const viaFunctions = invTransformVec2(new Vec2(), x, transformVec2(new Vec2(), x, v));
        const tolerance = ROUND_TRIP * (norm(v) + 2 * norm(t));
        return (
          norm({ x: back.x - v.x, y: back.y - v.y }) <= tolerance &&
          viaFunctions.x === back.x &&
          viaFunctions.y === back.y
        );
      }),
    );
  });

  it('composition: (A · B) v = A (B v), and A⁻¹ B v = A⁻¹ (B v)', () => {
    // Each map rounds within 8u of its inputs' size; the composed one rounds its own p and q first.
    fc.assert(
      fc.property(vector(1e3), angle(), vector(1e3), angle(), vector(1e3), (pa, a, pb, b, v) => {
        const A = new Transform(pa.x, pa.y, a);
        const B = new Transform(pb.x, pb.y, b);
        const scale = norm(pa) + norm(pb) + norm(v);
        const tolerance = 16 * U * scale;
        const composed = A.mul(B).apply(v);
        const stepwise = A.apply(B.apply(v));
        const relative = A.invMul(B).apply(v);
        const relativeStepwise = A.applyInverse(B.apply(v));
        return (
          norm({ x: composed.x - stepwise.x, y: composed.y - stepwise.y }) <= tolerance &&
          norm({ x: relative.x - relativeStepwise.x, y: relative.y - relativeStepwise.y }) <= tolerance
        );
      }),
    );
  });

  it('A⁻¹ · A is the identity; composing with the identity changes nothing', () => {
    fc.assert(
      fc.property(vector(1e3), angle(), (p, a) => {
        const A = new Transform(p.x, p.y, a);
        const I = A.invMul(A);
        const same = new Transform().mul(A);
        return (
          Math.abs(I.p.x) <= 8 * U * norm(p) &&
          Math.abs(I.p.y) <= 8 * U * norm(p) &&
          Math.abs(I.q.c - 1) <= 4 * U &&
          I.q.s === 0 &&
          same.p.x === A.p.x &&
          same.p.y === A.p.y &&
          same.q.c === A.q.c &&
          same.q.s === A.q.s
        );
      }),
    );
  });

  it('mulTransform and invMulTransform return out and allow out to alias either operand', () => {
    const A = new Transform(1, 2, 0.3);
    const B = new Transform(-4, 0.5, -1.2);
    const fields = (x: Transform) => [x.p.x, x.p.y, x.q.c, x.q.s];
    for (const compose of [mulTransform, invMulTransform]) {
      const expected = fields(compose(new Transform(), A, B));
      const out = new Transform();
      expect(compose(out, A, B)).toBe(out);
      const a = A.clone();
      compose(a, a, B);
      expect(fields(a)).toEqual(expected);
      const b = B.clone();
      compose(b, A, b);
      expect(fields(b)).toEqual(expected);
    }
  });

  it('transformVec2 and invTransformVec2 allow out === v', () => {
    const xf = new Transform(1, -1, 2);
    const v = new Vec2(0.5, 3);
    const expected = xf.apply(v);
    transformVec2(v, xf, v);
    expect(v).toEqual(expected);
    const expectedBack = xf.applyInverse(v);
    invTransformVec2(v, xf, v);
    expect(v).toEqual(expectedBack);
  });
});
