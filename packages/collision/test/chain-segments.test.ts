/** Segments and chain segments: manifolds, one-sidedness, smooth joints and ray casts, against hand-worked values. */
import { Transform } from '@lite/math';
import { describe, expect, it } from 'vitest';
import { collide } from '../src/collide';
import { Manifold } from '../src/manifold';
import { computeMass, MassData } from '../src/mass';
import { RayCastInput, RayCastOutput } from '../src/ray-cast';
import { rayCastShape } from '../src/shape-queries';
import { type ChainSegmentShape, makeBox, makeSegment, type Shape } from '../src/shapes';

const origin = new Transform();
const at = (x: number, y: number, angle = 0) => new Transform(x, y, angle);

/** A chain segment of ground at y = 0 from x1 to x2 (right to left, so its right side is up). */
function ground(
  x1: number,
  x2: number,
  ghost1 = { x: x2 + 1, y: 0 },
  ghost2 = { x: x1 - 1, y: 0 },
): ChainSegmentShape {
  return { type: 'chainSegment', ghost1, point1: { x: x2, y: 0 }, point2: { x: x1, y: 0 }, ghost2 };
}

function manifold(a: Shape, xfA: Transform, b: Shape, xfB: Transform, margin = 0.1): Manifold {
  const out = new Manifold();
  collide(a, xfA, b, xfB, out, margin);
  return out;
}

describe('segments', () => {
  it('a box resting on a segment touches it at its two bottom corners, normal along the segment normal', () => {
    const m = manifold(makeSegment({ x: -5, y: 0 }, { x: 5, y: 0 }), origin, makeBox(1, 1), at(0.5, 0.49));
    expect(m.pointCount).toBe(2);
    expect(Math.abs(m.normalY)).toBeCloseTo(1, 12);
    for (const p of m.points.slice(0, 2)) expect(p.separation).toBeCloseTo(-0.01, 12);
    expect(m.points.map((p) => p.x).sort()).toEqual([0, 1]);
  });

  it('has no mass and is centred between its ends', () => {
    const md = computeMass(makeSegment({ x: 1, y: 2 }, { x: 3, y: 4 }), 5, new MassData());
    expect([md.mass, md.rotationalInertia, md.centerX, md.centerY]).toEqual([0, 0, 2, 3]);
  });

  it('is hit by a ray between its ends from either side; a ray past an end misses', () => {
    const segment = makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 });
    const out = new RayCastOutput();
    expect(rayCastShape(segment, origin, new RayCastInput(0.5, 2, 0.5, -2, 1), out)).toBe(true);
    expect(out.fraction).toBeCloseTo(0.5, 12);
    expect(out.normalY).toBe(1);
    expect(rayCastShape(segment, origin, new RayCastInput(0.5, -2, 0.5, 2, 1), out)).toBe(true);
    expect(out.normalY).toBe(-1);
    expect(rayCastShape(segment, origin, new RayCastInput(1.5, 2, 1.5, -2, 1), out)).toBe(false);
  });
});

describe('chain segments', () => {
  it('collide on their right side only', () => {
    const segment = ground(-5, 5);
    expect(manifold(segment, origin, makeBox(1, 1), at(0, 0.49)).pointCount).toBe(2);
    expect(manifold(segment, origin, makeBox(1, 1), at(0, -0.49)).pointCount).toBe(0);
    const out = new RayCastOutput();
    expect(rayCastShape(segment, origin, new RayCastInput(0, 2, 0, -2, 1), out)).toBe(true);
    expect(rayCastShape(segment, origin, new RayCastInput(0, -2, 0, 2, 1), out)).toBe(false);
  });

  it('a box sliding over a flat joint meets the face normal, where a plain segment pushes it sideways', () => {
    // The box's right face is 5 mm past the joint at x = 0 and it sinks 2 cm: for the segment after
    // the joint, the box's right face is the axis of least penetration, so a plain segment's end
    // vertex pushes the box back (the bump a box meets at a joint).
    const box = makeBox(1, 1);
    const pose = at(-0.495, 0.48);
    const plain = manifold(makeSegment({ x: 0, y: 0 }, { x: 5, y: 0 }), origin, box, pose);
    const chain = manifold(ground(0, 5, { x: 6, y: 0 }, { x: -5, y: 0 }), origin, box, pose);
    expect(plain.pointCount).toBeGreaterThan(0);
    expect(Math.abs(plain.normalX)).toBeGreaterThan(0.5);
    expect(plain.normalX).toBeLessThan(-0.5);
    // The chain segment knows the joint is flat: the face normal, and the corner's depth along it.
    expect(chain.pointCount).toBe(1);
    expect(chain.normalX).toBeCloseTo(0, 12);
    expect(chain.normalY).toBeCloseTo(1, 12);
    expect(chain.points[0].separation).toBeCloseTo(-0.02, 12);
  });

  it('at a convex corner the vertex normal is kept by the segment after the corner only', () => {
    // A roof: from (2, 0) up-left to the ridge (0, 1), then down-left to (-2, 0); right side is up.
    const right: ChainSegmentShape = {
      type: 'chainSegment',
      ghost1: { x: 2, y: 0 },
      point1: { x: 2, y: 0 },
      point2: { x: 0, y: 1 },
      ghost2: { x: -2, y: 0 },
    };
    const left: ChainSegmentShape = {
      type: 'chainSegment',
      ghost1: { x: 2, y: 0 },
      point1: { x: 0, y: 1 },
      point2: { x: -2, y: 0 },
      ghost2: { x: -2, y: 0 },
    };
    const ball = { type: 'circle', radius: 0.5 } as const;
    const above = at(0, 1.49);
    const a = manifold(right, origin, ball, above);
    const b = manifold(left, origin, ball, above);
    // The ridge's normal (straight up) is in the corner's cone: one of the two owns it.
    expect(a.pointCount + b.pointCount).toBe(1);
    const m = a.pointCount === 1 ? a : b;
    expect(m.normalX).toBeCloseTo(0, 12);
    expect(m.normalY).toBeCloseTo(1, 12);
    expect(m.points[0].separation).toBeCloseTo(-0.01, 12);
  });

  it('is symmetric: a chain segment as B gives the flipped manifold', () => {
    const segment = ground(-5, 5);
    const ab = manifold(segment, origin, makeBox(1, 1), at(0, 0.49));
    const ba = manifold(makeBox(1, 1), at(0, 0.49), segment, origin);
    expect(ba.pointCount).toBe(ab.pointCount);
    expect(ba.normalY).toBeCloseTo(-ab.normalY, 12);
  });
});
