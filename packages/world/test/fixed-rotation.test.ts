/** fixedRotation: a body that never turns, from options, the setter and a snapshot. */
import { loadWorld, saveWorld, World, WorldError } from '@lite/world';
import { expect, test } from 'vitest';

const dt = 1 / 60;

/** A box dropped so that its corner lands first on a wedge: it would tip over. */
function dropOnCorner(fixedRotation: boolean) {
  const world = new World({ gravity: { x: 0, y: -10 } });
  world.createBody({
    type: 'static',
    shape: {
      type: 'polygon',
      vertices: [
        { x: -5, y: 0 },
        { x: 5, y: 0 },
        { x: 5, y: 2 },
      ],
    },
  });
  const box = world.createBody({ width: 1, height: 1, density: 1, position: { x: 1, y: 3 }, fixedRotation });
  for (let i = 0; i < 120; i++) world.step(dt);
  return { world, box };
}

test('a fixed-rotation box lands on a slope without turning; a free one turns', () => {
  const fixed = dropOnCorner(true).box;
  const free = dropOnCorner(false).box;
  expect(fixed.angle).toBe(0);
  expect(fixed.angularVelocity).toBe(0);
  expect(fixed.invI).toBe(0);
  expect(Math.abs(free.angle)).toBeGreaterThan(0.1);
  // The mass and inertia stay what the shapes give; only the inverse inertia is 0.
  expect(fixed.inertia).toBeCloseTo(1 / 6, 12);
});

test('the setter stops the spin, and off brings the inertia back', () => {
  const world = new World({ gravity: { x: 0, y: 0 } });
  const box = world.createBody({ width: 1, height: 1, density: 1, angularVelocity: 3 });
  box.fixedRotation = true;
  expect(box.angularVelocity).toBe(0);
  box.applyTorque(10);
  world.step(dt);
  expect(box.angle).toBe(0);
  box.fixedRotation = false;
  expect(box.invI).toBeCloseTo(6, 12);
  box.applyAngularImpulse(1);
  expect(box.angularVelocity).toBeCloseTo(6, 12);
  expect(() => {
    box.fixedRotation = 'yes' as never;
  }).toThrow(WorldError);
});

test('a snapshot keeps it: the restored body stays fixed after its shapes change', () => {
  const { world, box } = dropOnCorner(true);
  const copy = loadWorld(saveWorld(world));
  const twin = copy.getBody(box.id);
  expect(twin?.fixedRotation).toBe(true);
  twin?.createShape({ type: 'circle', radius: 0.3, center: { x: 0.5, y: 0 } });
  expect(twin?.invI).toBe(0);
});

test('an unknown option next to it is still refused', () => {
  const world = new World();
  expect(() => world.createBody({ width: 1, height: 1, fixedRotatoin: true } as never)).toThrow(
    /fixedRotation/,
  );
});
