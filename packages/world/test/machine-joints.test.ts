import { describe, expect, it } from 'vitest';
import {
  type Body,
  ClassicSolver,
  DistanceJoint,
  MotorJoint,
  PrismaticJoint,
  RevoluteJoint,
  type SolverKind,
  WeldJoint,
  WheelJoint,
  World,
  WorldError,
} from '../src/index';

// The classic solver is installed, not built in: made once here, it is picked by name ('classic') below.
new ClassicSolver();

/*
 * The prismatic, weld, wheel and motor joints against analytic results, with both solvers at 60 Hz
 * and each solver's default iterations and sub-steps. Tolerances are stated per test.
 */

const dt = 1 / 60;
const g = 10;
const SOLVERS: SolverKind[] = ['classic', 'soft'];

function makeWorld(solver: SolverKind, gravity = -g): { world: World; ground: Body } {
  const world = new World({ gravity: { x: 0, y: gravity }, sleeping: false, solver });
  const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: -50 } });
  return { world, ground };
}

describe.each(SOLVERS)('prismatic joint (%s)', (solver) => {
  it('a motor of max force F lifts a body at (F - m g) / m within 1%', () => {
    const { world, ground } = makeWorld(solver);
    const m = 2;
    const F = 30;
    const body = world.createBody({ width: 1, height: 1, mass: m, position: { x: 0, y: 0 } });
    const joint = world.createJoint(PrismaticJoint, {
      bodyA: ground,
      bodyB: body,
      anchor: { x: 0, y: 0 },
      axis: { x: 0, y: 1 },
      motorSpeed: 1000,
      maxMotorForce: F,
    });
    for (let i = 0; i < 60; ++i) world.step(dt);
    const expected = (F - m * g) / m;
    expect(Math.abs(body.linearVelocity.y / 1 - expected) / expected).toBeLessThan(0.01);
    expect(Math.abs(joint.getMotorForce() - F) / F).toBeLessThan(0.01);
  });

  it('keeps a tilted slider on its axis within 1e-6 m over 10 s', () => {
    const { world, ground } = makeWorld(solver);
    const body = world.createBody({ width: 1, height: 0.5, mass: 3, position: { x: 0, y: 0 } });
    const ax = Math.cos(Math.PI / 6);
    const ay = Math.sin(Math.PI / 6);
    world.createJoint(PrismaticJoint, {
      bodyA: ground,
      bodyB: body,
      anchor: { x: 0, y: 0 },
      axis: { x: ax, y: ay },
      motorSpeed: 2,
      maxMotorForce: 100,
    });
    let worst = 0;
    for (let i = 0; i < 600; ++i) {
      world.step(dt);
      // The distance from the line through the anchor along the axis, and the turn.
      worst = Math.max(worst, Math.abs(-ay * body.position.x + ax * body.position.y), Math.abs(body.angle));
    }
    expect(worst).toBeLessThan(1e-6);
  });

  it('holds its limits within 5 mm against a motor of 10 times the weight', () => {
    const { world, ground } = makeWorld(solver);
    const m = 2;
    const body = world.createBody({ width: 1, height: 1, mass: m, position: { x: 0, y: 0 } });
    const joint = world.createJoint(PrismaticJoint, {
      bodyA: ground,
      bodyB: body,
      anchor: { x: 0, y: 0 },
      axis: { x: 0, y: 1 },
      lowerTranslation: -1,
      upperTranslation: 1,
      motorSpeed: 100,
      maxMotorForce: 10 * m * g,
    });
    let high = -Infinity;
    let low = Infinity;
    for (let i = 0; i < 360; ++i) {
      if (i === 180) joint.setMotorSpeed(-100);
      world.step(dt);
      high = Math.max(high, body.position.y);
      low = Math.min(low, body.position.y);
    }
    expect(high).toBeLessThan(1 + 0.005);
    expect(high).toBeGreaterThan(1 - 0.005);
    expect(low).toBeGreaterThan(-1 - 0.005);
    expect(body.position.y).toBeCloseTo(-1, 2);
    // At rest on the lower limit: the motor pushes down with 10 m g, the limit holds 11 m g, and
    // the joint as a whole carries the weight.
    const f = joint.getReactionForce();
    expect(Math.abs(f.y - m * g) / (m * g)).toBeLessThan(0.005);
    expect(Math.abs(joint.getMotorForce() + 10 * m * g) / (10 * m * g)).toBeLessThan(0.005);
  });

  it('turns its motor and limits on and off live', () => {
    const { world, ground } = makeWorld(solver);
    const body = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 0 } });
    const joint = world.createJoint(PrismaticJoint, {
      bodyA: ground,
      bodyB: body,
      anchor: { x: 0, y: 0 },
      axis: { x: 0, y: 1 },
      lowerTranslation: -0.5,
      upperTranslation: 0.5,
    });
    for (let i = 0; i < 60; ++i) world.step(dt);
    expect(body.position.y).toBeCloseTo(-0.5, 2);
    joint.setEnableLimit(false);
    for (let i = 0; i < 30; ++i) world.step(dt);
    expect(body.position.y).toBeLessThan(-1);
    expect(() => joint.setLimits(1, -1)).toThrow(WorldError);
    expect(joint.lowerTranslation).toBe(-0.5);
  });
});

/**
 * Tip height at rest of a cantilever of `n` boxes (length w, mass m, inertia I about the centre)
 * welded end to end to a wall, each weld's point rigid and its angle a spring, in large rotations.
 *
 * The spring: the angle row's effective mass is 1 / (iA + iB) (the inverse inertias about the
 * bodies' centres), and its softness makes the row pull back with k = ω² / (iA + iB) (ω = 2π f; see
 * `WeldJoint`): k₀ = ω² I at the wall (A static), k = ω² I / 2 between two boxes.
 *
 * The balance: with box i turned to φᵢ = θ₀ + ... + θᵢ (θⱼ the turn of weld j), weld j sits at
 * pⱼ = Σ_{i<j} w (cos φᵢ, sin φᵢ) and box i's centre at cᵢ = pᵢ + (w / 2)(cos φᵢ, sin φᵢ). Weld j
 * holds the boxes beyond it against gravity: kⱼ θⱼ = -Σ_{i>=j} m g (cᵢ.x - pⱼ.x). Solved for the θ by
 * under-relaxed fixed-point iteration to a residual below 1e-12 rad (exact in large rotations, so
 * the sag may be metres); returns the height of the tip, pₙ.y.
 */
function cantileverTipAtRest(n: number, w: number, m: number, inertia: number, frequencyHz: number): number {
  const omega2 = (2 * Math.PI * frequencyHz) ** 2;
  const theta = new Float64Array(n);
  const px = new Float64Array(n + 1);
  const py = new Float64Array(n + 1);
  const cx = new Float64Array(n);
  for (let iteration = 0; iteration < 100_000; ++iteration) {
    let phi = 0;
    for (let i = 0; i < n; ++i) {
      phi += theta[i];
      px[i + 1] = px[i] + w * Math.cos(phi);
      py[i + 1] = py[i] + w * Math.sin(phi);
      cx[i] = px[i] + (w / 2) * Math.cos(phi);
    }
    let residual = 0;
    for (let j = 0; j < n; ++j) {
      let moment = 0;
      for (let i = j; i < n; ++i) moment += m * g * (cx[i] - px[j]);
      const k = j === 0 ? omega2 * inertia : (omega2 * inertia) / 2;
      const target = -moment / k;
      residual = Math.max(residual, Math.abs(target - theta[j]));
      theta[j] += 0.3 * (target - theta[j]);
    }
    if (residual < 1e-12) return py[n];
  }
  throw new Error('the cantilever model did not converge');
}

/**
 * Ten 1 m boxes (1 kg, 0.25 m tall) welded end to end to a wall at y = 0. `damping` (1/s) is the
 * boxes' linear and angular damping.
 */
function cantilever(solver: SolverKind, angularFrequencyHz?: number, damping = 0) {
  const world = new World({ gravity: { x: 0, y: -g }, sleeping: false, solver });
  const wall = world.createBody({ type: 'static', width: 1, height: 4, position: { x: -0.5, y: 0 } });
  const boxes: Body[] = [];
  let previous = wall;
  for (let i = 0; i < 10; ++i) {
    const box = world.createBody({
      width: 1,
      height: 0.25,
      mass: 1,
      position: { x: i + 0.5, y: 0 },
      linearDamping: damping,
      angularDamping: damping,
    });
    world.createJoint(WeldJoint, {
      bodyA: previous,
      bodyB: box,
      anchor: { x: i, y: 0 },
      angularFrequencyHz,
      dampingRatio: 1,
      collideConnected: false,
    });
    boxes.push(box);
    previous = box;
  }
  return { world, boxes };
}

describe.each(SOLVERS)('weld joint (%s)', (solver) => {
  // The welds of the chain are solved at once (a chain of welds, see `buildWeldChains`);
  // Gauss-Seidel alone sags by metres here.
  it('a rigid cantilever of 10 welded 1 m boxes sags less than 1 cm at the tip', () => {
    const { world, boxes } = cantilever(solver);
    for (let i = 0; i < 300; ++i) world.step(dt);
    const tip = boxes[9].getWorldPoint({ x: 0.5, y: 0 });
    expect(Math.abs(tip.y)).toBeLessThan(0.01);
  });

  // The welds' dampers act on each weld's own small effective inertia, so the chain's slow modes
  // barely lose energy: the boxes carry a little damping of their own (0.3 /s) so the chain comes
  // to rest, and the test checks that it has. That damping scales each step's gravity increment by
  // 1 / (1 + 0.3 dt), at most 0.5% at 60 Hz, inside the tolerance.
  for (const f of [20, 60]) {
    it(`a soft cantilever (${f} Hz welds) rests where its chain of angular springs balances, within 5%`, () => {
      const { world, boxes } = cantilever(solver, f, 0.3);
      for (let i = 0; i < 3600; ++i) world.step(dt);
      // At rest: every box slower than 1 mm/s and 1 mrad/s.
      for (const box of boxes) {
        expect(Math.hypot(box.linearVelocity.x, box.linearVelocity.y)).toBeLessThan(1e-3);
        expect(Math.abs(box.angularVelocity)).toBeLessThan(1e-3);
      }
      const tip = boxes[9].getWorldPoint({ x: 0.5, y: 0 });
      const inertia = (1 * (1 + 0.25 * 0.25)) / 12;
      const expected = cantileverTipAtRest(10, 1, 1, inertia, f);
      expect(Math.abs(tip.y - expected) / Math.abs(expected)).toBeLessThan(0.05);
    });
  }

  it('reports the support force and moment of a welded bracket within 0.5%', () => {
    const world = new World({ gravity: { x: 0, y: -g }, sleeping: false, solver });
    const wall = world.createBody({ type: 'static', width: 1, height: 4, position: { x: -0.5, y: 0 } });
    const m = 5;
    const box = world.createBody({ width: 2, height: 0.5, mass: m, position: { x: 1, y: 0 } });
    const weld = world.createJoint(WeldJoint, { bodyA: wall, bodyB: box, anchor: { x: 0, y: 0 } });
    for (let i = 0; i < 120; ++i) world.step(dt);
    const f = weld.getReactionForce();
    expect(Math.abs(f.y - m * g) / (m * g)).toBeLessThan(0.005);
    expect(Math.abs(f.x)).toBeLessThan(0.005 * m * g);
    // The couple on the box about its centre balances the support force's: τ = m g · 1 m.
    expect(Math.abs(weld.getReactionTorque() - m * g * 1) / (m * g)).toBeLessThan(0.005);
  });
});

/** Frequency of y(t) about its mean over the samples, from the mean time between upward crossings. */
function measuredFrequency(samples: number[], step: number): number {
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const crossings: number[] = [];
  for (let i = 1; i < samples.length; ++i) {
    const a = samples[i - 1] - mean;
    const b = samples[i] - mean;
    if (a < 0 && b >= 0) crossings.push((i - 1 + a / (a - b)) * step);
  }
  return (crossings.length - 1) / (crossings[crossings.length - 1] - crossings[0]);
}

describe.each(SOLVERS)('wheel joint (%s)', (solver) => {
  for (const chassisIsA of [true, false]) {
    it(`a 1,000 kg body on four 4 Hz wheel joints bounces at 4 Hz within 2% (chassis as body ${chassisIsA ? 'A' : 'B'})`, () => {
      const { world } = makeWorld(solver);
      const chassis = world.createBody({ width: 4, height: 1, mass: 1000, position: { x: 0, y: 2 } });
      for (const x of [-1.5, -0.5, 0.5, 1.5]) {
        const hub = world.createBody({ type: 'static', width: 0.2, height: 0.2, position: { x, y: 1.5 } });
        world.createJoint(WheelJoint, {
          bodyA: chassisIsA ? chassis : hub,
          bodyB: chassisIsA ? hub : chassis,
          anchor: { x, y: 1.5 },
          axis: { x: 0, y: 1 },
          frequencyHz: 4,
          dampingRatio: 0,
          collideConnected: false,
        });
      }
      const samples: number[] = [];
      for (let i = 0; i < 240; ++i) {
        world.step(dt);
        samples.push(chassis.position.y);
      }
      // Static sag m g / (4 k) = g / ω².
      const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
      expect(Math.abs(2 - mean - g / (8 * Math.PI) ** 2) / (g / (8 * Math.PI) ** 2)).toBeLessThan(0.02);
      expect(Math.abs(measuredFrequency(samples, dt) - 4) / 4).toBeLessThan(0.02);
    });
  }

  it('drives the wheel with its motor and keeps it on the axis', () => {
    const { world, ground } = makeWorld(solver, 0);
    const wheel = world.createBody({ width: 1, height: 1, mass: 2, position: { x: 0, y: 0 } });
    const joint = world.createJoint(WheelJoint, {
      bodyA: ground,
      bodyB: wheel,
      anchor: { x: 0, y: 0 },
      axis: { x: 0, y: 1 },
      frequencyHz: 4,
      dampingRatio: 0.7,
      motorSpeed: 5,
      maxMotorTorque: 100,
    });
    for (let i = 0; i < 60; ++i) world.step(dt);
    expect(wheel.angularVelocity).toBeCloseTo(5, 6);
    expect(Math.abs(wheel.position.x)).toBeLessThan(1e-6);
    joint.setEnableMotor(false);
    expect(joint.enableMotor).toBe(false);
  });
});

describe.each(SOLVERS)('motor joint (%s)', (solver) => {
  it('tracks a moving target, its force and torque never above their limits', () => {
    const { world, ground } = makeWorld(solver, 0);
    const body = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 2, y: -50 } });
    const maxForce = 20;
    const maxTorque = 5;
    const joint = world.createJoint(MotorJoint, {
      bodyA: ground,
      bodyB: body,
      linearOffset: { x: 2, y: 0 },
      angularOffset: 0,
      maxForce,
      maxTorque,
      correctionFactor: 0.3,
    });
    const R = 2;
    const w = 1;
    let worstForce = 0;
    let worstTorque = 0;
    let worstLag = 0;
    for (let i = 1; i <= 600; ++i) {
      const t = i * dt;
      joint.setLinearOffset(R * Math.cos(w * t), R * Math.sin(w * t));
      joint.setAngularOffset(w * t);
      world.step(dt);
      const f = joint.getReactionForce();
      worstForce = Math.max(worstForce, Math.hypot(f.x, f.y));
      worstTorque = Math.max(worstTorque, Math.abs(joint.getReactionTorque()));
      if (i > 180) {
        worstLag = Math.max(
          worstLag,
          Math.hypot(body.position.x - R * Math.cos(w * t), body.position.y + 50 - R * Math.sin(w * t)),
        );
      }
    }
    expect(worstForce).toBeLessThanOrEqual(maxForce * (1 + 1e-12));
    expect(worstTorque).toBeLessThanOrEqual(maxTorque * (1 + 1e-12));
    // Without feed-forward the body lags by about v dt / correctionFactor (v = R ω), the most it can.
    expect(worstLag).toBeLessThan(((R * w * dt) / 0.3) * 1.05);
  });

  it('never pushes harder than maxForce, even far from the target', () => {
    const { world, ground } = makeWorld(solver, 0);
    const body = world.createBody({ width: 1, height: 1, mass: 4, position: { x: 0, y: -45 } });
    const joint = world.createJoint(MotorJoint, {
      bodyA: ground,
      bodyB: body,
      linearOffset: { x: 30, y: 5 },
      angularOffset: 3,
      maxForce: 8,
      maxTorque: 0.5,
      correctionFactor: 1,
    });
    for (let i = 0; i < 60; ++i) {
      world.step(dt);
      const f = joint.getReactionForce();
      expect(Math.hypot(f.x, f.y)).toBeLessThanOrEqual(8 * (1 + 1e-12));
      expect(Math.abs(joint.getReactionTorque())).toBeLessThanOrEqual(0.5 * (1 + 1e-12));
    }
    // Saturated from the start: a = F / m = 2 m/s² for 1 s.
    expect(body.linearVelocity.x).toBeCloseTo(2, 6);
  });
});

describe.each(SOLVERS)('reaction forces of a static structure (%s)', (solver) => {
  it('a beam on two pins: the vertical support forces within 0.5%', () => {
    const { world, ground } = makeWorld(solver);
    const M = 10;
    const beam = world.createBody({ width: 4, height: 0.2, mass: M, position: { x: 0, y: 0 } });
    const left = world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: beam, anchor: { x: -2, y: 0 } });
    const right = world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: beam, anchor: { x: 1, y: 0 } });
    for (let i = 0; i < 120; ++i) world.step(dt);
    // Moments about the centre: R_left · 2 = R_right · 1, R_left + R_right = M g.
    const rl = left.getReactionForce().y;
    const rr = right.getReactionForce().y;
    expect(Math.abs(rl - (M * g) / 3) / ((M * g) / 3)).toBeLessThan(0.005);
    expect(Math.abs(rr - (2 * M * g) / 3) / ((2 * M * g) / 3)).toBeLessThan(0.005);
  });

  it('a hanging mass: the pin and the rod carry its weight within 0.5%', () => {
    const { world, ground } = makeWorld(solver);
    const m = 7;
    const a = world.createBody({ width: 0.5, height: 0.5, mass: m, position: { x: 0, y: -2 } });
    const b = world.createBody({ width: 0.5, height: 0.5, mass: m, position: { x: 3, y: -2 } });
    const pin = world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: a, anchor: { x: 0, y: 0 } });
    const rod = world.createJoint(DistanceJoint, {
      bodyA: ground,
      bodyB: b,
      anchorA: { x: 3, y: 0 },
      anchorB: { x: 3, y: -2 },
    });
    for (let i = 0; i < 120; ++i) world.step(dt);
    expect(Math.abs(pin.getReactionForce().y - m * g) / (m * g)).toBeLessThan(0.005);
    expect(Math.abs(rod.getReactionForce().y - m * g) / (m * g)).toBeLessThan(0.005);
  });
});

describe.each(SOLVERS)('breaking joints (%s)', (solver) => {
  it('a joint over its breakForce is destroyed and reported; one under it holds', () => {
    const { world, ground } = makeWorld(solver);
    const m = 2;
    const weak = world.createBody({ width: 0.5, height: 0.5, mass: m, position: { x: 0, y: -1 } });
    const strong = world.createBody({ width: 0.5, height: 0.5, mass: m, position: { x: 5, y: -1 } });
    const j1 = world.createJoint(WeldJoint, {
      bodyA: ground,
      bodyB: weak,
      anchor: { x: 0, y: -1 },
      breakForce: 0.5 * m * g,
    });
    const j2 = world.createJoint(WeldJoint, {
      bodyA: ground,
      bodyB: strong,
      anchor: { x: 5, y: -1 },
      breakForce: 2 * m * g,
    });
    const broken: unknown[] = [];
    world.on('jointBreak', (joint) => broken.push(joint));
    for (let i = 0; i < 60; ++i) world.step(dt);
    expect(broken).toEqual([j1]);
    expect(world.joints).toEqual([j2]);
    expect(weak.position.y).toBeLessThan(-1 - 0.5 * g * 0.8 * 0.8);
    expect(Math.abs(strong.position.y + 1)).toBeLessThan(0.01);
  });

  it('breakTorque breaks a bracket by its moment', () => {
    const { world, ground } = makeWorld(solver);
    const arm = world.createBody({ width: 2, height: 0.2, mass: 1, position: { x: 1, y: 0 } });
    world.createJoint(WeldJoint, { bodyA: ground, bodyB: arm, anchor: { x: 0, y: 0 }, breakTorque: 5 });
    let count = 0;
    world.on('jointBreak', () => count++);
    for (let i = 0; i < 10; ++i) world.step(dt);
    expect(count).toBe(1);
    expect(world.joints.length).toBe(0);
  });
});

describe('checked options', () => {
  const { world, ground } = makeWorld('soft');
  const body = world.createBody({ width: 1, height: 1, mass: 1 });
  const cases: [string, () => unknown, string][] = [
    [
      'zero axis',
      () =>
        world.createJoint(PrismaticJoint, {
          bodyA: ground,
          bodyB: body,
          anchor: { x: 0, y: 0 },
          axis: { x: 0, y: 0 },
        }),
      'options.axis',
    ],
    [
      'inverted limits',
      () =>
        world.createJoint(PrismaticJoint, {
          bodyA: ground,
          bodyB: body,
          anchor: { x: 0, y: 0 },
          axis: { x: 1, y: 0 },
          lowerTranslation: 1,
          upperTranslation: 0,
        }),
      'options.upperTranslation',
    ],
    [
      'negative motor force',
      () =>
        world.createJoint(PrismaticJoint, {
          bodyA: ground,
          bodyB: body,
          anchor: { x: 0, y: 0 },
          axis: { x: 1, y: 0 },
          maxMotorForce: -1,
        }),
      'options.maxMotorForce',
    ],
    [
      'both spring forms',
      () =>
        world.createJoint(PrismaticJoint, {
          bodyA: ground,
          bodyB: body,
          anchor: { x: 0, y: 0 },
          axis: { x: 1, y: 0 },
          frequencyHz: 2,
          stiffness: 10,
        }),
      'options.stiffness',
    ],
    [
      'weld NaN frequency',
      () =>
        world.createJoint(WeldJoint, {
          bodyA: ground,
          bodyB: body,
          anchor: { x: 0, y: 0 },
          angularFrequencyHz: Number.NaN,
        }),
      'options.angularFrequencyHz',
    ],
    [
      'weld both forms',
      () =>
        world.createJoint(WeldJoint, {
          bodyA: ground,
          bodyB: body,
          anchor: { x: 0, y: 0 },
          linearFrequencyHz: 1,
          linearStiffness: 5,
        }),
      'options.linearStiffness',
    ],
    [
      'wheel negative torque',
      () =>
        world.createJoint(WheelJoint, {
          bodyA: ground,
          bodyB: body,
          anchor: { x: 0, y: 0 },
          axis: { x: 0, y: 1 },
          frequencyHz: 4,
          dampingRatio: 0.7,
          maxMotorTorque: -2,
        }),
      'options.maxMotorTorque',
    ],
    [
      'wheel non-boolean',
      () =>
        world.createJoint(WheelJoint, {
          bodyA: ground,
          bodyB: body,
          anchor: { x: 0, y: 0 },
          axis: { x: 0, y: 1 },
          frequencyHz: 4,
          dampingRatio: 0.7,
          enableMotor: 1 as unknown as boolean,
        }),
      'options.enableMotor',
    ],
    [
      'motor factor',
      () => world.createJoint(MotorJoint, { bodyA: ground, bodyB: body, correctionFactor: 2 }),
      'options.correctionFactor',
    ],
    [
      'motor offset',
      () =>
        world.createJoint(MotorJoint, {
          bodyA: ground,
          bodyB: body,
          linearOffset: { x: Number.POSITIVE_INFINITY, y: 0 },
        }),
      'options.linearOffset.x',
    ],
    [
      'break force',
      () =>
        world.createJoint(RevoluteJoint, {
          bodyA: ground,
          bodyB: body,
          anchor: { x: 0, y: 0 },
          breakForce: -1,
        }),
      'options.breakForce',
    ],
    [
      'same body',
      () => world.createJoint(WeldJoint, { bodyA: body, bodyB: body, anchor: { x: 0, y: 0 } }),
      'options.bodyB',
    ],
  ];
  for (const [name, call, argument] of cases) {
    it(`${name}: WorldError naming ${argument}, nothing added`, () => {
      const before = world.joints.length;
      let error: unknown;
      try {
        call();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(WorldError);
      expect((error as WorldError).argument).toBe(argument);
      expect(world.joints.length).toBe(before);
    });
  }
});
