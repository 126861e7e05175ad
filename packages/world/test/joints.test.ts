import { describe, expect, it } from 'vitest';
import { type Body, ClassicSolver, DistanceJoint, MouseJoint, RevoluteJoint, World } from '../src/index';
import { run } from './helpers';

const dt = 1 / 60;

/** The world positions of a revolute joint's two anchors. */
function anchors(joint: RevoluteJoint): [{ x: number; y: number }, { x: number; y: number }] {
  const a = joint.bodyA.getWorldPoint({ x: joint.localAnchorAX, y: joint.localAnchorAY });
  const b = joint.bodyB.getWorldPoint({ x: joint.localAnchorBX, y: joint.localAnchorBY });
  return [a, b];
}

function groundWorld(gravity = -10): { world: World; ground: Body } {
  const world = new World({ gravity: { x: 0, y: gravity }, sleeping: false });
  const ground = world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 } });
  return { world, ground };
}

describe('revolute joints', () => {
  it('keeps the anchors together while a pendulum swings', () => {
    const { world, ground } = groundWorld();
    const bob = world.createBody({ width: 1, height: 1, mass: 100, position: { x: 9, y: 11 } });
    const joint = world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: bob, anchor: { x: 0, y: 11 } });
    let worst = 0;
    for (let i = 0; i < 600; ++i) {
      world.step(dt);
      const [a, b] = anchors(joint);
      worst = Math.max(worst, Math.hypot(a.x - b.x, a.y - b.y));
      // Energy bound: it never rises above its release height (plus the slop).
      expect(bob.position.y).toBeLessThan(11 + 0.02);
    }
    expect(worst).toBeLessThan(0.02);
    expect(world.joints).toEqual([joint]);
    expect(joint.id).toBe(0);
  });

  it('drives the relative speed to motorSpeed when the torque suffices', () => {
    const { world, ground } = groundWorld(0);
    const wheel = world.createBody({ width: 2, height: 2, mass: 5, position: { x: 0, y: 5 } });
    world.createJoint(RevoluteJoint, {
      bodyA: ground,
      bodyB: wheel,
      anchor: { x: 0, y: 5 },
      motorSpeed: 3,
      maxMotorTorque: 1000,
    });
    run(world, 30);
    expect(wheel.angularVelocity).toBeCloseTo(3, 6);
    expect(Math.hypot(wheel.position.x, wheel.position.y - 5)).toBeLessThan(1e-6);
  });

  it('limits a motor by its torque: α = T / I', () => {
    const { world, ground } = groundWorld(0);
    const wheel = world.createBody({ width: 2, height: 2, mass: 6, position: { x: 0, y: 5 } });
    world.createJoint(RevoluteJoint, {
      bodyA: ground,
      bodyB: wheel,
      anchor: { x: 0, y: 5 },
      motorSpeed: 100,
      maxMotorTorque: 2,
    });
    run(world, 60);
    // I = 6 (4 + 4) / 12 = 4: α = 0.5 rad/s², so ω = 0.5 after 1 s.
    expect(wheel.angularVelocity).toBeCloseTo(0.5, 6);
  });

  it('keeps the joint angle within its limits', () => {
    const { world, ground } = groundWorld();
    const arm = world.createBody({ width: 4, height: 0.2, mass: 5, position: { x: 2, y: 10 } });
    const joint = world.createJoint(RevoluteJoint, {
      bodyA: ground,
      bodyB: arm,
      anchor: { x: 0, y: 10 },
      lowerAngle: -0.5,
      upperAngle: 0.25,
    });
    let lowest = 0;
    for (let i = 0; i < 300; ++i) {
      world.step(dt);
      lowest = Math.min(lowest, joint.jointAngle());
      expect(joint.jointAngle()).toBeLessThan(0.25 + 0.05);
    }
    expect(lowest).toBeGreaterThan(-0.5 - 0.05);
    expect(joint.jointAngle()).toBeCloseTo(-0.5, 1); // it hangs on the lower stop
  });
});

describe('revolute limits on pendulums (world)', () => {
  // The limit report's cases: a 0.6 x 0.6 box 2.5 m below the pivot, starting at the bottom
  // swinging into a limit. Before: 9.7° and 11.5° past the limit, the pin 24 mm apart, and the
  // third diverged. The speculative 3x3 solve meets the bound exactly and keeps the pin; allowed:
  // 1 mrad, 1 µm, and the energy the first position pass lifts the bob by, m g (v dt)² / 2d.
  const cases: [number, number, number, number][] = [
    [-0.3, 0.5, 1.5, 5],
    [-0.7, 0.2, 4, -6],
    [-0.1, 0.1, 0.5, 8],
  ];
  it.each(cases)(
    '[%d, %d], %d kg, %d rad/s: holds the limit and the pin, gains no energy',
    (lower, upper, mass, omega) => {
      const world = new World({ gravity: { x: 0, y: -10 }, sleeping: false });
      const ground = world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 } });
      const box = world.createBody({ width: 0.6, height: 0.6, mass, position: { x: 0, y: 7.5 } });
      box.setAngularVelocity(omega);
      box.setLinearVelocity({ x: 2.5 * omega, y: 0 });
      const joint = world.createJoint(RevoluteJoint, {
        bodyA: ground,
        bodyB: box,
        anchor: { x: 0, y: 10 },
        lowerAngle: lower,
        upperAngle: upper,
      });
      const energy = () =>
        0.5 * box.mass * (box.linearVelocity.x ** 2 + box.linearVelocity.y ** 2) +
        0.5 * box.inertia * box.angularVelocity ** 2 +
        box.mass * 10 * box.position.y;
      const e0 = energy();
      const lift = (mass * 10 * ((2.5 * omega) / 60) ** 2) / 5;
      for (let i = 0; i < 600; ++i) {
        world.step(dt);
        expect(joint.jointAngle()).toBeGreaterThan(lower - 1e-3);
        expect(joint.jointAngle()).toBeLessThan(upper + 1e-3);
        const [a, b] = anchors(joint);
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(1e-6);
        expect(energy()).toBeLessThanOrEqual(e0 + lift + 1e-9 * e0);
      }
    },
  );

  it('a heavy chain of limited links keeps its chain solve and gains no energy', () => {
    // Six 1 kg links and a 10 kg weight, released horizontally, ±0.2 rad between links: a guard
    // that the limits' 3x3 blocks inside a chain add no energy (in the constraints harness, with
    // violated limits pushed back by Baumgarte, this chain gained 3000 J on 1600 J).
    const world = new World({ gravity: { x: 0, y: -10 }, sleeping: false });
    const ground = world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 } });
    const bodies: Body[] = [];
    let prev = ground;
    for (let i = 0; i <= 6; ++i) {
      const weight = i === 6;
      const body = world.createBody({
        width: weight ? 1 : 0.75,
        height: weight ? 1 : 0.25,
        mass: weight ? 10 : 1,
        position: { x: i + 0.5, y: 10 },
      });
      world.createJoint(RevoluteJoint, {
        bodyA: prev,
        bodyB: body,
        anchor: { x: i, y: 10 },
        collideConnected: false,
        ...(i === 0 ? {} : { lowerAngle: -0.2, upperAngle: 0.2 }),
      });
      bodies.push(body);
      prev = body;
    }
    const energy = () => {
      let e = 0;
      for (const b of bodies) {
        e += 0.5 * b.mass * (b.linearVelocity.x ** 2 + b.linearVelocity.y ** 2);
        e += 0.5 * b.inertia * b.angularVelocity ** 2 + b.mass * 10 * b.position.y;
      }
      return e;
    };
    const e0 = energy();
    for (let i = 0; i < 600; ++i) {
      world.step(dt);
      expect(energy()).toBeLessThanOrEqual(e0 + 1e-6 * e0);
    }
    for (const joint of world.joints) {
      const [a, b] = anchors(joint as RevoluteJoint);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(1e-3);
    }
  });
});

describe('distance joints', () => {
  it('a rigid rod keeps its length', () => {
    const { world, ground } = groundWorld();
    const bob = world.createBody({ width: 0.5, height: 0.5, mass: 2, position: { x: 3, y: 14 } });
    const joint = world.createJoint(DistanceJoint, {
      bodyA: ground,
      bodyB: bob,
      anchorA: { x: 0, y: 10 },
      anchorB: { x: 3, y: 14 },
    });
    expect(joint.length).toBeCloseTo(5, 12);
    for (let i = 0; i < 600; ++i) {
      world.step(dt);
      const b = bob.getWorldPoint({ x: joint.localAnchorBX, y: joint.localAnchorBY });
      expect(Math.abs(Math.hypot(b.x, b.y - 10) - 5)).toBeLessThan(0.02);
    }
  });

  it('a damped spring comes to rest stretched by g / ω² below its length', () => {
    const { world, ground } = groundWorld();
    const bob = world.createBody({ width: 0.5, height: 0.5, mass: 3, position: { x: 0, y: 10 } });
    world.createJoint(DistanceJoint, {
      bodyA: ground,
      bodyB: bob,
      anchorA: { x: 0, y: 12 },
      anchorB: { x: 0, y: 10 },
      frequencyHz: 2,
      dampingRatio: 1,
    });
    run(world, 600);
    // k = m ω²: the static stretch m g / k = g / ω².
    const omega = 2 * Math.PI * 2;
    const stretch = 10 / (omega * omega);
    expect(10 - bob.position.y).toBeCloseTo(stretch, 3);
  });
});

describe('mouse joints', () => {
  it('drags a body to the target and follows it', () => {
    const { world } = groundWorld();
    const box = world.createBody({ width: 1, height: 1, mass: 2, position: { x: 0, y: 5 } });
    const mouse = world.createJoint(MouseJoint, { body: box, target: { x: 0, y: 5 } });
    mouse.setTarget(3, 8);
    run(world, 180);
    // A 5 Hz spring under gravity sags by g / ω² ≈ 1 cm.
    expect(Math.hypot(box.position.x - 3, box.position.y - 8)).toBeLessThan(0.03);
    world.destroyJoint(mouse);
    run(world, 10);
    expect(box.linearVelocity.y).toBeLessThan(-1); // free again: falling
  });

  it.each(['soft', 'classic'] as const)(
    'frequencyHz 0 is a rigid row with Baumgarte correction (%s): a fifth of the gap closed each step, then on the target',
    (solver) => {
      const gap = (steps: number): number => {
        const world = new World({
          gravity: { x: 0, y: 0 },
          // (Awake throughout: a body this slow would fall asleep before the gap is gone.)
          sleeping: false,
          ...(solver === 'classic' ? { solver: new ClassicSolver() } : {}),
        });
        const box = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 0 } });
        world.createJoint(MouseJoint, {
          body: box,
          target: { x: 1, y: 0 },
          anchor: { x: 0, y: 0 },
          frequencyHz: 0,
        });
        run(world, steps);
        return Math.hypot(box.position.x - 1, box.position.y);
      };
      // Baumgarte's β = 0.2 (the default): the classic step's rigid row leaves 0.8 of the gap after
      // each step, 0.8^10 after ten; the soft step runs it each of its sub-steps, so closes it faster.
      if (solver === 'classic') expect(gap(10)).toBeCloseTo(0.8 ** 10, 9);
      else expect(gap(10)).toBeLessThan(0.8 ** 10);
      expect(gap(120)).toBeLessThan(1e-6);
    },
  );
});

describe('joint lifetimes', () => {
  it('destroying a body destroys its joints', () => {
    const { world, ground } = groundWorld();
    const a = world.createBody({ width: 1, height: 1, position: { x: 0, y: 5 } });
    const b = world.createBody({ width: 1, height: 1, position: { x: 2, y: 5 } });
    const j1 = world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: a, anchor: { x: 0, y: 6 } });
    const j2 = world.createJoint(DistanceJoint, {
      bodyA: a,
      bodyB: b,
      anchorA: { x: 0, y: 5 },
      anchorB: { x: 2, y: 5 },
    });
    const j3 = world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: b, anchor: { x: 3, y: 5 } });
    world.destroyBody(a);
    expect(world.joints).toEqual([j3]);
    // `world` is internal (not in the published declarations): read it through a cast.
    expect((j1 as unknown as { world: unknown }).world).toBeNull();
    expect((j2 as unknown as { world: unknown }).world).toBeNull();
    run(world, 10);
    expect(b.position.y).toBeLessThan(5); // swings on j3
  });
});
