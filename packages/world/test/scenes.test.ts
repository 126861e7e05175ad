import {
  boxLitePyramid,
  dominos,
  multiPendulum,
  pendulum,
  pyramid,
  randomizedStacking,
  rain,
  singleBox,
  stack,
  suspensionBridge,
  teeter,
  VARYING_FRICTION,
  varyingFriction,
} from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { type Body, type RevoluteJoint, World } from '../src/index';
import { allFinite, buildScene, run, stateOf } from './helpers';

const dt = 1 / 60;
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

describe("Box2D-Lite's nine demos, 20 s each", () => {
  it('1. single box: comes to rest on the ground at y = 0.5', () => {
    const { world, bodies } = buildScene(singleBox());
    runFinite(world, TWENTY_SECONDS);
    const box = bodies[1];
    expect(box.position.y).toBeGreaterThan(0.5 - 0.02); // at most two slops of penetration
    expect(box.position.y).toBeLessThan(0.5 + 1e-3);
    expect(Math.abs(box.position.x)).toBeLessThan(1e-9);
    expect(Math.abs(box.angle)).toBeLessThan(1e-9);
    expect(box.awake).toBe(false); // and sleeps
  });

  it('2. pendulum: the 9 m arm holds and the swing never rises above its release height', () => {
    const { world, bodies } = buildScene(pendulum());
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

  it('3. varying friction: μ above tan 0.25 (mixed with the ramps) stops on the top ramp, below slides off', () => {
    const { world, bodies } = buildScene(varyingFriction());
    runFinite(world, TWENTY_SECONDS);
    const boxes = bodies.slice(6);
    const slope = Math.tan(0.25);
    VARYING_FRICTION.forEach((mu, i) => {
      const mixed = Math.sqrt(mu * 0.2);
      const box = boxes[i];
      if (mixed > slope) {
        // Held by friction on the top ramp (its surface lies between y = 9.4 and 12.6).
        expect(box.position.y).toBeGreaterThan(9.4);
        expect(speed(box)).toBeLessThan(0.01);
      } else {
        expect(box.position.y).toBeLessThan(9.4);
      }
    });
    // μ = 0.1 slides down every ramp and stops on the ground (0.141 mixed: it cannot slide forever).
    expect(boxes[3].position.y).toBeCloseTo(0.25, 1);
    expect(speed(boxes[3])).toBeLessThan(0.01);
    // μ = 0 never stops: still sliding on the ground, or gone off its end.
    expect(speed(boxes[4]) > 1 || boxes[4].position.y < 0).toBe(true);
  });

  it('4. randomized stacking: ten boxes settle into a standing column', () => {
    const { world, bodies } = buildScene(randomizedStacking(1));
    runFinite(world, TWENTY_SECONDS);
    const boxes = bodies.slice(1);
    boxes.forEach((b, i) => {
      expect(Math.abs(b.position.y - (0.5 + i))).toBeLessThan(0.15);
      expect(Math.abs(b.position.x)).toBeLessThan(0.2);
      expect(Math.abs(b.angle)).toBeLessThan(0.05);
      expect(speed(b)).toBeLessThan(0.01);
    });
  });

  it('5. pyramid of 12: every box lands on the row below and stays there', () => {
    const { world, bodies } = buildScene(boxLitePyramid());
    runFinite(world, TWENTY_SECONDS);
    let k = 1;
    for (let row = 0; row < 12; ++row) {
      for (let j = row; j < 12; ++j) {
        const b = bodies[k++];
        const x = -6 + 0.5625 * row + 1.125 * (j - row);
        expect(Math.abs(b.position.x - x)).toBeLessThan(0.1);
        expect(Math.abs(b.position.y - (0.5 + row))).toBeLessThan(0.2);
        expect(Math.abs(b.angle)).toBeLessThan(0.05);
      }
    }
  });

  it('6. teeter: the heavy box tips the plank onto its right end and stays on it', () => {
    const { world, bodies } = buildScene(teeter());
    runFinite(world, TWENTY_SECONDS);
    const [, plank, small1, small2, heavy] = bodies;
    // The plank's right end rests on the ground: sin(-angle) · 6 ≈ 1 - 0.125.
    const restAngle = -Math.asin((1 - 0.125) / 6);
    expect(plank.angle).toBeCloseTo(restAngle, 1);
    expect(heavy.position.x).toBeGreaterThan(2);
    for (const b of [small1, small2, heavy]) {
      expect(b.position.y).toBeGreaterThan(0.2);
      expect(speed(b)).toBeLessThan(0.01);
    }
  });

  it('7. suspension bridge: sags symmetrically and comes to rest', () => {
    const { world, bodies } = buildScene(suspensionBridge());
    runFinite(world, TWENTY_SECONDS);
    const planks = bodies.slice(1);
    const middle = 0.25; // halfway between the end anchors at -9.125 and 9.625
    for (let i = 0; i < 7; ++i) {
      const a = planks[i];
      const b = planks[14 - i];
      expect(a.position.y).toBeCloseTo(b.position.y, 2);
      expect(a.position.x - middle).toBeCloseTo(middle - b.position.x, 2);
      expect(a.angle).toBeCloseTo(-b.angle, 2);
      expect(a.position.y).toBeGreaterThan(planks[i + 1].position.y); // lower towards the middle
    }
    expect(planks[7].position.y).toBeLessThan(5);
    for (const p of planks) expect(speed(p)).toBeLessThan(0.01);
  });

  it('8. dominos: the pendulum box starts the chain and every domino falls', () => {
    const { world, bodies } = buildScene(dominos());
    runFinite(world, TWENTY_SECONDS);
    const dominoBodies = bodies.slice(2, 12);
    for (const d of dominoBodies) {
      const fallen = Math.abs(Math.sin(d.angle)) > 0.5 || d.position.y < 10.25;
      expect(fallen).toBe(true);
    }
    expect(worstJointGap(world)).toBeLessThan(0.05);
  });

  it('9. multi-pendulum: the soft chain holds together and never rises above its start', () => {
    const { world, bodies } = buildScene(multiPendulum());
    for (let i = 0; i < TWENTY_SECONDS; ++i) {
      world.step(dt);
      for (const b of bodies.slice(1)) expect(b.position.y).toBeLessThan(12 + 0.5);
    }
    expect(allFinite(world)).toBe(true);
    expect(worstJointGap(world)).toBeLessThan(0.25);
  });
});

/** Horizontal drift and sink of a stack after running it, and whether it still stands. */
function runStack(n: number, offset: number, blockSolver: boolean, steps: number) {
  const { world, bodies } = buildScene(stack(n, { offset }), { sleeping: false });
  world.settings.blockSolver = blockSolver;
  const boxes = bodies.slice(1);
  const x0 = boxes.map((b) => b.position.x);
  let drift = 0;
  for (let i = 0; i < steps; ++i) {
    world.step(dt);
    if (i % 30 === 29) {
      for (let k = 0; k < n; ++k) drift = Math.max(drift, Math.abs(boxes[k].position.x - x0[k]));
    }
  }
  expect(allFinite(world)).toBe(true);
  const top = boxes[n - 1];
  const sink = n - 0.5 - top.position.y;
  // Standing: every box still over the one below (drift well under half a box), top near n - 0.5.
  const stands = drift < 0.25 && sink < 0.5;
  return { drift, sink, stands };
}

describe('stacks and pyramids', () => {
  it('a 24-box column, aligned and with ±5 mm offsets, stands 60 s with the block solver', () => {
    for (const offset of [0, 0.005]) {
      const r = runStack(24, offset, true, SIXTY_SECONDS);
      expect(r.stands).toBe(true);
      // Sink: at most about one slop (1 cm) of penetration per contact.
      expect(r.sink).toBeLessThan(24 * 0.012);
    }
  });

  it('without the block solver the same ±5 mm column does measurably worse', () => {
    const on = runStack(24, 0.005, true, SIXTY_SECONDS);
    const off = runStack(24, 0.005, false, SIXTY_SECONDS);
    expect(on.stands).toBe(true);
    // Either it falls, or it drifts and sinks clearly more.
    const worse = !off.stands || (off.drift > 2 * on.drift && off.sink > on.sink);
    expect(worse).toBe(true);
  });

  it('a pyramid with a base of 20 (210 boxes) stands 60 s', () => {
    const { world, bodies } = buildScene(pyramid(20), { sleeping: false });
    const boxes = bodies.slice(1);
    const start = boxes.map((b) => ({ x: b.position.x, y: b.position.y }));
    runFinite(world, SIXTY_SECONDS);
    boxes.forEach((b, i) => {
      expect(Math.abs(b.position.x - start[i].x)).toBeLessThan(0.1);
      expect(start[i].y - b.position.y).toBeLessThan(0.3);
      expect(b.position.y - start[i].y).toBeLessThan(0.01);
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
    world.createRevoluteJoint({ bodyA: ground, bodyB: bob, anchor: pivot });
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
