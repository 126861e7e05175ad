/** Same inputs, same bits: two runs of a scene with contacts and every joint kind agree exactly. */
import { expect, test } from 'vitest';
import { DistanceJoint, MouseJoint, RevoluteJoint } from '../src/index';
import { Harness } from './harness';

function run(): number[] {
  const h = new Harness();
  const ground = h.addBox({ width: 40, height: 2, x: 0, y: -1 });
  const boxes = [];
  for (let i = 0; i < 6; i++) {
    boxes.push(
      h.addBox({
        width: 1,
        height: 1,
        x: (i % 2) * 0.05 - 0.025,
        y: 0.5 + 1.02 * i,
        mass: 1,
        restitution: 0.2,
      }),
    );
  }
  const link = h.addBox({ width: 1, height: 0.2, x: 5, y: 5, mass: 2 });
  const bob = h.addBox({ width: 0.5, height: 0.5, x: 7, y: 5, mass: 1 });
  h.addJoint(
    new RevoluteJoint(
      ground,
      link,
      { x: 4.5, y: 5 },
      { lowerAngle: -1, upperAngle: 1, motorSpeed: 1, maxMotorTorque: 5 },
    ),
  );
  h.addJoint(
    new DistanceJoint(link, bob, { x: 5.5, y: 5 }, { x: 7, y: 5 }, { frequencyHz: 3, dampingRatio: 0.2 }),
  );
  const mouse = h.addJoint(new MouseJoint(boxes[5], { x: 0, y: 5.6 }, { target: { x: 1, y: 7 } }));
  const state: number[] = [];
  for (let step = 0; step < 300; step++) {
    if (step === 150) mouse.setTarget(-1, 6);
    h.step(1 / 60);
  }
  for (const b of h.bodies)
    state.push(
      b.position.x,
      b.position.y,
      b.angle,
      b.linearVelocity.x,
      b.linearVelocity.y,
      b.angularVelocity,
    );
  return state;
}

test('two runs give bit-identical states', () => {
  const first = run();
  const second = run();
  expect(first.length).toBe(second.length);
  for (let i = 0; i < first.length; i++) expect(Object.is(first[i], second[i])).toBe(true);
  expect(first.every(Number.isFinite)).toBe(true);
});
