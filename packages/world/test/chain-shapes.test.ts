/** Segment and chain shapes in a world: smooth sliding over joints (flat and round), one-sidedness, snapshots. */
import { type Body, loadWorld, saveWorld, World, WorldError } from '@lite/world';
import { describe, expect, test } from 'vitest';

const dt = 1 / 60;

/** Ground at y = 0 from x = 0 to `length` as a chain of `count` segments, listed right to left (right side up). */
function flatChain(world: World, count: number, length: number, loop = false) {
  const points = Array.from({ length: count + 1 }, (_, i) => ({ x: length - (i * length) / count, y: 0 }));
  return world.createBody({ type: 'static', shape: { type: 'chain', points, loop } });
}

/**
 * Lets `body` settle for half a second, launches it at 5 m/s along +x and steps until it passes
 * `untilX`: the largest relative change of its speed and how far it rose above where it rested.
 */
function slide(world: World, body: Body, untilX: number): { worstSpeed: number; rise: number } {
  for (let i = 0; i < 30; i++) world.step(dt);
  const rest = body.position.y;
  body.setLinearVelocity({ x: 5, y: 0 });
  let worstSpeed = 0;
  let highest = rest;
  while (body.position.x < untilX) {
    world.step(dt);
    worstSpeed = Math.max(
      worstSpeed,
      Math.abs(Math.hypot(body.linearVelocity.x, body.linearVelocity.y) - 5) / 5,
    );
    highest = Math.max(highest, body.position.y);
  }
  return { worstSpeed, rise: highest - rest };
}

describe('chains', () => {
  test('a chain of n segments is n shapes; the first is returned', () => {
    const world = new World();
    const ground = flatChain(world, 100, 100);
    expect(ground.shapes).toHaveLength(100);
    expect(ground.shapes.every((s) => s.type === 'chain')).toBe(true);
    expect(ground.mass).toBe(0);
  });

  test('a box sliding at 5 m/s over 100 flat segments keeps its speed within 1% and never rises 1 mm', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    flatChain(world, 100, 100);
    const box = world.createBody({
      width: 1,
      height: 1,
      density: 1,
      friction: 0,
      position: { x: 2, y: 0.5 },
    });
    const { worstSpeed, rise } = slide(world, box, 95);
    expect(worstSpeed).toBeLessThan(0.01);
    expect(rise).toBeLessThan(0.001);
    expect(Math.abs(box.angle)).toBeLessThan(1e-3);
  });

  test('the same box over 100 plain segments laid end to end catches on their joints', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: -10, y: -10 } });
    for (let i = 0; i < 100; i++) {
      ground.createShape({
        type: 'segment',
        point1: { x: i, y: 0 },
        point2: { x: i + 1, y: 0 },
        friction: 0,
      });
    }
    const box = world.createBody({
      width: 1,
      height: 1,
      density: 1,
      friction: 0,
      position: { x: 2, y: 0.5 },
    });
    for (let i = 0; i < 30; i++) world.step(dt);
    box.setLinearVelocity({ x: 5, y: 0 });
    let worst = 0;
    for (let i = 0; i < 600 && box.position.x < 95; i++) {
      world.step(dt);
      worst = Math.max(worst, Math.abs(Math.hypot(box.linearVelocity.x, box.linearVelocity.y) - 5) / 5);
    }
    // What the chain's ghost vertices prevent: the joints' end vertices knock the box about.
    expect(worst).toBeGreaterThan(0.01);
  });

  test('a loop chain: a box slides over its floor, across the joint that closes the loop, as over one surface', () => {
    // A 40 m by 10 m room, clockwise so the right side of each segment faces in; the floor is 80
    // segments, and the loop closes at x = 0 on the floor.
    const world = new World({ gravity: { x: 0, y: -10 } });
    const floor = Array.from({ length: 40 }, (_, i) => ({ x: i, y: 0 }));
    const back = Array.from({ length: 39 }, (_, i) => ({ x: -39 + i, y: 0 }));
    const points = [
      ...floor,
      { x: 40, y: 0 },
      { x: 40, y: 10 },
      { x: -40, y: 10 },
      { x: -40, y: 0 },
      ...back,
    ];
    // Walking the list: floor rightwards, up the right wall, left along the ceiling, down the left
    // wall, floor rightwards to the start: counter-clockwise, so reverse it to face the room.
    points.reverse();
    world.createBody({ type: 'static', shape: { type: 'chain', points, loop: true } });
    const box = world.createBody({
      width: 1,
      height: 1,
      density: 1,
      friction: 0,
      position: { x: -30, y: 0.5 },
    });
    const { worstSpeed, rise } = slide(world, box, 30);
    expect(worstSpeed).toBeLessThan(0.01);
    expect(rise).toBeLessThan(0.001);
  });

  test('a ball sliding without friction over the chain keeps its speed and height', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    flatChain(world, 100, 100);
    const ball = world.createBody({
      shape: { type: 'circle', radius: 0.5 },
      density: 1,
      friction: 0,
      position: { x: 2, y: 0.5 },
    });
    const { worstSpeed, rise } = slide(world, ball, 95);
    expect(worstSpeed).toBeLessThan(0.01);
    expect(rise).toBeLessThan(0.001);
  });

  test('one-sided: a box below ground that runs right to left passes up through it', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    flatChain(world, 10, 10);
    const box = world.createBody({
      width: 1,
      height: 1,
      density: 1,
      position: { x: 5, y: -2 },
      linearVelocity: { x: 0, y: 5 },
    });
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(box.position.y).toBeGreaterThan(2);
    expect(box.linearVelocity.y).toBeCloseTo(5, 9);
  });

  test('a ray hits a chain from its collision side only; a segment from both', () => {
    const world = new World();
    flatChain(world, 10, 10);
    world.createBody({
      type: 'static',
      shape: { type: 'segment', point1: { x: 20, y: 0 }, point2: { x: 30, y: 0 } },
    });
    expect(world.rayCast({ x: 5, y: 3 }, { x: 5, y: -3 })?.point.y).toBeCloseTo(0, 12);
    expect(world.rayCast({ x: 5, y: -3 }, { x: 5, y: 3 })).toBeNull();
    expect(world.rayCast({ x: 25, y: -3 }, { x: 25, y: 3 })?.normal.y).toBe(-1);
  });

  test('a world with chains and segments restores from its snapshot and steps on bit for bit', () => {
    const world = new World();
    flatChain(world, 20, 20, false);
    world.createBody({
      type: 'static',
      shape: { type: 'segment', point1: { x: -5, y: 1 }, point2: { x: 0, y: 0 } },
    });
    const box = world.createBody({
      width: 1,
      height: 1,
      density: 1,
      position: { x: 3, y: 2 },
      linearVelocity: { x: 2, y: 0 },
    });
    for (let i = 0; i < 20; i++) world.step(dt);
    const copy = loadWorld(saveWorld(world));
    expect(copy.bodies[0].shapes).toHaveLength(20);
    expect(copy.bodies[0].shapes[5].geometry).toEqual(world.bodies[0].shapes[5].geometry);
    for (let i = 0; i < 60; i++) {
      world.step(dt);
      copy.step(dt);
    }
    const twin = copy.getBody(box.id);
    expect([twin?.position.x, twin?.position.y, twin?.angle]).toEqual([
      box.position.x,
      box.position.y,
      box.angle,
    ]);
  });

  test('bad chains and segments are refused by name', () => {
    const world = new World();
    const make = (shape: unknown) => () => world.createBody({ type: 'static', shape: shape as never });
    expect(make({ type: 'chain', points: [{ x: 0, y: 0 }] })).toThrow(/options\.shape\.points/);
    expect(
      make({
        type: 'chain',
        points: [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ],
        loop: true,
      }),
    ).toThrow(/at least 3/);
    expect(
      make({
        type: 'chain',
        points: [
          { x: 0, y: 0 },
          { x: 0, y: 0 },
        ],
      }),
    ).toThrow(/points\[1\]/);
    expect(
      make({
        type: 'chain',
        points: [
          { x: 0, y: 0 },
          { x: Number.NaN, y: 0 },
        ],
      }),
    ).toThrow(WorldError);
    expect(make({ type: 'segment', point1: { x: 0, y: 0 }, point2: { x: 0, y: 0 } })).toThrow(/point2/);
    expect(world.bodies).toHaveLength(0);
  });
});

/** A shape sliding round the inside of a ring: what it keeps and how close it stays. */
type RingShape = { kind: 'box'; size: number } | { kind: 'ball'; radius: number };

/**
 * Zero gravity; `shape` starts at 5 m/s tangent to the inside of a `count`-segment loop chain of
 * radius `radius` (or, `plain`, the same ring of two-sided segments), resting on the bottom
 * segment's middle, and slides for 10 s. Returns its speed, the angle its centre swept round the
 * ring's centre, and the largest gap between it and the ring and overlap with it. The inside of
 * the ring is a convex polygon (the segments' half-planes), so the gap is exact: the least, over
 * the segments, of the segment line's distance from the centre less the shape's reach along its
 * outward normal. `outside`: the ring faces out, the shape starts under its bottom segment and a
 * force of 10 m/s² times its mass pulls it towards the centre (more than the 5 m/s² that holds it
 * to a 5 m ring at 5 m/s); the gap is then the greatest, over the segments, of the shape's
 * distance past the segment's line (exact against a face, a little short near a joint).
 */
function roundRing(shape: RingShape, radius: number, plain = false, outside = false, count = 100) {
  const world = new World({ gravity: { x: 0, y: 0 } });
  // Clockwise, so each segment's right side (its collision side) faces the centre; outside,
  // anticlockwise.
  const at = (i: number) => -Math.PI / 2 - ((i + 0.5) * 2 * Math.PI) / count;
  const points = Array.from({ length: count }, (_, i) => ({
    x: radius * Math.cos(at(i)),
    y: radius * Math.sin(at(i)),
  }));
  if (outside) points.reverse();
  const ground = world.createBody(
    plain
      ? { type: 'static', width: 1, height: 1, position: { x: 0, y: 3 * radius } }
      : { type: 'static', shape: { type: 'chain', points, loop: true } },
  );
  if (plain) {
    for (let i = 0; i < count; i++) {
      const p1 = points[i];
      const p2 = points[(i + 1) % count];
      ground.createShape({
        type: 'segment',
        point1: { x: p1.x, y: p1.y - 3 * radius },
        point2: { x: p2.x, y: p2.y - 3 * radius },
        friction: 0,
      });
    }
  }
  const half = shape.kind === 'box' ? shape.size / 2 : shape.radius;
  const apothem = radius * Math.cos(Math.PI / count);
  const body = world.createBody({
    ...(shape.kind === 'box'
      ? { width: shape.size, height: shape.size }
      : { shape: { type: 'circle', radius: shape.radius } }),
    density: 1,
    friction: 0,
    position: { x: 0, y: outside ? -apothem - half : half - apothem },
    linearVelocity: { x: 5, y: 0 },
  });
  const pull = 10 * body.mass;
  let swept = 0;
  let last = -Math.PI / 2;
  let gap = 0;
  let overlap = 0;
  for (let step = 0; step < 600; step++) {
    if (outside) {
      const { x, y } = body.position;
      const r = Math.hypot(x, y);
      body.applyForce({ x: (-pull * x) / r, y: (-pull * y) / r });
    }
    world.step(dt);
    const { x, y } = body.position;
    const a = Math.atan2(y, x);
    swept += ((a - last + 3 * Math.PI) % (2 * Math.PI)) - Math.PI;
    last = a;
    const c = Math.cos(body.angle);
    const s = Math.sin(body.angle);
    let least = Number.POSITIVE_INFINITY;
    let most = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < count; i++) {
      const nx = Math.cos(at(i) + Math.PI / count);
      const ny = Math.sin(at(i) + Math.PI / count);
      const reach =
        shape.kind === 'box' ? half * (Math.abs(c * nx + s * ny) + Math.abs(-s * nx + c * ny)) : half;
      least = Math.min(least, apothem - (x * nx + y * ny) - reach);
      most = Math.max(most, x * nx + y * ny - reach - apothem);
    }
    const separation = outside ? most : least;
    gap = Math.max(gap, separation);
    overlap = Math.max(overlap, -separation);
  }
  const speed = Math.hypot(body.linearVelocity.x, body.linearVelocity.y);
  return { speed, swept, gap, overlap };
}

/**
 * What a rigid body keeps after its centre sweeps `swept` rad round a ring of `count` segments if
 * each joint is a perfectly inelastic impact: the ring turns by θ = 2π/count at each joint, the
 * velocity's part into the next segment (v sin θ) is lost and v cos θ is kept, and the body passes
 * swept/θ joints: 5 cos(θ)^(swept/θ).
 */
function inelasticRing(swept: number, count = 100): number {
  const theta = (2 * Math.PI) / count;
  return 5 * Math.cos(theta) ** (swept / theta);
}

describe('a loop chain shaped as a circle', () => {
  // Each joint of a 100-segment ring is a 3.6° concave corner. A rigid body meeting one loses, in
  // a perfectly inelastic impact, its velocity into the next segment: the speed a body keeps is
  // physics, not a defect of the chain, and Box2D v3 keeps the same (apps/bench/src/ring.ts
  // prints both). What the chain must do is make each joint no worse than that impact: no catch on
  // the joint's vertex, no bounce off the surface.
  test('a ball keeps what perfectly inelastic joints leave it, within 0.5%, and never leaves the ring', () => {
    // Measured: within 0.06% of cos θ^(joints passed) for R = 5, 10 and 20 m, as Box2D v3.
    // Two-sided segments (no ghost vertices) let the ball hit each joint's end vertex, which throws
    // it back off the ring: it keeps under 70% of that.
    for (const radius of [5, 10, 20]) {
      const { speed, swept, gap, overlap } = roundRing({ kind: 'ball', radius: 0.25 }, radius);
      expect(Math.abs(speed / inelasticRing(swept) - 1)).toBeLessThan(0.005);
      expect(gap).toBeLessThan(0.001);
      expect(overlap).toBeLessThan(0.01);
    }
    const plain = roundRing({ kind: 'ball', radius: 0.25 }, 20, true);
    expect(plain.speed / inelasticRing(plain.swept)).toBeLessThan(0.8);
  });

  test('a box keeps within 1% below to 4% above what inelastic joints leave a point mass, and rises under 1.5 mm', () => {
    // A box is not a point mass: its corners meet a joint one at a time, off its centre, and part
    // of each impact turns it; measured 0.996 to 1.028 of cos θ^(joints passed) for boxes of 0.5
    // and 1 m at R = 5, 10 and 20 m (Box2D v3: 1.005 to 1.053), its largest gap from the ring
    // 1.0 mm (Box2D v3 the same). Its overlap, the leading corner carried past a joint into the
    // next segment for up to a step before that segment has it, is up to 17 mm for the 1 m box in
    // the 5 m ring, in Box2D v3 as in lite.
    for (const size of [0.5, 1]) {
      for (const radius of [5, 10, 20]) {
        const { speed, swept, gap, overlap } = roundRing({ kind: 'box', size }, radius);
        const kept = speed / inelasticRing(swept);
        expect(kept).toBeGreaterThan(0.99);
        expect(kept).toBeLessThan(1.04);
        expect(gap).toBeLessThan(0.0015);
        expect(overlap).toBeLessThan(0.02);
      }
    }
    const plain = roundRing({ kind: 'box', size: 0.5 }, 20, true);
    expect(plain.speed / inelasticRing(plain.swept)).toBeLessThan(0.8);
  });

  test('outside a ring pulled to its centre, a ball and a box stay on it: the convex joints drop no face contact', () => {
    // Over a convex joint a body leaves the surface and lands on the next segment, a glancing
    // impact of the same 3.6°. Measured, ball: 1.009 to 1.060 of cos θ^(joints passed), gap up to
    // 8.6 mm (its flight over a joint), overlap 0.1 mm; box 0.5 m: 0.73 to 0.97, overlap up to
    // 7.5 mm (Box2D v3: 1.009 to 1.044 and 0.73 to 0.91, the same gaps and overlaps). A segment that
    // dropped every normal tilted towards a convex joint lost face contacts whose normal was off
    // by rounding or by the box's turn: the ball sank up to 6 cm into the ring and the box 0.5 m.
    for (const radius of [5, 10, 20]) {
      const ball = roundRing({ kind: 'ball', radius: 0.25 }, radius, false, true);
      expect(ball.speed / inelasticRing(ball.swept)).toBeGreaterThan(0.99);
      expect(ball.speed / inelasticRing(ball.swept)).toBeLessThan(1.08);
      expect(ball.gap).toBeLessThan(0.015);
      expect(ball.overlap).toBeLessThan(0.005);
      const box = roundRing({ kind: 'box', size: 0.5 }, radius, false, true);
      expect(box.speed / inelasticRing(box.swept)).toBeGreaterThan(0.65);
      expect(box.speed / inelasticRing(box.swept)).toBeLessThan(1);
      expect(box.gap).toBeLessThan(0.015);
      expect(box.overlap).toBeLessThan(0.01);
    }
  });
});
