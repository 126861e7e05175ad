import { Transform } from '@lite/math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AABB, computeBoxAABB } from '../src/aabb';
import { Box } from '../src/box';
import { BroadPhase } from '../src/broad-phase';
import { CollisionError } from '../src/errors';
import { RayCastInput, RayCastOutput } from '../src/ray-cast';
import { rayCastBox, rayCastShape, testPointBox } from '../src/shape-queries';
import type { Shape } from '../src/shapes';
import { fcParams, runs, uniform } from './fc-settings';
import { corners, type Placed, place } from './reference';

interface Hit {
  fraction: number;
  normalX: number;
  normalY: number;
}

/**
 * Reference ray cast: intersects the segment p1 + t (p2 - p1), t in [0, maxFraction], with each of the
 * four edges (from the corners, counter-clockwise) and keeps the smallest t among the edges the ray
 * enters through (d · outward normal < 0). `margin` reports how close the case is to a tie or a
 * graze (small values: skip).
 */
function referenceRayCast(b: Placed, input: RayCastInput): { hit: Hit | null; margin: number } {
  const cs = corners(b);
  const dx = input.p2x - input.p1x;
  const dy = input.p2y - input.p1y;
  let best: Hit | null = null;
  let margin = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = cs[i];
    const [bx, by] = cs[(i + 1) % 4];
    const ex = bx - ax;
    const ey = by - ay;
    const len = Math.hypot(ex, ey);
    // Outward normal of a counter-clockwise edge: (ey, -ex) / len.
    const nx = ey / len;
    const ny = -ex / len;
    const dn = dx * nx + dy * ny;
    margin = Math.min(margin, Math.abs(dn) / Math.hypot(dx, dy));
    // Solve p1 + t d = a + u e.
    const denom = dx * ey - dy * ex;
    if (denom === 0) continue;
    const wx = ax - input.p1x;
    const wy = ay - input.p1y;
    const t = (wx * ey - wy * ex) / denom;
    const u = (wx * dy - wy * dx) / denom;
    margin = Math.min(margin, Math.abs(u), Math.abs(u - 1), Math.abs(t), Math.abs(t - input.maxFraction));
    if (
      dn < 0 &&
      u >= 0 &&
      u <= 1 &&
      t >= 0 &&
      t <= input.maxFraction &&
      (best === null || t < best.fraction)
    ) {
      best = { fraction: t, normalX: nx, normalY: ny };
    }
  }
  return { hit: best, margin };
}

/** Reference point test: inside or on every edge of the counter-clockwise corner loop. */
function referenceContains(b: Placed, x: number, y: number): { inside: boolean; margin: number } {
  const cs = corners(b);
  let inside = true;
  let margin = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = cs[i];
    const [bx, by] = cs[(i + 1) % 4];
    const side = ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / Math.hypot(bx - ax, by - ay);
    margin = Math.min(margin, Math.abs(side));
    if (side < 0) inside = false;
  }
  return { inside, margin };
}

const boxArb = fc
  .record({
    w: uniform(0.1, 4),
    h: uniform(0.1, 4),
    x: uniform(-3, 3),
    y: uniform(-3, 3),
    a: uniform(-Math.PI, Math.PI),
  })
  .map((r) => place(r.w, r.h, r.x, r.y, r.a));
const rayArb = fc
  .record({
    x1: uniform(-4, 4),
    y1: uniform(-4, 4),
    x2: uniform(-6, 6),
    y2: uniform(-6, 6),
    f: uniform(0, 1.5),
  })
  .map((r) => new RayCastInput(r.x1, r.y1, r.x2, r.y2, r.f));

describe('rayCastBox', () => {
  it('agrees with the edge-by-edge reference', () => {
    let hits = 0;
    let inside = 0;
    const out = new RayCastOutput();
    fc.assert(
      fc.property(boxArb, rayArb, (b, input) => {
        const ref = referenceRayCast(b, input);
        fc.pre(ref.margin > 1e-9);
        if (referenceContains(b, input.p1x, input.p1y).inside) inside++;
        const hit = rayCastBox(b.box, b.xf, input, out);
        expect(hit).toBe(ref.hit !== null);
        expect(out.hit).toBe(hit);
        if (!ref.hit) return;
        hits++;
        expect(Math.abs(out.fraction - ref.hit.fraction)).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(out.normalX - ref.hit.normalX)).toBeLessThanOrEqual(1e-12);
        expect(Math.abs(out.normalY - ref.hit.normalY)).toBeLessThanOrEqual(1e-12);
        const t = ref.hit.fraction;
        expect(Math.abs(out.pointX - (input.p1x + t * (input.p2x - input.p1x)))).toBeLessThanOrEqual(1e-8);
        expect(Math.abs(out.pointY - (input.p1y + t * (input.p2y - input.p1y)))).toBeLessThanOrEqual(1e-8);
      }),
      fcParams(20, runs(4000)),
    );
    expect(hits).toBeGreaterThan(400);
    expect(inside).toBeGreaterThan(200);
  });

  it('hand-made: hits a face head on, misses from inside and beyond maxFraction, grazes a face', () => {
    const box = new Box(2, 1);
    const xf = new Transform(0, 0, 0);
    const out = new RayCastOutput();
    // From (-3, 0) to (3, 0): enters the left face x = -1 at t = 2/6.
    expect(rayCastBox(box, xf, new RayCastInput(-3, 0, 3, 0), out)).toBe(true);
    expect([out.fraction, out.normalX, out.normalY, out.pointX, out.pointY]).toEqual([2 / 6, -1, 0, -1, 0]);
    // Starting inside: no hit. Stopping short: no hit.
    expect(rayCastBox(box, xf, new RayCastInput(0, 0, 3, 0), out)).toBe(false);
    expect(rayCastBox(box, xf, new RayCastInput(-3, 0, 3, 0, 0.3), out)).toBe(false);
    // Along the top face y = 0.5: the boundary counts, entering at the corner x = -1.
    expect(rayCastBox(box, xf, new RayCastInput(-3, 0.5, 3, 0.5), out)).toBe(true);
    expect(out.fraction).toBeCloseTo(2 / 6, 15);
    // Turned by 90° and moved: the box spans x in [9.5, 10.5], y in [-1, 1]; a ray down from above
    // enters its top face y = 1 at t = (5 - 1) / 10.
    expect(rayCastBox(box, new Transform(10, 0, Math.PI / 2), new RayCastInput(10, 5, 10, -5), out)).toBe(
      true,
    );
    expect(out.fraction).toBeCloseTo(0.4, 12);
    expect(out.normalX).toBeCloseTo(0, 12);
    expect(out.normalY).toBeCloseTo(1, 12);
  });

  it('refuses a segment whose length overflows (between ±1e308) with a CollisionError naming input, for every shape', () => {
    const out = new RayCastOutput();
    const shapes: Shape[] = [
      { type: 'circle', radius: 1 },
      { type: 'capsule', center1: { x: 0, y: 0 }, center2: { x: 1, y: 0 }, radius: 0.5 },
      { type: 'box', width: 2, height: 2 },
    ];
    for (const input of [
      new RayCastInput(-1e308, 0.1, 1e308, 0.1),
      new RayCastInput(-1e308, -1e308, 1e308, 1e308),
      new RayCastInput(0, 0, 1e160, 1e160),
    ]) {
      const cast = () => rayCastBox(new Box(2, 1), new Transform(0, 0, 0), input, out);
      expect(cast).toThrow(CollisionError);
      expect(cast).toThrow(/^input = .*: the segment/);
      for (const shape of shapes)
        expect(() => rayCastShape(shape, new Transform(0, 0, 0), input, out)).toThrow(CollisionError);
    }
    // Long but finite squared: a hit with finite numbers.
    expect(rayCastShape(shapes[0], new Transform(0, 0, 0), new RayCastInput(-1e100, 0, 1e100, 0), out)).toBe(
      true,
    );
    expect([out.fraction, out.pointX, out.pointY, out.normalX, out.normalY].every(Number.isFinite)).toBe(
      true,
    );
  });
});

describe('testPointBox', () => {
  it('agrees with the edge half-plane reference', () => {
    fc.assert(
      fc.property(boxArb, uniform(-6, 6), uniform(-6, 6), (b, x, y) => {
        const ref = referenceContains(b, x, y);
        fc.pre(ref.margin > 1e-9);
        expect(testPointBox(b.box, b.xf, x, y)).toBe(ref.inside);
      }),
      fcParams(21, runs(4000)),
    );
  });
});

/** A random scene in a BroadPhase: n boxes, proxies keyed by index, moved once to get stretched fat boxes. */
function buildScene(
  specs: { w: number; h: number; x: number; y: number; a: number; mx: number; my: number }[],
) {
  const bp = new BroadPhase();
  const placed: Placed[] = [];
  const aabb = new AABB();
  const proxies: number[] = [];
  specs.forEach((s, i) => {
    const p = place(s.w, s.h, s.x, s.y, s.a);
    proxies.push(bp.createProxy(computeBoxAABB(p.box, p.xf, aabb), i, i % 5 === 0));
    // Move it: a new pose and a displacement that stretches the fat box.
    p.xf.set(s.x + s.mx, s.y + s.my, s.a);
    bp.moveProxy(proxies[i], computeBoxAABB(p.box, p.xf, aabb), s.mx, s.my);
    placed.push(p);
  });
  return { bp, placed, proxies };
}

const sceneArb = fc.array(
  fc.record({
    w: uniform(0.1, 3),
    h: uniform(0.1, 3),
    x: uniform(-10, 10),
    y: uniform(-10, 10),
    a: uniform(-Math.PI, Math.PI),
    mx: uniform(-0.5, 0.5),
    my: uniform(-0.5, 0.5),
  }),
  { minLength: 5, maxLength: 60 },
);
const sceneRayArb = fc
  .record({
    x1: uniform(-14, 14),
    y1: uniform(-14, 14),
    x2: uniform(-14, 14),
    y2: uniform(-14, 14),
    f: uniform(0, 1),
  })
  .map((r) => new RayCastInput(r.x1, r.y1, r.x2, r.y2, r.f));

describe('BroadPhase queries', () => {
  it('ray casts through the tree: closest hit and all hits agree with ray-versus-every-box', () => {
    let closestHits = 0;
    fc.assert(
      fc.property(sceneArb, sceneRayArb, (specs, input) => {
        const { bp, placed } = buildScene(specs);
        // Brute force: every box with the independent reference.
        const refs = placed.map((p) => referenceRayCast(p, input));
        fc.pre(refs.every((r) => r.margin > 1e-9));
        const hitKeys = refs.flatMap((r, i) => (r.hit ? [i] : []));
        let bestKey = -1;
        for (const k of hitKeys) {
          if (bestKey < 0 || refs[k].hit!.fraction < refs[bestKey].hit!.fraction) bestKey = k;
        }

        // Closest hit: clip the ray at every hit.
        const out = new RayCastOutput();
        let closestKey = -1;
        let closestFraction = Number.POSITIVE_INFINITY;
        bp.rayCast(input, (sub, proxyId) => {
          const key = bp.getKey(proxyId);
          if (!rayCastBox(placed[key].box, placed[key].xf, sub, out)) return -1;
          closestKey = key;
          closestFraction = out.fraction;
          return out.fraction;
        });
        if (bestKey < 0) {
          expect(closestKey).toBe(-1);
        } else {
          closestHits++;
          expect(Math.abs(closestFraction - refs[bestKey].hit!.fraction)).toBeLessThanOrEqual(1e-9);
          // Same box, unless two boxes are hit at the same fraction.
          if (closestKey !== bestKey) {
            expect(
              Math.abs(refs[closestKey].hit!.fraction - refs[bestKey].hit!.fraction),
            ).toBeLessThanOrEqual(1e-9);
          }
        }

        // All hits: never clip.
        const all: number[] = [];
        bp.rayCast(input, (sub, proxyId) => {
          const key = bp.getKey(proxyId);
          if (rayCastBox(placed[key].box, placed[key].xf, sub, out)) all.push(key);
          return sub.maxFraction;
        });
        expect(all.sort((a, b) => a - b)).toEqual(hitKeys);

        // Returning 0 stops at the first proxy whose fat box the ray crosses.
        let calls = 0;
        bp.rayCast(input, () => {
          calls++;
          return 0;
        });
        expect(calls).toBeLessThanOrEqual(1);
      }),
      fcParams(22, runs(600)),
    );
    expect(closestHits).toBeGreaterThan(100);
  });

  it('AABB and point queries agree with brute force over the fat boxes and the boxes', () => {
    fc.assert(
      fc.property(
        sceneArb,
        fc.record({ x: uniform(-12, 12), y: uniform(-12, 12), w: uniform(0, 6), h: uniform(0, 6) }),
        (specs, r) => {
          const { bp, placed, proxies } = buildScene(specs);
          const region = new AABB(r.x, r.y, r.x + r.w, r.y + r.h);
          const found: number[] = [];
          bp.query(region, (id) => {
            found.push(id);
            return true;
          });
          const expected = proxies.filter((id) => bp.getFatAABB(id).overlaps(region));
          expect(found.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));

          // Which boxes contain the point (x, y): fat-box candidates confirmed by testPointBox.
          const containing: number[] = [];
          bp.queryPoint(r.x, r.y, (id) => {
            const key = bp.getKey(id);
            if (testPointBox(placed[key].box, placed[key].xf, r.x, r.y)) containing.push(key);
            return true;
          });
          const refs = placed.map((p) => referenceContains(p, r.x, r.y));
          fc.pre(refs.every((c) => c.margin > 1e-9));
          const expectedKeys = refs.flatMap((c, i) => (c.inside ? [i] : []));
          expect(containing.sort((a, b) => a - b)).toEqual(expectedKeys);

          // Returning false stops the query.
          let calls = 0;
          bp.query(region, () => {
            calls++;
            return false;
          });
          expect(calls).toBe(Math.min(1, expected.length));
        },
      ),
      fcParams(23, runs(600)),
    );
  });

  it('refuses a ray that is not finite', () => {
    const bp = new BroadPhase();
    expect(() => bp.rayCast(new RayCastInput(0, 0, Number.NaN, 0), () => 1)).toThrow(CollisionError);
    expect(() => bp.rayCast(new RayCastInput(0, 0, 1, 0, -1), () => 1)).toThrow('input.maxFraction = -1');
  });
});
