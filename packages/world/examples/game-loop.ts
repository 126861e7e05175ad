/**
 * A game loop around a lite world: a fixed step fed by an accumulator, interpolated poses for
 * drawing, and snapshots for rolling back when an input arrives late. docs/game-loop.md walks
 * through it; run it with `npx tsx packages/world/examples/game-loop.ts`.
 */
import { type Body, restoreWorld, saveWorld, World } from '@lite/world';

/** The simulation step, s: the world is always stepped by exactly this. */
export const STEP = 1 / 60;

/**
 * Turns frame times into whole steps of {@link STEP}. Time not yet simulated stays in the
 * accumulator; after a stall at most `maxSteps` run and the rest is dropped, so one slow frame does
 * not make the next one slower (the "spiral of death").
 */
export class FixedStep {
  /** Frame time not yet simulated, s: in [0, STEP) after {@link FixedStep.advance}. */
  accumulator = 0;

  constructor(readonly maxSteps = 4) {}

  /** Adds a frame of `elapsed` seconds and returns how many steps to run now. */
  advance(elapsed: number): number {
    this.accumulator += Math.max(0, elapsed);
    let steps = Math.floor(this.accumulator / STEP);
    if (steps > this.maxSteps) {
      steps = this.maxSteps;
      this.accumulator = 0;
    } else {
      this.accumulator -= steps * STEP;
    }
    return steps;
  }

  /** How far the display is between the last step and the next, in [0, 1): the blend for drawing. */
  get alpha(): number {
    return this.accumulator / STEP;
  }
}

/**
 * The poses of the last two steps, so a frame can draw the bodies between them. Call
 * {@link Interpolator.beforeStep} before every `world.step`; {@link Interpolator.pose} blends.
 */
export class Interpolator {
  private previous = new Float64Array(0);

  /** Keeps the bodies' poses (x, y, angle per body, in `world.bodies` order) as the previous ones. */
  beforeStep(world: World): void {
    const bodies = world.bodies;
    if (this.previous.length !== 3 * bodies.length) this.previous = new Float64Array(3 * bodies.length);
    for (let i = 0; i < bodies.length; i++) {
      this.previous[3 * i] = bodies[i].position.x;
      this.previous[3 * i + 1] = bodies[i].position.y;
      this.previous[3 * i + 2] = bodies[i].angle;
    }
  }

  /**
   * The pose to draw body `i` of `world.bodies` at, `alpha` of the way from its previous step's pose
   * to its current one: positions blend linearly, the angle along the shorter arc.
   */
  pose(world: World, i: number, alpha: number, out: { x: number; y: number; angle: number }): void {
    const body = world.bodies[i];
    const p = this.previous;
    if (p.length !== 3 * world.bodies.length) {
      out.x = body.position.x;
      out.y = body.position.y;
      out.angle = body.angle;
      return;
    }
    out.x = p[3 * i] + alpha * (body.position.x - p[3 * i]);
    out.y = p[3 * i + 1] + alpha * (body.position.y - p[3 * i + 1]);
    const turn = Math.atan2(Math.sin(body.angle - p[3 * i + 2]), Math.cos(body.angle - p[3 * i + 2]));
    out.angle = p[3 * i + 2] + alpha * turn;
  }
}

/** An input of one frame: an impulse on a body. */
export interface Input {
  frame: number;
  bodyId: number;
  impulse: { x: number; y: number };
}

/**
 * A world that can take inputs late: it keeps a snapshot of the start of each of its last `history`
 * frames, and an input for a past frame rewinds to that frame, applies it and steps back to the
 * present. Stepping is deterministic, so the result is bit for bit what the input on time would
 * have given (the basis of rollback networking).
 */
export class RollbackWorld {
  /** The frame the next {@link RollbackWorld.step} simulates. */
  frame = 0;
  private readonly snapshots: (Uint8Array | undefined)[];
  private inputs: Input[] = [];

  constructor(
    readonly world: World,
    readonly history = 60,
  ) {
    this.snapshots = new Array(history);
  }

  /** Simulates one frame: saves its start, applies its inputs, steps. */
  step(): void {
    this.snapshots[this.frame % this.history] = saveWorld(this.world);
    for (const input of this.inputs) if (input.frame === this.frame) apply(this.world, input);
    this.world.step(STEP);
    this.frame++;
  }

  /** Takes an input for `input.frame` (now or in the last `history` frames), rewinding if it is late. */
  receive(input: Input): void {
    if (input.frame < this.frame - this.history || input.frame > this.frame) {
      throw new RangeError(`input.frame = ${input.frame}: outside the kept history`);
    }
    // Inputs older than the history can no longer be replayed: let them go.
    this.inputs = this.inputs.filter((kept) => kept.frame >= this.frame - this.history);
    this.inputs.push(input);
    if (input.frame === this.frame) return;
    const present = this.frame;
    restoreWorld(this.world, this.snapshots[input.frame % this.history] as Uint8Array);
    this.frame = input.frame;
    while (this.frame < present) this.step();
  }
}

function apply(world: World, input: Input): void {
  (world.getBody(input.bodyId) as Body).applyLinearImpulse(input.impulse);
}

/** A small scene: ground and a stack of three boxes, sizes in metres (draw at 50 px a metre). */
export function makeScene(): World {
  const world = new World({ gravity: { x: 0, y: -10 } });
  world.createBody({ type: 'static', width: 40, height: 1, position: { x: 0, y: -0.5 } });
  for (let i = 0; i < 3; i++)
    world.createBody({ width: 1, height: 1, density: 1, position: { x: 0, y: 0.5 + i } });
  return world;
}

/** Runs two seconds of irregular frames and prints where the top box is drawn. */
export function main(): void {
  const world = makeScene();
  const clock = new FixedStep();
  const blend = new Interpolator();
  const pose = { x: 0, y: 0, angle: 0 };
  const pixelsPerMetre = 50;
  const frames = [1 / 60, 1 / 144, 1 / 30, 1 / 75];
  world.bodies[3].applyLinearImpulse({ x: 2, y: 0 });
  for (let f = 0, time = 0; time < 2; f++) {
    const elapsed = frames[f % frames.length];
    time += elapsed;
    for (let n = clock.advance(elapsed); n > 0; n--) {
      blend.beforeStep(world);
      world.step(STEP);
    }
    blend.pose(world, 3, clock.alpha, pose);
  }
  console.log(
    `top box drawn at (${(pose.x * pixelsPerMetre).toFixed(1)}, ${(pose.y * pixelsPerMetre).toFixed(1)}) px`,
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) main();
