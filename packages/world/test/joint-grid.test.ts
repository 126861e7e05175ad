import { jointGrid } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { type Body, ClassicSolver, RevoluteJoint, type SolverKind, World, WorldError } from '../src/index';
import { allFinite, buildScene } from './helpers';

/*
 * Webs of pins: Box2D v3's joint grid benchmark (circles pinned to their four neighbours, hanging
 * from seven static ones) and over-constrained webs (cells crossed by extra pins, rods that cannot
 * all hold). Every body is held three or four ways, around loops, so errors one joint corrects
 * reach the others: a rigid, Baumgarte-biased, warm-started pin hands its correction on as speed,
 * and the web's speeds fed each other until the gaps were hundreds of metres. Box2D v3 holds the
 * 100 × 100 grid (its widest pin gap 0.64 m, its lowest body at -105 m after 500 steps); the full
 * size runs in scripts/joint-grid.ts, the unit suite runs 20 × 20 grids with the same criteria.
 */

const dt = 1 / 60;
const g = 10;

/** Largest distance between the two world anchors of any revolute joint of `world`. */
function widestGap(world: World): number {
  let worst = 0;
  for (const joint of world.joints) {
    const j = joint as RevoluteJoint;
    const a = j.bodyA.getWorldPoint({ x: j.localAnchorAX, y: j.localAnchorAY });
    const b = j.bodyB.getWorldPoint({ x: j.localAnchorBX, y: j.localAnchorBY });
    worst = Math.max(worst, Math.hypot(a.x - b.x, a.y - b.y));
  }
  return worst;
}

function lowest(bodies: readonly Body[]): number {
  let y = Number.POSITIVE_INFINITY;
  for (const b of bodies) y = Math.min(y, b.position.y);
  return y;
}

function fastest(bodies: readonly Body[]): number {
  let v = 0;
  for (const b of bodies) v = Math.max(v, Math.hypot(b.linearVelocity.x, b.linearVelocity.y));
  return v;
}

describe('joint grid (soft step)', () => {
  // 20 × 20: 400 bodies, 754 pins (a few seconds; the full 100 × 100 takes minutes and is in
  // scripts/joint-grid.ts). Before the soft joint rows its widest gap was 522 m at step 80.
  const size = 20;
  it(`${size} × ${size} for 500 steps: every pin within 1 m, nothing below -${2 * size} m`, () => {
    const { world, bodies } = buildScene(jointGrid(size), { solver: 'soft', sleeping: false });
    let worstGap = 0;
    for (let step = 1; step <= 500; ++step) {
      world.step(dt);
      if (step % 10 === 0) {
        expect(allFinite(world)).toBe(true);
        worstGap = Math.max(worstGap, widestGap(world));
        // The web hangs from its top row: a body falls at most the grid's height (size - 1 m)
        // below its start, rows reaching about -size; twice that would mean it came apart.
        expect(lowest(bodies)).toBeGreaterThan(-2 * size);
      }
    }
    expect(worstGap).toBeLessThan(1);
  }, 240_000);
});

describe('joint grid (classic step)', () => {
  // With Baumgarte's bias on its rigid pins (the default, Box2D-Lite's), the classic step lets a
  // 20 × 20 grid come apart slowly (widest gap 877 m after 500 steps); with the joint spring and
  // the joint relax pass (the classic solver's jointSprings) it holds.
  const size = 20;
  it(`${size} × ${size} with jointSprings: every pin within 1 m, nothing below -${2 * size} m`, () => {
    const { world, bodies } = buildScene(jointGrid(size), { solver: 'classic', sleeping: false });
    (world.classicSolver as ClassicSolver).jointSprings = true;
    let worstGap = 0;
    for (let step = 1; step <= 500; ++step) {
      world.step(dt);
      if (step % 10 === 0) {
        expect(allFinite(world)).toBe(true);
        worstGap = Math.max(worstGap, widestGap(world));
        expect(lowest(bodies)).toBeGreaterThan(-2 * size);
      }
    }
    expect(worstGap).toBeLessThan(1);
  }, 240_000);

  it('jointSprings refuses a non-boolean with a WorldError', () => {
    const classic = new ClassicSolver();
    expect(() => {
      classic.jointSprings = 'true' as unknown as boolean;
    }).toThrow(/^classicSolver\.jointSprings = "?true"?: must be a boolean/);
    expect(classic.jointSprings).toBe(false);
    expect(new ClassicSolver({ jointSprings: true }).jointSprings).toBe(true);
  });
});

describe('over-constrained webs stay bounded', () => {
  // No body may move faster than a free fall from the web's whole height would make it, plus a
  // margin of 5 m/s: joints that cannot all hold may fight, but never pump energy in.
  const margin = 5;

  // The classic step with Baumgarte's bias on rigid rows (its default, Box2D-Lite's) is not held to
  // this: its two fighting rods reach 116 m/s. With jointSprings it is.
  for (const solver of ['soft', 'classic'] as SolverKind[]) {
    it(`${solver}: a 6 × 6 grid with a pin across every cell`, () => {
      const size = 6;
      const { world, bodies } = buildScene(jointGrid(size), { solver, sleeping: false });
      if (world.classicSolver !== null) world.classicSolver.jointSprings = true;
      // Each cell's top-left and bottom-right bodies pinned again at the cell's centre: with the
      // four side pins, a cell has more pins than it has freedoms.
      for (let k = 0; k + 1 < size; ++k) {
        for (let i = 0; i + 1 < size; ++i) {
          world.createJoint(RevoluteJoint, {
            bodyA: bodies[k * size + i],
            bodyB: bodies[(k + 1) * size + i + 1],
            anchor: { x: k + 0.5, y: -i - 0.5 },
          });
        }
      }
      const bound = Math.sqrt(2 * g * size) + margin;
      let top = 0;
      for (let step = 1; step <= 600; ++step) {
        world.step(dt);
        expect(allFinite(world)).toBe(true);
        top = Math.max(top, fastest(bodies));
      }
      expect(top).toBeLessThan(bound);
      expect(lowest(bodies)).toBeGreaterThan(-2 * size);
    });

    it(`${solver}: two rods that cannot both hold`, () => {
      // A 1 kg box between two static anchors 4 m apart, held by a 1 m rod from each: at most one
      // can have its length, and they pull against each other for ever.
      const { world, bodies } = buildScene(
        {
          id: 'rods',
          title: 'rods',
          description: 'rods',
          gravity: { x: 0, y: -g },
          iterations: 10,
          bodies: [
            { type: 'static', width: 0.2, height: 0.2, x: -2, y: 5 },
            { type: 'static', width: 0.2, height: 0.2, x: 2, y: 5 },
            { type: 'dynamic', width: 0.5, height: 0.5, x: 0, y: 5, mass: 1 },
          ],
          joints: [
            {
              kind: 'distance',
              bodyA: 0,
              bodyB: 2,
              anchorAX: -2,
              anchorAY: 5,
              anchorBX: 0,
              anchorBY: 5,
              length: 1,
            },
            {
              kind: 'distance',
              bodyA: 1,
              bodyB: 2,
              anchorAX: 2,
              anchorAY: 5,
              anchorBX: 0,
              anchorBY: 5,
              length: 1,
            },
          ],
          camera: { x: 0, y: 5, height: 10 },
        },
        { solver, sleeping: false },
      );
      if (world.classicSolver !== null) world.classicSolver.jointSprings = true;
      // The box can drop at most √(2² - ...) < 2 m below the anchors' line: 2 m of fall.
      const bound = Math.sqrt(2 * g * 2) + margin;
      let top = 0;
      for (let step = 1; step <= 600; ++step) {
        world.step(dt);
        expect(allFinite(world)).toBe(true);
        top = Math.max(top, fastest(bodies));
      }
      expect(top).toBeLessThan(bound);
    });
  }
});

describe('the soft step joint spring settings', () => {
  it('jointHertz and jointDampingRatio refuse bad values with a WorldError and keep the old one', () => {
    const world = new World();
    expect(world.settings.jointHertz).toBe(60);
    expect(world.settings.jointDampingRatio).toBe(5);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '60']) {
      expect(() => {
        world.settings.jointHertz = bad as number;
      }).toThrow(WorldError);
    }
    expect(() => {
      world.settings.jointHertz = -1;
    }).toThrow(/settings\.jointHertz/);
    for (const bad of [-0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => {
        world.settings.jointDampingRatio = bad;
      }).toThrow(/settings\.jointDampingRatio/);
    }
    expect(world.settings.jointHertz).toBe(60);
    expect(world.settings.jointDampingRatio).toBe(5);
    world.settings.jointHertz = 30;
    world.settings.jointDampingRatio = 0;
    expect(world.settings.jointHertz).toBe(30);
    expect(world.settings.jointDampingRatio).toBe(0);
  });

  it('a pin holding a weight opens by g / ω², the static stretch of its spring', () => {
    // A 10 kg bob hanging 2 m below a static anchor, at rest: along the arm the pin's effective mass
    // is the bob's, so a spring of ω = 2π jointHertz opens it by m g / (m ω²) = g / ω² (70 µm at
    // 60 Hz, 1 cm at 5 Hz). The position passes, which would close a lone pin, are off.
    for (const hertz of [60, 5]) {
      const world = new World({ gravity: { x: 0, y: -g }, sleeping: false });
      world.settings.jointPositionIterations = 0;
      world.settings.jointHertz = hertz;
      const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: 10 } });
      const bob = world.createBody({ width: 0.5, height: 0.5, mass: 10, position: { x: 0, y: 8 } });
      world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: bob, anchor: { x: 0, y: 10 } });
      // Overdamped, the stretch settles at about ω / 2ζ per second (1.8/s at 5 Hz): 10 s.
      for (let i = 0; i < 600; ++i) world.step(dt);
      const omega = 2 * Math.PI * hertz;
      expect(widestGap(world) / (g / omega ** 2) - 1).toBeCloseTo(0, 2);
    }
  });
});
