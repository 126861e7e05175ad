import { describe, expect, it } from 'vitest';
import {
  type BodyOptions,
  ClassicSolver,
  DistanceJoint,
  MouseJoint,
  RevoluteJoint,
  World,
  WorldError,
} from '../src/index';
import { stateOf } from './helpers';

// The classic solver is installed, not built in: made once here, it is picked by name ('classic') below.
new ClassicSolver();

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

/** Expects `fn` to throw a WorldError whose argument is `argument` and whose message shows `value`. */
function expectRefused(fn: () => unknown, argument: string, value: string): void {
  const error = worldError(fn);
  expect(error.argument).toBe(argument);
  expect(error.message).toContain(argument);
  expect(error.message).toContain(value);
}

describe('bad body options', () => {
  const cases: [string, Partial<BodyOptions>, string, string][] = [
    ['NaN width', { width: Number.NaN }, 'options.width', 'NaN'],
    ['negative width', { width: -1 }, 'options.width', '-1'],
    ['zero height', { height: 0 }, 'options.height', '0'],
    ['infinite height', { height: Number.POSITIVE_INFINITY }, 'options.height', 'Infinity'],
    ['zero mass on a dynamic body', { mass: 0 }, 'options.mass', '0'],
    ['negative mass', { mass: -2 }, 'options.mass', '-2'],
    ['NaN density', { density: Number.NaN }, 'options.density', 'NaN'],
    ['mass and density', { mass: 1, density: 1 }, 'options.density', '1'],
    ['NaN position', { position: { x: Number.NaN, y: 0 } }, 'options.position.x', 'NaN'],
    [
      'infinite position',
      { position: { x: 0, y: Number.NEGATIVE_INFINITY } },
      'options.position.y',
      '-Infinity',
    ],
    ['NaN angle', { angle: Number.NaN }, 'options.angle', 'NaN'],
    ['NaN velocity', { linearVelocity: { x: 0, y: Number.NaN } }, 'options.linearVelocity.y', 'NaN'],
    [
      'infinite angular velocity',
      { angularVelocity: Number.POSITIVE_INFINITY },
      'options.angularVelocity',
      'Infinity',
    ],
    ['negative friction', { friction: -0.1 }, 'options.friction', '-0.1'],
    ['NaN restitution', { restitution: Number.NaN }, 'options.restitution', 'NaN'],
    ['unknown type', { type: 'wobbly' as never }, 'options.type', 'wobbly'],
    [
      'a moving static body',
      { type: 'static', linearVelocity: { x: 1, y: 0 } },
      'options.linearVelocity',
      '"x":1',
    ],
  ];
  for (const [name, patch, argument, value] of cases) {
    it(`refuses ${name}`, () => {
      const world = new World();
      expectRefused(() => world.createBody({ width: 1, height: 1, ...patch }), argument, value);
      expect(world.bodies.length).toBe(0); // nothing was created
      expect(world.createBody({ width: 1, height: 1 }).id).toBe(0); // and no id was used up
    });
  }

  it('refuses a missing options object', () => {
    const world = new World();
    expectRefused(() => world.createBody(undefined as never), 'options.width', 'undefined');
  });
});

describe('bad world options and settings', () => {
  it('refuses a NaN gravity and bad iteration counts', () => {
    expectRefused(() => new World({ gravity: { x: Number.NaN, y: 0 } }), 'options.gravity.x', 'NaN');
    expectRefused(() => new World({ iterations: -1 }), 'settings.iterations', '-1');
    expectRefused(() => new World({ iterations: 2.5 }), 'settings.iterations', '2.5');
    const world = new World();
    expectRefused(
      () => {
        world.settings.iterations = Number.NaN;
      },
      'settings.iterations',
      'NaN',
    );
    expect(world.settings.iterations).toBe(1);
    expectRefused(
      () => {
        world.settings.timeToSleep = -1;
      },
      'settings.timeToSleep',
      '-1',
    );
  });

  it('refuses a step after gravity was set to a bad value, and a bad solver constant when set, changing nothing', () => {
    const world = new World();
    const body = world.createBody({ width: 1, height: 1 });
    world.gravity.y = Number.NaN;
    expectRefused(() => world.step(1 / 60), 'world.gravity.y', 'NaN');
    world.gravity.y = -10;
    expectRefused(
      () => {
        world.settings.baumgarte = 2;
      },
      'settings.baumgarte',
      '2',
    );
    expect(world.settings.baumgarte).toBe(0.2);
    expect(body.position.y).toBe(0);
    expect(world.stepCount).toBe(0);
  });
  it("refuses the classic solver's bad settings naming classicSolver.<field>, and its counts as world options", () => {
    expectRefused(() => new ClassicSolver({ iterations: -1 }), 'classicSolver.iterations', '-1');
    expectRefused(() => new ClassicSolver({ blockSolver: 1 as never }), 'classicSolver.blockSolver', '1');
    expectRefused(() => new ClassicSolver({ blokSolver: true } as never), 'options.blokSolver', 'true');
    expectRefused(() => new ClassicSolver(7 as never), 'options', '7');
    const classic = new ClassicSolver({ iterations: 20, substeps: 2, warmStarting: false });
    expectRefused(
      () => {
        classic.substeps = 0;
      },
      'classicSolver.substeps',
      '0',
    );
    expectRefused(
      () => {
        classic.baumgarte = 2;
      },
      'classicSolver.baumgarte',
      '2',
    );
    expectRefused(
      () => {
        (classic as unknown as Record<string, boolean>).blokSolver = false;
      },
      'classicSolver.blokSolver',
      'false',
    );
    expect([classic.iterations, classic.substeps, classic.warmStarting, classic.baumgarte]).toEqual([
      20,
      2,
      false,
      0.2,
    ]);
    expectRefused(() => new World({ solver: classic, iterations: 3 }), 'options.iterations', '3');
    expectRefused(() => new World({ solver: 'classic', substeps: 2 }), 'options.substeps', '2');
    // Its settings are its own: the world's soft step keeps its counts and toggles.
    const world = new World({ solver: classic });
    expect(world.classicSolver).toBe(classic);
    expect([world.settings.iterations, world.settings.substeps, world.settings.warmStarting]).toEqual([
      1,
      4,
      true,
    ]);
  });
});

describe('bad steps', () => {
  for (const dt of [0, -1 / 60, Number.NaN, Number.POSITIVE_INFINITY]) {
    it(`refuses dt = ${dt}`, () => {
      const world = new World();
      world.createBody({ width: 1, height: 1 });
      expectRefused(() => world.step(dt), 'dt', String(dt));
      expect(world.stepCount).toBe(0);
    });
  }

  it('refuses a non-number dt', () => {
    const world = new World();
    expectRefused(() => world.step('1' as never), 'dt', '1');
  });
});

describe('joints', () => {
  it('refuses a joint between a body and itself', () => {
    const world = new World();
    const body = world.createBody({ width: 1, height: 1 });
    expectRefused(
      () => world.createJoint(RevoluteJoint, { bodyA: body, bodyB: body, anchor: { x: 0, y: 0 } }),
      'options.bodyB',
      'Body #0',
    );
    expectRefused(
      () =>
        world.createJoint(DistanceJoint, {
          bodyA: body,
          bodyB: body,
          anchorA: { x: 0, y: 0 },
          anchorB: { x: 1, y: 0 },
        }),
      'options.bodyB',
      'Body #0',
    );
    expect(world.joints.length).toBe(0);
  });

  it('refuses non-finite anchors and bad joint options, naming the option', () => {
    const world = new World();
    const a = world.createBody({ type: 'static', width: 1, height: 1 });
    const b = world.createBody({ width: 1, height: 1, position: { x: 2, y: 0 } });
    expectRefused(
      () => world.createJoint(RevoluteJoint, { bodyA: a, bodyB: b, anchor: { x: Number.NaN, y: 0 } }),
      'options.anchor.x',
      'NaN',
    );
    expectRefused(
      () => world.createJoint(RevoluteJoint, { bodyA: a, bodyB: b, anchor: { x: 1, y: 0 }, frequencyHz: -1 }),
      'options.frequencyHz',
      '-1',
    );
    expectRefused(
      () =>
        world.createJoint(RevoluteJoint, {
          bodyA: a,
          bodyB: b,
          anchor: { x: 1, y: 0 },
          lowerAngle: 1,
          upperAngle: 0,
        }),
      'options.upperAngle',
      '0',
    );
    expectRefused(
      () =>
        world.createJoint(DistanceJoint, {
          bodyA: a,
          bodyB: b,
          anchorA: { x: 0, y: 0 },
          anchorB: { x: 2, y: 0 },
          minLength: 3,
          maxLength: 1,
        }),
      'options.maxLength',
      '1',
    );
    expectRefused(
      () => world.createJoint(MouseJoint, { body: a, target: { x: 0, y: 0 } }),
      'options.body',
      'Body #0',
    );
    expectRefused(
      () => world.createJoint(MouseJoint, { body: b, target: { x: 0, y: Number.NaN } }),
      'options.target.y',
      'NaN',
    );
    expect(world.joints.length).toBe(0);
  });

  it('refuses a destroyed joint and a joint of another world', () => {
    const world = new World();
    const other = new World();
    const a = world.createBody({ type: 'static', width: 1, height: 1 });
    const b = world.createBody({ width: 1, height: 1, position: { x: 2, y: 0 } });
    const joint = world.createJoint(RevoluteJoint, { bodyA: a, bodyB: b, anchor: { x: 1, y: 0 } });
    expectRefused(() => other.destroyJoint(joint), 'joint', 'RevoluteJoint #0');
    world.destroyJoint(joint);
    expectRefused(() => world.destroyJoint(joint), 'joint', 'RevoluteJoint #0');
    expectRefused(() => joint.wakeBodies(), 'joint', 'RevoluteJoint #0');
    const mouse = world.createJoint(MouseJoint, { body: b, target: { x: 2, y: 0 } });
    world.destroyJoint(mouse);
    expectRefused(() => mouse.setTarget(1, 1), 'joint', 'MouseJoint #1');
  });
});

describe('destroyed bodies', () => {
  it('refuses every use of a destroyed body', () => {
    const world = new World();
    const ground = world.createBody({ type: 'static', width: 10, height: 1 });
    const body = world.createBody({ width: 1, height: 1, position: { x: 0, y: 2 } });
    world.destroyBody(body);
    expect(body.alive).toBe(false);
    const uses: (() => unknown)[] = [
      () => body.applyForce({ x: 1, y: 0 }),
      () => body.applyTorque(1),
      () => body.applyLinearImpulse({ x: 1, y: 0 }),
      () => body.applyAngularImpulse(1),
      () => body.setLinearVelocity({ x: 1, y: 0 }),
      () => body.setAngularVelocity(1),
      () => body.setTransform({ x: 0, y: 0 }, 0),
      () => body.setAwake(true),
      () => body.setMass(1, 1),
    ];
    for (const use of uses) expectRefused(use, 'body', 'Body #1');
    expectRefused(() => world.destroyBody(body), 'body', 'Body #1');
    expectRefused(
      () => world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: body, anchor: { x: 0, y: 0 } }),
      'options.bodyB',
      'Body #1',
    );
  });

  it('refuses a body of another world', () => {
    const world = new World();
    const other = new World();
    const body = other.createBody({ width: 1, height: 1 });
    expectRefused(() => world.destroyBody(body), 'body', 'Body #0');
  });

  it('refuses NaN forces, impulses, velocities and poses, leaving the body unchanged', () => {
    const world = new World();
    const body = world.createBody({ width: 1, height: 1, position: { x: 1, y: 2 } });
    expectRefused(() => body.applyForce({ x: Number.NaN, y: 0 }), 'force.x', 'NaN');
    expectRefused(() => body.applyForce({ x: 0, y: 0 }, { x: 0, y: Number.NaN }), 'point.y', 'NaN');
    expectRefused(
      () => body.applyLinearImpulse({ x: 0, y: Number.POSITIVE_INFINITY }),
      'impulse.y',
      'Infinity',
    );
    expectRefused(() => body.setLinearVelocity({ x: Number.NaN, y: 0 }), 'velocity.x', 'NaN');
    expectRefused(() => body.setAngularVelocity(Number.NaN), 'angularVelocity', 'NaN');
    expectRefused(() => body.setTransform({ x: Number.NaN, y: 0 }), 'position.x', 'NaN');
    expectRefused(() => body.setTransform({ x: 0, y: 0 }, Number.NaN), 'angle', 'NaN');
    expectRefused(
      () => {
        body.friction = -1;
      },
      'body.friction',
      '-1',
    );
    expect([body.position.x, body.position.y, body.angle]).toEqual([1, 2, 0]);
    expect([body.force.x, body.force.y, body.torque]).toEqual([0, 0, 0]);
    expect(body.friction).toBe(0.2);
  });
});

describe('changes during a step', () => {
  it('refuses creating and destroying bodies and joints from an event listener', () => {
    const world = new World();
    const ground = world.createBody({ type: 'static', width: 10, height: 1 });
    const box = world.createBody({ width: 1, height: 1, position: { x: 0, y: 1.01 } });
    const errors: unknown[] = [];
    world.on('beginContact', () => {
      for (const attempt of [
        () => world.destroyBody(box),
        () => world.createBody({ width: 1, height: 1 }),
        () => world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: box, anchor: { x: 0, y: 1 } }),
        () => box.setTransform({ x: 5, y: 5 }),
        () => world.step(1 / 60),
      ]) {
        try {
          attempt();
        } catch (error) {
          errors.push(error);
        }
      }
    });
    for (let i = 0; i < 10; ++i) world.step(1 / 60);
    expect(errors.length).toBe(5);
    for (const error of errors) expect(error).toBeInstanceOf(WorldError);
    expect((errors[0] as WorldError).message).toContain('Body #1');
    expect(world.bodies.length).toBe(2);
    expect(box.alive).toBe(true);
    expect(world.joints.length).toBe(0);
  });
});

describe('a step that turns non-finite', () => {
  it('throws naming the body and field, and restores every body to its state before the step', () => {
    const world = new World({ sleeping: false });
    world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
    const bodies = [1, 0.001, 1].map((mass, i) =>
      world.createBody({ width: 1, height: 1, mass, position: { x: 3 * i, y: 0.5 } }),
    );
    for (let i = 0; i < 30; ++i) world.step(1 / 60);
    const before = stateOf(world);
    bodies[1].applyForce({ x: 1e308, y: 0 }); // finite, but F / m · dt overflows to Infinity
    const error = worldError(() => world.step(1 / 60));
    expect(error.argument).toMatch(/^body #2\./);
    expect(error.message).toContain('body #2');
    const after = stateOf(world);
    for (let i = 0; i < before.length; ++i) expect(Object.is(after[i], before[i])).toBe(true);
    for (const body of bodies) {
      expect(body.transform.p.x).toBe(body.position.x);
      expect(body.transform.p.y).toBe(body.position.y);
    }
    // The world keeps working once the cause is gone.
    bodies[1].force.x = 0;
    for (let i = 0; i < 10; ++i) world.step(1 / 60);
    expect(Number.isFinite(bodies[1].position.x)).toBe(true);
  });

  // With joints the soft step writes poses to the bodies during the sub-steps, so it checks every
  // awake body after the step instead of the numbers its last write-back saw: the same outcome.
  for (const solver of ['soft', 'classic'] as const) {
    it(`${solver}: with a joint in the world too, names the body and restores every body`, () => {
      const world = new World({ solver, sleeping: false });
      const ground = world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
      const bob = world.createBody({ width: 0.5, height: 0.5, position: { x: 2, y: 5 } });
      world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: bob, anchor: { x: 0, y: 5 } });
      const box = world.createBody({ width: 1, height: 1, mass: 0.001, position: { x: -3, y: 0.5 } });
      for (let i = 0; i < 30; ++i) world.step(1 / 60);
      const before = stateOf(world);
      box.applyForce({ x: 1e308, y: 0 });
      const error = worldError(() => world.step(1 / 60));
      expect(error.argument).toMatch(new RegExp(`^body #${box.id}\\.`));
      const after = stateOf(world);
      for (let i = 0; i < before.length; ++i) expect(Object.is(after[i], before[i])).toBe(true);
    });
  }

  it('refuses a force whose sum would overflow at the call, and a step on a force overflowed by hand', () => {
    const world = new World();
    const body = world.createBody({ width: 1, height: 1 });
    body.applyForce({ x: 1e308, y: 0 });
    expect(() => body.applyForce({ x: 1e308, y: 0 })).toThrow(WorldError); // the sum would be Infinity
    expect(body.force.x).toBe(1e308);
    body.force.x += 1e308; // written directly: the step's own check refuses it
    expectRefused(() => world.step(1 / 60), 'body #0.force.x', 'Infinity');
    expect(body.position.x).toBe(0);
  });

  it('refuses to step a body whose state was set to NaN by hand, changing nothing', () => {
    const world = new World();
    const body = world.createBody({ width: 1, height: 1, position: { x: 1, y: 2 } });
    const other = world.createBody({ width: 1, height: 1, position: { x: 5, y: 2 } });
    body.linearVelocity.y = Number.NaN;
    expectRefused(() => world.step(1 / 60), 'body #0.linearVelocity.y', 'NaN');
    expect(other.position.y).toBe(2);
    expect(world.stepCount).toBe(0);
  });
});
