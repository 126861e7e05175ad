import type { SceneDef } from '@lite/scenes';
import {
  type Body,
  ClassicSolver,
  DistanceJoint,
  jsKernels,
  PROFILE_STAGES,
  RevoluteJoint,
  type SolverKind,
  setWasmKernels,
  World,
} from '@lite/world';
import { type EngineAdapter, requireBasicJoint } from './adapter';

/**
 * lite (@lite/world): the scenes' own units. Sleeping off (world and bodies) and continuous collision
 * not installed, as for every engine that has them; every other setting
 * at its default. The classic solver takes the scene's `iterations` velocity iterations (its default of
 * 1 sub-step; warm starting, position correction, accumulated impulses, block solver on); the soft
 * step keeps its own defaults (4 sub-steps of 1 iteration, 30 Hz contacts of damping ratio 10, exact
 * contact chains, 3 push passes at up to 5 m/s, 2 cm speculative distance), as the scenes' iterations
 * are Box2D-Lite's. The soft step's passes run as its WebAssembly kernels, as they do for users
 * (`lite-ts`: as TypeScript, the same results).
 */
export class LiteAdapter implements EngineAdapter {
  private world: World | null = null;
  private bodies: Body[] = [];
  private readonly solver: SolverKind | undefined;
  private readonly wasm: boolean;

  /**
   * @param solver - the solver to step with (default: the one a new World picks)
   * @param wasm - whether the soft step's WebAssembly kernels run (default true; false: every pass
   *   as TypeScript, with the same results). Set before each step, so that adapters of both kinds
   *   can share a page.
   */
  constructor(solver?: SolverKind, wasm = true) {
    this.solver = solver;
    this.wasm = wasm;
  }

  build(scene: SceneDef): void {
    const world = new World({
      gravity: scene.gravity,
      ...(this.solver !== undefined
        ? {
            solver:
              this.solver === 'classic' ? new ClassicSolver({ iterations: scene.iterations }) : this.solver,
          }
        : {}),
    });
    world.settings.sleeping = false;
    for (const def of scene.bodies) {
      const dynamic = def.type === 'dynamic';
      const shapes = def.shapes;
      // A filter goes with each shape (createBody's first shape takes none): all shapes are added then.
      const filter = def.filter;
      const first = filter === undefined;
      const body = world.createBody({
        type: def.type,
        ...(shapes === undefined
          ? { width: def.width, height: def.height }
          : first
            ? { shape: shapes[0] }
            : {}),
        position: { x: def.x, y: def.y },
        angle: def.angle ?? 0,
        ...(dynamic && first && def.mass !== undefined ? { mass: def.mass } : {}),
        ...(dynamic && first && def.mass === undefined && def.density !== undefined
          ? { density: def.density }
          : {}),
        friction: def.friction ?? 0.2,
        restitution: def.restitution ?? 0,
        ...(def.type !== 'static'
          ? {
              linearVelocity: { x: def.vx ?? 0, y: def.vy ?? 0 },
              angularVelocity: def.angularVelocity ?? 0,
            }
          : {}),
        allowSleep: false,
      });
      if (shapes !== undefined) {
        for (let i = first ? 1 : 0; i < shapes.length; ++i) {
          body.createShape({
            ...shapes[i],
            ...(def.density !== undefined ? { density: def.density } : {}),
            ...(first ? {} : { friction: def.friction ?? 0.2, restitution: def.restitution ?? 0, filter }),
          });
        }
      }
      this.bodies.push(body);
    }
    for (const [index, j] of scene.joints.entries()) {
      requireBasicJoint('lite', j, index);
      const bodyA = this.bodies[j.bodyA];
      const bodyB = this.bodies[j.bodyB];
      if (j.kind === 'revolute') {
        world.createJoint(RevoluteJoint, {
          bodyA,
          bodyB,
          anchor: { x: j.anchorX, y: j.anchorY },
          ...(j.frequencyHz !== undefined ? { frequencyHz: j.frequencyHz } : {}),
          ...(j.dampingRatio !== undefined ? { dampingRatio: j.dampingRatio } : {}),
          ...(j.stiffness !== undefined ? { stiffness: j.stiffness } : {}),
          ...(j.damping !== undefined ? { damping: j.damping } : {}),
          ...(j.collideConnected !== undefined ? { collideConnected: j.collideConnected } : {}),
        });
      } else {
        world.createJoint(DistanceJoint, {
          bodyA,
          bodyB,
          anchorA: { x: j.anchorAX, y: j.anchorAY },
          anchorB: { x: j.anchorBX, y: j.anchorBY },
          ...(j.length !== undefined ? { length: j.length } : {}),
          ...(j.frequencyHz !== undefined ? { frequencyHz: j.frequencyHz } : {}),
          ...(j.dampingRatio !== undefined ? { dampingRatio: j.dampingRatio } : {}),
          ...(j.stiffness !== undefined ? { stiffness: j.stiffness } : {}),
          ...(j.damping !== undefined ? { damping: j.damping } : {}),
          ...(j.collideConnected !== undefined ? { collideConnected: j.collideConnected } : {}),
        });
      }
    }
    this.world = world;
  }

  step(dt: number): void {
    setWasmKernels(this.wasm, jsKernels);
    (this.world as World).step(dt);
  }

  readPoses(out: Float64Array): void {
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; ++i) {
      out[3 * i] = bodies[i].position.x;
      out[3 * i + 1] = bodies[i].position.y;
      out[3 * i + 2] = bodies[i].angle;
    }
  }

  /** Turns on `world.settings.profile` (off otherwise: on Node 20 it allocates a little per step). */
  startStageTimes(): void {
    (this.world as World).settings.profile = true;
  }

  /** Adds `world.profile`'s stages (ms of the last step, by their names in PROFILE_STAGES) to `into`. */
  addStageTimes(into: Record<string, number>): void {
    const times = (this.world as World).profile.times;
    for (let i = 0; i < PROFILE_STAGES.length; ++i) {
      into[PROFILE_STAGES[i]] = (into[PROFILE_STAGES[i]] ?? 0) + times[i];
    }
  }
}
