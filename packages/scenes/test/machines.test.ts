import { describe, expect, it } from 'vitest';
import {
  CAR,
  car,
  getScene,
  PISTON,
  piston,
  RAGDOLL_LIMITS,
  RAGDOLL_PARTS,
  RAGDOLL_STATIC_BODIES,
  ragdoll,
  SceneError,
  WELDED_BRIDGE,
  weldedBridge,
} from '../src/index';
import { overlappingPairs } from './overlap';

describe('machine scenes', () => {
  it('are in the catalogue', () => {
    for (const id of ['car', 'piston', 'welded-bridge', 'ragdoll']) expect(getScene(id), id).toBeDefined();
  });

  it('every control names joints that have a motor', () => {
    for (const scene of [car(), piston()]) {
      expect(scene.controls?.length).toBeGreaterThan(0);
      for (const control of scene.controls ?? []) {
        for (const index of control.joints) {
          const joint = scene.joints[index];
          expect(joint.kind === 'wheel' || joint.kind === 'prismatic' || joint.kind === 'revolute').toBe(
            true,
          );
          if (joint.kind === 'wheel') expect(joint.maxMotorTorque).toBeGreaterThan(0);
          if (joint.kind === 'prismatic') expect(joint.maxMotorForce).toBeGreaterThan(0);
        }
      }
    }
  });

  it('the car: two wheel joints from the chassis to wheels touching the ground, under the chassis', () => {
    const scene = car();
    const [rear, front] = [scene.joints[0], scene.joints[1]];
    for (const [k, joint] of [rear, front].entries()) {
      if (joint.kind !== 'wheel') throw new Error('wheel joint expected');
      expect(joint.bodyA).toBe(1);
      const wheel = scene.bodies[joint.bodyB];
      expect(wheel.y - CAR.wheelRadius).toBeCloseTo(0, 12);
      expect(joint.anchorX).toBe(wheel.x);
      expect(wheel.x - scene.bodies[1].x).toBeCloseTo(CAR.wheelX[k], 12);
    }
  });

  it('the piston: a prismatic joint with a motor strong enough for its load, and limits', () => {
    const joint = piston().joints[0];
    if (joint.kind !== 'prismatic') throw new Error('prismatic joint expected');
    const weight = 10 * (PISTON.mass + PISTON.loads * PISTON.loadMass);
    expect(joint.maxMotorForce).toBeGreaterThan(2 * weight);
    expect([joint.lowerTranslation, joint.upperTranslation]).toEqual([PISTON.lower, PISTON.upper]);
  });

  it('the welded bridge: welds from pier to pier, breaking between the deck weight and the load', () => {
    const scene = weldedBridge();
    expect(scene.joints.length).toBe(WELDED_BRIDGE.planks + 1);
    for (const joint of scene.joints) {
      expect(joint.kind).toBe('weld');
      if (joint.kind === 'weld') expect(joint.breakForce).toBe(WELDED_BRIDGE.breakForce);
    }
    const deck = 10 * WELDED_BRIDGE.planks * WELDED_BRIDGE.plankMass;
    expect(WELDED_BRIDGE.breakForce).toBeGreaterThan(deck / 2);
    expect(WELDED_BRIDGE.breakForce).toBeLessThan(10 * 2000);
    expect(weldedBridge(0).bodies.some((b) => b.tag === 'load')).toBe(false);
    expect(() => weldedBridge(-1)).toThrow(SceneError);
  });

  it('the ragdolls: nine limited pins each, no part overlapping another at the start', () => {
    const scene = ragdoll(6);
    expect(scene.bodies.length).toBe(RAGDOLL_STATIC_BODIES + 6 * RAGDOLL_PARTS.bodies);
    expect(scene.joints.length).toBe(6 * RAGDOLL_PARTS.joints);
    const limits = Object.values(RAGDOLL_LIMITS);
    for (const joint of scene.joints) {
      if (joint.kind !== 'revolute') throw new Error('revolute joint expected');
      expect(limits.some(([lo, hi]) => joint.lowerAngle === lo && joint.upperAngle === hi)).toBe(true);
      expect(joint.lowerAngle).toBeLessThanOrEqual(0);
      expect(joint.upperAngle).toBeGreaterThanOrEqual(0);
    }
    expect(overlappingPairs(scene.bodies)).toEqual([]);
    expect(() => ragdoll(0)).toThrow(SceneError);
  });
});
