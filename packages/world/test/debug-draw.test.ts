/** drawWorld: what a recording drawer receives, against the shapes' analytic world geometry. */
import {
  DebugColor,
  type DebugDraw,
  DistanceJoint,
  drawWorld,
  MouseJoint,
  RevoluteJoint,
  World,
  WorldError,
} from '@lite/world';
import { describe, expect, test } from 'vitest';

type Call = [string, ...number[]];

function recorder(): DebugDraw & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    drawPolygon: (v, count, radius, color) =>
      calls.push(['polygon', ...Array.from(v.subarray(0, 2 * count)), radius, color]),
    drawCircle: (x, y, r, angle, color) => calls.push(['circle', x, y, r, angle, color]),
    drawCapsule: (x1, y1, x2, y2, r, color) => calls.push(['capsule', x1, y1, x2, y2, r, color]),
    drawSegment: (x1, y1, x2, y2, color) => calls.push(['segment', x1, y1, x2, y2, color]),
    drawPoint: (x, y, size, color) => calls.push(['point', x, y, size, color]),
    drawTransform: (x, y, angle) => calls.push(['transform', x, y, angle]),
  };
}

const of = (calls: Call[], kind: string) => calls.filter((c) => c[0] === kind);

function expectClose(actual: number[], expected: number[]): void {
  expect(actual.length).toBe(expected.length);
  for (const [i, a] of actual.entries()) expect(a).toBeCloseTo(expected[i], 12);
}

describe('drawWorld', () => {
  test("a turned box is drawn by its four world corners, counter-clockwise, in its body's colour", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    world.createBody({ width: 2, height: 1, position: { x: 3, y: 4 }, angle: Math.PI / 2 });
    const draw = recorder();
    drawWorld(world, draw);
    const [polygon] = of(draw.calls, 'polygon');
    // Half extents 1 × 0.5 turned by 90°: the corners (3 ± 0.5, 4 ± 1).
    expectClose(polygon.slice(1) as number[], [3.5, 3, 3.5, 5, 2.5, 5, 2.5, 3, 0, DebugColor.dynamic]);
  });

  test('circles, capsules and polygons at their world poses; static, sleeping and sensor colours', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    world.createBody({
      type: 'static',
      shape: { type: 'circle', radius: 0.5, center: { x: 1, y: 0 } },
      position: { x: 0, y: 2 },
      angle: Math.PI,
    });
    const rod = world.createBody({
      shape: { type: 'capsule', center1: { x: -1, y: 0 }, center2: { x: 1, y: 0 }, radius: 0.2 },
      position: { x: 5, y: 0 },
    });
    rod.setAwake(false);
    const tri = world.createBody({
      shape: {
        type: 'polygon',
        vertices: [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 0, y: 1 },
        ],
        radius: 0.1,
      },
      position: { x: -3, y: 0 },
    });
    tri.createShape({ type: 'circle', radius: 0.25, sensor: true });
    const draw = recorder();
    drawWorld(world, draw);
    const circles = of(draw.calls, 'circle');
    // The static circle's centre (1, 0) turned by π about (0, 2): (-1, 2).
    expectClose(circles[0].slice(1) as number[], [-1, 2, 0.5, Math.PI, DebugColor.static]);
    expect(circles[1][5]).toBe(DebugColor.sensor);
    expectClose(of(draw.calls, 'capsule')[0].slice(1) as number[], [4, 0, 6, 0, 0.2, DebugColor.asleep]);
    const polygon = of(draw.calls, 'polygon')[0];
    expect(polygon.length).toBe(1 + 6 + 2);
    expect(polygon[7]).toBeCloseTo(0.1, 12);
  });

  test('bounding boxes enclose each shape; bounds leave out the bodies outside them', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    world.createBody({ shape: { type: 'circle', radius: 1 }, position: { x: 0, y: 0 } });
    world.createBody({ width: 1, height: 1, position: { x: 10, y: 0 } });
    const draw = recorder();
    drawWorld(world, draw, { aabbs: true, bounds: { minX: -2, minY: -2, maxX: 2, maxY: 2 } });
    expect(of(draw.calls, 'polygon')).toHaveLength(0);
    const segments = of(draw.calls, 'segment').filter((s) => s[5] === DebugColor.aabb);
    expect(segments).toHaveLength(4);
    expectClose(segments[0].slice(1, 5) as number[], [-1, -1, 1, -1]);
    expectClose(segments[1].slice(1, 5) as number[], [1, -1, 1, 1]);
  });

  test('joints: a pin from each moving centre to its anchor, a rod between its anchors, the mouse to its target', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: 0 } });
    const a = world.createBody({ width: 1, height: 1, position: { x: 2, y: 0 } });
    const b = world.createBody({ width: 1, height: 1, position: { x: 2, y: -3 } });
    world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: a, anchor: { x: 1, y: 1 } });
    world.createJoint(DistanceJoint, {
      bodyA: a,
      bodyB: b,
      anchorA: { x: 2, y: -0.5 },
      anchorB: { x: 2, y: -2.5 },
    });
    world.createJoint(MouseJoint, { body: b, target: { x: 4, y: -3 }, anchor: { x: 2, y: -3 } });
    const draw = recorder();
    drawWorld(world, draw, { shapes: false });
    const segments = of(draw.calls, 'segment');
    expectClose(segments[0].slice(1, 5) as number[], [2, 0, 1, 1]); // the pin: a's centre to the anchor
    expectClose(segments[1].slice(1, 5) as number[], [2, -0.5, 2, -2.5]); // the rod
    expectClose(segments[2].slice(1, 5) as number[], [2, -3, 4, -3]); // the mouse: anchor to target
    expect(of(draw.calls, 'polygon')).toHaveLength(0);
  });

  test('contact points and normals of touching contacts; body frames', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    world.createBody({ type: 'static', width: 10, height: 1, position: { x: 0, y: -0.5 } });
    world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 } });
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    const draw = recorder();
    drawWorld(world, draw, { shapes: false, contacts: true, contactNormals: true, transforms: true });
    const points = of(draw.calls, 'point');
    expect(points).toHaveLength(2);
    for (const p of points) expect(Math.abs(p[2])).toBeLessThan(0.02); // on the ground's top
    const normals = of(draw.calls, 'segment');
    for (const n of normals) expect(n[4] - n[2]).toBeCloseTo(0.3, 6); // up, 0.3 m
    expect(of(draw.calls, 'transform')).toHaveLength(2);
  });

  test('shapeColor gives each shape its colour; a negative one leaves the shape and its box out', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const a = world.createBody({ width: 1, height: 1, position: { x: 0, y: 0 } });
    world.createBody({ shape: { type: 'circle', radius: 0.5 }, position: { x: 3, y: 0 } });
    const draw = recorder();
    drawWorld(world, draw, { aabbs: true, shapeColor: (shape) => (shape.body === a ? 0x123456 : -1) });
    const polygons = of(draw.calls, 'polygon');
    expect(polygons).toHaveLength(1);
    expect(polygons[0][polygons[0].length - 1]).toBe(0x123456);
    expect(of(draw.calls, 'circle')).toHaveLength(0);
    // The box's bounding box only: four sides, x from −0.5 to 0.5.
    const sides = of(draw.calls, 'segment').filter((c) => c[5] === DebugColor.aabb);
    expect(sides).toHaveLength(4);
    expectClose(sides[0].slice(1, 5) as number[], [-0.5, -0.5, 0.5, -0.5]);
  });

  test('a bad option is a WorldError naming it', () => {
    expect(() => drawWorld(new World(), recorder(), { shapeColor: 3 as never })).toThrow(
      /options\.shapeColor/,
    );
    const world = new World();
    expect(() => drawWorld(world, recorder(), { shapes: 1 as never })).toThrow(WorldError);
    expect(() => drawWorld(world, recorder(), { shapes: 1 as never })).toThrow(/options\.shapes/);
    expect(() => drawWorld(world, recorder(), { shape: true } as never)).toThrow(/shape/);
    expect(() => drawWorld(world, recorder(), { bounds: { minX: 1, minY: 0, maxX: 0, maxY: 1 } })).toThrow(
      /options\.bounds/,
    );
  });
});
