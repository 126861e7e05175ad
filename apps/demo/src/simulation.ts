import { Random } from '@lite/math';
import { type BodyDef, bomb, type CompareDef, type JointDef, type SceneDef } from '@lite/scenes';
import {
  type Body,
  ClassicSolver,
  ContinuousCollision,
  DistanceJoint,
  MouseJoint,
  PrismaticJoint,
  RevoluteJoint,
  restoreWorld,
  type SolverKind,
  saveWorld,
  WeldJoint,
  WheelJoint,
  World,
} from '@lite/world';
import type { DemoSceneDef } from './demo-scenes';
import { GameInput, gameOf, installGame } from './game';
import type { SavedState } from './rewind';
import { RollingStats } from './rolling-stats';
import { resetSensors, trackSensors } from './sensors';
import { type DemoSettings, SOLVERS } from './settings';

/** What the testbed keeps on each body it creates (as the body's `userData`). */
export interface BodyTag {
  /** The scene's tag (`ground`, `top`, `bomb`, ...), if any. */
  tag: string | undefined;
}

/** The scene tag of a body the testbed created. */
export function tagOf(body: Body): string | undefined {
  return (body.userData as BodyTag | undefined)?.tag;
}

/** Creates `def` in `world`, shifted by `offsetX` metres. */
export function createBodyFromDef(world: World, def: BodyDef, offsetX = 0): Body {
  const userData: BodyTag = { tag: def.tag };
  const shapes = def.shapes;
  // A filter goes with each shape (createBody's first shape takes none): all shapes are added then.
  const filter = def.filter;
  const first = filter === undefined;
  const body = world.createBody({
    type: def.type,
    ...(shapes === undefined ? { width: def.width, height: def.height } : first ? { shape: shapes[0] } : {}),
    position: { x: def.x + offsetX, y: def.y },
    angle: def.angle ?? 0,
    ...(def.type === 'dynamic' && first
      ? def.mass !== undefined
        ? { mass: def.mass }
        : { density: def.density ?? 1 }
      : {}),
    friction: def.friction ?? 0.2,
    restitution: def.restitution ?? 0,
    linearVelocity: { x: def.vx ?? 0, y: def.vy ?? 0 },
    angularVelocity: def.angularVelocity ?? 0,
    userData,
  });
  if (shapes !== undefined) {
    for (let i = first ? 1 : 0; i < shapes.length; ++i) {
      body.createShape({
        ...shapes[i],
        density: def.density ?? 1,
        ...(first ? {} : { friction: def.friction ?? 0.2, restitution: def.restitution ?? 0, filter }),
      });
    }
  }
  for (const shape of body.shapes) {
    if (def.rollingResistance !== undefined) shape.rollingResistance = def.rollingResistance;
    if (def.tangentSpeed !== undefined) shape.tangentSpeed = def.tangentSpeed;
  }
  return body;
}

/** A body of `def`'s pose whose one shape, a `def.width` × `def.height` box, is a sensor. */
function createSensorBody(world: World, def: BodyDef): Body {
  const userData: BodyTag = { tag: def.tag };
  const body = world.createBody({
    type: def.type,
    position: { x: def.x, y: def.y },
    angle: def.angle ?? 0,
    userData,
  });
  body.createShape({ type: 'box', width: def.width, height: def.height, sensor: true });
  return body;
}

/**
 * One world of the testbed and where it is shown. A plain scene has one pane; a comparison scene
 * ({@link SceneDef.compare}) has two, each holding one group of bodies and one value of the compared
 * setting.
 */
export class Pane {
  /** The world this pane steps. */
  readonly world: World;
  /** The caption drawn over the pane ('' for a plain scene). */
  readonly label: string;
  /** The x the pane's camera centres on (the middle of its group's bodies), m. */
  readonly centerX: number;
  /**
   * The setting this pane pins, with its value (and the solver, when the comparison names one), or
   * `undefined`.
   */
  readonly pinned: { setting: CompareDef['setting']; value: boolean; solver?: SolverKind } | undefined;
  /** The mouse joint while a body of this pane is dragged. */
  mouseJoint: MouseJoint | null;

  constructor(
    world: World,
    label: string,
    centerX: number,
    pinned: { setting: CompareDef['setting']; value: boolean; solver?: SolverKind } | undefined,
  ) {
    this.world = world;
    this.label = label;
    this.centerX = centerX;
    this.pinned = pinned;
    this.mouseJoint = null;
  }
}

/**
 * Builds the world for one group of `scene` (`undefined`: every body) with `solver` (default: the
 * world's). The scene's iterations are Box2D-Lite's: they become the classic solver's count, and the
 * soft step keeps its own default. `continuous: false` leaves continuous collision out (a
 * {@link DemoSceneDef.continuousPanes} comparison); a testbed scene's sensor bodies get sensor shapes
 * and the world's sensor events are tracked (`src/sensors.ts`); a game scene's parts are built
 * (`src/game.ts`).
 */
export function buildWorld(
  scene: SceneDef,
  group: number | undefined,
  solver?: SolverKind,
  continuous = true,
): World {
  // The demo offers both solvers, switched live, and continuous collision: both installed.
  const world = new World({
    gravity: { x: scene.gravity.x, y: scene.gravity.y },
    solver: new ClassicSolver({ iterations: scene.iterations }),
    ...(continuous ? { continuous: new ContinuousCollision() } : {}),
  });
  world.solver = solver ?? 'soft';
  const sensors = (scene as DemoSceneDef).sensors;
  if (sensors) trackSensors(world);
  const bodies: (Body | null)[] = [];
  scene.bodies.forEach((def, index) => {
    const included = group === undefined || def.group === undefined || def.group === group;
    if (!included) bodies.push(null);
    else if (sensors?.includes(index)) bodies.push(createSensorBody(world, def));
    else bodies.push(createBodyFromDef(world, def));
  });
  scene.joints.forEach((joint, index) => {
    const bodyA = bodies[joint.bodyA];
    const bodyB = bodies[joint.bodyB];
    if (!bodyA || !bodyB) return;
    createJointFromDef(world, joint, bodyA, bodyB, { sceneJoint: index });
  });
  installGame(world, scene as DemoSceneDef, bodies);
  return world;
}

/** What the testbed keeps on each joint it creates from a scene (as the joint's `userData`). */
export interface JointTag {
  /** The joint's index in the scene's `joints`. */
  sceneJoint: number;
}

/** Creates the scene joint `def` between `bodyA` and `bodyB` in `world`, with `userData`. */
export function createJointFromDef(
  world: World,
  joint: JointDef,
  bodyA: Body,
  bodyB: Body,
  userData: JointTag,
): void {
  // Jointed bodies do not collide (the world's default); a scene says so per joint when they must.
  const common = {
    bodyA,
    bodyB,
    userData,
    ...(joint.collideConnected !== undefined ? { collideConnected: joint.collideConnected } : {}),
  };
  switch (joint.kind) {
    case 'revolute':
      world.createJoint(RevoluteJoint, {
        ...common,
        anchor: { x: joint.anchorX, y: joint.anchorY },
        ...(joint.frequencyHz !== undefined ? { frequencyHz: joint.frequencyHz } : {}),
        ...(joint.dampingRatio !== undefined ? { dampingRatio: joint.dampingRatio } : {}),
        ...(joint.stiffness !== undefined ? { stiffness: joint.stiffness } : {}),
        ...(joint.damping !== undefined ? { damping: joint.damping } : {}),
        ...(joint.lowerAngle !== undefined ? { lowerAngle: joint.lowerAngle } : {}),
        ...(joint.upperAngle !== undefined ? { upperAngle: joint.upperAngle } : {}),
        ...(joint.motorSpeed !== undefined ? { motorSpeed: joint.motorSpeed } : {}),
        ...(joint.maxMotorTorque !== undefined ? { maxMotorTorque: joint.maxMotorTorque } : {}),
        ...(joint.springHertz !== undefined ? { springHertz: joint.springHertz } : {}),
        ...(joint.springDampingRatio !== undefined ? { springDampingRatio: joint.springDampingRatio } : {}),
        ...(joint.targetAngle !== undefined ? { targetAngle: joint.targetAngle } : {}),
      });
      return;
    case 'distance':
      world.createJoint(DistanceJoint, {
        ...common,
        anchorA: { x: joint.anchorAX, y: joint.anchorAY },
        anchorB: { x: joint.anchorBX, y: joint.anchorBY },
        ...(joint.length !== undefined ? { length: joint.length } : {}),
        ...(joint.minLength !== undefined ? { minLength: joint.minLength } : {}),
        ...(joint.maxLength !== undefined ? { maxLength: joint.maxLength } : {}),
        ...(joint.frequencyHz !== undefined ? { frequencyHz: joint.frequencyHz } : {}),
        ...(joint.dampingRatio !== undefined ? { dampingRatio: joint.dampingRatio } : {}),
        ...(joint.stiffness !== undefined ? { stiffness: joint.stiffness } : {}),
        ...(joint.damping !== undefined ? { damping: joint.damping } : {}),
        ...(joint.motorSpeed !== undefined ? { motorSpeed: joint.motorSpeed } : {}),
        ...(joint.maxMotorForce !== undefined ? { maxMotorForce: joint.maxMotorForce } : {}),
      });
      return;
    case 'prismatic':
      world.createJoint(PrismaticJoint, {
        ...common,
        anchor: { x: joint.anchorX, y: joint.anchorY },
        axis: { x: joint.axisX, y: joint.axisY },
        ...(joint.lowerTranslation !== undefined ? { lowerTranslation: joint.lowerTranslation } : {}),
        ...(joint.upperTranslation !== undefined ? { upperTranslation: joint.upperTranslation } : {}),
        ...(joint.motorSpeed !== undefined ? { motorSpeed: joint.motorSpeed } : {}),
        ...(joint.maxMotorForce !== undefined ? { maxMotorForce: joint.maxMotorForce } : {}),
      });
      return;
    case 'weld':
      world.createJoint(WeldJoint, {
        ...common,
        anchor: { x: joint.anchorX, y: joint.anchorY },
        ...(joint.linearFrequencyHz !== undefined ? { linearFrequencyHz: joint.linearFrequencyHz } : {}),
        ...(joint.angularFrequencyHz !== undefined ? { angularFrequencyHz: joint.angularFrequencyHz } : {}),
        ...(joint.dampingRatio !== undefined ? { dampingRatio: joint.dampingRatio } : {}),
        ...(joint.breakForce !== undefined ? { breakForce: joint.breakForce } : {}),
        ...(joint.breakTorque !== undefined ? { breakTorque: joint.breakTorque } : {}),
      });
      return;
    case 'wheel':
      world.createJoint(WheelJoint, {
        ...common,
        anchor: { x: joint.anchorX, y: joint.anchorY },
        axis: { x: joint.axisX, y: joint.axisY },
        ...(joint.frequencyHz !== undefined ? { frequencyHz: joint.frequencyHz } : {}),
        ...(joint.dampingRatio !== undefined ? { dampingRatio: joint.dampingRatio } : {}),
        ...(joint.motorSpeed !== undefined ? { motorSpeed: joint.motorSpeed } : {}),
        ...(joint.maxMotorTorque !== undefined ? { maxMotorTorque: joint.maxMotorTorque } : {}),
        ...(joint.lowerTranslation !== undefined ? { lowerTranslation: joint.lowerTranslation } : {}),
        ...(joint.upperTranslation !== undefined ? { upperTranslation: joint.upperTranslation } : {}),
      });
      return;
  }
}

/** The middle of the x extent of the dynamic bodies of `group` (0 when there are none). */
function groupCenterX(scene: SceneDef, group: number): number {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const def of scene.bodies) {
    if (def.group !== group) continue;
    low = Math.min(low, def.x - 0.5 * def.width);
    high = Math.max(high, def.x + 0.5 * def.width);
  }
  return low <= high ? 0.5 * (low + high) : scene.camera.x;
}

/**
 * A running scene: its panes (one world, or two for a comparison), the step counter and the step
 * timings. Rebuilt from the {@link SceneDef} on reset.
 */
export class Simulation {
  /** The scene being run. */
  readonly scene: SceneDef;
  /** One pane, or two for a comparison scene. */
  readonly panes: Pane[];
  /** The panes' worlds, in pane order. */
  readonly worlds: World[];
  /** Steps taken since the scene was built. */
  stepCount: number;
  /** Wall time of recent steps (all panes together), ms. */
  readonly stepTimes: RollingStats;
  /** Wall time of recent snapshots ({@link Simulation.capture}, all panes together), ms. */
  readonly snapshotTimes: RollingStats;
  /** Set when a world stopped on an error (non-finite state and the like). */
  error: string | null;
  /** The keyboard's input to a game scene's character (read at each step). */
  readonly input = new GameInput();
  private readonly random: Random;

  constructor(scene: SceneDef, settings: DemoSettings) {
    this.scene = scene;
    this.stepCount = 0;
    this.stepTimes = new RollingStats(60);
    this.snapshotTimes = new RollingStats(60);
    this.error = null;
    this.random = new Random(2009);
    const compare = scene.compare;
    if (compare) {
      this.panes = [0, 1].map(
        (group) =>
          new Pane(
            buildWorld(scene, group, compare.solver ?? settings.solver),
            compare.labels[group],
            groupCenterX(scene, group),
            {
              setting: compare.setting,
              value: compare.values[group],
              ...(compare.solver !== undefined ? { solver: compare.solver } : {}),
            },
          ),
      );
    } else if ((scene as DemoSceneDef).continuousPanes) {
      const labels = (scene as DemoSceneDef).continuousPanes!;
      this.panes = [0, 1].map(
        (group) =>
          new Pane(
            buildWorld(scene, group, settings.solver, group === 0),
            labels[group],
            groupCenterX(scene, group),
            undefined,
          ),
      );
    } else {
      this.panes = [new Pane(buildWorld(scene, undefined, settings.solver), '', scene.camera.x, undefined)];
    }
    this.worlds = this.panes.map((pane) => pane.world);
    this.applySettings(settings);
  }

  /**
   * Copies the user's settings into every world (a pane's pinned setting, and its pinned solver,
   * keep their values): the
   * solver, each solver's iterations and sub-steps (the soft step's in `world.settings`, the classic
   * solver's on `world.classicSolver`), the soft step's settings and the toggles (on both). Switching
   * the solver between two steps is live.
   */
  applySettings(settings: DemoSettings): void {
    for (const pane of this.panes) {
      const world = pane.world;
      const target = world.settings;
      const classic = world.classicSolver as ClassicSolver;
      for (const { kind } of SOLVERS) {
        const counts = kind === 'classic' ? classic : target;
        counts.iterations = settings.counts[kind].iterations;
        counts.substeps = settings.counts[kind].substeps;
      }
      world.solver = pane.pinned?.solver ?? settings.solver;
      target.contactHertz = settings.contactHertz;
      target.maxPushVelocity = settings.maxPushVelocity;
      for (const toggles of [target, classic]) {
        toggles.warmStarting = settings.warmStarting;
        toggles.positionCorrection = settings.positionCorrection;
        toggles.accumulateImpulses = settings.accumulateImpulses;
        toggles.blockSolver = settings.blockSolver;
        toggles.relax = settings.relax;
        toggles.splitImpulses = settings.splitImpulses;
        toggles.jointChains = settings.jointChains;
        if (pane.pinned) toggles[pane.pinned.setting] = pane.pinned.value;
      }
      target.sleeping = settings.sleeping;
      // The testbed graphs every step's stages (a few clock reads per step).
      target.profile = true;
      if (world.gravity.x !== settings.gravityX || world.gravity.y !== settings.gravityY) {
        world.gravity.x = settings.gravityX;
        world.gravity.y = settings.gravityY;
        // Resting bodies would not notice new gravity until something touched them.
        for (const body of world.bodies) if (body.type === 'dynamic' && !body.awake) body.setAwake(true);
      }
    }
  }

  /**
   * The state of every pane's world now (see `saveWorld`), with the step count; timed in `snapshotTimes`.
   * `spare` gives buffers no longer needed to write the snapshots into (see `Rewind.spare`).
   */
  capture(spare?: () => Uint8Array | undefined): SavedState {
    const start = performance.now();
    const state = {
      snapshots: this.panes.map((pane) => saveWorld(pane.world, { into: spare?.() })),
      stepCount: this.stepCount,
      games: this.panes.map((pane) => gameOf(pane.world)?.save() ?? null),
    };
    this.snapshotTimes.push(performance.now() - start);
    return state;
  }

  /**
   * Puts every pane's world back as `state` holds it (see `World.restore`), with its step count.
   * The testbed's own mouse joints are input, not history: any the state held is removed (the
   * caller ends its drag first). The user's settings as they are now apply on top, as after any
   * change in the panel. A world that stopped on an error runs again.
   */
  restoreState(state: SavedState, settings: DemoSettings): void {
    this.panes.forEach((pane, i) => {
      const world = pane.world;
      restoreWorld(world, state.snapshots[i]);
      resetSensors(world);
      gameOf(world)?.restore(state.games?.[i] ?? null, state.stepCount);
      for (const joint of [...world.joints]) if (joint instanceof MouseJoint) world.destroyJoint(joint);
      pane.mouseJoint = null;
    });
    this.stepCount = state.stepCount;
    this.error = null;
    this.applySettings(settings);
  }

  /**
   * Steps every pane once by `dt` (a game scene's shuttles before the world's step, its character
   * after it); returns the wall time it took, ms.
   */
  step(dt: number): number {
    if (this.error) return 0;
    const start = performance.now();
    try {
      for (const pane of this.panes) {
        const game = gameOf(pane.world);
        game?.beforeStep(dt);
        pane.world.step(dt);
        game?.afterStep(dt, this.input);
      }
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
    }
    const elapsed = performance.now() - start;
    this.stepTimes.push(elapsed);
    this.stepCount++;
    return elapsed;
  }

  /**
   * Drops Box2D-Lite's bomb into every pane (the same bomb, shifted to each pane's centre). With
   * `at` (x relative to each pane's centre, y; m) the bomb starts there at rest (keeping its spin)
   * instead of flying in from Box2D-Lite's spot.
   */
  dropBomb(at?: { x: number; y: number }): void {
    const def = bomb(this.random);
    if (at) {
      for (const pane of this.panes) {
        createBodyFromDef(pane.world, { ...def, x: at.x + pane.centerX, y: at.y, vx: 0, vy: 0 });
      }
      return;
    }
    for (const pane of this.panes) createBodyFromDef(pane.world, def, pane.centerX - this.scene.camera.x);
  }
}

/**
 * The dynamic body (the lowest id) with a shape of any kind containing the world point (`x`, `y`),
 * found by the world's point query; null when there is none.
 */
export function pickBody(world: World, x: number, y: number): Body | null {
  let picked: Body | null = null;
  world.queryPoint({ x, y }, (body) => {
    if (body.type !== 'dynamic') return true;
    picked = body;
    return false;
  });
  return picked;
}
