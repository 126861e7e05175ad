import { Transform } from '@lite/math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AABB } from '../src/aabb';
import { Box } from '../src/box';
import { DistanceOutput, shapeDistance } from '../src/distance';
import { PackedShapeSlot, packShape } from '../src/packed-shape';
import { RayCastInput, RayCastOutput } from '../src/ray-cast';
import { computeShapeAABB, rayCastShape, testPointShape } from '../src/shape-queries';
import { makeBox, makeCapsule, makeCircle, makePolygon, type Shape } from '../src/shapes';
import { computeTimeOfImpact, Sweep, TOIInput, TOIOutput, timeOfImpact } from '../src/toi';
import { fcParams, runs, uniform } from './fc-settings';
import {
  boundarySamples,
  boxArb,
  capsuleArb,
  circleArb,
  coreDistance,
  type P,
  polygonArb,
  poseArb,
  signedDistanceToShape,
  support,
  worldCore,
} from './shape-reference';

const anyShape: fc.Arbitrary<Shape> = fc.oneof(
  circleArb,
  capsuleArb,
  polygonArb(false),
  polygonArb(true),
  boxArb,
);

describe('computeShapeAABB', () => {
  it('equals the support function along ±x and ±y (exact bounds)', () => {
    fc.assert(
      fc.property(anyShape, poseArb, (shape, xf) => {
        const box = computeShapeAABB(shape, xf, new AABB());
        const core = worldCore(shape, xf);
        expect(box.maxX).toBeCloseTo(support(core, 1, 0), 12);
        expect(box.minX).toBeCloseTo(-support(core, -1, 0), 12);
        expect(box.maxY).toBeCloseTo(support(core, 0, 1), 12);
        expect(box.minY).toBeCloseTo(-support(core, 0, -1), 12);
      }),
      fcParams(400, runs(500)),
    );
  });
});

describe('testPointShape', () => {
  it('agrees with the signed distance to the shape (away from the boundary)', () => {
    fc.assert(
      fc.property(anyShape, poseArb, uniform(-2.5, 2.5), uniform(-2.5, 2.5), (shape, xf, dx, dy) => {
        const q: P = [xf.p.x + dx, xf.p.y + dy];
        const d = signedDistanceToShape(worldCore(shape, xf), q);
        if (Math.abs(d) < 1e-9) return;
        expect(testPointShape(shape, xf, q[0], q[1])).toBe(d < 0);
      }),
      fcParams(401, runs(2000)),
    );
  });
});

describe('rayCastShape', () => {
  /**
   * Reference: the first t in [0, maxFraction] where the signed distance along the ray reaches 0,
   * by dense sampling and bisection. `clear` is false for grazing rays (the distance along the ray
   * comes within 1e-3 of 0 without clearly crossing) and for rays starting on the surface.
   */
  function reference(shape: Shape, xf: Transform, input: RayCastInput) {
    const core = worldCore(shape, xf);
    const f = (t: number) =>
      signedDistanceToShape(core, [
        input.p1x + t * (input.p2x - input.p1x),
        input.p1y + t * (input.p2y - input.p1y),
      ]);
    const f0 = f(0);
    if (f0 < 0) return { hit: false, clear: f0 < -1e-6, t: 0 };
    const n = 1500;
    let prev = 0;
    let minF = f0;
    for (let i = 1; i <= n; i++) {
      const t = (input.maxFraction * i) / n;
      const v = f(t);
      minF = Math.min(minF, v);
      if (v <= 0) {
        let lo = prev;
        let hi = t;
        for (let k = 0; k < 80; k++) {
          const mid = 0.5 * (lo + hi);
          if (f(mid) <= 0) hi = mid;
          else lo = mid;
        }
        return {
          hit: true,
          clear: f0 > 1e-6 && Math.abs(hi - input.maxFraction) > 1e-6 && minF < -1e-3,
          t: hi,
        };
      }
      prev = t;
    }
    return { hit: false, clear: minF > 1e-3, t: 0 };
  }

  it('hits where brute-force root finding does, with the outward normal of the surface there', () => {
    let hits = 0;
    fc.assert(
      fc.property(
        anyShape,
        poseArb,
        fc.record({
          a: uniform(-Math.PI, Math.PI),
          d: uniform(1.5, 5),
          b: uniform(-0.4, 0.4),
          l: uniform(2, 10),
        }),
        uniform(0.3, 1),
        (shape, xf, r, maxFraction) => {
          const p1x = xf.p.x + r.d * Math.cos(r.a);
          const p1y = xf.p.y + r.d * Math.sin(r.a);
          // Aimed within 23° of the shape's origin: many hits, many misses.
          const aim = r.a + Math.PI + r.b;
          const input = new RayCastInput(
            p1x,
            p1y,
            p1x + r.l * Math.cos(aim),
            p1y + r.l * Math.sin(aim),
            maxFraction,
          );
          const out = new RayCastOutput();
          const hit = rayCastShape(shape, xf, input, out);
          const ref = reference(shape, xf, input);
          if (!ref.clear) return;
          expect(hit).toBe(ref.hit);
          if (!hit) return;
          hits++;
          expect(out.fraction).toBeCloseTo(ref.t, 9);
          expect(Math.hypot(out.normalX, out.normalY)).toBeCloseTo(1, 12);
          // The hit point is on the surface and is its support point along the normal.
          const core = worldCore(shape, xf);
          expect(Math.abs(signedDistanceToShape(core, [out.pointX, out.pointY]))).toBeLessThan(1e-9);
          expect(support(core, out.normalX, out.normalY)).toBeCloseTo(
            out.pointX * out.normalX + out.pointY * out.normalY,
            9,
          );
        },
      ),
      fcParams(402, runs(600)),
    );
    expect(hits).toBeGreaterThan(100);
  });

  it('a ray starting inside, or of zero length, does not hit', () => {
    const out = new RayCastOutput();
    const xf = new Transform(1, 1, 0.3);
    for (const s of [
      makeCircle(1),
      makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.5),
      makeBox(1, 1, { x: 0.1, y: 0 }, 0.2),
    ]) {
      expect(rayCastShape(s, xf, new RayCastInput(1, 1, 10, 1), out)).toBe(false);
      expect(rayCastShape(s, xf, new RayCastInput(5, 5, 5, 5), out)).toBe(false);
    }
  });
});

describe('packShape (the GJK proxy)', () => {
  it('gives a Box the corners of the same box as a plain box shape, in the same order', () => {
    for (const [w, h] of [
      [1, 0.5],
      [0.3, 7],
      [1e-3, 2e3],
    ]) {
      const fromBox = packShape(new Box(w, h));
      const fromShape = packShape({ type: 'box', width: w, height: h });
      expect(Array.from(fromBox)).toEqual(Array.from(fromShape));
      const v = PackedShapeSlot.Vertices;
      expect(Array.from(fromBox.subarray(v, v + 2))).toEqual([w / 2, h / 2]);
    }
  });
});

describe('shapeDistance (GJK)', () => {
  const pairArb = fc.record({ a: anyShape, b: anyShape, xfA: poseArb, xfB: poseArb });

  it('matches the exact distance of the cores minus the radii, with closest points on the surfaces', () => {
    fc.assert(
      fc.property(pairArb, ({ a, b, xfA, xfB }) => {
        const out = shapeDistance(a, xfA, b, xfB, new DistanceOutput());
        const ca = worldCore(a, xfA);
        const cb = worldCore(b, xfB);
        const ref = Math.max(0, coreDistance(ca.points, cb.points) - ca.radius - cb.radius);
        expect(out.distance).toBeCloseTo(ref, 9);
        if (ref > 1e-9) {
          expect(Math.abs(signedDistanceToShape(ca, [out.pointAX, out.pointAY]))).toBeLessThan(1e-9);
          expect(Math.abs(signedDistanceToShape(cb, [out.pointBX, out.pointBY]))).toBeLessThan(1e-9);
          expect(Math.hypot(out.pointBX - out.pointAX, out.pointBY - out.pointAY)).toBeCloseTo(
            out.distance,
            12,
          );
          expect(
            out.normalX * (out.pointBX - out.pointAX) + out.normalY * (out.pointBY - out.pointAY),
          ).toBeCloseTo(out.distance, 12);
        }
      }),
      fcParams(403, runs(1000)),
    );
  });

  it('is never more than the closest pair of densely sampled boundary points, nor less by more than their spacing', () => {
    fc.assert(
      fc.property(pairArb, ({ a, b, xfA, xfB }) => {
        const out = shapeDistance(a, xfA, b, xfB, new DistanceOutput());
        if (out.distance === 0) return;
        const sa = boundarySamples(worldCore(a, xfA), 60);
        const sb = boundarySamples(worldCore(b, xfB), 60);
        let best = Number.POSITIVE_INFINITY;
        for (const p of sa) for (const q of sb) best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]));
        expect(out.distance).toBeLessThanOrEqual(best + 1e-9);
        expect(out.distance).toBeGreaterThan(best - 0.03);
      }),
      fcParams(404, runs(40)),
    );
  });
});

describe('timeOfImpact', () => {
  const out = new TOIOutput();
  const dist = new DistanceOutput();
  const xfA = new Transform();
  const xfB = new Transform();
  const target = 0.005;
  const tolerance = 0.25 * target;

  /** The surface distance of the two shapes at fraction t of their sweeps. */
  function gap(a: Shape, sa: Sweep, b: Shape, sb: Sweep, t: number): number {
    sa.getTransform(t, xfA);
    sb.getTransform(t, xfB);
    const ca = worldCore(a, xfA);
    const cb = worldCore(b, xfB);
    return coreDistance(ca.points, cb.points) - ca.radius - cb.radius;
  }

  const small: fc.Arbitrary<Shape> = fc.oneof(
    uniform(0.02, 0.1).map((r) => makeCircle(r)),
    uniform(0.02, 0.08).map((r) => makeCapsule({ x: -0.05, y: 0 }, { x: 0.05, y: 0 }, r)),
    uniform(0.03, 0.15).map((s) => makeBox(s, s / 2)),
    uniform(0, 0.03).map((r) =>
      makePolygon(
        [
          { x: -0.06, y: -0.04 },
          { x: 0.07, y: -0.03 },
          { x: 0, y: 0.08 },
        ],
        r,
      ),
    ),
  );

  it('a fast small shape against a thin wall: hits, and the fraction leaves it apart by the target, never through', () => {
    const wall = makeBox(0.02, 6);
    const still = new Sweep(0, 0, 0);
    fc.assert(
      fc.property(
        small,
        uniform(-2, 2),
        uniform(-2, 2),
        uniform(-20, 20),
        uniform(-20, 20),
        (bullet, y1, y2, a1, a2) => {
          // From 5 m left of the wall to 5 m right of it in one step: a discrete step would tunnel.
          const sweep = new Sweep(-5, y1, a1, 5, y2, a2);
          timeOfImpact(wall, still, bullet, sweep, 1, out);
          expect(out.state).toBe('hit');
          const d = gap(wall, still, bullet, sweep, out.fraction);
          expect(d).toBeGreaterThan(0);
          expect(d).toBeGreaterThanOrEqual(target - 1e-9);
          expect(d).toBeLessThanOrEqual(target + tolerance);
          // Apart all the way there.
          for (let i = 0; i <= 100; i++)
            expect(gap(wall, still, bullet, sweep, (out.fraction * i) / 100)).toBeGreaterThan(0);
        },
      ),
      fcParams(405, runs(150)),
    );
  });

  /** Two random sweeps: A turning about an off-centre point near the origin, B coming across from x = 4. */
  const sweepPair = fc
    .array(uniform(-3, 3), { minLength: 12, maxLength: 12 })
    .map((r) => [
      new Sweep(r[0], r[1], r[2], r[3], r[4], r[5], 0.1, -0.1),
      new Sweep(r[6] + 4, r[7], r[8], r[9] - 4, r[10], r[11]),
    ]);

  it('random sweeps: a hit is at the target distance, separated means apart until tMax', () => {
    let hits = 0;
    fc.assert(
      fc.property(anyShape, anyShape, sweepPair, uniform(0.2, 1), (a, b, [sa, sb], tMax) => {
        timeOfImpact(a, sa, b, sb, tMax, out);
        if (out.state === 'overlapped') {
          expect(gap(a, sa, b, sb, 0)).toBeLessThanOrEqual(1e-9);
          return;
        }
        expect(out.state === 'hit' || out.state === 'separated').toBe(true);
        const end = out.state === 'hit' ? out.fraction : tMax;
        if (out.state === 'hit') {
          hits++;
          const d = gap(a, sa, b, sb, out.fraction);
          expect(d).toBeGreaterThanOrEqual(target - 1e-9);
          expect(d).toBeLessThanOrEqual(target + tolerance);
        }
        for (let i = 0; i <= 100; i++)
          expect(gap(a, sa, b, sb, (end * i) / 100)).toBeGreaterThan(target - 1e-9);
      }),
      fcParams(406, runs(200)),
    );
    expect(hits).toBeGreaterThan(20);
  });

  it('overlapping at the start: overlapped at 0; passing by: separated at tMax', () => {
    const a = makeCircle(1);
    const b = makeCircle(0.5);
    timeOfImpact(a, new Sweep(0, 0, 0), b, new Sweep(1, 0, 0, 5, 0, 0), 1, out);
    expect([out.state, out.fraction]).toEqual(['overlapped', 0]);
    timeOfImpact(a, new Sweep(0, 0, 0), b, new Sweep(-5, 2, 0, 5, 2, 0), 0.8, out);
    expect([out.state, out.fraction]).toEqual(['separated', 0.8]);
    // Straight at it: lands in one step, 5 mm from contact.
    timeOfImpact(a, new Sweep(0, 0, 0), b, new Sweep(-5, 0, 0, 5, 0, 0), 1, out);
    expect(out.state).toBe('hit');
    expect(out.fraction).toBeCloseTo((5 - 1.5 - target) / 10, 12);
    expect(out.iterations).toBeLessThanOrEqual(2);
    expect(() => timeOfImpact(a, new Sweep(), b, new Sweep(), 2, out)).toThrow('tMax = 2');
    void dist;
  });

  it('computeTimeOfImpact on a TOIInput gives what timeOfImpact gives, target and tolerance included', () => {
    const input = new TOIInput();
    const other = new TOIOutput();
    fc.assert(
      fc.property(
        anyShape,
        anyShape,
        sweepPair,
        uniform(0.2, 1),
        uniform(0.001, 0.05),
        fc.boolean(),
        (a, b, [sa, sb], tMax, aim, ownTolerance) => {
          const tol = ownTolerance ? 0.5 * aim : undefined;
          timeOfImpact(a, sa, b, sb, tMax, out, aim, tol);
          input.shapeA = a;
          input.sweepA = sa;
          input.shapeB = b;
          input.sweepB = sb;
          input.tMax = tMax;
          input.target = aim;
          input.tolerance = tol ?? 0;
          expect(computeTimeOfImpact(input, other)).toBe(other);
          expect([other.state, other.fraction, other.distance, other.iterations]).toEqual([
            out.state,
            out.fraction,
            out.distance,
            out.iterations,
          ]);
        },
      ),
      fcParams(407, runs(100)),
    );
  });

  it('TOIInput: defaults, and out-of-range numbers refused with the field named', () => {
    const input = new TOIInput();
    expect([input.tMax, input.target, input.tolerance]).toEqual([1, 0.005, 0]);
    // Two unit circles standing still at the origin overlap.
    expect(computeTimeOfImpact(input).state).toBe('overlapped');
    input.sweepB = new Sweep(5, 0, 0);
    expect(computeTimeOfImpact(input).state).toBe('separated');
    input.tMax = 1.5;
    expect(() => computeTimeOfImpact(input)).toThrow('tMax = 1.5');
    input.tMax = 1;
    input.target = -1;
    expect(() => computeTimeOfImpact(input)).toThrow('target = -1');
    input.target = 0.01;
    input.tolerance = 0.02;
    expect(() => computeTimeOfImpact(input)).toThrow('tolerance = 0.02');
    // As before, timeOfImpact takes an explicit tolerance of 0 as out of range, not as the default.
    expect(() =>
      timeOfImpact(makeCircle(1), new Sweep(), makeCircle(1), new Sweep(5, 0, 0), 1, out, 0.01, 0),
    ).toThrow('tolerance = 0');
  });
});
