import { box2dLiteSoftness, Softness, softnessFromSpring } from '@lite/constraints';
import {
  BOX_LITE_TIME_STEP,
  boxLiteJointSpring,
  boxLitePyramid,
  dominos,
  multiPendulum,
  pendulum,
  pyramid,
  rain,
  randomizedStacking,
  singleBox,
  stack,
  suspensionBridge,
  teeter,
  VARYING_FRICTION,
  varyingFriction,
} from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { type Body, RevoluteJoint, World } from '../src/index';
import { allFinite, buildScene, run, solverSettings, stateOf } from './helpers';

const dt = 1 / 60;

/** Both solvers: each scene must end the same way in either. */
const SOLVERS = ['soft', 'classic'] as const;
const TWENTY_SECONDS = 20 * 60;
const SIXTY_SECONDS = 60 * 60;

/** Runs `steps` steps, checking after each that every body is finite. */
function runFinite(world: World, steps: number): void {
  for (let i = 0; i < steps; ++i) {
    world.step(dt);
    if (i % 60 === 59) expect(allFinite(world)).toBe(true);
  }
  expect(allFinite(world)).toBe(true);
}

function speed(b: Body): number {
  return Math.hypot(b.linearVelocity.x, b.linearVelocity.y);
}

/** Largest distance between the two world anchors of any revolute joint. */
function worstJointGap(world: World): number {
  let worst = 0;
  for (const joint of world.joints) {
    const j = joint as RevoluteJoint;
    const a = j.bodyA.getWorldPoint({ x: j.localAnchorAX, y: j.localAnchorAY });
    const b = j.bodyB.getWorldPoint({ x: j.localAnchorBX, y: j.localAnchorBY });
    worst = Math.max(worst, Math.hypot(a.x - b.x, a.y - b.y));
  }
  return worst;
}

describe("Box2D-Lite's joint tuning in physical units", () => {
  // Box2D-Lite's demos 7 and 9: k = m ω², d = 2 m ζ ω, softness = 1 / (d + h k) (added to K, i.e. γ),
  // bias factor = h k / (d + h k) (β). boxLiteJointSpring returns the k', d' whose implicit-Euler
  // γ = 1 / (h (d' + h k')) and β = h k' / (d' + h k') are those two numbers: k' = k / h, d' = d / h.
  const tunings = [
    { scene: suspensionBridge, frequencyHz: 2, dampingRatio: 0.7, mass: 50 },
    { scene: multiPendulum, frequencyHz: 4, dampingRatio: 0.7, mass: 10 },
  ];

  it('the stiffness and damping give the softness and bias factor Box2D-Lite computes', () => {
    const h = BOX_LITE_TIME_STEP;
    expect(h).toBe(1 / 60);
    for (const { frequencyHz, dampingRatio, mass } of tunings) {
      const omega = 2 * Math.PI * frequencyHz;
      const k = mass * omega * omega;
      const d = 2 * mass * dampingRatio * omega;
      const spring = boxLiteJointSpring(frequencyHz, dampingRatio, mass);
      expect(spring.stiffness / (k / h) - 1).toBeCloseTo(0, 14);
      expect(spring.damping / (d / h) - 1).toBeCloseTo(0, 14);
      // γ of the implicit-Euler spring (any effective mass: γ does not depend on it) against
      // Box2D-Lite's softness, and β against its bias factor.
      for (const effectiveMass of [1, mass, 0.3 * mass]) {
        const s = softnessFromSpring(new Softness(), spring.stiffness, spring.damping, effectiveMass, h);
        expect(s.gamma / box2dLiteSoftness(k, d, h) - 1).toBeCloseTo(0, 12);
        expect(s.beta / ((h * k) / (d + h * k)) - 1).toBeCloseTo(0, 12);
      }
      // The nominal spring (k, d) is 60 times softer: its γ is 1/h times Box2D-Lite's softness.
      const nominal = softnessFromSpring(new Softness(), k, d, 1, h);
      expect(nominal.gamma / box2dLiteSoftness(k, d, h)).toBeCloseTo(1 / h, 9);
    }
    // The values quoted in the scenes' documentation.
    expect(boxLiteJointSpring(2, 0.7, 50).stiffness).toBeCloseTo(473741, -1);
    expect(boxLiteJointSpring(2, 0.7, 50).damping).toBeCloseTo(52779, -1);
    expect(boxLiteJointSpring(4, 0.7, 10).stiffness).toBeCloseTo(378993, -1);
    expect(boxLiteJointSpring(4, 0.7, 10).damping).toBeCloseTo(21112, -1);
  });

  it("the scenes' pins carry that spring, and the world's prepare gives each Box2D-Lite's γ and β", () => {
    for (const { scene, frequencyHz, dampingRatio, mass } of tunings) {
      const def = scene();
      const spring = boxLiteJointSpring(frequencyHz, dampingRatio, mass);
      for (const j of def.joints) {
        if (j.kind !== 'revolute' && j.kind !== 'distance') throw new Error('pins or rods expected');
        expect(j.stiffness).toBe(spring.stiffness);
        expect(j.damping).toBe(spring.damping);
        expect(j.frequencyHz).toBeUndefined();
        expect(j.dampingRatio).toBeUndefined();
      }
      // Box2D-Lite's step: the classic solver, one step of h.
      const { world } = buildScene(def, { solver: 'classic' });
      world.step(BOX_LITE_TIME_STEP);
      const omega = 2 * Math.PI * frequencyHz;
      const k = mass * omega * omega;
      const d = 2 * mass * dampingRatio * omega;
      for (const joint of world.joints) {
        // The solver's softness of the pin (internal fields, not on the public type).
        const pin = joint as RevoluteJoint & { springGamma: number; softness: { beta: number } };
        expect(pin.springForm).toBe('stiffness');
        expect(pin.springGamma / box2dLiteSoftness(k, d, BOX_LITE_TIME_STEP) - 1).toBeCloseTo(0, 12);
        expect(pin.softness.beta / ((BOX_LITE_TIME_STEP * k) / (d + BOX_LITE_TIME_STEP * k)) - 1).toBeCloseTo(
          0,
          12,
        );
      }
    }
  });
});

describe.each(SOLVERS)("Box2D-Lite's nine demos, 20 s each (%s)", (solver) => {
  it('1. single box: comes to rest on the ground at y = 0.5', () => {
    const { world, bodies } = buildScene(singleBox(), { solver });
    runFinite(world, TWENTY_SECONDS);
    const box = bodies[1];
    expect(box.position.y).toBeGreaterThan(0.5 - 0.02); // at most two slops of penetration
    expect(box.position.y).toBeLessThan(0.5 + 1e-3);
    expect(Math.abs(box.position.x)).toBeLessThan(1e-9);
    expect(Math.abs(box.angle)).toBeLessThan(1e-9);
    expect(box.awake).toBe(false); // and sleeps
  });

  it('2. pendulum: the 9 m arm holds and the swing never rises above its release height', () => {
    const { world, bodies } = buildScene(pendulum(), { solver });
    const bob = bodies[1];
    let lowest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < TWENTY_SECONDS; ++i) {
      world.step(dt);
      lowest = Math.min(lowest, bob.position.y);
      expect(bob.position.y).toBeLessThan(11 + 0.05);
      expect(Math.abs(Math.hypot(bob.position.x, bob.position.y - 11) - 9)).toBeLessThan(0.05);
    }
    expect(allFinite(world)).toBe(true);
    expect(lowest).toBeCloseTo(2, 1); // it passes the bottom, 9 m below the pivot
  });

  it('3. varying friction: every box with friction stops, the frictionless one slides off', () => {
    const { world, bodies } = buildScene(varyingFriction(), { solver });
    runFinite(world, TWENTY_SECONDS);
    const boxes = bodies.slice(6);
    const slope = Math.tan(0.25);
    // Each box lands on the top ramp at about 6.5 m/s: 6.3 m/s into the ramp, 1.6 m/s along it. With
    // μ (mixed with the ramp's 0.2) · 6.3 > 1.6, friction stops it during the impact, and since
    // μ > tan 0.25 it stays: true of μ = 0.75 and 0.5 (mixed 0.39 and 0.32).
    for (const i of [0, 1]) {
      expect(Math.sqrt(VARYING_FRICTION[i] * 0.2) * 6.3).toBeGreaterThan(1.6);
      expect(boxes[i].position.y).toBeGreaterThan(9.4); // the top ramp spans y = 9.4 .. 12.6
    }
    // Every box with friction comes to rest, the more friction the higher up.
    for (let i = 0; i < 4; ++i) expect(speed(boxes[i])).toBeLessThan(0.01);
    for (let i = 1; i < 4; ++i) expect(boxes[i].position.y).toBeLessThanOrEqual(boxes[i - 1].position.y);
    // μ = 0.1 (mixed 0.14 < tan 0.25) cannot stay on any ramp: it ends on the ground.
    expect(Math.sqrt(VARYING_FRICTION[3] * 0.2)).toBeLessThan(slope);
    expect(boxes[3].position.y).toBeCloseTo(0.25, 1);
    // μ = 0 never stops: still sliding on the ground, or gone off its end.
    expect(speed(boxes[4]) > 1 || boxes[4].position.y < 0).toBe(true);
  });

  it('4. randomized stacking: ten boxes settle into a standing column', () => {
    const { world, bodies } = buildScene(randomizedStacking(1), { solver });
    runFinite(world, TWENTY_SECONDS);
    const boxes = bodies.slice(1);
    boxes.forEach((b, i) => {
      expect(Math.abs(b.position.y - (0.5 + i))).toBeLessThan(0.15);
      expect(Math.abs(b.position.x)).toBeLessThan(0.2);
      expect(Math.abs(b.angle)).toBeLessThan(0.05);
      expect(speed(b)).toBeLessThan(0.01);
    });
  });

  it('5. pyramid of 12: every box lands on the two boxes below it and stays there', () => {
    const { world, bodies } = buildScene(boxLitePyramid(), { solver });
    runFinite(world, TWENTY_SECONDS);
    // rows[r][k]: box k of row r (rows of 12 - r boxes, 1.125 m apart, dropping onto the row below).
    const rows: Body[][] = [];
    let next = 1;
    for (let r = 0; r < 12; ++r) rows.push(bodies.slice(next, (next += 12 - r)));
    rows.forEach((row, r) => {
      row.forEach((b, k) => {
        if (r === 0) {
          expect(Math.abs(b.position.x - (-6 + 1.125 * k))).toBeLessThan(0.25);
        } else {
          // Centred between its two supports (1.125 m apart): off by less than a quarter box, so it
          // overlaps each by at least 0.19 m.
          const middle = (rows[r - 1][k].position.x + rows[r - 1][k + 1].position.x) / 2;
          expect(Math.abs(b.position.x - middle)).toBeLessThan(0.25);
        }
        // In its row: sunk by at most a slop (1 cm) per contact below it, plus 1 cm.
        expect(b.position.y).toBeLessThan(0.5 + r + 1e-3);
        expect(b.position.y).toBeGreaterThan(0.5 + r - 0.01 * (r + 1) - 0.01);
        expect(Math.abs(b.angle)).toBeLessThan(0.05);
        expect(speed(b)).toBeLessThan(0.01);
      });
    });
  });

  it('6. teeter: the heavy box tips the plank onto its right end and throws the light boxes up', () => {
    const { world, bodies } = buildScene(teeter(), { solver });
    const [, plank, small1, small2, heavy] = bodies;
    // The plank's right end rests on the ground: sin(-angle) · 6 ≈ 1 - 0.125.
    const restAngle = -Math.asin((1 - 0.125) / 6);
    let tipped = false;
    let highest = 0;
    for (let i = 0; i < TWENTY_SECONDS; ++i) {
      world.step(dt);
      if (Math.abs(plank.angle - restAngle) < 0.01) tipped = true;
      highest = Math.max(highest, Math.min(small1.position.y, small2.position.y));
    }
    expect(allFinite(world)).toBe(true);
    expect(tipped).toBe(true);
    expect(highest).toBeGreaterThan(3); // both light boxes were thrown at least 2 m up
    for (const b of [small1, small2, heavy]) {
      expect(b.position.y).toBeGreaterThan(0.2);
      expect(speed(b)).toBeLessThan(0.01);
    }
    if (solver === 'classic') {
      // Box2D-Lite's ending: the box lands flat (both lower corners are inside the plank at the
      // step it is found) and stays on the plank's right end, which stays on the ground.
      expect(plank.angle).toBeCloseTo(restAngle, 1);
      expect(heavy.position.x).toBeGreaterThan(2);
      expect(heavy.position.x).toBeLessThan(6);
    } else {
      // The soft step finds the contact before the faces meet (speculative points), so the box
      // lands on its right lower corner first (the plank is tilted up towards it), spins, and
      // tumbles off the plank's end onto the ground: Box2D v3 (4 sub-steps, same scene) does the
      // same and leaves the box on the ground at x = 8.2.
      expect(heavy.position.x).toBeGreaterThan(6.5);
      expect(heavy.position.y).toBeCloseTo(0.5, 2);
    }
  });

  it("7. suspension bridge: hangs as Box2D-Lite's does, middle plank at 3.40 ± 0.1 m at step 600", () => {
    // Box2D-Lite's bridge at 60 Hz, 10 iterations: its middle plank is near y = 3.40 after 600 steps,
    // 1.6 m below the anchors. The scene's pins carry the stiffness Box2D-Lite's tuning really gives
    // (about 474 kN/m, see boxLiteJointSpring): with the nominal 2 Hz spring (7.9 kN/m, 60 times
    // softer) the planks lay on the ground instead (middle plank at y = 0.115).
    const { world, bodies } = buildScene(suspensionBridge(), { solver });
    const planks = bodies.slice(1);
    const middle = planks[7];
    expect(middle.userData).toBe('middle');
    let worstGap = 0;
    for (let i = 0; i < 600; ++i) {
      world.step(dt);
      worstGap = Math.max(worstGap, worstJointGap(world));
    }
    expect(allFinite(world)).toBe(true);
    expect(Math.abs(middle.position.y - 3.4)).toBeLessThan(0.1);
    // Pins: stiff springs, open by the planks' weight only (a few cm: 2.4 cm at rest, 4.7 cm at most
    // while the bridge drops; 0.73 m with the nominal spring).
    expect(worstGap).toBeLessThan(0.06);
    const centre = 0.25; // halfway between the end anchors at -9.125 and 9.625
    for (let i = 0; i < 7; ++i) {
      const a = planks[i];
      const b = planks[14 - i];
      // Symmetric about the centre within 1 cm and 0.01 rad, and lower towards the middle.
      expect(Math.abs(a.position.y - b.position.y)).toBeLessThan(0.01);
      expect(Math.abs(a.position.x - centre - (centre - b.position.x))).toBeLessThan(0.01);
      expect(Math.abs(a.angle + b.angle)).toBeLessThan(0.01);
      expect(a.position.y).toBeGreaterThan(planks[i + 1].position.y);
    }
    // It sways on for a while (the joints' damping acts on their stretch, not on the swing) and
    // comes to rest within a minute, still hanging well clear of the ground.
    for (let i = 600; i < SIXTY_SECONDS; ++i) {
      world.step(dt);
      if (i % 10 === 9) worstGap = Math.max(worstGap, worstJointGap(world));
    }
    expect(allFinite(world)).toBe(true);
    expect(worstGap).toBeLessThan(0.06);
    expect(Math.abs(middle.position.y - 3.4)).toBeLessThan(0.1);
    for (const p of planks) {
      expect(speed(p)).toBeLessThan(0.01);
      expect(p.position.y).toBeGreaterThan(3);
    }
  });

  it('8. dominos: the pendulum box starts the chain and every domino falls', () => {
    const { world, bodies } = buildScene(dominos(), { solver });
    runFinite(world, TWENTY_SECONDS);
    const dominoBodies = bodies.slice(2, 12);
    for (const d of dominoBodies) {
      const fallen = Math.abs(Math.sin(d.angle)) > 0.5 || d.position.y < 10.25;
      expect(fallen).toBe(true);
    }
    expect(worstJointGap(world)).toBeLessThan(0.05);
  });

  it('9. multi-pendulum: the pins hold within a few cm and the chain never rises above its start', () => {
    // Links 0.75 m long, 1 m apart, pinned by the stiffness Box2D-Lite's "4 Hz for 10 kg" really
    // gives (about 379 kN/m, see boxLiteJointSpring). The pins open by a few cm at most (about 10 cm
    // for a few steps when the whipping chain hits the ground, 1 cm or less most of the time; with
    // the nominal 4 Hz spring, 60 times softer, they opened by 0.3 m at rest and 0.66 m at worst).
    const { world, bodies } = buildScene(multiPendulum(), { solver });
    const gaps: number[] = [];
    for (let i = 0; i < TWENTY_SECONDS; ++i) {
      world.step(dt);
      // Released at y = 12 from rest: nothing may rise above it (1 cm allowance).
      for (const b of bodies.slice(1)) expect(b.position.y).toBeLessThan(12 + 0.01);
      gaps.push(worstJointGap(world));
    }
    expect(allFinite(world)).toBe(true);
    gaps.sort((a, b) => a - b);
    expect(gaps[gaps.length - 1]).toBeLessThan(0.15); // the worst step
    expect(gaps[Math.floor(0.95 * gaps.length)]).toBeLessThan(0.03); // 95% of the steps
  });
});

/**
 * Runs a column of `n` boxes (the scene catalogue's stack: 1 m, 1 kg, friction 0.6, 60 Hz, 10
 * iterations, gravity 10) for up to `steps` steps and returns the step at which it fell (a box more
 * than a quarter box sideways from where it started, or the top sunk by half a box), or `steps` if
 * it stood, and the top's sink.
 */
function runStack(n: number, offset: number, blockSolver: boolean, steps: number) {
  const { world, bodies } = buildScene(stack(n, { offset }), { sleeping: false, solver: 'classic' });
  solverSettings(world).blockSolver = blockSolver;
  const boxes = bodies.slice(1);
  const x0 = boxes.map((b) => b.position.x);
  const top = boxes[n - 1];
  let fellAt = steps;
  for (let i = 0; i < steps && fellAt === steps; ++i) {
    world.step(dt);
    if (n - 0.5 - top.position.y > 0.5) fellAt = i;
    for (let k = 0; k < n; ++k) if (Math.abs(boxes[k].position.x - x0[k]) > 0.25) fellAt = i;
  }
  expect(allFinite(world)).toBe(true);
  return { fellAt, sink: n - 0.5 - top.position.y };
}

describe('stacks and pyramids (classic)', () => {
  it('a 24-box column stands 60 s with the block solver', () => {
    const r = runStack(24, 0, true, SIXTY_SECONDS);
    expect(r.fellAt).toBe(SIXTY_SECONDS);
    // Sink: at most about one slop (1 cm) of penetration per contact.
    expect(r.sink).toBeLessThan(24 * 0.012);
  });

  // Known shortfall (see the package report): at 10 iterations the ±5 mm column creeps sideways
  // and falls after about 9 s even with the block solver; it stands with 30 iterations. The
  // sideways creep is Gauss-Seidel non-convergence over 24 contacts, in the contact solver.
  it.fails('a 24-box column with ±5 mm alternating offsets stands 60 s with the block solver', () => {
    const r = runStack(24, 0.005, true, SIXTY_SECONDS);
    expect(r.fellAt).toBe(SIXTY_SECONDS);
  });

  it('without the block solver the same columns fall much sooner', () => {
    for (const offset of [0, 0.005]) {
      const on = runStack(24, offset, true, SIXTY_SECONDS);
      const off = runStack(24, offset, false, SIXTY_SECONDS);
      expect(off.fellAt).toBeLessThan(SIXTY_SECONDS);
      expect(on.fellAt).toBeGreaterThan(2 * off.fellAt);
    }
  });

  it.each(SOLVERS)('a pyramid with a base of 20 (210 boxes) stands 60 s (%s)', (solver) => {
    const { world, bodies } = buildScene(pyramid(20), { sleeping: false, solver });
    const boxes = bodies.slice(1);
    const start = boxes.map((b) => ({ x: b.position.x, y: b.position.y }));
    runFinite(world, SIXTY_SECONDS);
    boxes.forEach((b, i) => {
      const row = Math.round(start[i].y - 0.5);
      expect(Math.abs(b.position.x - start[i].x)).toBeLessThan(0.1);
      // Sunk by at most a slop (1 cm) per contact below it, plus 1 cm; never lifted.
      expect(start[i].y - b.position.y).toBeLessThan(0.01 * (row + 1) + 0.01);
      expect(b.position.y - start[i].y).toBeLessThan(1e-3);
      expect(Math.abs(b.angle)).toBeLessThan(0.05);
    });
  });
});

describe('a physical pendulum', () => {
  it('swings at small amplitude with the period 2π √(I_pivot / (m g d)) within 1%', () => {
    const world = new World({ sleeping: false });
    const ground = world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 } });
    const width = 0.5;
    const height = 0.25;
    const mass = 3;
    const d = 2; // pivot to centre
    const theta0 = 0.05;
    const pivot = { x: 0, y: 10 };
    const bob = world.createBody({
      width,
      height,
      mass,
      position: { x: pivot.x + d * Math.sin(theta0), y: pivot.y - d * Math.cos(theta0) },
      angle: theta0,
    });
    world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: bob, anchor: pivot });
    const iPivot = (mass * (width * width + height * height)) / 12 + mass * d * d;
    const expected = 2 * Math.PI * Math.sqrt(iPivot / (mass * 10 * d));

    // Zero crossings of the swing angle (from the pivot to the centre), linearly interpolated.
    const crossings: number[] = [];
    let previous = Math.atan2(bob.position.x - pivot.x, pivot.y - bob.position.y);
    for (let i = 1; i <= 60 * 30; ++i) {
      world.step(dt);
      const angle = Math.atan2(bob.position.x - pivot.x, pivot.y - bob.position.y);
      if ((previous > 0 && angle <= 0) || (previous < 0 && angle >= 0)) {
        crossings.push((i - 1 + previous / (previous - angle)) * dt);
      }
      previous = angle;
    }
    expect(crossings.length).toBeGreaterThan(10);
    // Two crossings per period: measure over every whole period available.
    const halfPeriods = crossings.length - 1;
    const measured = (2 * (crossings[crossings.length - 1] - crossings[0])) / halfPeriods;
    expect(Math.abs(measured - expected) / expected).toBeLessThan(0.01);
  });
});

describe('determinism', () => {
  it('two runs of the same scene are bit-identical after 1,000 steps', () => {
    for (const make of [() => rain(120, 3), () => dominos(), () => randomizedStacking(9)]) {
      const first = buildScene(make());
      const second = buildScene(make());
      run(first.world, 1000);
      run(second.world, 1000);
      const a = stateOf(first.world);
      const b = stateOf(second.world);
      expect(a.length).toBe(b.length);
      expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
    }
  });
});
