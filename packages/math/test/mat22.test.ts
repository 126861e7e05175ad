import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  absMat22,
  addMat22,
  cos,
  invertMat22,
  Mat22,
  mulMat22,
  mulMat22Vec,
  mulTransposeMat22,
  mulTransposeMat22Vec,
  sin,
  solveMat22,
  transposeMat22,
  Vec2,
} from '../src/index';
import { finite, U, vector } from './arbitraries';
import { entries, integerMatrix, MAX_CONDITION, wellConditioned } from './matrices';
import { exactSolve, mulRational, type Rational, rational, rationalToNumber, subRational } from './reference';

/** Every entry within `ulps` units of roundoff (relative) of the expected value. */
function expectEntriesClose(actual: number[], expected: number[], ulps = 2): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, i) => {
    expect(Math.abs(value - expected[i]), `entry ${i}: ${value} vs ${expected[i]}`).toBeLessThanOrEqual(
      ulps * U * Math.abs(expected[i]),
    );
  });
}

/**
 * A power-of-two exponent in [-limit, limit], two times in three beyond ±490, where the determinant
 * of a scaled matrix (2^2k · [1, 1e4]) leaves the fast path's range [1e-290, 1e290].
 */
function exponent(limit: number): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: -limit, max: -490 }),
    fc.integer({ min: 490, max: limit }),
    fc.integer({ min: -489, max: 489 }),
  );
}

/** True when the determinant lies where invertMat22 and solveMat22 take their fast path. */
function isFastPathDeterminant(m: Mat22): boolean {
  const det = Math.abs(m.a11 * m.a22 - m.a12 * m.a21);
  return det >= 1e-290 && det <= 1e290;
}

/** A finite, non-zero, non-subnormal double. */
function isNormal(v: number): boolean {
  return Math.abs(v) >= 2 ** -1022 && Math.abs(v) <= Number.MAX_VALUE;
}

function exactDeterminant(m: Mat22): number {
  return rationalToNumber(
    subRational(mulRational(rational(m.a11), rational(m.a22)), mulRational(rational(m.a12), rational(m.a21))),
  );
}

describe('Mat22 construction and state', () => {
  it('defaults to the identity; identity() and setIdentity() too', () => {
    expect(entries(new Mat22())).toEqual([1, 0, 0, 1]);
    expect(entries(Mat22.identity())).toEqual([1, 0, 0, 1]);
    const m = new Mat22(5, 6, 7, 8);
    expect(m.setIdentity()).toBe(m);
    expect(entries(m)).toEqual([1, 0, 0, 1]);
  });

  it('stores entries row by row; set, copy, clone, fromColumns', () => {
    const m = new Mat22(1, 2, 3, 4);
    expect([m.a11, m.a12, m.a21, m.a22]).toEqual([1, 2, 3, 4]);
    expect(m.set(5, 6, 7, 8)).toBe(m);
    expect(entries(m)).toEqual([5, 6, 7, 8]);
    const c = m.clone();
    expect(c).not.toBe(m);
    expect(entries(c)).toEqual([5, 6, 7, 8]);
    const d = new Mat22();
    expect(d.copy(m)).toBe(d);
    expect(entries(d)).toEqual([5, 6, 7, 8]);
    // Columns (1, 3) and (2, 4) give the rows (1, 2) and (3, 4).
    expect(entries(Mat22.fromColumns({ x: 1, y: 3 }, { x: 2, y: 4 }))).toEqual([1, 2, 3, 4]);
  });

  it('fromAngle and setAngle build [c -s; s c] from the engine cos and sin', () => {
    for (const angle of [0, 0.3, -2, Math.PI / 2, 100]) {
      const expected = [cos(angle), -sin(angle), sin(angle), cos(angle)];
      expect(entries(Mat22.fromAngle(angle))).toEqual(expected);
      const m = new Mat22(9, 9, 9, 9);
      expect(m.setAngle(angle)).toBe(m);
      expect(entries(m)).toEqual(expected);
    }
    // A quarter turn maps x to y.
    const turned = Mat22.fromAngle(Math.PI / 2).mulVec({ x: 1, y: 0 });
    expect(Math.abs(turned.x)).toBeLessThan(1e-16);
    expect(turned.y).toBe(1);
  });
});

describe('Mat22 products and friends, readable and allocation-free', () => {
  const a = new Mat22(1, 2, 3, 4);
  const b = new Mat22(-2, 5, 7, 0.5);

  it('determinant, transpose, abs, add', () => {
    expect(a.determinant()).toBe(1 * 4 - 2 * 3);
    expect(entries(a.transpose())).toEqual([1, 3, 2, 4]);
    expect(entries(new Mat22(-1, 2, -3, -0).abs())).toEqual([1, 2, 3, 0]);
    expect(entries(a.add(b))).toEqual([-1, 7, 10, 4.5]);
    expect(entries(a)).toEqual([1, 2, 3, 4]); // operands untouched
  });

  it('mul, mulTranspose, mulVec, mulTransposeVec against hand-computed products', () => {
    // [1 2; 3 4] [-2 5; 7 0.5] = [-2+14, 5+1; -6+28, 15+2]
    expect(entries(a.mul(b))).toEqual([12, 6, 22, 17]);
    // [1 3; 2 4] [-2 5; 7 0.5] = [-2+21, 5+1.5; -4+28, 10+2]
    expect(entries(a.mulTranspose(b))).toEqual([19, 6.5, 24, 12]);
    const v = a.mulVec({ x: 5, y: -1 });
    expect(v).toBeInstanceOf(Vec2);
    expect([v.x, v.y]).toEqual([3, 11]);
    const w = a.mulTransposeVec({ x: 5, y: -1 });
    expect([w.x, w.y]).toEqual([2, 6]);
  });

  it('the *Mat22 functions equal the methods bit for bit and return out', () => {
    fc.assert(
      fc.property(integerMatrix(), integerMatrix(), vector(1e3), (p, q, v) => {
        const out = new Mat22();
        expect(mulMat22(out, p, q)).toBe(out);
        expect(entries(out)).toEqual(entries(p.mul(q)));
        expect(mulTransposeMat22(out, p, q)).toBe(out);
        expect(entries(out)).toEqual(entries(p.mulTranspose(q)));
        expect(addMat22(out, p, q)).toBe(out);
        expect(entries(out)).toEqual(entries(p.add(q)));
        expect(transposeMat22(out, p)).toBe(out);
        expect(entries(out)).toEqual(entries(p.transpose()));
        expect(absMat22(out, p)).toBe(out);
        expect(entries(out)).toEqual(entries(p.abs()));
        const o = new Vec2();
        expect(mulMat22Vec(o, p, v)).toBe(o);
        expect(o).toEqual(p.mulVec(v));
        expect(mulTransposeMat22Vec(o, p, v)).toBe(o);
        expect(o).toEqual(p.mulTransposeVec(v));
      }),
      { numRuns: 200 },
    );
  });

  it('products of integer matrices are exact: (AB)ᵀ = BᵀAᵀ and AᵀB = transpose(A)·B', () => {
    fc.assert(
      fc.property(integerMatrix(), integerMatrix(), (p, q) => {
        const left = p.mul(q).transpose();
        const right = q.transpose().mul(p.transpose());
        return (
          entries(left).join() === entries(right).join() &&
          entries(p.mulTranspose(q)).join() === entries(p.transpose().mul(q)).join() &&
          p.mul(q).determinant() === p.determinant() * q.determinant()
        );
      }),
    );
  });

  it('allow out to alias an operand', () => {
    const p = new Mat22(1, 2, 3, 4);
    mulMat22(p, p, p); // p = p²
    expect(entries(p)).toEqual([7, 10, 15, 22]);
    const q = new Mat22(-2, 5, 7, 0.5);
    mulMat22(q, new Mat22(1, 2, 3, 4), q);
    expect(entries(q)).toEqual([12, 6, 22, 17]);
    const r = new Mat22(1, 2, 3, 4);
    mulTransposeMat22(r, r, new Mat22(-2, 5, 7, 0.5));
    expect(entries(r)).toEqual([19, 6.5, 24, 12]);
    const s = new Mat22(1, 2, 3, 4);
    transposeMat22(s, s);
    expect(entries(s)).toEqual([1, 3, 2, 4]);
    const t = new Mat22(1, -2, 3, -4);
    absMat22(t, t);
    expect(entries(t)).toEqual([1, 2, 3, 4]);
    addMat22(t, t, t);
    expect(entries(t)).toEqual([2, 4, 6, 8]);
    const v = new Vec2(5, -1);
    mulMat22Vec(v, new Mat22(1, 2, 3, 4), v);
    expect([v.x, v.y]).toEqual([3, 11]);
    const w = new Vec2(5, -1);
    mulTransposeMat22Vec(w, new Mat22(1, 2, 3, 4), w);
    expect([w.x, w.y]).toEqual([2, 6]);
    const m = new Mat22(4, 7, 2, 6);
    expect(invertMat22(m, m)).toBe(true);
    expectEntriesClose(entries(m), [0.6, -0.7, -0.2, 0.4]);
  });

  it('rotation matrices are orthonormal and compose by adding angles', () => {
    // Entries of cos/sin are within 2e-16 of exact; products and sums add a few u.
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: -10, max: 10, noNaN: true }),
        (alpha, beta) => {
          const ra = Mat22.fromAngle(alpha);
          const rb = Mat22.fromAngle(beta);
          const identity = ra.mulTranspose(ra);
          const composed = ra.mul(rb);
          const direct = Mat22.fromAngle(alpha + beta);
          const tolerance = 8 * U;
          const orthonormal =
            Math.abs(identity.a11 - 1) <= tolerance &&
            Math.abs(identity.a22 - 1) <= tolerance &&
            Math.abs(identity.a12) <= tolerance &&
            Math.abs(identity.a21) <= tolerance &&
            Math.abs(ra.determinant() - 1) <= tolerance;
          // alpha + beta rounds by up to u·|alpha + beta| ≤ 20u, which moves the entries by as much.
          const compositionTolerance = 8 * U + 20 * U;
          const composes = entries(composed).every(
            (value, i) => Math.abs(value - entries(direct)[i]) <= compositionTolerance,
          );
          return orthonormal && composes;
        },
      ),
    );
  });
});

describe('invertMat22 and Mat22.invert', () => {
  it('give the hand-computed inverse', () => {
    // [4 7; 2 6]⁻¹ = (1/10) [6 -7; -2 4]; 1/10 and the products round: within 2u each.
    const out = new Mat22();
    expect(invertMat22(out, new Mat22(4, 7, 2, 6))).toBe(true);
    expectEntriesClose(entries(out), [0.6, -0.7, -0.2, 0.4]);
    expect(entries(new Mat22(4, 7, 2, 6).invert())).toEqual(entries(out));
    expect(entries(new Mat22(2, 0, 0, -4).invert()).map((v) => v + 0)).toEqual([0.5, 0, 0, -0.25]);
  });

  it('are within 3u (|det error| / |det| + 1) of the exact inverse, entry by entry', () => {
    // Each entry is ±a/det: det carries a relative error below 2u (|a11 a22| + |a12 a21|) / |det|,
    // the reciprocal and the product add 2u; 3u covers the second-order terms.
    fc.assert(
      fc.property(wellConditioned(400), (m) => {
        const inverse = new Mat22();
        if (!invertMat22(inverse, m)) return false;
        const det = exactDeterminant(m);
        const spread = (Math.abs(m.a11 * m.a22) + Math.abs(m.a12 * m.a21)) / Math.abs(det);
        const exact = [m.a22 / det, -m.a12 / det, -m.a21 / det, m.a11 / det];
        return entries(inverse).every(
          (value, i) => Math.abs(value - exact[i]) <= 3 * U * (spread + 1) * Math.abs(exact[i]) * 1.0000001,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('M · M⁻¹ = I within 4κu for well-conditioned matrices (κ ≤ 100)', () => {
    fc.assert(
      fc.property(wellConditioned(200), (m) => {
        const product = m.mul(m.invert());
        const tolerance = 4 * MAX_CONDITION * U;
        return (
          Math.abs(product.a11 - 1) <= tolerance &&
          Math.abs(product.a22 - 1) <= tolerance &&
          Math.abs(product.a12) <= tolerance &&
          Math.abs(product.a21) <= tolerance
        );
      }),
    );
  });

  it('commute with power-of-two scaling bit for bit, across the whole exponent range', () => {
    // (2^k M)⁻¹ = 2^-k M⁻¹: every operation scales exactly, on the fast path and the rescaled one.
    let rescaled = 0;
    fc.assert(
      fc.property(wellConditioned(0), exponent(1000), (m, k) => {
        const scaled = new Mat22(m.a11 * 2 ** k, m.a12 * 2 ** k, m.a21 * 2 ** k, m.a22 * 2 ** k);
        const a = new Mat22();
        const b = new Mat22();
        const okA = invertMat22(a, m);
        const okB = invertMat22(b, scaled);
        // A 0 in the inverse could hide an underflow unless the matching entry of m is 0 itself.
        const source = [m.a22, m.a12, m.a21, m.a11];
        fc.pre(entries(a).every((value, i) => value !== 0 || source[i] === 0));
        const expected = entries(a).map((value) => value * 2 ** -k);
        // Bit-exact only while nothing is subnormal: the results, and the products a11 a22, a12 a21.
        fc.pre(expected.every(isNormal));
        fc.pre(
          [
            [scaled.a11, scaled.a22],
            [scaled.a12, scaled.a21],
          ].every(([p, q]) => p === 0 || q === 0 || isNormal(p * q)),
        );
        if (!isFastPathDeterminant(scaled)) rescaled++;
        return okA && okB && entries(b).every((value, i) => Object.is(value, expected[i]));
      }),
      { numRuns: 500 },
    );
    expect(rescaled, 'cases that took the rescaled path').toBeGreaterThan(100);
  });

  it('invert tiny and huge but well-conditioned matrices (the determinant alone would underflow or overflow)', () => {
    const out = new Mat22();
    expect(invertMat22(out, new Mat22(1e-200, 0, 0, 1e-200))).toBe(true);
    expect(Math.abs(out.a11 / 1e200 - 1)).toBeLessThanOrEqual(4 * U);
    expect(Math.abs(out.a22 / 1e200 - 1)).toBeLessThanOrEqual(4 * U);
    expect(invertMat22(out, new Mat22(1e300, 2e300, 3e300, 4e300))).toBe(true);
    // [1 2; 3 4]⁻¹ = [-2 1; 1.5 -0.5]
    const expected = [-2e-300, 1e-300, 1.5e-300, -0.5e-300];
    entries(out).forEach((value, i) => {
      expect(Math.abs(value / expected[i] - 1)).toBeLessThanOrEqual(8 * U);
    });
  });

  it('write the zero matrix and return false for singular matrices, never NaN', () => {
    const singular = [
      new Mat22(0, 0, 0, 0),
      new Mat22(1, 2, 2, 4),
      new Mat22(1, 1, 1, 1 + 2 ** -53), // 1 + 2^-53 rounds to 1: singular in double precision
      new Mat22(0, 1, 0, 3),
      new Mat22(1e300, 1e300, 1e300, 1e300),
      new Mat22(1e-300, 2e-300, 2e-300, 4e-300),
    ];
    for (const m of singular) {
      const out = new Mat22(9, 9, 9, 9);
      expect(invertMat22(out, m)).toBe(false);
      expect(entries(out)).toEqual([0, 0, 0, 0]);
      expect(entries(m.invert())).toEqual([0, 0, 0, 0]);
    }
  });

  it('report every rank-one integer matrix u vᵀ as singular', () => {
    const int = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(int, int, int, int, (u1, u2, v1, v2) => {
        const out = new Mat22(9, 9, 9, 9);
        return (
          !invertMat22(out, new Mat22(u1 * v1, u1 * v2, u2 * v1, u2 * v2)) && out.a11 === 0 && out.a22 === 0
        );
      }),
    );
  });

  it('invert a nearly singular matrix exactly when its determinant is exact', () => {
    // det [1 1; 1 1+2^-52] = 2^-52; the inverse is [1+2^52, -2^52; -2^52, 2^52], all exact.
    const out = new Mat22();
    expect(invertMat22(out, new Mat22(1, 1, 1, 1 + 2 ** -52))).toBe(true);
    expect(entries(out)).toEqual([2 ** 52 + 1, -(2 ** 52), -(2 ** 52), 2 ** 52]);
  });

  it('return false with zeros for NaN or infinite entries, or an inverse beyond the double range', () => {
    const bad = [
      new Mat22(Number.NaN, 0, 0, 1),
      new Mat22(1, Number.POSITIVE_INFINITY, 0, 1),
      new Mat22(1, 0, Number.NEGATIVE_INFINITY, 1),
      new Mat22(Number.POSITIVE_INFINITY, 0, 0, Number.POSITIVE_INFINITY),
      new Mat22(1e-320, 0, 0, 1), // 1/1e-320 overflows
    ];
    for (const m of bad) {
      const out = new Mat22(9, 9, 9, 9);
      expect(invertMat22(out, m)).toBe(false);
      expect(entries(out)).toEqual([0, 0, 0, 0]);
    }
  });
});

describe('solveMat22 and Mat22.solve', () => {
  function exact(m: Mat22, bx: number, by: number): { x: number; y: number } {
    const solution = exactSolve(m.a11, m.a12, m.a21, m.a22, bx, by);
    if (solution === undefined) throw new Error('singular');
    return { x: rationalToNumber(solution.x), y: rationalToNumber(solution.y) };
  }

  function residual(m: Mat22, x: { x: number; y: number }, bx: number, by: number): number {
    // M x - b in exact rationals, so that the check itself does not round.
    const row = (p: number, q: number, b: number): Rational =>
      subRational(
        rational(0),
        subRational(rational(b), {
          num:
            rational(p).num * rational(x.x).num * rational(q).den * rational(x.y).den +
            rational(q).num * rational(x.y).num * rational(p).den * rational(x.x).den,
          den: rational(p).den * rational(x.x).den * rational(q).den * rational(x.y).den,
        }),
      );
    return Math.max(
      Math.abs(rationalToNumber(row(m.a11, m.a12, bx))),
      Math.abs(rationalToNumber(row(m.a21, m.a22, by))),
    );
  }

  it('solve the hand-computed system', () => {
    // [4 7; 2 6] x = (1, 2): x = (1/10) (6 - 14, -2 + 8) = (-0.8, 0.6)
    const out = new Vec2();
    expect(solveMat22(out, new Mat22(4, 7, 2, 6), 1, 2)).toBe(true);
    expect(out.x).toBeCloseTo(-0.8, 15);
    expect(out.y).toBeCloseTo(0.6, 15);
    const x = new Mat22(4, 7, 2, 6).solve({ x: 1, y: 2 });
    expect(x).toEqual(out);
  });

  it(`satisfy M x = b: |M x - b|∞ ≤ 4κu (|M|∞ |x|∞ + |b|∞) for well-conditioned M (κ ≤ ${MAX_CONDITION})`, () => {
    fc.assert(
      fc.property(wellConditioned(300), finite(1e3), finite(1e3), (m, bx, by) => {
        const x = m.solve({ x: bx, y: by });
        const normM = Math.max(Math.abs(m.a11) + Math.abs(m.a12), Math.abs(m.a21) + Math.abs(m.a22));
        const scale = normM * Math.max(Math.abs(x.x), Math.abs(x.y)) + Math.max(Math.abs(bx), Math.abs(by));
        return residual(m, x, bx, by) <= 4 * MAX_CONDITION * U * scale;
      }),
      { numRuns: 500 },
    );
  });

  it('are within the a-priori error bound of Cramer’s rule of the exact (rational) solution', () => {
    // x1 = (a22 b1 - a12 b2) / det. The numerator and det each carry an error below
    // 2u (|a22 b1| + |a12 b2|) and 2u (|a11 a22| + |a12 a21|); the reciprocal and product add 2u |x1|.
    // 3u in place of 2u covers second-order terms.
    fc.assert(
      fc.property(wellConditioned(300), finite(1e3), finite(1e3), (m, bx, by) => {
        const x = m.solve({ x: bx, y: by });
        const e = exact(m, bx, by);
        const det = Math.abs(exactDeterminant(m));
        const spread = Math.abs(m.a11 * m.a22) + Math.abs(m.a12 * m.a21);
        const boundX = (3 * U * (Math.abs(m.a22 * bx) + Math.abs(m.a12 * by) + Math.abs(e.x) * spread)) / det;
        const boundY = (3 * U * (Math.abs(m.a11 * by) + Math.abs(m.a21 * bx) + Math.abs(e.y) * spread)) / det;
        return (
          Math.abs(x.x - e.x) <= boundX + 3 * U * Math.abs(e.x) &&
          Math.abs(x.y - e.y) <= boundY + 3 * U * Math.abs(e.y)
        );
      }),
      { numRuns: 500 },
    );
  });

  it('commute with power-of-two scaling of M and of b bit for bit, across the exponent range', () => {
    let rescaled = 0;
    fc.assert(
      fc.property(
        wellConditioned(0),
        finite(1e3),
        finite(1e3),
        exponent(1000),
        fc.integer({ min: -900, max: 900 }),
        (m, bx, by, k, j) => {
          const base = m.solve({ x: bx, y: by });
          fc.pre(base.x !== 0 && base.y !== 0 && bx !== 0 && by !== 0); // a 0 could hide an underflow
          const expected = [base.x * 2 ** (j - k), base.y * 2 ** (j - k)];
          const scaled = new Mat22(m.a11 * 2 ** k, m.a12 * 2 ** k, m.a21 * 2 ** k, m.a22 * 2 ** k);
          const sx = bx * 2 ** j;
          const sy = by * 2 ** j;
          // Bit-exact only while nothing is subnormal or infinite: inputs, results and the products
          // the fast path forms (the rescaled path keeps its products in range by construction).
          const factors = [
            [scaled.a11, scaled.a22],
            [scaled.a12, scaled.a21],
            [scaled.a22, sx],
            [scaled.a12, sy],
            [scaled.a11, sy],
            [scaled.a21, sx],
          ];
          fc.pre([...expected, sx, sy].every(isNormal));
          fc.pre(factors.every(([p, q]) => p === 0 || q === 0 || isNormal(p * q)));
          const out = new Vec2();
          const ok = solveMat22(out, scaled, sx, sy);
          if (!isFastPathDeterminant(scaled)) rescaled++;
          return ok && Object.is(out.x, expected[0]) && Object.is(out.y, expected[1]);
        },
      ),
      { numRuns: 500 },
    );
    expect(rescaled, 'cases that took the rescaled path').toBeGreaterThan(100);
  });

  it('write (0, 0) and return false for singular matrices, never NaN', () => {
    for (const m of [new Mat22(0, 0, 0, 0), new Mat22(1, 2, 2, 4), new Mat22(3, 0, 0, 0)]) {
      for (const [bx, by] of [
        [1, 2],
        [0, 0],
        [2, 4],
      ]) {
        const out = new Vec2(9, 9);
        expect(solveMat22(out, m, bx, by)).toBe(false);
        expect([out.x, out.y]).toEqual([0, 0]);
        const x = m.solve({ x: bx, y: by });
        expect([x.x, x.y]).toEqual([0, 0]);
      }
    }
  });

  it('return false with (0, 0) for NaN or infinite input, or a solution beyond the double range', () => {
    const cases: [Mat22, number, number][] = [
      [new Mat22(Number.NaN, 0, 0, 1), 1, 1],
      [new Mat22(1, 0, 0, Number.POSITIVE_INFINITY), 1, 1],
      [new Mat22(1, 0, 0, 1), Number.NaN, 1],
      [new Mat22(1, 0, 0, 1), 1, Number.NEGATIVE_INFINITY],
      [new Mat22(1e-300, 0, 0, 1), 1e300, 0], // x = 1e600
    ];
    for (const [m, bx, by] of cases) {
      const out = { x: 9, y: 9 };
      expect(solveMat22(out, m, bx, by)).toBe(false);
      expect(out).toEqual({ x: 0, y: 0 });
    }
  });

  it('solve tiny and huge systems the fast path would overflow or underflow on', () => {
    const out = new Vec2();
    expect(solveMat22(out, new Mat22(1e-200, 0, 0, 2e-200), 3e-200, 4e-200)).toBe(true);
    expect(Math.abs(out.x - 3)).toBeLessThanOrEqual(4 * U * 3);
    expect(Math.abs(out.y - 2)).toBeLessThanOrEqual(4 * U * 2);
    expect(solveMat22(out, new Mat22(4e300, 7e300, 2e300, 6e300), 1, 2)).toBe(true);
    expect(Math.abs(out.x / -0.8e-300 - 1)).toBeLessThanOrEqual(8 * U);
    expect(Math.abs(out.y / 0.6e-300 - 1)).toBeLessThanOrEqual(8 * U);
  });

  it('accepts a zero right-hand side (x = 0) and a plain object as out', () => {
    const out = { x: 5, y: 5 };
    expect(solveMat22(out, new Mat22(2, 1, 1, 3), 0, 0)).toBe(true);
    expect(out.x === 0 && out.y === 0).toBe(true);
  });
});
