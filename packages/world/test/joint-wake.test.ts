/** Joint setters that change motion wake the bodies, so a sleeping machine responds at once. */
import { type Body, DistanceJoint, PrismaticJoint, RevoluteJoint, World } from '@lite/world';
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

test("the revolute spring's and the distance motor's setters wake the bodies", () => {
  const world = new World({ gravity: { x: 0, y: -10 } });
  const ground = world.createBody({ type: 'static', width: 10, height: 1, position: { x: 0, y: -0.5 } });
  const box = world.createBody({ width: 1, height: 1, density: 1, position: { x: 0, y: 0.5 } });
  const load = world.createBody({ width: 1, height: 1, density: 1, position: { x: 3, y: 0.5 } });
  const pin = world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: box, anchor: { x: 0, y: 0.5 } });
  const hook = world.createBody({ type: 'static', width: 0.2, height: 0.2, position: { x: 3, y: 4 } });
  const rope = world.createJoint(DistanceJoint, {
    bodyA: hook,
    bodyB: load,
    anchorA: { x: 3, y: 4 },
    anchorB: { x: 3, y: 0.5 },
    maxLength: 5,
  });
  const fields: [() => void, Body][] = [
    [() => (pin.springHertz = 2), box],
    [() => (pin.springDampingRatio = 1), box],
    [() => (pin.enableSpring = true), box],
    [() => (pin.targetAngle = 0.5), box],
    [() => (rope.maxMotorForce = 20), load],
    [() => (rope.enableMotor = true), load],
    [() => (rope.motorSpeed = -1), load],
  ];
  for (const [set, body] of fields) {
    for (let i = 0; i < 200 && body.awake; i++) world.step(dt);
    expect(body.awake).toBe(false);
    set();
    expect(body.awake).toBe(true);
  }
  // Woken, the spring turns the box to its target and the winch lifts the load.
  for (let i = 0; i < 120; i++) world.step(dt);
  expect(pin.jointAngle()).toBeCloseTo(0.5, 2);
  expect(load.position.y).toBeGreaterThan(1);
});
