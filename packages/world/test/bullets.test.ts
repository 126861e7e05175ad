import { Vec2 } from '@lite/math';
import { bulletsAtWall } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import {
  type Body,
  ClassicSolver,
  ContinuousCollision,
  type ShapeOptions,
  type SolverKind,
  World,
} from '../src/index';
import { buildScene } from './helpers';

// The classic solver is installed, not built in: made once here, it is picked by name ('classic') below.
new ClassicSolver();

/**
 * Crowds of fast bodies at a thin static wall. One bullet alone stops at the wall (shapes.test.ts);
 * a crowd converging on one spot overlaps itself, and the contacts between the bullets push some
 * of them into the wall while they move slowly. Continuous collision must still keep each one's
 * centroid on the near side of the wall's middle: past it, the wall's own contact pushes the body
 * out on the far side.
 */

const SOLVERS: SolverKind[] = ['soft', 'classic'];

describe("the scene's bullets down a tunnel at a thin wall", () => {
  // The tunnel (floor, roof, the wall set into both) leaves no way past the wall but through it:
  // any bullet whose centre is beyond the wall's far face less its radius (0.05 - 0.05 = 0) went
  // more than halfway through it.
  const cases: [SolverKind, number, number][] = [
    ['soft', 100, 500],
    ['classic', 100, 500],
    ['soft', 100, 300],
    ['classic', 100, 300],
    ['classic', 100, 100],
    ['soft', 200, 1000],
    ['classic', 200, 300],
  ];
  for (const [solver, count, speed] of cases) {
    it(`${solver}: ${count} bullets at ${speed} m/s, none gets past the wall in 4 s`, () => {
      const { world, bodies } = buildScene(bulletsAtWall(count, speed), { solver });
      const wall = bodies[0];
      expect(wall.userData).toBe('wall');
      const through: string[] = [];
      for (let i = 0; i < 240; ++i) {
        world.step(1 / 60);
        for (const b of bodies) {
          if (b.type === 'static' || b.position.x <= 0) continue;
          through.push(`body ${b.id} at (${b.position.x}, ${b.position.y}) after step ${i + 1}`);
          break;
        }
        if (through.length > 0) break;
      }
      expect(through).toEqual([]);
    });
  }
});

/**
 * A crowd built here, not the scene's (different count, speeds, shapes, wall): `count` bodies of
 * about `size` m (circles, boxes, capsules and triangles in turn) spread over the wall's height and
 * fired at it at `speed` m/s, with gravity and no floor, at a wall `thickness` m thick and 5 m tall
 * at x = 0. Returns each time a body's centre of mass got past the wall's far face (from x below
 * it to x above it in one step) within the wall's height, the body's half size away from either
 * end (a body falling past the wall's lower end goes round it, not through it). (The middle plane
 * is no sharper test here: a triangle's contact with the wall can still push it back with its
 * centre of mass a little past the middle.)
 */
function crowdAtWall(
  solver: SolverKind,
  count: number,
  speed: number,
  thickness: number,
  size: number,
  steps: number,
): string[] {
  const world = new World({ solver, continuous: new ContinuousCollision() });
  const height = 5;
  world.createBody({ type: 'static', width: thickness, height, position: { x: 0, y: height / 2 } });
  const h = size / 2;
  const bodies: Body[] = [];
  for (let i = 0; i < count; ++i) {
    let shape: ShapeOptions;
    switch (i % 4) {
      case 0:
        shape = { type: 'circle', radius: h };
        break;
      case 1:
        shape = { type: 'box', width: size, height: size };
        break;
      case 2:
        shape = { type: 'capsule', center1: { x: -h / 2, y: 0 }, center2: { x: h / 2, y: 0 }, radius: h / 2 };
        break;
      default:
        shape = {
          type: 'polygon',
          vertices: [
            { x: -h, y: -h },
            { x: h, y: -h },
            { x: 0, y: h },
          ],
        };
    }
    bodies.push(
      world.createBody({
        shape,
        position: { x: -4 - 0.8 * i, y: 0.3 + ((height - 0.6) * ((i * 37) % count)) / count },
        angle: 0.3 * i,
        linearVelocity: { x: speed, y: 0 },
      }),
    );
  }
  const lowest = h;
  const highest = height - h;
  const crossings: string[] = [];
  const x0 = new Float64Array(count);
  const y0 = new Float64Array(count);
  const far = thickness / 2;
  const p = new Vec2();
  for (let i = 0; i < steps; ++i) {
    for (let k = 0; k < count; ++k) {
      bodies[k].getWorldCenter(p);
      x0[k] = p.x;
      y0[k] = p.y;
    }
    world.step(1 / 60);
    for (let k = 0; k < count; ++k) {
      bodies[k].getWorldCenter(p);
      const within = Math.min(y0[k], p.y) > lowest && Math.max(y0[k], p.y) < highest;
      if (x0[k] <= far && p.x > far && within) {
        crossings.push(`body ${k} from (${x0[k]}, ${y0[k]}) to (${p.x}, ${p.y}) in step ${i + 1}`);
      }
    }
  }
  return crossings;
}

describe('a crowd of fast bodies at a thin wall, no floor', () => {
  for (const solver of SOLVERS) {
    it(`${solver}: 150 bodies of 0.12 m at 700 m/s and 60 at 250 m/s never cross a 0.16 m wall`, () => {
      expect(crowdAtWall(solver, 150, 700, 0.16, 0.12, 240)).toEqual([]);
      expect(crowdAtWall(solver, 60, 250, 0.16, 0.12, 240)).toEqual([]);
    });
    it(`${solver}: 120 bodies of 0.1 m at 400 m/s never cross a 0.06 m wall (thinner than they are)`, () => {
      expect(crowdAtWall(solver, 120, 400, 0.06, 0.1, 240)).toEqual([]);
    });
  }
});

describe('a small box pressed into a thin wall by a heavy piston', () => {
  // The crowd's push without the crowd: a 1,000 kg piston driven along a channel presses a 1 kg
  // box already deep in a 0.1 m wall. The box moves slowly (less than half its size per step), so
  // only the depth makes continuous collision look at it; without that the classic solver lets the
  // piston push it across the wall's middle, and the wall's contact then pushes it out beyond.
  for (const solver of SOLVERS) {
    for (const force of [1e3, 1e4, 1e5]) {
      it(`${solver}, ${force} N: the box's centre never gets past the wall's middle`, () => {
        const world = new World({ solver, gravity: { x: 0, y: 0 }, continuous: new ContinuousCollision() });
        world.createBody({ type: 'static', width: 0.1, height: 2, position: { x: 0, y: 0 } });
        world.createBody({ type: 'static', width: 4, height: 1, position: { x: -2, y: -0.55 } });
        world.createBody({ type: 'static', width: 4, height: 1, position: { x: -2, y: 0.55 } });
        const box = world.createBody({
          shape: { type: 'box', width: 0.1, height: 0.1 },
          position: { x: -0.09, y: 0 },
        });
        const piston = world.createBody({
          shape: { type: 'box', width: 0.5, height: 0.1 },
          position: { x: -0.39, y: 0 },
          mass: 1000,
        });
        for (let i = 0; i < 120; ++i) {
          piston.applyForce({ x: force, y: 0 });
          world.step(1 / 60);
          expect(box.position.x).toBeLessThanOrEqual(0);
        }
      });
    }
  }
});
