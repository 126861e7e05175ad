/**
 * Joint springs in physical units through the world: `stiffness` (N/m) and `damping` (N·s/m) as
 * options of revolute and distance joints (world.createJoint), the sag they give, switching them live, and
 * WorldErrors for bad values or both spring forms at once (nothing is created then).
 */
import { describe, expect, it } from 'vitest';
import { type Body, DistanceJoint, RevoluteJoint, World, WorldError } from '../src/index';
import { run } from './helpers';

const g = 10;

function groundWorld(): { world: World; ground: Body } {
  const world = new World({ gravity: { x: 0, y: -g }, sleeping: false });
  const ground = world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 } });
  return { world, ground };
}

/** Runs `fn`, expects a WorldError, and returns it. */
function worldError(fn: () => unknown): WorldError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(WorldError);
    return error as WorldError;
  }
  throw new Error('expected a WorldError, nothing was thrown');
}

describe('joint springs given by stiffness and damping', () => {
  it('a body on a distance spring sags m g / k (0.5%) and on a soft pin likewise', () => {
    for (const m of [2, 40]) {
      const k = 4000;
      const c = 2 * Math.sqrt(k * m); // critical: settles within a few seconds
      const { world, ground } = groundWorld();
      const hanging = world.createBody({ width: 0.5, height: 0.5, mass: m, position: { x: -3, y: 10 } });
      const spring = world.createJoint(DistanceJoint, {
        bodyA: ground,
        bodyB: hanging,
        anchorA: { x: -3, y: 12 },
        anchorB: { x: -3, y: 10 },
        stiffness: k,
        damping: c,
      });
      const pinned = world.createBody({ width: 0.5, height: 1, mass: m, position: { x: 3, y: 10 } });
      const pin = world.createJoint(RevoluteJoint, {
        bodyA: ground,
        bodyB: pinned,
        anchor: { x: 3, y: 10.5 },
        stiffness: k,
        damping: c,
      });
      expect([spring.springForm, spring.stiffness, spring.damping]).toEqual(['stiffness', k, c]);
      expect([pin.springForm, pin.stiffness, pin.damping, pin.frequencyHz]).toEqual(['stiffness', k, c, 0]);
      run(world, 600);
      const sag = (m * g) / k;
      expect(Math.abs((10 - hanging.position.y) / sag - 1), `distance, ${m} kg`).toBeLessThan(0.005);
      const anchorOnBody = pinned.getWorldPoint({ x: pin.localAnchorBX, y: pin.localAnchorBY });
      expect(Math.abs((10.5 - anchorOnBody.y) / sag - 1), `revolute, ${m} kg`).toBeLessThan(0.005);
    }
  });

  it('switches form between steps, and setSpring wakes the bodies', () => {
    const world = new World({ gravity: { x: 0, y: -g } });
    const ground = world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 } });
    const bob = world.createBody({ width: 0.5, height: 0.5, mass: 3, position: { x: 0, y: 10 } });
    const joint = world.createJoint(DistanceJoint, {
      bodyA: ground,
      bodyB: bob,
      anchorA: { x: 0, y: 12 },
      anchorB: { x: 0, y: 10 },
      frequencyHz: 2,
      dampingRatio: 1,
    });
    run(world, 600);
    const omega = 4 * Math.PI;
    expect(10 - bob.position.y).toBeCloseTo(g / (omega * omega), 3);
    expect(bob.awake).toBe(false); // at rest: asleep
    joint.setSpring({ stiffness: 300, damping: 2 * Math.sqrt(300 * 3) });
    expect(bob.awake).toBe(true);
    expect([joint.springForm, joint.frequencyHz, joint.dampingRatio]).toEqual(['stiffness', 0, 0]);
    run(world, 600);
    expect(Math.abs((10 - bob.position.y) / ((3 * g) / 300) - 1)).toBeLessThan(0.005);
    joint.frequencyHz = 2;
    joint.dampingRatio = 1;
    expect(joint.springForm).toBe('frequency');
    joint.wakeBodies();
    run(world, 600);
    expect(10 - bob.position.y).toBeCloseTo(g / (omega * omega), 3);
  });
});

describe('bad joint springs', () => {
  it('refuses both forms at once, naming the option and the value; nothing is created', () => {
    const { world, ground } = groundWorld();
    const b = world.createBody({ width: 1, height: 1, position: { x: 2, y: 5 } });
    const revolute = worldError(() =>
      world.createJoint(RevoluteJoint, {
        bodyA: ground,
        bodyB: b,
        anchor: { x: 1, y: 5 },
        frequencyHz: 2,
        stiffness: 1000,
      }),
    );
    expect(revolute.argument).toBe('options.stiffness');
    expect(revolute.value).toBe(1000);
    expect(revolute.message).toMatch(/^options\.stiffness = 1000: cannot be given with frequencyHz \(2\)/);
    const distance = worldError(() =>
      world.createJoint(DistanceJoint, {
        bodyA: ground,
        bodyB: b,
        anchorA: { x: 0, y: 5 },
        anchorB: { x: 2, y: 5 },
        dampingRatio: 0.5,
        damping: 20,
      }),
    );
    expect(distance.argument).toBe('options.damping');
    expect(distance.message).toMatch(/^options\.damping = 20: cannot be given with dampingRatio \(0\.5\)/);
    expect(world.joints.length).toBe(0);
  });

  it('refuses negative and non-finite stiffness and damping in options and setters', () => {
    const { world, ground } = groundWorld();
    const b = world.createBody({ width: 1, height: 1, position: { x: 2, y: 5 } });
    for (const name of ['stiffness', 'damping'] as const) {
      for (const bad of [-5, Number.NaN, Number.POSITIVE_INFINITY]) {
        const e1 = worldError(() =>
          world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: b, anchor: { x: 1, y: 5 }, [name]: bad }),
        );
        expect([e1.argument, e1.value]).toEqual([`options.${name}`, bad]);
        const e2 = worldError(() =>
          world.createJoint(DistanceJoint, {
            bodyA: ground,
            bodyB: b,
            anchorA: { x: 0, y: 5 },
            anchorB: { x: 2, y: 5 },
            [name]: bad,
          }),
        );
        expect([e2.argument, e2.value]).toEqual([`options.${name}`, bad]);
      }
    }
    expect(world.joints.length).toBe(0);

    const pin = world.createJoint(RevoluteJoint, {
      bodyA: ground,
      bodyB: b,
      anchor: { x: 1, y: 5 },
      stiffness: 10,
    });
    const rod = world.createJoint(DistanceJoint, {
      bodyA: ground,
      bodyB: b,
      anchorA: { x: 0, y: 5 },
      anchorB: { x: 2, y: 5 },
      frequencyHz: 3,
    });
    for (const joint of [pin, rod]) {
      const before = [
        joint.springForm,
        joint.frequencyHz,
        joint.dampingRatio,
        joint.stiffness,
        joint.damping,
      ];
      for (const name of ['stiffness', 'damping', 'frequencyHz', 'dampingRatio'] as const) {
        const e = worldError(() => {
          joint[name] = -1;
        });
        expect([e.argument, e.value]).toEqual([`joint.${name}`, -1]);
        expect(e.message).toMatch(new RegExp(`^joint\\.${name} = -1: must be a finite number >= 0`));
      }
      const both = worldError(() => joint.setSpring({ frequencyHz: 1, stiffness: 2 }));
      expect([both.argument, both.value]).toEqual(['joint.stiffness', 2]);
      expect([
        joint.springForm,
        joint.frequencyHz,
        joint.dampingRatio,
        joint.stiffness,
        joint.damping,
      ]).toEqual(before);
    }
    world.destroyJoint(rod);
    expect(worldError(() => rod.setSpring({ stiffness: 1 })).argument).toBe('joint');
  });
});
