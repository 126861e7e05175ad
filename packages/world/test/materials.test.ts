/**
 * Shape materials: rolling resistance, tangent speed (conveyor belts), the friction and restitution
 * mixing callbacks, and snapshots of them, with both solvers, against the analytic motion.
 */
import { type Body, ClassicSolver, loadWorld, saveWorld, World, WorldError } from '@lite/world';
import { describe, expect, test } from 'vitest';
import { stateOf } from './helpers';
import { hexagon } from './shape-piles';

const dt = 1 / 60;
const g = 10;
const SOLVERS = ['soft', 'classic'] as const;
type Solver = (typeof SOLVERS)[number];

function makeWorld(solver: Solver): World {
  return new World({ gravity: { x: 0, y: -g }, solver: solver === 'soft' ? 'soft' : new ClassicSolver() });
}

/** Flat static ground, its top at y = 0, `width` m wide about x = `x`. */
function ground(world: World, width: number, x = 0, material: object = {}): Body {
  const body = world.createBody({ type: 'static' });
  body.createShape({ type: 'box', width, height: 1, offset: { x, y: -0.5 }, friction: 0.6, ...material });
  return body;
}

/** Steps until `done` holds or `limit` seconds passed; returns the time taken. */
function stepUntil(world: World, done: () => boolean, limit: number): number {
  let t = 0;
  while (!done() && t < limit) {
    world.step(dt);
    t += dt;
  }
  return t;
}

describe('rolling resistance', () => {
  // A disc of radius r rolling without slipping loses its energy to the rolling torque c r N
  // (c the coefficient, N = m g): (m + I / r²) v a = -c r m g (v / r), so with I = m r² / 2 it
  // decelerates at a = c g / 1.5, stops after t = v0 / a and rolls d = v0² / (2 a). Here c = 0.1,
  // v0 = 4 m/s: a = 2/3 m/s², t = 6 s, d = 12 m.
  function rollingBall(solver: Solver, rollingResistance: number) {
    const world = makeWorld(solver);
    ground(world, 200, 90);
    const ball = world.createBody({ position: { x: 0, y: 0.5 } });
    ball.createShape({ type: 'circle', radius: 0.5, friction: 0.6, rollingResistance });
    for (let i = 0; i < 30; i++) world.step(dt);
    ball.setLinearVelocity({ x: 4, y: 0 });
    ball.setAngularVelocity(-8);
    const x0 = ball.position.x;
    const t = stepUntil(world, () => ball.linearVelocity.x <= 1e-3, 6.5);
    return { world, ball, t, distance: ball.position.x - x0 };
  }

  test.each(SOLVERS)(
    '%s: a ball with 0.1 stops after 12 m and 6 s, within 1 percent; without, it rolls on',
    (solver) => {
      const slowed = rollingBall(solver, 0.1);
      expect(slowed.distance).toBeGreaterThan(12 * 0.99);
      expect(slowed.distance).toBeLessThan(12 * 1.01);
      expect(Math.abs(slowed.t - 6)).toBeLessThan(0.06);
      expect(Math.abs(slowed.ball.angularVelocity)).toBeLessThan(0.01);
      const free = rollingBall(solver, 0);
      expect(free.t).toBeGreaterThan(6.4);
      expect(free.ball.linearVelocity.x).toBeCloseTo(4, 3);
    },
  );

  // 300 shapes (circles, capsules, boxes, hexagons) dropped in a heap on open ground: round shapes
  // roll off the heap and, without rolling resistance, on across the floor (one still rolled at
  // 40 s in both solvers). With 0.1 on the round ones the soft step measured 9.6 s to sleep, the
  // classic solver 13.8 s.
  function mixedPile(solver: Solver, rollingResistance: number) {
    const world = makeWorld(solver);
    ground(world, 400);
    for (let i = 0; i < 300; i++) {
      const x = -9 + (i % 15) * 1.25 + (Math.floor(i / 15) % 2) * 0.3;
      const body = world.createBody({ position: { x, y: 1 + Math.floor(i / 15) * 1.3 }, angle: 0.3 * i });
      const kind = i % 4;
      const material = { friction: 0.6, rollingResistance: kind < 2 ? rollingResistance : 0 };
      if (kind === 0) body.createShape({ type: 'circle', radius: 0.5, ...material });
      else if (kind === 1) {
        body.createShape({
          type: 'capsule',
          center1: { x: -0.3, y: 0 },
          center2: { x: 0.3, y: 0 },
          radius: 0.3,
          ...material,
        });
      } else if (kind === 2) body.createShape({ type: 'box', width: 0.9, height: 0.9, ...material });
      else body.createShape({ type: 'polygon', vertices: hexagon(0.5), ...material });
    }
    return world;
  }

  test.each(SOLVERS)(
    '%s: a 300-shape mixed pile with 0.1 on its round shapes sleeps within 15 s; without, not',
    (solver) => {
      const resisting = mixedPile(solver, 0.1);
      expect(stepUntil(resisting, () => resisting.sleepingBodyCount === 300, 15)).toBeLessThan(15);
      const free = mixedPile(solver, 0);
      stepUntil(free, () => false, 15);
      expect(free.sleepingBodyCount).toBeLessThan(300);
    },
  );

  test('the option and the setter are checked; setting wakes the shape’s contacts’ bodies', () => {
    const world = makeWorld('soft');
    const body = world.createBody({ position: { x: 0, y: 0.5 } });
    expect(() => body.createShape({ type: 'circle', radius: 0.5, rollingResistance: -1 })).toThrow(
      /options\.rollingResistance = -1/,
    );
    const shape = body.createShape({ type: 'circle', radius: 0.5, rollingResistance: 0.2 });
    expect(shape.rollingResistance).toBe(0.2);
    expect(() => {
      shape.rollingResistance = Number.NaN;
    }).toThrow(WorldError);
    expect(() => {
      shape.tangentSpeed = Number.POSITIVE_INFINITY;
    }).toThrow(/shape\.tangentSpeed/);
    expect(() => {
      shape.material = -1;
    }).toThrow(/shape\.material/);
    expect(shape.rollingResistance).toBe(0.2);
    expect(shape.tangentSpeed).toBe(0);
  });
});

describe('createBody material options', () => {
  test('rollingResistance, tangentSpeed and material go to the first shape, as friction does', () => {
    const world = makeWorld('soft');
    const box = world.createBody({
      width: 1,
      height: 1,
      friction: 0.7,
      rollingResistance: 0.3,
      tangentSpeed: -2,
      material: 5,
    });
    const ball = world.createBody({ shape: { type: 'circle', radius: 0.5 }, material: 0xffffffff });
    const [a, b] = [box.shapes[0], ball.shapes[0]];
    expect([a.friction, a.rollingResistance, a.tangentSpeed, a.material]).toEqual([0.7, 0.3, -2, 5]);
    expect([b.rollingResistance, b.tangentSpeed, b.material]).toEqual([0, 0, 0xffffffff]);
    // A body made this way steps as one given the same values through createShape.
    const other = makeWorld('soft');
    ground(world, 20, 0, { tangentSpeed: 1 });
    ground(other, 20, 0, { tangentSpeed: 1 });
    world.createBody({
      position: { x: 0, y: 2 },
      shape: { type: 'circle', radius: 0.5 },
      rollingResistance: 0.1,
    });
    other
      .createBody({ position: { x: 0, y: 2 } })
      .createShape({ type: 'circle', radius: 0.5, rollingResistance: 0.1 });
    world.destroyBody(box);
    world.destroyBody(ball);
    for (let i = 0; i < 60; i++) {
      world.step(dt);
      other.step(dt);
    }
    expect(world.bodies[1].position).toEqual(other.bodies[1].position);
  });

  test('they are checked, and refused on a body with no shape', () => {
    const world = makeWorld('soft');
    expect(() => world.createBody({ width: 1, height: 1, rollingResistance: -1 })).toThrow(
      /options\.rollingResistance = -1/,
    );
    expect(() => world.createBody({ width: 1, height: 1, tangentSpeed: Number.NaN })).toThrow(
      /options\.tangentSpeed/,
    );
    expect(() => world.createBody({ width: 1, height: 1, material: 1.5 })).toThrow(/options\.material/);
    expect(() => world.createBody({ type: 'static', material: 2 })).toThrow(
      /options\.material = 2.*needs a shape/,
    );
    expect(world.bodies).toHaveLength(0);
  });
});

describe('tangent speed', () => {
  // A box put on a belt moving at v is dragged by kinetic friction: it accelerates at μ g until it
  // moves at v, after t = v / (μ g), having gone v² / (2 μ g), then rides along at v. Here μ = 0.5
  // (both shapes), v = 2 m/s: 5 m/s², 0.4 s, 0.4 m; at 2 s it is 0.4 + 2 (2 - 0.4) = 3.6 m along.
  function conveyor(solver: Solver, speed: number, beltFirst: boolean) {
    const world = makeWorld(solver);
    const place = () => {
      const belt = world.createBody({ type: 'static' });
      belt.createShape({
        type: 'box',
        width: 100,
        height: 1,
        offset: { x: 0, y: -0.5 },
        friction: 0.5,
        tangentSpeed: speed,
      });
      return belt;
    };
    if (beltFirst) place();
    const box = world.createBody({ position: { x: 0, y: 0.5 } });
    box.createShape({ type: 'box', width: 1, height: 1, friction: 0.5 });
    if (!beltFirst) place();
    return { world, box };
  }

  test.each(SOLVERS)(
    '%s: a box on a belt accelerates at μg to its speed in v/(μg), then rides along at it',
    (solver) => {
      for (const beltFirst of [true, false]) {
        for (const speed of [2, -2]) {
          const { world, box } = conveyor(solver, speed, beltFirst);
          for (let i = 0; i < 10; i++) world.step(dt);
          // 1/6 s: μ g t = 0.833 m/s.
          expect(Math.abs(box.linearVelocity.x)).toBeCloseTo(0.5 * g * (10 * dt), 2);
          expect(Math.sign(box.linearVelocity.x)).toBe(Math.sign(speed));
          for (let i = 10; i < 30; i++) world.step(dt);
          expect(box.linearVelocity.x).toBeCloseTo(speed, 3);
          for (let i = 30; i < 120; i++) world.step(dt);
          expect(box.linearVelocity.x).toBeCloseTo(speed, 6);
          expect(Math.abs(box.position.x - Math.sign(speed) * 3.6)).toBeLessThan(0.03);
          expect(Math.abs(box.angle)).toBeLessThan(1e-6);
        }
      }
    },
  );

  test('starting a belt wakes what sleeps on it', () => {
    const { world, box } = conveyor('soft', 0, true);
    stepUntil(world, () => !box.awake, 5);
    expect(box.awake).toBe(false);
    world.bodies[0].shapes[0].tangentSpeed = 1;
    expect(box.awake).toBe(true);
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(box.linearVelocity.x).toBeCloseTo(1, 3);
  });
});

describe('mixing callbacks', () => {
  // A box launched at 5 m/s over ground slows at μ g while it slides: over 0.5 s by 5 μ m/s.
  function slide(solver: Solver, mix: ((fa: number, ma: number, fb: number, mb: number) => number) | null) {
    const world = makeWorld(solver);
    world.setFrictionCallback(mix);
    ground(world, 100, 0, { friction: 0.2, material: 7 });
    const box = world.createBody({ position: { x: 0, y: 0.5 } });
    box.createShape({ type: 'box', width: 1, height: 1, friction: 0.8, material: 3 });
    for (let i = 0; i < 30; i++) world.step(dt);
    box.setLinearVelocity({ x: 5, y: 0 });
    world.step(dt);
    const v0 = box.linearVelocity.x;
    for (let i = 0; i < 30; i++) world.step(dt);
    return { world, box, loss: v0 - box.linearVelocity.x };
  }

  test.each(SOLVERS)('%s: friction mixes as sqrt(μA μB) by default, else as the callback says', (solver) => {
    const mixed = slide(solver, null);
    expect(mixed.world.contacts[0].friction).toBe(Math.sqrt(0.2 * 0.8));
    expect(mixed.loss).toBeCloseTo(Math.sqrt(0.2 * 0.8) * g * 0.5, 2);
    const min = slide(solver, (fa, _ma, fb) => Math.min(fa, fb));
    expect(min.world.contacts[0].friction).toBe(0.2);
    expect(min.loss).toBeCloseTo(0.2 * g * 0.5, 2);
    // The material ids: 7 on the ground (A, the lower body id) and 3 on the box.
    const seen: number[] = [];
    const ice = slide(solver, (_fa, ma, _fb, mb) => {
      seen.push(ma, mb);
      return ma === 7 ? 0 : 1;
    });
    expect(seen.slice(0, 2)).toEqual([7, 3]);
    expect(ice.loss).toBe(0);
  });

  test('setting a callback mixes the existing contacts again; a bad result is an error naming it', () => {
    const { world } = slide('soft', null);
    world.setFrictionCallback(() => 0.3);
    expect(world.contacts[0].friction).toBe(0.3);
    world.setFrictionCallback(null);
    expect(world.contacts[0].friction).toBe(Math.sqrt(0.2 * 0.8));
    expect(() => world.setRestitutionCallback(() => 2)).toThrow(/restitutionCallback = 2/);
    expect(world.contacts[0].restitution).toBe(0);
    expect(() => world.setFrictionCallback(5 as never)).toThrow(WorldError);
  });

  // A ball dropped from h = 2 m bounces back to e² h (e: the mixed restitution). The soft step's timed
  // bounce measured within 0.5% of it; the classic solver's, which takes the approach speed at the
  // step before the impact, within 9%.
  function bounce(solver: Solver, mix: ((ea: number, ma: number, eb: number, mb: number) => number) | null) {
    const world = makeWorld(solver);
    world.setRestitutionCallback(mix);
    ground(world, 20, 0, { restitution: 0.9 });
    const ball = world.createBody({ position: { x: 0, y: 2.5 } });
    ball.createShape({ type: 'circle', radius: 0.5, restitution: 0.5 });
    stepUntil(world, () => ball.linearVelocity.y > 0, 3);
    const e = world.contacts[0].restitution;
    stepUntil(world, () => ball.linearVelocity.y <= 0, 3);
    return { e, height: ball.position.y - 0.5 };
  }

  test.each(SOLVERS)(
    '%s: restitution mixes as max(eA, eB) by default, else as the callback says (height e² h)',
    (solver) => {
      const tolerance = solver === 'soft' ? 0.02 : 0.1;
      const high = bounce(solver, null);
      expect(high.e).toBe(0.9);
      expect(Math.abs(high.height / (0.9 * 0.9 * 2) - 1)).toBeLessThan(tolerance);
      const low = bounce(solver, (ea, _ma, eb) => ea * eb);
      expect(low.e).toBe(0.45);
      expect(Math.abs(low.height / (0.45 * 0.45 * 2) - 1)).toBeLessThan(tolerance);
    },
  );
});

describe('snapshots', () => {
  test.each(SOLVERS)(
    '%s: keep the shapes’ new fields, and a conveyor and a rolling ball continue bit for bit',
    (solver) => {
      const world = makeWorld(solver);
      ground(world, 100, 0, { tangentSpeed: 1.5, material: 9, friction: 0.5 });
      const box = world.createBody({ position: { x: -2, y: 0.5 } });
      box.createShape({ type: 'box', width: 1, height: 1, friction: 0.5 });
      const ball = world.createBody({ position: { x: 2, y: 0.5 } });
      ball.createShape({ type: 'circle', radius: 0.5, friction: 0.6, rollingResistance: 0.05 });
      ball.setLinearVelocity({ x: -3, y: 0 });
      for (let i = 0; i < 20; i++) world.step(dt);
      const copy = loadWorld(saveWorld(world));
      const belt = copy.bodies[0].shapes[0];
      expect([belt.tangentSpeed, belt.material, copy.bodies[2].shapes[0].rollingResistance]).toEqual([
        1.5, 9, 0.05,
      ]);
      expect(copy.contacts.map((c) => c.rollingImpulse)).toEqual(world.contacts.map((c) => c.rollingImpulse));
      for (let i = 0; i < 60; i++) {
        world.step(dt);
        copy.step(dt);
        expect(stateOf(copy)).toEqual(stateOf(world));
      }
    },
  );

  // Saved by the build before these fields (snapshot version 4): a box and a ball on the ground.
  const VERSION_4 =
    'TFdTTgQAAACgAgAAM1lwOgMDANIAACBBAAGFyd3LCgEBAQEBAAGamZmZmZnJP6t7FK5H4XqEPwAAgD8AAHBCAACgQAEAAARz' +
    'b2Z0qgAAgD8AAIBAAADwQQAAIEHqAACgQAAAIEEAAMhDexSuR+F6lD/6AABAQAAAAD+amZmZmZmpP5qZmZmZmak/AAOJBgAg' +
    'AAAAvwCgAACgQQAAgD87j0qVYGUGJEAAAAA/MzMzMzMz4z+QASACAACgQTYAAIA/MzMzMzMz4z+YBgD/VVVVVVVVxT8YLURU' +
    '+yHpPxgtRFT7Ibk/g8jJbTBf9D8Dg8jJbTBfJEDYAAAAP5qZmZmZmck/QAEvAkIAAAA/sZgGAFVVVVVVVcU/AACAPytVVVVV' +
    'VVXFPwAAgD8AAMBAwM07f2aeoOY/BVQBIAIFAAAAAAAAAAAAAADwv7CFDZLo/t8/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAADwP6+FDZLo/t8/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgACWwEABF2BgIgYgYCM' +
    'IAAAAAAAAAAAAAAAAAAAAAAAAAAAAPA/AAAAAAAA8L8AQHfDQiEBvwBAd8NCIRG/AAAAAAAAAABlcy04UsHAPwAAAAAAAAAA' +
    'AAAAAAAAAIAAAAAAAADwPwAAAAAAAOA/AAAAAAAAAAAAUHfDQiERvwAAAAAAAAAAVlVVVVVVtT8AAAAAAAAAAAAAAAAAAPg/' +
    'AAAAAAAAAAAAUHfDQiERvwAAAAAAAAAAVlVVVVVVtT8AAAAAAAAAAAEAAAAAAAAAmpmZmZmZ+b+amZmZmZm5v5qZmZmZmdm/' +
    'mpmZmZmZ8T+amZmZmZnZP5qZmZmZmbm/mpmZmZmZ+T+amZmZmZnxPw==';

  test('a version 4 snapshot loads with no rolling resistance, tangent speed or material', () => {
    const bytes = Uint8Array.from(Buffer.from(VERSION_4, 'base64'));
    expect(new DataView(bytes.buffer).getUint16(4, true)).toBe(4);
    const world = loadWorld(bytes);
    const shapes = world.bodies.flatMap((b) => b.shapes);
    expect(shapes).toHaveLength(3);
    for (const shape of shapes)
      expect([shape.rollingResistance, shape.tangentSpeed, shape.material]).toEqual([0, 0, 0]);
    for (let i = 0; i < 30; i++) world.step(dt);
    const again = saveWorld(world);
    expect(new DataView(again.buffer).getUint16(4, true)).toBe(5);
    expect(stateOf(loadWorld(again))).toEqual(stateOf(world));
  });
});
