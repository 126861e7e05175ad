import { Box } from '@lite/collision';
import { describe, expect, it } from 'vitest';
import { ClassicSolver, World } from '../src/index';
import { solverSettings } from './helpers';

// The classic solver is installed, not built in: made once here, it is picked by name ('classic') below.
new ClassicSolver();

const dt = 1 / 60;

describe('World defaults', () => {
  it('has gravity (0, -10), the soft step (1 iteration, 4 sub-steps) and sleeping on', () => {
    const world = new World();
    expect(world.gravity.x).toBe(0);
    expect(world.gravity.y).toBe(-10);
    expect(world.solver).toBe('soft');
    expect(world.classicSolver).toBeNull();
    expect(world.settings.iterations).toBe(1);
    expect(world.settings.substeps).toBe(4);
    expect(world.settings.sleeping).toBe(true);
    expect(world.settings.warmStarting).toBe(true);
    expect(world.settings.positionCorrection).toBe(true);
    expect(world.settings.accumulateImpulses).toBe(true);
    expect(world.settings.blockSolver).toBe(true);
    // The classic solver keeps Box2D-Lite's counts, on its own object; the soft step keeps its own.
    world.solver = 'classic';
    expect(world.classicSolver?.iterations).toBe(10);
    expect(world.classicSolver?.substeps).toBe(1);
    expect(world.settings.iterations).toBe(1);
  });

  it('takes gravity, iterations and sleeping options', () => {
    const world = new World({ gravity: { x: 1, y: -2 }, iterations: 4, sleeping: false });
    expect(world.gravity.x).toBe(1);
    expect(world.gravity.y).toBe(-2);
    expect(world.settings.iterations).toBe(4);
    expect(world.settings.sleeping).toBe(false);
  });
});

describe('Body creation', () => {
  it('gives increasing integer ids and lists bodies in id order', () => {
    const world = new World();
    const a = world.createBody({ width: 1, height: 1 });
    const b = world.createBody({ type: 'static', width: 1, height: 1 });
    const c = world.createBody({ type: 'kinematic', width: 1, height: 1 });
    expect([a.id, b.id, c.id]).toEqual([0, 1, 2]);
    world.destroyBody(b);
    const d = world.createBody({ width: 1, height: 1 });
    expect(d.id).toBe(3);
    expect(world.bodies.map((x) => x.id)).toEqual([0, 2, 3]);
    expect(world.getBody(2)).toBe(c);
    expect(world.getBody(1)).toBeUndefined();
  });

  it('computes mass from density and I = m (w² + h²) / 12', () => {
    const world = new World();
    const body = world.createBody({ width: 2, height: 3, density: 2 });
    expect(body.mass).toBe(12);
    expect(body.inertia).toBeCloseTo((12 * (4 + 9)) / 12, 12);
    expect(body.invMass).toBeCloseTo(1 / 12, 15);
    expect(body.invI).toBeCloseTo(1 / 13, 15);
    const byMass = world.createBody({ width: 1, height: 0.5, mass: 3 });
    expect(byMass.inertia).toBeCloseTo((3 * (1 + 0.25)) / 12, 15);
    const unit = world.createBody({ width: 1, height: 1 });
    expect(unit.mass).toBe(1); // default density 1
  });

  it('gives static and kinematic bodies infinite mass', () => {
    const world = new World();
    for (const type of ['static', 'kinematic'] as const) {
      const body = world.createBody({ type, width: 1, height: 1, mass: 5 });
      expect(body.invMass).toBe(0);
      expect(body.invI).toBe(0);
      expect(body.mass).toBe(0);
    }
  });

  it('keeps its options: pose, velocity, material, user data, shape', () => {
    const world = new World();
    const data = { name: 'crate' };
    const body = world.createBody({
      width: 2,
      height: 0.5,
      position: { x: 3, y: 4 },
      angle: 0.5,
      friction: 0.7,
      restitution: 0.3,
      linearVelocity: { x: 1, y: -1 },
      angularVelocity: 2,
      userData: data,
    });
    expect(body.type).toBe('dynamic');
    expect([body.position.x, body.position.y, body.angle]).toEqual([3, 4, 0.5]);
    expect([body.linearVelocity.x, body.linearVelocity.y, body.angularVelocity]).toEqual([1, -1, 2]);
    expect(body.friction).toBe(0.7);
    expect(body.restitution).toBe(0.3);
    expect(body.userData).toBe(data);
    expect(body.shape).toBeInstanceOf(Box);
    expect((body.shape as Box).width).toBe(2);
    expect((body.shape as Box).height).toBe(0.5);
    expect(body.transform.p.x).toBe(3);
    expect(body.transform.q.c).toBeCloseTo(Math.cos(0.5), 15);
    expect(body.transform.q.s).toBeCloseTo(Math.sin(0.5), 15);
    expect(body.awake).toBe(true);
  });

  it('maps points between body and world frames', () => {
    const world = new World();
    const body = world.createBody({ width: 1, height: 1, position: { x: 1, y: 2 }, angle: Math.PI / 2 });
    const p = body.getWorldPoint({ x: 1, y: 0 });
    expect(p.x).toBeCloseTo(1, 14);
    expect(p.y).toBeCloseTo(3, 14);
    const local = body.getLocalPoint(p);
    expect(local.x).toBeCloseTo(1, 14);
    expect(local.y).toBeCloseTo(0, 14);
  });
});

describe('Motion without contacts', () => {
  for (const solver of ['soft', 'classic'] as const) {
    it(`falls as semi-implicit Euler predicts (${solver}): v_m = m g h, y_m = y0 + g h² m (m + 1) / 2 after m steps of h`, () => {
      const world = new World({ solver });
      const body = world.createBody({ width: 1, height: 1, position: { x: 0, y: 100 } });
      const n = 90;
      for (let i = 0; i < n; ++i) world.step(dt);
      // Each solver integrates `substeps` times per step with h = dt / substeps.
      const substeps = solverSettings(world).substeps;
      const m = n * substeps;
      const h = dt / substeps;
      expect(body.linearVelocity.y).toBeCloseTo(-10 * h * m, 10);
      expect(body.position.y).toBeCloseTo(100 - (10 * h * h * m * (m + 1)) / 2, 10);
      expect(body.position.x).toBe(0);
      expect(body.angle).toBe(0);
    });
  }

  it('applies forces for one step: a = F / m, and torque from (p - x) × F', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const body = world.createBody({ width: 2, height: 1, mass: 4 });
    body.applyForce({ x: 8, y: 0 }); // at the centre: no torque
    world.step(dt);
    expect(body.linearVelocity.x).toBeCloseTo((8 / 4) * dt, 14);
    expect(body.angularVelocity).toBe(0);
    world.step(dt); // cleared after the step: velocity unchanged
    expect(body.linearVelocity.x).toBeCloseTo((8 / 4) * dt, 14);

    // Force (0, 3) at a point 1 m right of the centre: torque 1 · 3 = 3 N·m.
    body.applyForce({ x: 0, y: 3 }, { x: body.position.x + 1, y: body.position.y });
    world.step(dt);
    expect(body.angularVelocity).toBeCloseTo((3 / body.inertia) * dt, 12);
    body.applyTorque(-2);
    const w0 = body.angularVelocity;
    world.step(dt);
    expect(body.angularVelocity - w0).toBeCloseTo((-2 / body.inertia) * dt, 12);
  });

  it('applies impulses at once: Δv = J / m, Δw = (p - x) × J / I', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const body = world.createBody({ width: 1, height: 1, mass: 2, position: { x: 5, y: 5 } });
    body.applyLinearImpulse({ x: 0, y: 4 }, { x: 5.5, y: 5 });
    expect(body.linearVelocity.y).toBe(2);
    expect(body.angularVelocity).toBeCloseTo((0.5 * 4) / body.inertia, 14);
    body.applyAngularImpulse(1);
    expect(body.angularVelocity).toBeCloseTo((0.5 * 4 + 1) / body.inertia, 14);
  });

  it('sets velocity and pose; gravityScale and damping act as documented', () => {
    const world = new World();
    const body = world.createBody({ width: 1, height: 1, gravityScale: 0, linearDamping: 0.5 });
    body.setLinearVelocity({ x: 3, y: 0 });
    body.setAngularVelocity(1);
    world.step(dt);
    expect(body.linearVelocity.y).toBe(0);
    // Damping divides the velocity by 1 + h c at each of the soft step's sub-steps of h.
    const substeps = world.settings.substeps;
    expect(body.linearVelocity.x).toBeCloseTo(3 / (1 + (dt / substeps) * 0.5) ** substeps, 14);
    body.setTransform({ x: 10, y: -3 }, 1.25);
    expect([body.position.x, body.position.y, body.angle]).toEqual([10, -3, 1.25]);
    expect(body.transform.p.x).toBe(10);
  });

  it('types the numbers the solvers own as read-only (pnpm typecheck); from JavaScript the setters check', () => {
    const world = new World();
    const body = world.createBody({ width: 1, height: 1 });
    // @ts-expect-error read-only: setTransform turns the body
    body.angle = 0.5;
    // @ts-expect-error read-only: setAngularVelocity wakes the body too
    body.angularVelocity = 2;
    expect([body.angle, body.angularVelocity, body.transform.q.s]).toEqual([0.5, 2, 0]);
    // @ts-expect-error read-only: follows the mass
    expect(() => (body.invMass = 2)).toThrow(/body\.invMass = 2: is read-only/);
    // @ts-expect-error read-only: follows the inertia
    expect(() => (body.invI = 2)).toThrow(/body\.invI = 2: is read-only/);
    // @ts-expect-error read-only, and checked
    expect(() => (body.angle = Number.NaN)).toThrow(/body\.angle = NaN/);
    // The origin and velocity are vectors the user may write (the step takes up a moved origin).
    body.position.x = 3;
    world.step(dt);
    expect(body.transform.p.x).toBe(3);
  });

  it('moves kinematic bodies by their velocity only (no gravity, no forces)', () => {
    const world = new World();
    const body = world.createBody({
      type: 'kinematic',
      width: 2,
      height: 0.5,
      linearVelocity: { x: 1, y: 2 },
      angularVelocity: 0.5,
    });
    body.applyForce({ x: 100, y: 100 });
    let x = 0;
    let y = 0;
    let angle = 0;
    for (let i = 0; i < 60; ++i) {
      world.step(dt);
      x += dt * 1;
      y += dt * 2;
      angle += dt * 0.5;
    }
    expect(body.position.x).toBe(x);
    expect(body.position.y).toBe(y);
    expect(body.angle).toBe(angle);
    expect(body.linearVelocity.x).toBe(1);
  });

  it('never moves a static body', () => {
    const world = new World();
    const ground = world.createBody({ type: 'static', width: 10, height: 1 });
    ground.applyForce({ x: 1, y: 1 });
    ground.setLinearVelocity({ x: 1, y: 0 });
    for (let i = 0; i < 10; ++i) world.step(dt);
    expect([ground.position.x, ground.position.y, ground.angle]).toEqual([0, 0, 0]);
    expect(ground.awake).toBe(false);
  });
});

describe('Kinematic bodies and contacts', () => {
  it('a rising kinematic platform lifts a dynamic box and is not pushed back', () => {
    const world = new World({ sleeping: false });
    const platform = world.createBody({
      type: 'kinematic',
      width: 4,
      height: 0.5,
      position: { x: 0, y: 0 },
      linearVelocity: { x: 0, y: 1 },
    });
    const box = world.createBody({ width: 1, height: 1, mass: 50, position: { x: 0, y: 0.75 } });
    for (let i = 0; i < 120; ++i) world.step(dt);
    expect(platform.linearVelocity.y).toBe(1);
    expect(platform.position.y).toBeCloseTo(2, 10);
    // The box rides on top: its bottom within a few slops of the platform's top, moving up with it.
    expect(box.position.y - 0.5 - (platform.position.y + 0.25)).toBeGreaterThan(-0.03);
    expect(box.position.y - 0.5 - (platform.position.y + 0.25)).toBeLessThan(0.03);
    expect(box.linearVelocity.y).toBeCloseTo(1, 1);
  });
});

describe("a body's numbers", () => {
  it('each lives apart: writing one leaves every other as it was, in this body and in the next', () => {
    const world = new World();
    const a = world.createBody({ width: 1, height: 1 });
    const b = world.createBody({ width: 1, height: 1 });
    // Every number a body keeps in its shared block (the solver's and the world's), by name.
    const names = [
      'angle',
      'angularVelocity',
      'invMass',
      'invI',
      'maxExtent',
      'minExtent',
      'torque',
      'sleepTime',
      'linearDamping',
      'angularDamping',
      'gravityScale',
    ] as const;
    const write = (body: typeof a, name: (typeof names)[number], value: number) => {
      // The inverses are read-only to users; the world writes them through setInverseMass.
      const inner = body as unknown as { setInverseMass(invMass: number, invI: number): void };
      if (name === 'invMass') inner.setInverseMass(value, body.invI);
      else if (name === 'invI') inner.setInverseMass(body.invMass, value);
      else (body as unknown as Record<string, number>)[name] = value;
    };
    const read = (body: typeof a, name: (typeof names)[number]) =>
      (body as unknown as Record<string, number>)[name];
    names.forEach((name, k) => {
      write(a, name, 100 + k);
      write(b, name, 200 + k);
    });
    names.forEach((name, k) => {
      expect(read(a, name)).toBe(100 + k);
      expect(read(b, name)).toBe(200 + k);
    });
  });
});
