import { Transform } from '@lite/math';
import { describe, expect, it } from 'vitest';
import { Box } from '../src/box';
import { collide } from '../src/collide';
import { collideBoxes } from '../src/collide-boxes';
import { CollisionError } from '../src/errors';
import { Manifold, makeFeatureKey } from '../src/manifold';

// Hand-made cases. Every expected number below is worked out by hand from the geometry (described in
// the comment above each case), not copied from a run.

const TOL = 1e-12;

interface Expected {
  x: number;
  y: number;
  separation: number;
  key: number;
}

function run(a: Box, xfA: Transform, b: Box, xfB: Transform): Manifold {
  const m = new Manifold();
  const n = collideBoxes(a, xfA, b, xfB, m);
  expect(n).toBe(m.pointCount);
  return m;
}

function expectManifold(m: Manifold, nx: number, ny: number, expected: Expected[]): void {
  expect(m.pointCount).toBe(expected.length);
  expect(m.normalX).toBeCloseTo(nx, 12);
  expect(m.normalY).toBeCloseTo(ny, 12);
  for (const e of expected) {
    const matches = m.points.slice(0, m.pointCount).filter((p) => p.key === e.key);
    expect(matches.length, `one point with key ${e.key}`).toBe(1);
    const p = matches[0];
    expect(Math.abs(p.x - e.x)).toBeLessThan(TOL);
    expect(Math.abs(p.y - e.y)).toBeLessThan(TOL);
    expect(Math.abs(p.separation - e.separation)).toBeLessThan(TOL);
  }
}

const ground = new Box(100, 20);
const groundXf = new Transform(0, -10, 0); // top face at y = 0
const unit = new Box(1, 1);
const r = Math.SQRT1_2;

describe('collideBoxes: hand-made cases', () => {
  it('resting face to face: a unit box 1 cm into the ground', () => {
    // Reference: the ground's top face (A.y, normal +y). Incident: the box's bottom edge e3 from v3
    // (in e2, out e3) at (-0.5, -0.01) to v4 (in e3, out e4) at (0.5, -0.01); the ground's side planes
    // (x = ±50) clip nothing. Both points slide onto y = 0 with separation -0.01.
    const m = run(ground, groundXf, unit, new Transform(0, 0.49, 0));
    expectManifold(m, 0, 1, [
      { x: -0.5, y: 0, separation: -0.01, key: makeFeatureKey(0, 0, 2, 3) },
      { x: 0.5, y: 0, separation: -0.01, key: makeFeatureKey(0, 0, 3, 4) },
    ]);
  });

  it('corner on face: a unit box at 45° with its corner 2 cm into the ground', () => {
    // The lowest corner is v3 = (-0.5, -0.5) turned by 45°: (0, -√2/2) from the centre, so at
    // (0, -0.02). The next corner along the bottom edge is √2/2 higher, above the ground, and dropped.
    const m = run(ground, groundXf, unit, new Transform(0, r - 0.02, Math.PI / 4));
    expectManifold(m, 0, 1, [{ x: 0, y: 0, separation: -0.02, key: makeFeatureKey(0, 0, 2, 3) }]);
  });

  it('rotated 45°: a diamond corner 0.1 m into the top of an axis-aligned unit box', () => {
    // A's top face (y = 0.5) is the reference; B's corner v3 reaches y = 0.4.
    const m = run(unit, new Transform(0, 0, 0), unit, new Transform(0, 0.5 + r - 0.1, Math.PI / 4));
    expectManifold(m, 0, 1, [{ x: 0, y: 0.5, separation: -0.1, key: makeFeatureKey(0, 0, 2, 3) }]);
  });

  it('rotated 45°: two boxes turned by 45°, face to face along the diagonal', () => {
    // A: unit box at the origin turned 45°, top face normal n = (-√½, √½). B: 0.5 × 1 turned 45°, its
    // centre 0.95 m along n, so its bottom edge is 5 cm into A's top face. Points: B's bottom corners
    // R(±0.25, 0.5), slid onto A's top face; B's narrower width keeps them inside A's side planes.
    const narrow = new Box(0.5, 1);
    const m = run(
      unit,
      new Transform(0, 0, Math.PI / 4),
      narrow,
      new Transform(-0.95 * r, 0.95 * r, Math.PI / 4),
    );
    const rot = (x: number, y: number): [number, number] => [r * x - r * y, r * x + r * y];
    const [x3, y3] = rot(-0.25, 0.5);
    const [x4, y4] = rot(0.25, 0.5);
    expectManifold(m, -r, r, [
      { x: x3, y: y3, separation: -0.05, key: makeFeatureKey(0, 0, 2, 3) },
      { x: x4, y: y4, separation: -0.05, key: makeFeatureKey(0, 0, 3, 4) },
    ]);
  });

  it('deep overlap: a unit box entirely inside a 2 × 2 box', () => {
    // Separations: A.x = 0.3 - 1 - 0.5 = -1.2, A.y = 0.2 - 1 - 0.5 = -1.3, B.x = -1.2, B.y = -1.3.
    // A.x wins (later axes are not clearly better), normal +x; B's left edge e2 from v2 (-0.2, 0.7) to
    // v3 (-0.2, -0.3) is the incident edge, 1.2 m behind A's right face x = 1, slid onto it.
    const m = run(new Box(2, 2), new Transform(0, 0, 0), unit, new Transform(0.3, 0.2, 0));
    expectManifold(m, 1, 0, [
      { x: 1, y: 0.7, separation: -1.2, key: makeFeatureKey(0, 0, 1, 2) },
      { x: 1, y: -0.3, separation: -1.2, key: makeFeatureKey(0, 0, 2, 3) },
    ]);
  });

  it('very different sizes: a 0.1 m box on a 100 m ground (ground as A)', () => {
    // Ground's top face is the reference; the small box's bottom corners (2.95, -0.001) and
    // (3.05, -0.001) slide onto y = 0.
    const m = run(ground, groundXf, new Box(0.1, 0.1), new Transform(3, 0.049, 0));
    expectManifold(m, 0, 1, [
      { x: 2.95, y: 0, separation: -0.001, key: makeFeatureKey(0, 0, 2, 3) },
      { x: 3.05, y: 0, separation: -0.001, key: makeFeatureKey(0, 0, 3, 4) },
    ]);
  });

  it('very different sizes: a 0.1 m box on a 100 m ground (small box as A)', () => {
    // A.y separation -0.001 beats B.y (-0.001 is not > 0.95 · -0.001 + 0.01 · 10), so the small box's
    // bottom face (normal -y, from A to B) is the reference. The ground's top edge e1 runs from v1
    // (50, 0) to v2 (-50, 0) and is clipped by the small box's side planes x = 2.95 (edge e2) and
    // x = 3.05 (edge e4): the cut at x = 2.95 keeps v2's in-edge (e1) and takes A's out-edge e2; the
    // cut at x = 3.05 keeps v1's out-edge (e1) and takes A's in-edge e4. Both slide onto y = -0.001.
    const m = run(new Box(0.1, 0.1), new Transform(3, 0.049, 0), ground, groundXf);
    expectManifold(m, 0, -1, [
      { x: 2.95, y: -0.001, separation: -0.001, key: makeFeatureKey(0, 2, 1, 0) },
      { x: 3.05, y: -0.001, separation: -0.001, key: makeFeatureKey(4, 0, 0, 1) },
    ]);
  });

  it('an incident edge clipped on both sides keeps keys that name the edges through each point', () => {
    // A 0.1 m box under a 100 m ceiling (bottom face y = 0), 1 mm into it. Reference: A's top face
    // (normal +y). Incident: the ceiling's bottom edge e3 from v3 (-50, 0) (in e2, out e3) to v4
    // (50, 0) (in e3, out e4). The side plane x = 2.95 (A's e2) cuts v3 away: that point keeps e3 as
    // its out-edge and gets A's in-edge e2. The side plane x = 3.05 (A's e4) cuts v4 away: that point
    // keeps e3 as its in-edge and gets A's out-edge e4. Both slide onto y = 0.001.
    // (Box2D-Lite reverses the clipped segment here and would give the second point A's in-edge e4 and
    // B's out-edge e4, an edge of the ceiling that does not pass through it.)
    const m = run(new Box(0.1, 0.1), new Transform(3, -0.049, 0), ground, new Transform(0, 10, 0));
    expectManifold(m, 0, 1, [
      { x: 2.95, y: 0.001, separation: -0.001, key: makeFeatureKey(2, 0, 0, 3) },
      { x: 3.05, y: 0.001, separation: -0.001, key: makeFeatureKey(0, 4, 3, 0) },
    ]);
  });

  it('touching exactly: zero gap gives two points with separation 0; any gap gives none', () => {
    const m = run(ground, groundXf, unit, new Transform(0, 0.5, 0));
    expectManifold(m, 0, 1, [
      { x: -0.5, y: 0, separation: 0, key: makeFeatureKey(0, 0, 2, 3) },
      { x: 0.5, y: 0, separation: 0, key: makeFeatureKey(0, 0, 3, 4) },
    ]);
    expect(run(ground, groundXf, unit, new Transform(0, 0.5 + 1e-9, 0)).pointCount).toBe(0);

    // Side by side, exactly touching: A's right face x = 0.5 is the reference, B's left edge from v2
    // (0.5, 0.5) to v3 (0.5, -0.5) lies on it and exactly on A's side planes y = ±0.5 (kept).
    const side = run(unit, new Transform(0, 0, 0), unit, new Transform(1, 0, 0));
    expectManifold(side, 1, 0, [
      { x: 0.5, y: 0.5, separation: 0, key: makeFeatureKey(0, 0, 1, 2) },
      { x: 0.5, y: -0.5, separation: 0, key: makeFeatureKey(0, 0, 2, 3) },
    ]);
    expect(run(unit, new Transform(0, 0, 0), unit, new Transform(1 + 1e-12, 0, 0)).pointCount).toBe(0);
  });

  it('touching exactly in decimal: rounding a few ulps apart still touches, at separation 0', () => {
    // Boxes set on the ground at y = h / 2: 10 + h/2 - 10 - h/2 is not 0 in doubles for most h
    // (h = 0.7 gives +1.8e-15). Every one of them must touch, with two points at separation 0.
    let roundedApart = 0;
    for (let i = 1; i <= 200; i++) {
      const h = i * 0.01;
      const y = h / 2;
      if (y - -10 - 10 - h / 2 > 0) roundedApart++;
      const m = run(ground, groundXf, new Box(0.6, h), new Transform(3.1, y, 0));
      expect(m.pointCount, `h = ${h}`).toBe(2);
      for (let k = 0; k < 2; k++) {
        expect(m.points[k].separation, `h = ${h}`).toBe(0);
        expect(m.points[k].y).toBeCloseTo(0, 12);
      }
      // A real gap, however small against the box, is still a gap.
      expect(run(ground, groundXf, new Box(0.6, h), new Transform(3.1, y + 1e-9, 0)).pointCount).toBe(0);
    }
    expect(roundedApart).toBeGreaterThan(0); // the case the tolerance is for does occur
  });

  it('B holding the reference face flips the keys into (A, B) order', () => {
    // A unit box at 45° below, its top corner (v1, in e4 out e1) 0.1 m into the bottom face of B, an
    // axis-aligned unit box. B's bottom face is the reference (normal from A to B: +y).
    const m = run(unit, new Transform(0, -0.5 - r + 0.1, Math.PI / 4), unit, new Transform(0, 0, 0));
    expectManifold(m, 0, 1, [{ x: 0, y: -0.5, separation: -0.1, key: makeFeatureKey(4, 1, 0, 0) }]);
  });

  it('feature keys stay the same under small motions of a resting box', () => {
    const base = run(ground, groundXf, unit, new Transform(0.2, 0.495, 0.002));
    const keys = base.points.slice(0, base.pointCount).map((p) => p.key);
    expect(keys).toHaveLength(2);
    for (const [dx, dy, da] of [
      [0.001, 0, 0],
      [-0.003, 0.002, 0],
      [0, -0.001, -0.003],
      [0.01, 0.001, 0.004],
    ]) {
      const moved = run(ground, groundXf, unit, new Transform(0.2 + dx, 0.495 + dy, 0.002 + da));
      expect(moved.points.slice(0, moved.pointCount).map((p) => p.key)).toEqual(keys);
    }
  });

  it('a speculative margin keeps points up to that far apart, with their positive separation', () => {
    const apart = new Transform(0, 0.5 + 0.03, 0);
    expect(run(ground, groundXf, unit, apart).pointCount).toBe(0);
    const m = new Manifold();
    expect(collideBoxes(ground, groundXf, unit, apart, m, 0.05)).toBe(2);
    // The same points and keys as when touching, 3 cm apart: slid onto the reference face.
    expectManifold(m, 0, 1, [
      { x: -0.5, y: 0, separation: 0.03, key: makeFeatureKey(0, 0, 2, 3) },
      { x: 0.5, y: 0, separation: 0.03, key: makeFeatureKey(0, 0, 3, 4) },
    ]);
    expect(collideBoxes(ground, groundXf, unit, new Transform(0, 0.5 + 0.06, 0), m, 0.05)).toBe(0);
    // A margin changes nothing for boxes that touch.
    const touching = new Transform(0.2, 0.49, 0.01);
    const withMargin = new Manifold();
    collideBoxes(ground, groundXf, unit, touching, withMargin, 0.05);
    expect(withMargin).toEqual(run(ground, groundXf, unit, touching));
  });

  it('separated boxes give no points and leave pointCount 0', () => {
    const m = new Manifold();
    m.pointCount = 2;
    expect(collideBoxes(unit, new Transform(0, 0, 0), unit, new Transform(1.2, 1.2, Math.PI / 4), m)).toBe(0);
    expect(m.pointCount).toBe(0);
  });

  it('collide dispatches boxes to collideBoxes', () => {
    const a = new Manifold();
    const b = new Manifold();
    const xfA = new Transform(0.1, 0.2, 0.3);
    const xfB = new Transform(0.6, 0.9, -0.4);
    expect(collide(unit, xfA, new Box(0.5, 2), xfB, a)).toBe(
      collideBoxes(unit, xfA, new Box(0.5, 2), xfB, b),
    );
    expect(a).toEqual(b);
  });
});

describe('Box', () => {
  it('derives half extents from the full size', () => {
    const b = new Box(3, 0.5);
    expect([b.kind, b.width, b.height, b.halfWidth, b.halfHeight]).toEqual([0, 3, 0.5, 1.5, 0.25]);
  });

  it('refuses sizes that are not finite and > 0, naming the argument and the value', () => {
    expect(() => new Box(-1, 1)).toThrow(CollisionError);
    expect(() => new Box(-1, 1)).toThrow('width = -1');
    expect(() => new Box(1, 0)).toThrow('height = 0');
    expect(() => new Box(1, Number.NaN)).toThrow('height = NaN');
    expect(() => new Box(Number.POSITIVE_INFINITY, 1)).toThrow('width = Infinity');
  });
});
