import { afterEach, describe, expect, it } from 'vitest';
import {
  type Body,
  ClassicSolver,
  jsKernels,
  loadWorld,
  type SolverKind,
  saveWorld,
  setWasmKernels,
  World,
  WorldError,
} from '../src/index';
import { solverSettings } from './helpers';

// The classic solver is installed, not built in: made once here, it is picked by name ('classic') below.
new ClassicSolver();

/**
 * `settings.maximumLinearSpeed`: where velocities are integrated, a body faster than the cap is
 * slowed to it, direction kept (Box2D v3's `maximumLinearSpeed`, 400 m/s by default); motion below
 * the cap is untouched.
 */

const DT = 1 / 60;
const SOLVERS: SolverKind[] = ['soft', 'classic'];

function speed(b: Body): number {
  return Math.hypot(b.linearVelocity.x, b.linearVelocity.y);
}

/** Whether `world`'s last soft step had its body states in the WebAssembly kernels' memory. */
function kernelsAttached(world: World): boolean {
  const core = (world as unknown as { core: { bodyStates: { kernels: object | null } } }).core;
  return core.bodyStates.kernels !== null;
}

/** A ground with a box resting on it (so the soft step has contacts, and its kernels a memory). */
function groundWorld(solver: SolverKind): World {
  const world = new World({ solver });
  world.createBody({ type: 'static', width: 40, height: 1, position: { x: 0, y: -0.5 } });
  world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 } });
  return world;
}

afterEach(() => setWasmKernels(true));

describe('settings.maximumLinearSpeed', () => {
  it('is 400 m/s by default and refuses anything but a finite number > 0, keeping its value', () => {
    const world = new World();
    expect(world.settings.maximumLinearSpeed).toBe(400);
    world.settings.maximumLinearSpeed = 50;
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '400', null]) {
      let error: unknown = null;
      try {
        world.settings.maximumLinearSpeed = bad as number;
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(WorldError);
      expect((error as Error).message).toContain('settings.maximumLinearSpeed');
      expect(world.settings.maximumLinearSpeed).toBe(50);
    }
  });

  for (const solver of SOLVERS) {
    it(`${solver}: a body given 1e4 m/s moves at 400 m/s, in its direction`, () => {
      const world = groundWorld(solver);
      world.gravity.y = 0;
      const dir = { x: 0.6, y: 0.8 };
      const fast = world.createBody({
        width: 0.5,
        height: 0.5,
        position: { x: 0, y: 100 },
        linearVelocity: { x: 1e4 * dir.x, y: 1e4 * dir.y },
      });
      for (let i = 0; i < 10; ++i) {
        const x0 = fast.position.x;
        const y0 = fast.position.y;
        world.step(DT);
        expect(speed(fast)).toBeLessThanOrEqual(400 * (1 + 1e-15));
        expect(speed(fast)).toBeCloseTo(400, 9);
        expect(fast.linearVelocity.x / speed(fast)).toBeCloseTo(dir.x, 12);
        // It moved 400 m/s × dt, not 1e4.
        expect(Math.hypot(fast.position.x - x0, fast.position.y - y0)).toBeCloseTo(400 * DT, 9);
      }
    });

    it(`${solver}: a huge force does not push a body past the cap`, () => {
      const world = groundWorld(solver);
      const body = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 50 } });
      for (let i = 0; i < 5; ++i) {
        body.applyForce({ x: 1e12, y: 0 });
        world.step(DT);
        expect(speed(body)).toBeLessThanOrEqual(400 * (1 + 1e-15));
      }
      expect(speed(body)).toBeCloseTo(400, 6);
    });

    it(`${solver}: a velocity whose square overflows is capped in its direction; an infinite one is reported`, () => {
      const world = groundWorld(solver);
      world.gravity.y = 0;
      const body = world.createBody({
        width: 0.5,
        height: 0.5,
        position: { x: 0, y: 100 },
        linearVelocity: { x: 3e200, y: -4e200 },
      });
      world.step(DT);
      expect(body.linearVelocity.x).toBeCloseTo(240, 9);
      expect(body.linearVelocity.y).toBeCloseTo(-320, 9);
      // F / m · dt overflows to Infinity: not capped to a made-up direction, but refused by the
      // step's finite check, naming the body.
      const light = world.createBody({ width: 1, height: 1, mass: 1e-3, position: { x: 10, y: 100 } });
      light.applyForce({ x: 1e308, y: 0 });
      expect(() => world.step(DT)).toThrow(new RegExp(`^body #${light.id}\\.`));
    });

    it(`${solver}: a lower cap is a terminal speed for a falling body`, () => {
      const world = new World({ solver });
      world.settings.maximumLinearSpeed = 12;
      const body = world.createBody({ width: 1, height: 1, position: { x: 0, y: 0 } });
      for (let i = 0; i < 120; ++i) world.step(DT);
      // g t = 20 m/s uncapped after 2 s.
      expect(body.linearVelocity.y).toBeCloseTo(-12, 12);
      expect(body.linearVelocity.x).toBe(0);
    });

    it(`${solver}: motion below the cap is the integrator's, unchanged`, () => {
      // A projectile at 350 m/s under gravity 10: semi-implicit Euler over n sub-steps of h gives
      // v = v0 + n h g and y = y0 + n h v0y + h² g n (n + 1) / 2, exactly as without a cap.
      const world = new World({ solver });
      const body = world.createBody({
        width: 1,
        height: 1,
        position: { x: 0, y: 0 },
        linearVelocity: { x: 330, y: 100 },
      });
      const steps = 30;
      for (let i = 0; i < steps; ++i) world.step(DT);
      const n = steps * solverSettings(world).substeps;
      const h = DT / solverSettings(world).substeps;
      const g = -10;
      expect(body.linearVelocity.x).toBe(330);
      expect(body.linearVelocity.y).toBeCloseTo(100 + n * h * g, 9);
      expect(body.position.x).toBeCloseTo(330 * n * h, 9);
      expect(body.position.y).toBeCloseTo(n * h * 100 + (h * h * g * n * (n + 1)) / 2, 9);
    });
  }

  it('is saved and restored with the world', () => {
    const world = new World();
    world.settings.maximumLinearSpeed = 75;
    expect(loadWorld(saveWorld(world)).settings.maximumLinearSpeed).toBe(75);
  });

  it('soft step: the WebAssembly kernels cap as the TypeScript passes do, bit for bit', () => {
    const run = (kernels: boolean): number[] => {
      setWasmKernels(kernels, jsKernels);
      const world = groundWorld('soft');
      const fast = world.createBody({
        width: 0.5,
        height: 0.5,
        position: { x: 0, y: 100 },
        linearVelocity: { x: 3e3, y: -7e3 },
      });
      const huge = world.createBody({
        width: 0.5,
        height: 0.5,
        position: { x: 10, y: 100 },
        linearVelocity: { x: -5e190, y: 2e200 },
      });
      const out: number[] = [];
      for (let i = 0; i < 20; ++i) {
        fast.applyForce({ x: 1e9, y: 3e8 });
        world.step(DT);
        out.push(fast.position.x, fast.position.y, fast.linearVelocity.x, fast.linearVelocity.y);
        out.push(huge.position.x, huge.position.y, huge.linearVelocity.x, huge.linearVelocity.y);
      }
      expect(kernelsAttached(world)).toBe(kernels);
      return out;
    };
    const withKernels = run(true);
    const without = run(false);
    expect(Object.is(withKernels.length, without.length)).toBe(true);
    for (let i = 0; i < without.length; ++i) expect(Object.is(withKernels[i], without[i])).toBe(true);
  });
});
