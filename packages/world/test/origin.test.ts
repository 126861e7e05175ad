import { describe, expect, it } from 'vitest';
import { ClassicSolver, type SolverKind, World } from '../src';

// The classic solver is installed, not built in: made once here, it is picked by name ('classic') below.
new ClassicSolver();

/**
 * Where a body's origin lies is a convention: the same shape, mass and motion of the centre of
 * mass give the same path whether the origin is at the centroid or 2 m away. A spinning
 * 1 x 0.5 m block (a polygon, so both placements take the same narrowphase) is dropped onto the
 * ground, bouncing (restitution 0.5) and sliding (friction 0.6); its centre and angle over 1.5 s
 * are compared. Rounding alone separates them by about 1e-12 (a 1e-12 m nudge of the start gives
 * the same); a contact measuring its approach speed about the origin instead of the centre of mass
 * bounced the offset body differently by 0.86 rad in the classic solver.
 */
function drop(solver: SolverKind, originOffset: number, groundFirst: boolean, restitution: number): number[] {
  const world = new World({ gravity: { x: 0, y: -10 }, solver });
  world.settings.sleeping = false;
  const ground = () =>
    world.createBody({ type: 'static', width: 40, height: 1, position: { x: 0, y: -0.5 } });
  if (groundFirst) ground();
  const ox = originOffset;
  const spin = 6;
  const block = world.createBody({
    type: 'dynamic',
    shape: {
      type: 'polygon',
      vertices: [
        { x: ox - 0.5, y: -0.25 },
        { x: ox + 0.5, y: -0.25 },
        { x: ox + 0.5, y: 0.25 },
        { x: ox - 0.5, y: 0.25 },
      ],
    },
    position: { x: -ox, y: 1 },
    angularVelocity: spin,
    // The velocity given is the origin's: the centre of mass, (ox, 0) from it, starts at rest.
    linearVelocity: { x: 0, y: -spin * ox },
    restitution,
    friction: 0.6,
  });
  if (!groundFirst) ground();
  const path: number[] = [];
  for (let i = 0; i < 90; i++) {
    world.step(1 / 60);
    const q = block.transform.q;
    path.push(block.angle, block.position.x + q.c * ox, block.position.y + q.s * ox);
  }
  return path;
}

function largestDifference(a: number[], b: number[]): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

describe("a body's origin does not change its motion", () => {
  for (const solver of ['soft', 'classic'] as const) {
    for (const groundFirst of [true, false]) {
      it(`${solver} solver, the block is body ${groundFirst ? 'B' : 'A'} of its contact`, () => {
        for (const restitution of [0, 0.5]) {
          const centred = drop(solver, 0, groundFirst, restitution);
          const offset = drop(solver, 2, groundFirst, restitution);
          // It did bounce and turn: the path is not trivially the same.
          expect(Math.abs(centred[centred.length - 3])).toBeGreaterThan(1);
          expect(largestDifference(centred, offset)).toBeLessThan(1e-9);
        }
      });
    }
  }
});

describe('an origin written into position directly', () => {
  it.each(['soft', 'classic'] as const)(
    '%s: moves the body (its centre of mass too) as setTransform does, for a centred and an offset body',
    (solver) => {
      for (const offset of [0, 2]) {
        const moved = new World({ gravity: { x: 0, y: 0 }, solver });
        const placed = new World({ gravity: { x: 0, y: 0 }, solver });
        const make = (world: World) =>
          world.createBody({
            shape: { type: 'circle', radius: 0.5, center: { x: offset, y: 0 } },
            position: { x: 0, y: 0 },
            angle: 0.3,
          });
        const a = make(moved);
        const b = make(placed);
        a.position.x = 5;
        a.position.y = -3;
        b.setTransform({ x: 5, y: -3 }, 0.3);
        a.setLinearVelocity({ x: 1, y: 0 });
        b.setLinearVelocity({ x: 1, y: 0 });
        for (let i = 0; i < 30; ++i) {
          moved.step(1 / 60);
          placed.step(1 / 60);
        }
        // 30 steps at 1 m/s from x = 5: the origin at 5.5, where setTransform would have put it.
        expect(a.position.x).toBeCloseTo(5.5, 12);
        expect(a.position.x).toBe(b.position.x);
        expect(a.position.y).toBe(b.position.y);
        expect(a.getWorldCenter().x).toBe(b.getWorldCenter().x);
      }
    },
  );
});
