import { objectArray } from '@lite/math';
import type { SolverBody } from './solver-body';

/**
 * Packed per-body velocities every constraint of a step acts on: slot `s` has vx, vy and ω at
 * `velocities[velocityStride * s]`, `+ 1` and `+ 2`. Pass the same one to `prepareJoints` and
 * `solveJoints` in a step: each joint keeps its bodies' places from the prepare.
 */
export interface BodyVelocities {
  /** The packed velocities (read after {@link BodyVelocities.velocitySlot}: giving a slot may replace the array). */
  readonly velocities: Float64Array;
  /** Doubles per slot (at least 3: vx, vy, ω first). */
  readonly velocityStride: number;
  /** The body's slot in {@link BodyVelocities.velocities}. */
  velocitySlot(body: SolverBody): number;
}

/** Each {@link ObjectVelocities.begin} takes a fresh stamp. */
let nextStamp = 1;

/**
 * The packed velocities of the object-level joint functions (without a {@link BodyVelocities}):
 * each call reads the bodies' velocities into slots, runs the packed solve and writes them back.
 * Slots live in `SolverBody.scratchSlot`, so a contact solver's `solverSlot`s stay valid. @internal
 */
export class ObjectVelocities implements BodyVelocities {
  /** Per slot: vx, vy, ω. */
  velocities = new Float64Array(3 * 16);
  /** Three doubles a slot. */
  readonly velocityStride = 3;
  private readonly bodies: SolverBody[] = objectArray();
  private count = 0;
  private stamp = 0;

  /** Starts a call: no body has a slot. */
  begin(): void {
    this.stamp = nextStamp++;
    this.count = 0;
  }

  /** The body's slot, giving it the next one (and reading its velocity from the object) the first time. */
  velocitySlot(body: SolverBody): number {
    const held = body.scratchSlot;
    if (body.scratchStamp === this.stamp && held < this.count && this.bodies[held] === body) return held;
    const slot = this.count++;
    if (3 * slot + 3 > this.velocities.length) {
      const grown = new Float64Array(2 * this.velocities.length);
      grown.set(this.velocities);
      this.velocities = grown;
    }
    this.bodies[slot] = body;
    body.scratchStamp = this.stamp;
    body.scratchSlot = slot;
    const v = this.velocities;
    v[3 * slot] = body.linearVelocity.x;
    v[3 * slot + 1] = body.linearVelocity.y;
    v[3 * slot + 2] = body.angularVelocity;
    return slot;
  }

  /** Writes every slot's velocity back to its body. */
  store(): void {
    const v = this.velocities;
    const bodies = this.bodies;
    for (let s = 0, n = this.count; s < n; s++) {
      const b = bodies[s];
      b.linearVelocity.x = v[3 * s];
      b.linearVelocity.y = v[3 * s + 1];
      b.angularVelocity = v[3 * s + 2];
    }
  }
}

/** The object-level functions' packed velocities (one for the module: nothing allocated per call). @internal */
export const objectVelocities = new ObjectVelocities();

/** A joint's binding to packed velocities: where its bodies' vx sit (ω is at + 2). @internal */
export interface VelocityBinding {
  /** The first body. */
  readonly bodyA: SolverBody;
  /** The second body. */
  readonly bodyB: SolverBody;
  /** Index of body A's vx in the packed velocities. */
  velocityA: number;
  /** Index of body B's vx in the packed velocities. */
  velocityB: number;
}

/** Gives a two-body joint its bodies' places in `bodies` (their slots times the stride). @internal */
export function bindBodies(joint: VelocityBinding, bodies: BodyVelocities): void {
  const stride = bodies.velocityStride;
  joint.velocityA = stride * bodies.velocitySlot(joint.bodyA);
  joint.velocityB = stride * bodies.velocitySlot(joint.bodyB);
}
