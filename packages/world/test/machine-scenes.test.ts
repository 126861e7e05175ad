import {
  CAR,
  car,
  PISTON,
  piston,
  RAGDOLL_PARTS,
  RAGDOLL_STATIC_BODIES,
  ragdoll,
  type SceneDef,
  WELDED_BRIDGE,
  weldedBridge,
} from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import type { PrismaticJoint, RevoluteJoint, SolverKind, WheelJoint } from '../src/index';
import { type BuiltScene, buildScene } from './helpers';

/*
 * The machine scenes of @lite/scenes do what they show, in both solvers at 60 Hz with each
 * solver's defaults: the car drives with its motors and brakes without them, the piston stays
 * within its limits and moves at its motor's speed, the welded bridge breaks under its load and
 * not without it, and the ragdolls' joint angles stay within their limits.
 */

const dt = 1 / 60;
const SOLVERS: SolverKind[] = ['classic', 'soft'];

/** Holds (`held` true) or releases a scene control: sets its joints' motor speed, as a viewer does. */
function press(scene: SceneDef, built: BuiltScene, key: string, held: boolean): void {
  const control = scene.controls?.find((c) => c.key === key);
  if (!control) throw new Error(`no control ${key}`);
  for (const index of control.joints) {
    const def = scene.joints[index];
    // The scenes' controls drive wheel and prismatic motors.
    const joint = built.joints[index] as WheelJoint | PrismaticJoint;
    const own = 'motorSpeed' in def ? (def.motorSpeed ?? 0) : 0;
    joint.setMotorSpeed(held ? control.motorSpeed : own);
  }
}

describe.each(SOLVERS)('car (%s)', (solver) => {
  function setup() {
    const scene = car();
    const built = buildScene(scene, { solver, sleeping: false });
    const chassis = built.bodies[1];
    const wheels = [built.bodies[2], built.bodies[3]];
    return { scene, built, chassis, wheels };
  }

  it('brakes: with no key held it stays where it is (within 2 cm over 3 s)', () => {
    const { built, chassis } = setup();
    for (let i = 0; i < 180; ++i) built.world.step(dt);
    expect(Math.abs(chassis.position.x - CAR.startX)).toBeLessThan(0.02);
  });

  it('drives right with its key held: on the flat it rolls at the motor speed times the wheel radius, within 2%', () => {
    const { scene, built, chassis, wheels } = setup();
    press(scene, built, 'ArrowRight', true);
    // Rolling without slip: v = -ω r once the motors reach their speed (ω = -12 rad/s relative to
    // a chassis that does not pitch on the flat).
    const expected = CAR.driveSpeed * CAR.wheelRadius;
    let sampled = false;
    for (let i = 0; i < 600 && chassis.position.x < CAR.bumpsFrom - 4; ++i) {
      built.world.step(dt);
      if (i === 90) {
        sampled = true;
        expect(Math.abs(chassis.linearVelocity.x - expected) / expected).toBeLessThan(0.02);
        // The motors hold ω_wheel - ω_chassis at their speed, and each wheel rolls: its rim moves
        // at the chassis's speed, -ω r = v, within 0.5% (what is left is the wheel's overlap with
        // the ground shortening its lever arm).
        for (const wheel of wheels) {
          const relative = wheel.angularVelocity - chassis.angularVelocity;
          expect(Math.abs(relative + CAR.driveSpeed) / CAR.driveSpeed).toBeLessThan(0.02);
          const rim = -wheel.angularVelocity * CAR.wheelRadius;
          expect(Math.abs(rim - chassis.linearVelocity.x) / chassis.linearVelocity.x).toBeLessThan(0.005);
        }
      }
    }
    expect(sampled).toBe(true);
  });

  it('drives over the bumps to the wall without turning over, the wheels on their axes within 1 cm', () => {
    const { scene, built, chassis, wheels } = setup();
    press(scene, built, 'ArrowRight', true);
    let tilt = 0;
    let offAxis = 0;
    for (let i = 0; i < 600; ++i) {
      built.world.step(dt);
      tilt = Math.max(tilt, Math.abs(chassis.angle));
      for (const [k, wheel] of wheels.entries()) {
        // The wheel's centre from the line through its anchor along the chassis's y axis.
        const anchor = chassis.getWorldPoint({ x: CAR.wheelX[k], y: 0 });
        const c = Math.cos(chassis.angle);
        const s = Math.sin(chassis.angle);
        offAxis = Math.max(
          offAxis,
          Math.abs(c * (wheel.position.x - anchor.x) + s * (wheel.position.y - anchor.y)),
        );
      }
    }
    // Past the last bump, against the wall.
    expect(chassis.position.x).toBeGreaterThan(CAR.bumpsTo + 1);
    expect(chassis.position.x + CAR.chassisWidth / 2).toBeLessThan(CAR.wallX + 0.01);
    expect(tilt).toBeLessThan(0.5);
    expect(offAxis).toBeLessThan(0.01);
    // Released: it drives back left with the other key.
    press(scene, built, 'ArrowRight', false);
    press(scene, built, 'ArrowLeft', true);
    const x = chassis.position.x;
    for (let i = 0; i < 60; ++i) built.world.step(dt);
    expect(chassis.position.x).toBeLessThan(x - 1);
  });
});

describe.each(SOLVERS)('piston (%s)', (solver) => {
  it('stays within its limits (5 mm) going up and down, at its motor speed in between (1%)', () => {
    const scene = piston();
    const built = buildScene(scene, { solver, sleeping: false });
    const joint = built.joints[0] as PrismaticJoint;
    const block = built.bodies[3];
    let low = Infinity;
    let high = -Infinity;
    const reached: number[] = [];
    for (let phase = 0; phase < 4; ++phase) {
      // Up (its own motor), down, up, down: 4 s each, more than the 2.7 s a full stroke takes.
      if (phase % 2 === 1) press(scene, built, 'ArrowDown', true);
      else if (phase > 0) press(scene, built, 'ArrowDown', false);
      const direction = phase % 2 === 0 ? 1 : -1;
      for (let i = 0; i < 240; ++i) {
        built.world.step(dt);
        const t = block.position.y - PISTON.y;
        low = Math.min(low, t);
        high = Math.max(high, t);
        // Mid-stroke (1 s in, 1.5 m travelled), the block moves at the motor's speed.
        if (i === 60 && phase > 0) {
          expect(Math.abs(block.linearVelocity.y - direction * PISTON.speed) / PISTON.speed).toBeLessThan(
            0.01,
          );
        }
      }
      reached.push(block.position.y - PISTON.y);
    }
    expect(low).toBeGreaterThan(PISTON.lower - 0.005);
    expect(high).toBeLessThan(PISTON.upper + 0.005);
    // It got to each end of its stroke with the boxes on it.
    expect(reached[0]).toBeCloseTo(PISTON.upper, 2);
    expect(reached[1]).toBeCloseTo(PISTON.lower, 2);
    expect(reached[2]).toBeCloseTo(PISTON.upper, 2);
    expect(reached[3]).toBeCloseTo(PISTON.lower, 2);
    expect(joint.lowerTranslation).toBe(PISTON.lower);
    for (const box of built.bodies.slice(4))
      expect(box.position.y).toBeGreaterThan(PISTON.y + PISTON.height / 2);
  });
});

describe.each(SOLVERS)('welded bridge (%s)', (solver) => {
  function run(load: number) {
    const built = buildScene(weldedBridge(load), { solver, sleeping: false });
    const broken: number[] = [];
    built.world.on('jointBreak', (joint) => {
      broken.push(built.joints.indexOf(joint as (typeof built.joints)[number]));
    });
    let worst = 0;
    for (let i = 0; i < 300; ++i) {
      built.world.step(dt);
      for (const [index, joint] of built.joints.entries()) {
        if (broken.includes(index)) continue;
        const f = joint.getReactionForce();
        worst = Math.max(worst, Math.hypot(f.x, f.y));
      }
    }
    return { built, broken, worst };
  }

  it('holds its own weight: no weld breaks in 5 s, and each pier carries half the deck (0.5%)', () => {
    const { broken, worst, built } = run(0);
    expect(broken).toEqual([]);
    // The deck is 100 kg: the piers' welds (the first and the last) carry 1,000 N between them,
    // 500 N each on this symmetric bridge, far below the 4,000 N the welds break at.
    const deck = 10 * WELDED_BRIDGE.planks * WELDED_BRIDGE.plankMass;
    const left = built.joints[0].getReactionForce().y;
    const right = -built.joints[WELDED_BRIDGE.planks].getReactionForce().y;
    expect(Math.abs(left - deck / 2) / (deck / 2)).toBeLessThan(0.005);
    expect(Math.abs(right - deck / 2) / (deck / 2)).toBeLessThan(0.005);
    expect(worst).toBeLessThan(WELDED_BRIDGE.breakForce / 2);
    for (const plank of built.bodies.slice(3))
      expect(plank.position.y).toBeGreaterThan(WELDED_BRIDGE.deck - 0.2);
  });

  it('breaks under the dropped load, which falls through', () => {
    const { broken, built } = run(2000);
    expect(broken.length).toBeGreaterThan(0);
    for (const index of broken) expect(index).toBeGreaterThanOrEqual(0);
    const load = built.bodies[built.bodies.length - 1];
    expect(load.position.y).toBeLessThan(WELDED_BRIDGE.deck - WELDED_BRIDGE.loadSize);
  });
});

/**
 * Runs 4 ragdolls for 6 s; returns the largest excess of a joint angle over its limits (rad) and
 * whether every torso came down at least a step's height.
 */
function ragdollRun(solver: SolverKind): { excess: number; tumbled: boolean } {
  const scene = ragdoll(4);
  const built = buildScene(scene, { solver, sleeping: false });
  const joints = built.joints as RevoluteJoint[];
  let excess = 0;
  for (let i = 0; i < 360; ++i) {
    built.world.step(dt);
    for (const joint of joints) {
      const angle = joint.jointAngle();
      excess = Math.max(excess, joint.lowerAngle - angle, angle - joint.upperAngle);
    }
  }
  let tumbled = true;
  for (let k = 0; k < 4; ++k) {
    const index = RAGDOLL_STATIC_BODIES + RAGDOLL_PARTS.bodies * k;
    if (!(built.bodies[index].position.y < scene.bodies[index].y - 0.6)) tumbled = false;
  }
  return { excess, tumbled };
}

describe('ragdolls', () => {
  it('soft: every joint angle stays within its limits (0.05 rad) while they tumble down the stairs', () => {
    const { excess, tumbled } = ragdollRun('soft');
    expect(tumbled).toBe(true);
    expect(excess).toBeLessThan(0.05);
  });

  // Known defect: in the classic solver a hard knock on a limb whose limit was not within reach at
  // the prepare (a shin hit by a step at 46 rad/s) drives a knee 0.19 rad past its limit for three
  // steps: the limit row and the chain of pins it belongs to are solved one after the other
  // (Gauss-Seidel), and the position passes take it back at most 8° each. With jointChains off the
  // excess is 0.08 rad; with 10 joint position passes, 0.06.
  it.fails('classic: every joint angle stays within its limits (0.05 rad) (known to overshoot on impacts)', () => {
    const { excess, tumbled } = ragdollRun('classic');
    expect(tumbled).toBe(true);
    expect(excess).toBeLessThan(0.05);
  });
});
