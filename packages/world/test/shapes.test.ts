import { bulletsAtWall } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import {
  type Body,
  type BodyShape,
  ClassicSolver,
  ContinuousCollision,
  castShape,
  RevoluteJoint,
  type ShapeOptions,
  type SolverKind,
  World,
  WorldError,
} from '../src/index';
import { buildScene } from './helpers';

// The classic solver is installed, not built in: made once here, it is picked by name ('classic') below.
new ClassicSolver();

const SOLVERS: SolverKind[] = ['soft', 'classic'];

function relative(got: number, want: number): number {
  return Math.abs(got - want) / Math.abs(want);
}

/** A regular n-gon of circumradius r centred on (cx, cy), counter-clockwise from angle a0. */
function regularPolygon(n: number, r: number, cx = 0, cy = 0, a0 = 0): { x: number; y: number }[] {
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i < n; ++i) {
    const a = a0 + (2 * Math.PI * i) / n;
    points.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
  }
  return points;
}

describe('mass, centre of mass and inertia from the shapes', () => {
  const world = new World({ solver: 'soft' });

  it('a circle: m = ρπr², I = m r²/2 about its centre; an offset centre moves the centre of mass', () => {
    const r = 0.3;
    const b = world.createBody({
      shape: { type: 'circle', radius: r, center: { x: 0.5, y: -0.25 } },
      density: 2,
    });
    const m = 2 * Math.PI * r * r;
    expect(relative(b.mass, m)).toBeLessThan(1e-12);
    expect(relative(b.inertia, (m * r * r) / 2)).toBeLessThan(1e-12);
    expect(b.localCenter.x).toBeCloseTo(0.5, 12);
    expect(b.localCenter.y).toBeCloseTo(-0.25, 12);
  });

  it('a capsule: a rectangle and two half discs', () => {
    const r = 0.25;
    const L = 1.5;
    const b = world.createBody({
      shape: { type: 'capsule', center1: { x: -L / 2, y: 0 }, center2: { x: L / 2, y: 0 }, radius: r },
    });
    const mRect = 2 * r * L;
    const mDisc = Math.PI * r * r;
    const m = mRect + mDisc;
    // Rectangle: m (L² + (2r)²) / 12; two half discs: parallel axis from each centroid (4r / 3π out).
    const h = L / 2;
    const iDisc = mDisc * ((r * r) / 2 + h * h) + mDisc * ((8 * r) / (3 * Math.PI)) * h;
    const i = (mRect * (L * L + 4 * r * r)) / 12 + iDisc;
    expect(relative(b.mass, m)).toBeLessThan(1e-12);
    expect(relative(b.inertia, i)).toBeLessThan(1e-12);
  });

  it('a regular hexagon and a right triangle', () => {
    const R = 0.4;
    const hex = world.createBody({ shape: { type: 'polygon', vertices: regularPolygon(6, R) } });
    const area = ((3 * Math.sqrt(3)) / 2) * R * R;
    // Regular n-gon about its centre: I = m R² (1 + 2 cos²(π/n)) / 6.
    const iHex = (area * R * R * (1 + 2 * Math.cos(Math.PI / 6) ** 2)) / 6;
    expect(relative(hex.mass, area)).toBeLessThan(1e-12);
    expect(relative(hex.inertia, iHex)).toBeLessThan(1e-12);
    expect(Math.abs(hex.localCenter.x) + Math.abs(hex.localCenter.y)).toBeLessThan(1e-12);

    const a = 1.2;
    const c = 0.6;
    const tri = world.createBody({
      shape: {
        type: 'polygon',
        vertices: [
          { x: 0, y: 0 },
          { x: a, y: 0 },
          { x: 0, y: c },
        ],
      },
      density: 3,
    });
    const m = 3 * 0.5 * a * c;
    // Right triangle about its centroid: m (a² + c²) / 18.
    expect(relative(tri.mass, m)).toBeLessThan(1e-12);
    expect(relative(tri.inertia, (m * (a * a + c * c)) / 18)).toBeLessThan(1e-12);
    expect(relative(tri.localCenter.x, a / 3)).toBeLessThan(1e-12);
    expect(relative(tri.localCenter.y, c / 3)).toBeLessThan(1e-12);
  });

  it('a box with an offset and an angle: m (w² + h²) / 12 about its centre, which is the centre of mass', () => {
    const b = world.createBody({
      shape: { type: 'box', width: 2, height: 0.5, offset: { x: 1, y: 2 }, angle: 0.7 },
      density: 4,
    });
    const m = 4 * 2 * 0.5;
    expect(relative(b.mass, m)).toBeLessThan(1e-12);
    expect(relative(b.inertia, (m * (4 + 0.25)) / 12)).toBeLessThan(1e-12);
    expect(relative(b.localCenter.x, 1)).toBeLessThan(1e-12);
    expect(relative(b.localCenter.y, 2)).toBeLessThan(1e-12);
  });

  it('a compound body: the parallel-axis theorem about the combined centre of mass', () => {
    const r = 0.5;
    const b = world.createBody({ shape: { type: 'circle', radius: r, center: { x: -1, y: 0 } } });
    b.createShape({ type: 'circle', radius: r, center: { x: 2, y: 0 }, density: 2 });
    b.createShape({ type: 'box', width: 1, height: 1, offset: { x: 0, y: 3 }, density: 0.5 });
    const m1 = Math.PI * r * r;
    const m2 = 2 * m1;
    const m3 = 0.5;
    const m = m1 + m2 + m3;
    const cx = (m1 * -1 + m2 * 2 + m3 * 0) / m;
    const cy = (m3 * 3) / m;
    const i =
      (m1 * r * r) / 2 +
      m1 * ((-1 - cx) ** 2 + cy * cy) +
      (m2 * r * r) / 2 +
      m2 * ((2 - cx) ** 2 + cy * cy) +
      (m3 * 2) / 12 +
      m3 * (cx * cx + (3 - cy) ** 2);
    expect(b.shapes.length).toBe(3);
    expect(relative(b.mass, m)).toBeLessThan(1e-12);
    expect(relative(b.localCenter.x, cx)).toBeLessThan(1e-12);
    expect(relative(b.localCenter.y, cy)).toBeLessThan(1e-12);
    expect(relative(b.inertia, i)).toBeLessThan(1e-12);
    // Taking a shape off recomputes the mass.
    b.destroyShape(b.shapes[2]);
    expect(relative(b.mass, m1 + m2)).toBeLessThan(1e-12);
    expect(relative(b.localCenter.x, (m1 * -1 + m2 * 2) / (m1 + m2))).toBeLessThan(1e-12);
  });

  it('a width/height body keeps its mass as given and a `mass` option sets the first shape density', () => {
    const b = world.createBody({ width: 0.3, height: 0.7, mass: 1 });
    expect(b.mass).toBe(1);
    expect(b.inertia).toBe((1 * (0.09 + 0.49)) / 12);
    const c = world.createBody({ shape: { type: 'circle', radius: 0.2 }, mass: 3 });
    expect(relative(c.mass, 3)).toBeLessThan(1e-12);
    expect(relative(c.inertia, 0.5 * 3 * 0.04)).toBeLessThan(1e-12);
  });

  it('a centre of mass within rounding of the origin is the origin; a real offset, however small, is kept', () => {
    // A regular hexagon's centroid sums come out about 1e-17 m off its centre: the body's centre
    // is its origin exactly, at any scale, and the inertia is the hexagon's.
    for (const r of [0.25, 1, 1000]) {
      const hex = world.createBody({ shape: { type: 'polygon', vertices: regularPolygon(6, r) } });
      expect([hex.localCenter.x, hex.localCenter.y]).toEqual([0, 0]);
      // Regular hexagon of circumradius r and unit density: area (3√3/2) r², I = (5√3/8) r⁴.
      expect(relative(hex.mass, ((3 * Math.sqrt(3)) / 2) * r * r)).toBeLessThan(1e-12);
      expect(relative(hex.inertia, ((5 * Math.sqrt(3)) / 8) * r ** 4)).toBeLessThan(1e-12);
    }
    // Two discs whose centre of mass is 1 nm off the origin (a billion times the rounding): kept.
    const pair = world.createBody({ shape: { type: 'circle', radius: 0.5, center: { x: -1, y: 0 } } });
    pair.createShape({ type: 'circle', radius: 0.5, center: { x: 1 + 2e-9, y: 0 } });
    expect(relative(pair.localCenter.x, 1e-9)).toBeLessThan(1e-6);
    expect(pair.localCenter.y).toBe(0);
  });
});

describe('bad shapes are refused, and nothing is added', () => {
  const cases: [string, object, string][] = [
    [
      'a non-convex polygon',
      {
        type: 'polygon',
        vertices: [
          { x: 0, y: 0 },
          { x: 2, y: 0 },
          { x: 1, y: 0.5 },
          { x: 2, y: 2 },
          { x: 0, y: 2 },
        ],
      },
      'options.shape.vertices',
    ],
    [
      'a collinear polygon',
      {
        type: 'polygon',
        vertices: [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 2, y: 0 },
        ],
      },
      'options.shape.vertices',
    ],
    [
      'a polygon of 9 vertices',
      { type: 'polygon', vertices: regularPolygon(9, 1) },
      'options.shape.vertices',
    ],
    ['a circle of radius 0', { type: 'circle', radius: 0 }, 'options.shape.radius'],
    ['a circle of radius -1', { type: 'circle', radius: -1 }, 'options.shape.radius'],
    [
      'a capsule of radius 0',
      { type: 'capsule', center1: { x: 0, y: 0 }, center2: { x: 1, y: 0 }, radius: 0 },
      'options.shape.radius',
    ],
    [
      'a polygon of negative radius',
      { type: 'polygon', vertices: regularPolygon(4, 1), radius: -0.1 },
      'options.shape.radius',
    ],
    ['an unknown type', { type: 'blob' }, 'options.shape.type'],
  ];
  for (const [name, shape, argument] of cases) {
    it(`${name}: a WorldError naming ${argument}`, () => {
      const world = new World({ solver: 'soft' });
      const body = world.createBody({ shape: { type: 'circle', radius: 1 } });
      let error: unknown;
      try {
        world.createBody({ shape: shape as never });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(WorldError);
      expect((error as WorldError).argument).toBe(argument);
      expect(world.bodies.length).toBe(1);
      // The same through createShape: the body keeps its one shape and its mass.
      const mass = body.mass;
      expect(() => body.createShape(shape as never)).toThrow(WorldError);
      expect(body.shapes.length).toBe(1);
      expect(body.mass).toBe(mass);
    });
  }
});

/** A static slope at `theta` through the origin (its top face), `length` long (default 200 m). */
function slope(world: World, theta: number, friction: number, length = 200): Body {
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  // The box's top face passes through the origin: its centre is 0.5 below it along the normal.
  return world.createBody({
    type: 'static',
    shape: { type: 'box', width: length, height: 1 },
    position: { x: -0.5 * s, y: -0.5 * c },
    angle: -theta,
    friction,
  });
}

describe('a disc rolls down a 30° slope at (2/3) g sin θ', () => {
  for (const solver of SOLVERS) {
    it(`${solver}: within 1%`, () => {
      const theta = Math.PI / 6;
      const world = new World({ solver, sleeping: false });
      slope(world, theta, 1);
      const r = 0.5;
      // Resting on the slope at its top, just touching.
      const nx = Math.sin(-theta) * -1;
      const ny = Math.cos(theta);
      const disc = world.createBody({
        shape: { type: 'circle', radius: r },
        position: { x: -40 * Math.cos(theta) + r * nx, y: 40 * Math.sin(theta) + r * ny },
        friction: 1,
      });
      const dt = 1 / 60;
      for (let i = 0; i < 30; ++i) world.step(dt);
      const dirX = Math.cos(theta);
      const dirY = -Math.sin(theta);
      const speed = () => disc.linearVelocity.x * dirX + disc.linearVelocity.y * dirY;
      const v0 = speed();
      const steps = 120;
      for (let i = 0; i < steps; ++i) world.step(dt);
      const a = (speed() - v0) / (steps * dt);
      const expected = (2 / 3) * 10 * Math.sin(theta);
      expect(relative(a, expected)).toBeLessThan(0.01);
      // Rolling without slipping: v = ω r', r' the lever arm of the contact point, which lies midway
      // between the disc's surface (r from its centre) and the slope's (d: the overlap is the slop).
      const d = disc.position.x * Math.sin(theta) + disc.position.y * Math.cos(theta);
      const lever = 0.5 * (r + d);
      expect(relative(-disc.angularVelocity * lever, speed())).toBeLessThan(0.01);
      expect(r - d).toBeLessThan(0.02);
    });
  }
});

describe('a disc rolling fast keeps rolling', () => {
  for (const solver of SOLVERS) {
    it(`${solver}: down a 30° slope for 10 s (to 33 m/s), (2/3) g sin θ within 0.5% every second`, () => {
      // A turning round shape touches at the bottom of its rounding whatever its angle: the contact
      // must not turn with the material (at 66 rad/s the disc turns 1.1 rad in a step).
      const theta = Math.PI / 6;
      const world = new World({ solver, sleeping: false });
      // 600 m: from 250 m up the slope it rolls 167 m in 10 s.
      slope(world, theta, 1, 600);
      const r = 0.5;
      const disc = world.createBody({
        shape: { type: 'circle', radius: r },
        position: {
          x: -250 * Math.cos(theta) + r * Math.sin(theta),
          y: 250 * Math.sin(theta) + r * Math.cos(theta),
        },
        friction: 1,
      });
      const dirX = Math.cos(theta);
      const dirY = -Math.sin(theta);
      const speed = () => disc.linearVelocity.x * dirX + disc.linearVelocity.y * dirY;
      const expected = (2 / 3) * 10 * Math.sin(theta);
      let before = speed();
      for (let second = 0; second < 10; ++second) {
        for (let i = 0; i < 60; ++i) world.step(1 / 60);
        expect(relative(speed() - before, expected)).toBeLessThan(0.005);
        before = speed();
      }
      expect(speed()).toBeGreaterThan(33);
    });

    it(`${solver}: driven by a torque on the flat, it rolls (no slip) at a = τ r / (I + m r²) and does not sink`, () => {
      const world = new World({ solver, sleeping: false });
      world.createBody({ type: 'static', width: 400, height: 2, position: { x: 0, y: -1 }, friction: 1 });
      const r = 0.5;
      const disc = world.createBody({
        shape: { type: 'circle', radius: r },
        position: { x: -150, y: r },
        friction: 1,
      });
      // τ well below what friction can carry: μ m g r (I / (I + m r²))⁻¹ ≈ 5.9 N m here.
      const tau = -2;
      for (let i = 0; i < 240; ++i) {
        disc.applyTorque(tau);
        world.step(1 / 60);
      }
      const a = (-tau * r) / (disc.inertia + disc.mass * r * r);
      expect(relative(disc.linearVelocity.x, 4 * a)).toBeLessThan(0.001);
      // The rim's speed is the centre's: no slip.
      expect(relative(-disc.angularVelocity * r, disc.linearVelocity.x)).toBeLessThan(0.001);
      // Rolling at 27 rad/s, it stays on the ground's face (within 1 mm), neither sinking nor hopping.
      expect(Math.abs(disc.position.y - r)).toBeLessThan(0.001);
    });
  }
});

describe('a ball dropped on a ball', () => {
  for (const solver of SOLVERS) {
    it(`${solver}: stays on top only when placed exactly`, () => {
      for (const offset of [0, 0.01]) {
        const world = new World({ solver, sleeping: false });
        world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
        world.createBody({
          type: 'static',
          shape: { type: 'circle', radius: 0.5 },
          position: { x: 0, y: 0.5 },
        });
        const ball = world.createBody({
          shape: { type: 'circle', radius: 0.5 },
          position: { x: offset, y: 2 },
        });
        for (let i = 0; i < 600; ++i) world.step(1 / 60);
        if (offset === 0) {
          expect(Math.abs(ball.position.x)).toBeLessThan(1e-9);
          expect(ball.position.y).toBeGreaterThan(1.45);
        } else {
          expect(ball.position.y).toBeLessThan(0.6);
          expect(Math.abs(ball.position.x)).toBeGreaterThan(0.9);
        }
      }
    });
  }
});

describe('a body turns about its centre of mass', () => {
  for (const solver of SOLVERS) {
    it(`${solver}: a spinning body with an offset centre keeps its centre of mass still`, () => {
      const world = new World({ solver, gravity: { x: 0, y: 0 } });
      const body = world.createBody({
        shape: { type: 'circle', radius: 0.5, center: { x: 2, y: 0 } },
        position: { x: 1, y: 1 },
      });
      body.createShape({ type: 'box', width: 1, height: 1, offset: { x: 3, y: 0 } });
      body.setAngularVelocity(3);
      const before = body.getWorldCenter();
      for (let i = 0; i < 120; ++i) world.step(1 / 60);
      const after = body.getWorldCenter();
      expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeLessThan(1e-9);
      expect(body.angle).toBeCloseTo(6, 9);
      // The origin went round the centre of mass.
      const radius = Math.hypot(body.position.x - after.x, body.position.y - after.y);
      expect(radius).toBeCloseTo(body.localCenter.x, 9);
    });
  }
});

describe('filtering and sensors', () => {
  it("Box2D's rules: same positive group collides, same negative never, else category and mask", () => {
    for (const [fa, fb, collides] of [
      [{ group: -1 }, { group: -1 }, false],
      [{ group: 2, mask: 1 }, { group: 2, category: 2, mask: 1 }, true],
      [{ mask: 1 }, { category: 2, mask: 1 }, false],
      [{ category: 2, mask: 1 }, { category: 1, mask: 2 }, true],
      [{ category: 2, mask: 1 }, { category: 1, mask: 4 }, false],
      [{ group: -1 }, { group: -2 }, true],
    ] as const) {
      const world = new World({ solver: 'soft' });
      world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
      const a = world.createBody({ position: { x: 0, y: 0.5 } });
      a.createShape({ type: 'box', width: 1, height: 1, filter: fa });
      const b = world.createBody({ position: { x: 0, y: 2 } });
      b.createShape({ type: 'circle', radius: 0.5, filter: fb });
      for (let i = 0; i < 120; ++i) world.step(1 / 60);
      if (collides) expect(b.position.y).toBeGreaterThan(1.4);
      else expect(b.position.y).toBeLessThan(0.6);
    }
  });

  it('a sensor reports sensorBegin and sensorEnd and makes no contact', () => {
    const world = new World({ solver: 'soft' });
    const gate = world.createBody({ type: 'static', position: { x: 0, y: 0 } });
    const sensor = gate.createShape({ type: 'box', width: 4, height: 1, sensor: true });
    const ball = world.createBody({ shape: { type: 'circle', radius: 0.25 }, position: { x: 0, y: 3 } });
    const events: string[] = [];
    world.on('sensorBegin', (s: BodyShape, v: BodyShape) => events.push(`begin ${s.id} ${v.body.id}`));
    world.on('sensorEnd', (s: BodyShape, v: BodyShape) => events.push(`end ${s.id} ${v.body.id}`));
    let contacts = 0;
    world.on('beginContact', () => contacts++);
    for (let i = 0; i < 120; ++i) world.step(1 / 60);
    expect(events).toEqual([`begin ${sensor.id} ${ball.id}`, `end ${sensor.id} ${ball.id}`]);
    expect(contacts).toBe(0);
    expect(ball.position.y).toBeLessThan(-1);
  });
});

/**
 * The shapes of the head-on bullet tests, each with the radius of the largest disc inside it: two
 * bodies whose centres are closer across than the sum of those radii overlap, so if their order
 * along x changes while they are that close, one went through the other.
 */
const BULLET_KINDS: [string, ShapeOptions, number][] = [
  ['circle', { type: 'circle', radius: 0.05 }, 0.05],
  ['box', { type: 'box', width: 0.1, height: 0.1 }, 0.05],
  [
    'capsule',
    { type: 'capsule', center1: { x: -0.03, y: 0 }, center2: { x: 0.03, y: 0 }, radius: 0.03 },
    0.03,
  ],
  [
    'triangle',
    {
      type: 'polygon',
      vertices: [
        { x: -0.05, y: -0.04 },
        { x: 0.05, y: -0.04 },
        { x: 0, y: 0.05 },
      ],
    },
    // Area over half the perimeter.
    0.0045 / (0.05 + Math.hypot(0.05, 0.09)),
  ],
];

/**
 * Head-on bullet pairs of this grid that still pass through each other under the soft step: the
 * impact, off the line of centres, sets the small triangle spinning fast, and a later step's
 * contact with it does not hold. Off-centre impacts at lower speeds fail now and then too (in a
 * grid of 30 to 250 m/s and offsets of 5 mm to 3 cm, 14 of 560 soft runs, none of the classic):
 * the soft contact's part of the problem is open.
 */
const KNOWN_BULLET_FAILURES: Record<SolverKind, string[]> = {
  soft: ['circle against triangle at 100 m/s, 0.01 m off', 'circle against triangle at 100 m/s, 0.025 m off'],
  classic: [],
};

/**
 * A world without gravity for bullets, its speed cap (`settings.maximumLinearSpeed`, 400 m/s by
 * default) raised above the fastest bullet of these tests (10,000 m/s): they fly at the speeds given.
 * Continuous collision installed unless `continuous` is false.
 */
function bulletWorld(solver: SolverKind, continuous = true): World {
  const world = new World({
    solver,
    gravity: { x: 0, y: 0 },
    ...(continuous ? { continuous: new ContinuousCollision() } : {}),
  });
  world.settings.maximumLinearSpeed = 1e5;
  return world;
}

/**
 * Two bullets of 0.1 m, `kindA` from x = -5 at `speed` and `kindB` from x = 5 (`offset` higher) at
 * -`speed`, no gravity, for 1 s: null when neither went through the other and the pair's momentum
 * is what it was, else what went wrong.
 */
function bulletsHeadOn(
  solver: SolverKind,
  kindA: string,
  kindB: string,
  speed: number,
  offset: number,
): string | null {
  const [, shapeA, inA] = BULLET_KINDS.find(([k]) => k === kindA)!;
  const [, shapeB, inB] = BULLET_KINDS.find(([k]) => k === kindB)!;
  const world = bulletWorld(solver);
  const a = world.createBody({
    shape: shapeA,
    position: { x: -5, y: 0 },
    linearVelocity: { x: speed, y: 0 },
    bullet: true,
  });
  const b = world.createBody({
    shape: shapeB,
    position: { x: 5, y: offset },
    linearVelocity: { x: -speed, y: 0 },
    bullet: true,
  });
  const momentum = speed * (a.mass - b.mass);
  for (let i = 0; i < 60; ++i) {
    world.step(1 / 60);
    if (a.position.x > b.position.x && Math.abs(a.position.y - b.position.y) < inA + inB)
      return `through at step ${i + 1}`;
  }
  const after = a.mass * a.linearVelocity.x + b.mass * b.linearVelocity.x;
  if (Math.abs(after - momentum) > 1e-9 * speed * (a.mass + b.mass))
    return `momentum ${after} instead of ${momentum}`;
  return null;
}

describe('continuous collision', () => {
  for (const solver of SOLVERS) {
    for (const speed of [500, 1000]) {
      for (const kind of ['circle', 'box'] as const) {
        it(`${solver}: a 0.1 m ${kind} at ${speed} m/s never passes a 0.1 m static wall`, () => {
          const world = bulletWorld(solver);
          world.createBody({ type: 'static', width: 0.1, height: 4, position: { x: 0, y: 0 } });
          const bullet = world.createBody({
            shape:
              kind === 'circle' ? { type: 'circle', radius: 0.05 } : { type: 'box', width: 0.1, height: 0.1 },
            position: { x: -3, y: 0.3 },
            linearVelocity: { x: speed, y: 0 },
          });
          for (let i = 0; i < 120; ++i) {
            world.step(1 / 60);
            expect(bullet.position.x).toBeLessThan(0);
          }
        });
      }
    }
    it(`${solver}: a static wall moved, turned or destroyed and made again stops a 500 m/s circle where it now is`, () => {
      const world = bulletWorld(solver);
      // The wall starts across the path, then leaves it: the circle passes where it was.
      const wall = world.createBody({ type: 'static', width: 0.1, height: 4, position: { x: 0, y: 0 } });
      wall.setTransform({ x: 0, y: 10 });
      const fire = (x0: number) =>
        world.createBody({
          shape: { type: 'circle', radius: 0.05 },
          position: { x: x0, y: 0.3 },
          linearVelocity: { x: 500, y: 0 },
        });
      const first = fire(-3);
      world.step(1 / 60);
      expect(first.position.x).toBeCloseTo(-3 + 500 / 60, 9);
      world.destroyBody(first);
      // Moved back across the path, 2 m further on: the circle stops there.
      wall.setTransform({ x: 2, y: 0 });
      const second = fire(-3);
      for (let i = 0; i < 60; ++i) {
        world.step(1 / 60);
        expect(second.position.x).toBeLessThan(2);
      }
      world.destroyBody(second);
      // Turned to lie along the path, it no longer stops a circle 1 m beside it.
      wall.setTransform({ x: 2, y: 0 }, Math.PI / 2);
      const third = fire(-3);
      world.step(1 / 60);
      expect(third.position.x).toBeCloseTo(-3 + 500 / 60, 9);
      world.destroyBody(third);
      // Destroyed and made again elsewhere: only the new one stops it.
      world.destroyBody(wall);
      world.createBody({ type: 'static', width: 0.1, height: 4, position: { x: 4, y: 0 } });
      const fourth = fire(-3);
      for (let i = 0; i < 60; ++i) {
        world.step(1 / 60);
        expect(fourth.position.x).toBeLessThan(4);
        expect(fourth.position.x).toBeGreaterThan(2);
      }
    });
    it(`${solver}: two bullets head-on at 500 m/s each never pass through each other`, () => {
      const world = bulletWorld(solver);
      const a = world.createBody({
        shape: { type: 'circle', radius: 0.05 },
        position: { x: -5, y: 0 },
        linearVelocity: { x: 500, y: 0 },
        bullet: true,
      });
      const b = world.createBody({
        shape: { type: 'box', width: 0.1, height: 0.1 },
        position: { x: 5.3, y: 0 },
        linearVelocity: { x: -500, y: 0 },
        bullet: true,
      });
      for (let i = 0; i < 120; ++i) {
        world.step(1 / 60);
        expect(a.position.x).toBeLessThan(b.position.x);
      }
      // They stick together (no restitution): momentum is kept.
      const momentum = a.mass * a.linearVelocity.x + b.mass * b.linearVelocity.x;
      expect(relative(momentum, 500 * (a.mass - b.mass))).toBeLessThan(1e-9);
    });
    // Shapes whose contact with the wall is a single point: the impact leaves them deep in the
    // wall (stopped where their core met it), and that one point, turning the body, could not stop
    // it (the classic solver sent a triangle on through at 145 m/s, spinning at 4,000 rad/s).
    for (const [kind, shape] of [
      [
        'triangle',
        {
          type: 'polygon',
          vertices: [
            { x: -0.05, y: -0.05 },
            { x: 0.05, y: -0.05 },
            { x: 0, y: 0.05 },
          ],
        },
      ],
      ['capsule', { type: 'capsule', center1: { x: -0.05, y: 0 }, center2: { x: 0.05, y: 0 }, radius: 0.03 }],
      ['box', { type: 'box', width: 0.1, height: 0.1 }],
    ] as const) {
      it(`${solver}: a 0.1 m ${kind} at 300 to 5,000 m/s, spinning or not, never passes a 0.1 m static wall`, () => {
        for (const speed of [300, 1000, 5000]) {
          for (const spin of [0, 300]) {
            const world = bulletWorld(solver);
            world.createBody({ type: 'static', width: 0.1, height: 4, position: { x: 0, y: 0 } });
            const bullet = world.createBody({
              shape,
              position: { x: -3, y: 0.3 },
              linearVelocity: { x: speed, y: 0 },
              angularVelocity: spin,
            });
            for (let i = 0; i < 120; ++i) {
              world.step(1 / 60);
              // Past the wall's middle only above or below it (a body may slide off its end).
              if (Math.abs(bullet.position.y) < 2.1) expect(bullet.position.x).toBeLessThan(0);
            }
          }
        }
      });
    }
    it(`${solver}: a capsule and a triangle head-on at 200 to 10,000 m/s each never pass through each other`, () => {
      for (const speed of [200, 500, 2000, 10000]) {
        const world = bulletWorld(solver);
        const a = world.createBody({
          shape: { type: 'capsule', center1: { x: -0.05, y: 0 }, center2: { x: 0.05, y: 0 }, radius: 0.03 },
          position: { x: -5, y: 0 },
          linearVelocity: { x: speed, y: 0 },
          bullet: true,
        });
        const b = world.createBody({
          shape: {
            type: 'polygon',
            vertices: [
              { x: -0.05, y: -0.05 },
              { x: 0.05, y: -0.05 },
              { x: 0, y: 0.05 },
            ],
          },
          position: { x: 5.3, y: 0.01 },
          linearVelocity: { x: -speed, y: 0 },
          bullet: true,
        });
        for (let i = 0; i < 120; ++i) {
          world.step(1 / 60);
          // The order along x may change only once they have glanced off each other vertically.
          if (Math.abs(a.position.y - b.position.y) < 0.1) expect(a.position.x).toBeLessThan(b.position.x);
        }
      }
    });
    it(`${solver}: bullets of every shape pair head-on at 100 to 3,000 m/s, aligned or off by up to 2.5 cm, never pass through each other and keep their momentum`, () => {
      const failures: string[] = [];
      for (const [kindA] of BULLET_KINDS) {
        for (const [kindB] of BULLET_KINDS) {
          // 300 m/s each: they meet exactly at the end of the first step.
          for (const speed of [100, 300, 390, 970, 3000]) {
            for (const offset of [0, 0.01, 0.025]) {
              const name = `${kindA} against ${kindB} at ${speed} m/s, ${offset} m off`;
              if (KNOWN_BULLET_FAILURES[solver].includes(name)) continue;
              const failure = bulletsHeadOn(solver, kindA, kindB, speed, offset);
              if (failure !== null) failures.push(`${name}: ${failure}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    });
    it.runIf(KNOWN_BULLET_FAILURES[solver].length > 0).fails(
      `${solver}: the head-on bullets still known to pass through each other do not`,
      () => {
        const failures: string[] = [];
        for (const name of KNOWN_BULLET_FAILURES[solver]) {
          const [, kindA, kindB, speed, offset] = /^(\w+) against (\w+) at (\d+) m\/s, ([\d.]+) m off$/.exec(
            name,
          )!;
          const failure = bulletsHeadOn(solver, kindA, kindB, Number(speed), Number(offset));
          if (failure !== null) failures.push(`${name}: ${failure}`);
        }
        expect(failures).toEqual([]);
      },
    );
    it(`${solver}: bouncy bullets head-on part at e times their closing speed, momentum kept (20 to 1,000 m/s, e = 0.5 and 1)`, () => {
      for (const speed of [20, 100, 300, 1000]) {
        for (const e of [0.5, 1]) {
          const world = bulletWorld(solver);
          const a = world.createBody({
            shape: { type: 'circle', radius: 0.05 },
            position: { x: -5, y: 0 },
            linearVelocity: { x: speed, y: 0 },
            bullet: true,
            restitution: e,
          });
          const b = world.createBody({
            shape: { type: 'box', width: 0.1, height: 0.1 },
            position: { x: 5.3, y: 0 },
            linearVelocity: { x: -speed, y: 0 },
            bullet: true,
            restitution: e,
          });
          for (let i = 0; i < 120; ++i) world.step(1 / 60);
          expect(a.position.x).toBeLessThan(b.position.x);
          // Head-on along the line of centres: the parting speed is e times the closing one.
          expect(relative(b.linearVelocity.x - a.linearVelocity.x, 2 * e * speed)).toBeLessThan(1e-9);
          const momentum = a.mass * a.linearVelocity.x + b.mass * b.linearVelocity.x;
          expect(Math.abs(momentum - speed * (a.mass - b.mass))).toBeLessThan(
            1e-9 * speed * (a.mass + b.mass),
          );
        }
      }
    });
    it(`${solver}: without continuous collision installed the fast circle does pass, and a bullet is refused`, () => {
      const world = bulletWorld(solver, false);
      const refusal =
        /^options\.bullet = true: needs continuous collision: new World\(\{ continuous: new ContinuousCollision\(\) \}\)/;
      expect(() => world.createBody({ width: 1, height: 1, bullet: true })).toThrow(WorldError);
      expect(() => world.createBody({ width: 1, height: 1, bullet: true })).toThrow(refusal);
      const slow = world.createBody({ width: 1, height: 1, position: { x: 0, y: 10 } });
      expect(() => {
        slow.bullet = true;
      }).toThrow(/^body\.bullet = true: needs continuous collision/);
      expect(slow.bullet).toBe(false);
      world.destroyBody(slow);
      world.createBody({ type: 'static', width: 0.1, height: 4, position: { x: 0, y: 0 } });
      const bullet = world.createBody({
        shape: { type: 'circle', radius: 0.05 },
        position: { x: -3, y: 0.3 },
        linearVelocity: { x: 500, y: 0 },
      });
      for (let i = 0; i < 10; ++i) world.step(1 / 60);
      expect(bullet.position.x).toBeGreaterThan(0);
    });
  }
});

describe("the README's shapes example", () => {
  it('prints what the README says', () => {
    const lines: string[] = [];
    const console = { log: (...args: unknown[]) => lines.push(args.join(' ')) };

    const world = new World({ solver: 'soft' });
    world.createBody({ type: 'static', width: 40, height: 1, position: { x: 0, y: -0.5 } });

    // One shape at creation: a ball, a capsule, a hexagon.
    const ball = world.createBody({ shape: { type: 'circle', radius: 0.5 }, position: { x: -3, y: 2 } });
    const pill = world.createBody({
      shape: { type: 'capsule', center1: { x: -0.5, y: 0 }, center2: { x: 0.5, y: 0 }, radius: 0.25 },
      position: { x: 0, y: 2 },
    });
    const corners = [0, 1, 2, 3, 4, 5].map((i) => ({
      x: 0.5 * Math.cos((i * Math.PI) / 3),
      y: 0.5 * Math.sin((i * Math.PI) / 3),
    }));
    const hexagon = world.createBody({
      shape: { type: 'polygon', vertices: corners },
      position: { x: 3, y: 2 },
    });

    // A hammer: two shapes on one body, which turns about its centre of mass.
    const handle = { type: 'box', width: 0.1, height: 1.5, offset: { x: 0, y: 0.75 } } as const;
    const hammer = world.createBody({ shape: handle, position: { x: 5, y: 0.05 }, angle: -Math.PI / 2 });
    hammer.createShape({ type: 'box', width: 0.6, height: 0.3, offset: { x: 0, y: 1.5 }, density: 8 });

    // A sensor reports what enters it and makes no contact.
    const gate = world.createBody({ type: 'static', position: { x: -3, y: 1 } });
    gate.createShape({ type: 'box', width: 2, height: 0.5, sensor: true });
    world.on('sensorBegin', (_sensor, visitor) => console.log('sensor', visitor.body === ball));

    // Shapes of the same negative group never collide (Box2D's filter rules).
    const a = world.createBody({ position: { x: 8, y: 1 } });
    a.createShape({ type: 'circle', radius: 0.5, filter: { group: -1 } });
    const b = world.createBody({ position: { x: 8, y: 3 } });
    b.createShape({ type: 'circle', radius: 0.5, filter: { group: -1 } });

    for (let i = 0; i < 120; ++i) world.step(1 / 60);
    console.log(ball.position.y.toFixed(3), pill.position.y.toFixed(3), hexagon.position.y.toFixed(3));
    console.log(hammer.localCenter.y.toFixed(3), a.position.y.toFixed(3), b.position.y.toFixed(3));
    expect(lines).toEqual(['sensor true', '0.500 0.250 0.433', '1.429 0.500 0.500']);
  });
});

describe('queries see every shape', () => {
  function world3(): { world: World; ball: Body; pill: Body; hex: Body; compound: Body } {
    const world = new World({ solver: 'soft', gravity: { x: 0, y: 0 } });
    const ball = world.createBody({ shape: { type: 'circle', radius: 1 }, position: { x: 0, y: 0 } });
    const pill = world.createBody({
      shape: { type: 'capsule', center1: { x: -1, y: 0 }, center2: { x: 1, y: 0 }, radius: 0.5 },
      position: { x: 5, y: 0 },
    });
    const hex = world.createBody({
      shape: { type: 'polygon', vertices: regularPolygon(6, 1) },
      position: { x: 10, y: 0 },
    });
    const compound = world.createBody({ shape: { type: 'circle', radius: 0.5 }, position: { x: 0, y: 10 } });
    compound.createShape({ type: 'box', width: 1, height: 1, offset: { x: 3, y: 0 }, angle: 0.3 });
    return { world, ball, pill, hex, compound };
  }

  it('queryPoint tests the shape, not its box', () => {
    const { world, ball, pill, hex, compound } = world3();
    expect(world.queryPoint({ x: 0.7, y: 0.7 })).toEqual([ball]);
    expect(world.queryPoint({ x: 0.8, y: 0.8 })).toEqual([]);
    expect(world.queryPoint({ x: 6.3, y: 0.2 })).toEqual([pill]);
    expect(world.queryPoint({ x: 6.3, y: 0.45 })).toEqual([]);
    expect(world.queryPoint({ x: 10.95, y: 0 })).toEqual([hex]);
    expect(world.queryPoint({ x: 10, y: 0.9 })).toEqual([]);
    expect(world.queryPoint({ x: 3, y: 10 })).toEqual([compound]);
  });

  it('queryAABB lists a body of several shapes once', () => {
    const { world, compound } = world3();
    expect(world.queryAABB({ minX: -1, minY: 9, maxX: 4, maxY: 11 })).toEqual([compound]);
  });

  it('ray casts hit circles, capsules, polygons and the shapes of a compound body', () => {
    const { world, ball, pill, hex, compound } = world3();
    const y = 0.1;
    const hits = world.rayCastAll({ x: -5, y }, { x: 15, y });
    expect(hits.map((h) => h.body)).toEqual([ball, pill, hex]);
    expect(hits[0].point.x).toBeCloseTo(-Math.sqrt(1 - y * y), 12);
    expect(hits[1].point.x).toBeCloseTo(4 - Math.sqrt(0.25 - y * y), 12);
    // The hexagon's left vertex is (9, 0); its edges rise at 60°.
    expect(hits[2].point.x).toBeCloseTo(9 + y / Math.tan(Math.PI / 3), 12);
    const hit = world.rayCast({ x: 3, y: 15 }, { x: 3, y: 5 });
    expect(hit?.body).toBe(compound);
    expect(hit?.shape).toBe(compound.shapes[1]);
  });
});

describe('castShape', () => {
  it('sweeps any shape to the first body it touches', () => {
    const world = new World({ solver: 'soft', gravity: { x: 0, y: 0 } });
    const wall = world.createBody({ type: 'static', width: 1, height: 10, position: { x: 5, y: 0 } });
    const ball = world.createBody({ shape: { type: 'circle', radius: 1 }, position: { x: 0, y: 5 } });
    const hit = castShape(world, { type: 'circle', radius: 0.5 }, { x: 0, y: 0 }, { x: 10, y: 0 });
    expect(hit?.body).toBe(wall);
    // The circle's surface stops within the cast tolerance (5 mm) of the wall's face at x = 4.5.
    expect(hit!.fraction * 10 + 0.5).toBeGreaterThan(4.49);
    expect(hit!.fraction * 10 + 0.5).toBeLessThan(4.5);
    expect(hit!.normal.x).toBeCloseTo(-1, 9);
    expect(hit!.point.x).toBeCloseTo(4.5, 9);
    const down = castShape(
      world,
      { type: 'capsule', center1: { x: -1, y: 0 }, center2: { x: 1, y: 0 }, radius: 0.25 },
      { x: 0, y: 10 },
      { x: 0, y: -10 },
    );
    expect(down?.body).toBe(ball);
    expect(down!.normal.y).toBeCloseTo(1, 6);
    expect(castShape(world, { type: 'circle', radius: 0.5 }, { x: 0, y: -8 }, { x: 1, y: 0 })).toBeNull();
    expect(() => castShape(world, { type: 'circle', radius: 0 }, { x: 0, y: 0 }, { x: 1, y: 0 })).toThrow(
      WorldError,
    );
  });
});

describe('joints on a body whose centre of mass is not its origin', () => {
  for (const solver of SOLVERS) {
    it(`${solver}: a pendulum pinned at its origin keeps the pin, also after a shape is added`, () => {
      const world = new World({ solver });
      const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: 20 } });
      const bob = world.createBody({
        shape: { type: 'circle', radius: 0.25, center: { x: 2, y: 0 } },
        position: { x: 0, y: 5 },
      });
      world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: bob, anchor: { x: 0, y: 5 } });
      for (let i = 0; i < 60; ++i) world.step(1 / 60);
      expect(Math.hypot(bob.position.x, bob.position.y - 5)).toBeLessThan(0.01);
      // A second shape moves the centre of mass; the pin stays at the origin.
      bob.createShape({ type: 'box', width: 0.5, height: 0.5, offset: { x: 0, y: -1 } });
      for (let i = 0; i < 60; ++i) world.step(1 / 60);
      expect(Math.hypot(bob.position.x, bob.position.y - 5)).toBeLessThan(0.01);
      const c = bob.getWorldCenter();
      expect(
        Math.abs(Math.hypot(c.x, c.y - 5) - Math.hypot(bob.localCenter.x, bob.localCenter.y)),
      ).toBeLessThan(0.01);
    });
  }
});

describe("the scenes' bullets at a thin wall", () => {
  for (const solver of SOLVERS) {
    for (const speed of [500, 1000]) {
      it(`${solver}, ${speed} m/s: no bullet gets past the wall`, () => {
        const { world, bodies } = buildScene(bulletsAtWall(10, speed), { solver });
        // At the scene's speed, not the default cap's 400 m/s.
        world.settings.maximumLinearSpeed = 2 * speed;
        for (let i = 0; i < 180; ++i) {
          world.step(1 / 60);
          for (const b of bodies) if (b.type !== 'static') expect(b.position.x).toBeLessThan(0);
        }
      });
    }
  }
});
