/** Joint setters that change motion wake the bodies, so a sleeping machine responds at once. */
import { PrismaticJoint, RevoluteJoint, World } from '@lite/world';
import { expect, test } from 'vitest';

const dt = 1 / 60;

test('setting a revolute motor on a sleeping wheel wakes it, and it turns at the motor speed', () => {
  const world = new World({ gravity: { x: 0, y: -10 } });
  const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: -5 } });
  const wheel = world.createBody({
    shape: { type: 'circle', radius: 0.5 },
    density: 1,
    position: { x: 0, y: 0 },
  });
  const joint = world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: wheel, anchor: { x: 0, y: 0 } });
  for (let i = 0; i < 120; i++) world.step(dt);
  expect(wheel.awake).toBe(false);
  joint.maxMotorTorque = 100;
  joint.enableMotor = true;
  joint.motorSpeed = 2;
  expect(wheel.awake).toBe(true);
  for (let i = 0; i < 60; i++) world.step(dt);
  expect(wheel.angularVelocity).toBeCloseTo(2, 6);
});

test('writing the value a field already has leaves a sleeping body asleep', () => {
  const world = new World({ gravity: { x: 0, y: -10 } });
  const ground = world.createBody({ type: 'static', width: 10, height: 1, position: { x: 0, y: -0.5 } });
  const box = world.createBody({ width: 1, height: 1, density: 1, position: { x: 0, y: 0.5 } });
  const slider = world.createJoint(PrismaticJoint, {
    bodyA: ground,
    bodyB: box,
    anchor: { x: 0, y: 0.5 },
    axis: { x: 1, y: 0 },
  });
  for (let i = 0; i < 120; i++) world.step(dt);
  expect(box.awake).toBe(false);
  const same = slider.motorSpeed;
  slider.motorSpeed = same;
  expect(box.awake).toBe(false);
  slider.motorSpeed = 1;
  expect(box.awake).toBe(true);
});
