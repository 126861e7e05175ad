import { Transform } from '@lite/math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AABB } from '../src/aabb';
import { Box } from '../src/box';
import { collide, collidePacked } from '../src/collide';
import { collidePolygons } from '../src/collide-shapes';
import { CollisionError } from '../src/errors';
import { Manifold } from '../src/manifold';
import {
  PACKED_CAPSULE,
  PACKED_CIRCLE,
  PACKED_POLYGON,
  PACKED_SHAPE_LENGTH,
  PackedShapeSlot,
  packShape,
} from '../src/packed-shape';
import { computePackedAABB, computeShapeAABB } from '../src/shape-queries';
import { makeCapsule, makeCircle, type Shape } from '../src/shapes';
import { fcParams, runs, uniform } from './fc-settings';
import {
  boundarySamples,
  boxArb,
  boxPolygonArb,
  capsuleArb,
  circleArb,
  polygonArb,
  worldCore,
} from './shape-reference';

// The packed forms against the object forms: the same manifolds and bounds bit for bit (collide is
// itself checked against brute-force geometry in collide-shapes.test.ts), and the bound slot against
// the shape's boundary sampled by the reference geometry.

const NUM_RUNS = runs(300);

const anyShape: fc.Arbitrary<Shape> = fc.oneof(
  circleArb,
  capsuleArb,
  polygonArb(false),
  polygonArb(true),
  boxArb,
  boxPolygonArb,
  fc.record({ w: uniform(0.1, 2), h: uniform(0.1, 2) }).map(({ w, h }) => new Box(w, h)),
);

const pose = fc
  .record({ x: uniform(-3, 3), y: uniform(-3, 3), a: uniform(-Math.PI, Math.PI) })
  .map(({ x, y, a }) => new Transform(x, y, a));

function snapshot(m: Manifold, count: number): number[] {
  const out = [count, m.normalX, m.normalY];
  for (let i = 0; i < count; i++) {
    const p = m.points[i];
    out.push(p.x, p.y, p.separation, p.key);
  }
  return out;
}

describe('packed shapes', () => {
  it('collidePacked gives collide’s manifold bit for bit (box-box: the polygon routine’s)', () => {
    fc.assert(
      fc.property(anyShape, anyShape, pose, pose, uniform(0, 0.1), (a, b, xfA, xfB, margin) => {
        // The normal of an empty manifold is whatever was there (flipped for a pair computed the
        // other way round): both start from the same one.
        const expected = new Manifold();
        const got = new Manifold();
        expected.normalX = got.normalX = 0.6;
        expected.normalY = got.normalY = 0.8;
        const bothBoxes = a.type === 'box' && b.type === 'box';
        const n = bothBoxes
          ? collidePolygons(a, xfA, b, xfB, margin, expected)
          : collide(a, xfA, b, xfB, expected, margin);
        const m = collidePacked(packShape(a), xfA, packShape(b), xfB, got, margin);
        expect(snapshot(got, m)).toEqual(snapshot(expected, n));
      }),
      fcParams(801, NUM_RUNS),
    );
  });

  it('collidePacked reads the margin from the manifold when given none', () => {
    const a = packShape(makeCircle(0.5));
    const b = packShape(makeCircle(0.5));
    const xfA = new Transform(0, 0, 0);
    const xfB = new Transform(1.04, 0, 0);
    const m = new Manifold();
    expect(collidePacked(a, xfA, b, xfB, m)).toBe(0);
    m.margin = 0.05;
    expect(collidePacked(a, xfA, b, xfB, m)).toBe(1);
    expect(m.points[0].separation).toBeCloseTo(0.04, 12);
    expect(() => collidePacked(a, xfA, b, xfB, m, -1)).toThrow(CollisionError);
  });

  it('computePackedAABB gives computeShapeAABB’s box bit for bit', () => {
    fc.assert(
      fc.property(anyShape, pose, (shape, xf) => {
        const expected = computeShapeAABB(shape, xf, new AABB());
        const got = computePackedAABB(packShape(shape), xf, new AABB());
        expect([got.minX, got.minY, got.maxX, got.maxY]).toEqual([
          expected.minX,
          expected.minY,
          expected.maxX,
          expected.maxY,
        ]);
      }),
      fcParams(802, NUM_RUNS),
    );
  });

  it('the bound holds every point of the shape (sampled boundary, the origin as centre)', () => {
    fc.assert(
      fc.property(anyShape, (shape) => {
        const bound = packShape(shape)[PackedShapeSlot.Bound];
        const core = worldCore(shape, new Transform(0, 0, 0));
        let far = 0;
        for (const [x, y] of boundarySamples(core)) far = Math.max(far, Math.hypot(x, y));
        for (const [x, y] of core.points) far = Math.max(far, Math.hypot(x, y) + core.radius);
        // Round-off only: the bound is a square root of a sum of squares plus the radius.
        expect(far).toBeLessThanOrEqual(bound * (1 + 1e-12));
        // And it is the farthest point, not a loose bound.
        expect(bound).toBeLessThanOrEqual(far * (1 + 1e-12));
      }),
      fcParams(803, NUM_RUNS),
    );
  });

  it('lays out a box as collideBoxes numbers it, a capsule as a 2-gon and a circle as its centre', () => {
    const box = packShape(new Box(2, 1));
    expect(box[PackedShapeSlot.Kind]).toBe(PACKED_POLYGON);
    expect(box[PackedShapeSlot.Count]).toBe(4);
    expect(box[PackedShapeSlot.Radius]).toBe(0);
    expect(Array.from(box.subarray(PackedShapeSlot.Vertices, PackedShapeSlot.Vertices + 8))).toEqual([
      1, 0.5, -1, 0.5, -1, -0.5, 1, -0.5,
    ]);
    expect(Array.from(box.subarray(PackedShapeSlot.Normals, PackedShapeSlot.Normals + 8))).toEqual([
      0, 1, -1, 0, 0, -1, 1, 0,
    ]);
    expect(box[PackedShapeSlot.Bound]).toBe(Math.sqrt(1.25));

    const capsule = packShape(makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.25));
    expect(capsule[PackedShapeSlot.Kind]).toBe(PACKED_CAPSULE);
    expect(capsule[PackedShapeSlot.Count]).toBe(2);
    expect(capsule[PackedShapeSlot.Radius]).toBe(0.25);
    expect(Array.from(capsule.subarray(PackedShapeSlot.Vertices, PackedShapeSlot.Vertices + 4))).toEqual([
      -1, 0, 1, 0,
    ]);
    expect(Array.from(capsule.subarray(PackedShapeSlot.Normals, PackedShapeSlot.Normals + 4))).toEqual([
      0, -1, 0, 1,
    ]);
    expect(capsule[PackedShapeSlot.Bound]).toBe(1.25);

    const circle = packShape(makeCircle(0.5, { x: 3, y: 4 }));
    expect(circle[PackedShapeSlot.Kind]).toBe(PACKED_CIRCLE);
    expect(circle[PackedShapeSlot.Count]).toBe(1);
    expect(circle[PackedShapeSlot.Radius]).toBe(0.5);
    expect(Array.from(circle.subarray(PackedShapeSlot.Vertices, PackedShapeSlot.Vertices + 2))).toEqual([
      3, 4,
    ]);
    expect(circle[PackedShapeSlot.Bound]).toBe(5.5);
  });

  it('packs into a given array, and refuses a short one and an unknown shape', () => {
    const out = new Float64Array(PACKED_SHAPE_LENGTH + 2);
    expect(packShape(makeCircle(1), out)).toBe(out);
    expect(() => packShape(makeCircle(1), new Float64Array(PACKED_SHAPE_LENGTH - 1))).toThrow(CollisionError);
    expect(() => packShape({ type: 'triangle' } as unknown as Shape)).toThrow(/shape\.type/);
  });
});
