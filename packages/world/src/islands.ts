import type { BodyStates, SolverBody } from '@lite/constraints';
import type { Body } from './body';
import type { Contact } from './contact';
import { type Joint, jointBodyA, jointBodyB } from './joints';
import type { WorldSettings } from './settings';

/**
 * Islands and sleeping, the step's stage 10 (docs/islands-and-sleeping.md): awake bodies (the body
 * states' slots, so sleepers cost nothing) joined by
 * union-find through the step's contacts and joints (static bodies join none); an island whose
 * every body rested `timeToSleep` falls asleep, its bodies linked in a ring (`Body.sleepNext`) so
 * waking one wakes all. Lower index as root, rings in id order: the result depends only on ids.
 * `slept` keeps the bodies an update put to sleep, for `settleSleepers`. Allocation-free while stepping.
 */
export class Islands {
  private parent = new Int32Array(8);
  private islandSleepTime = new Float64Array(8);
  private ringHead = new Int32Array(8);
  private ringTail = new Int32Array(8);
  /** The indices of the bodies the last `update` put to sleep, in index order, and their count. */
  slept = new Int32Array(8);
  sleptCount = 0;
  /** Per body index: 1 while `settleSleepers` works on the body (else 0). */
  settling = new Uint8Array(8);

  /** Makes room for `count` bodies. */
  ensureCapacity(count: number): void {
    if (count <= this.parent.length) return;
    let capacity = this.parent.length;
    while (capacity < count) capacity *= 2;
    this.parent = new Int32Array(capacity);
    this.islandSleepTime = new Float64Array(capacity);
    this.ringHead = new Int32Array(capacity);
    this.ringTail = new Int32Array(capacity);
    this.slept = new Int32Array(capacity);
    this.settling = new Uint8Array(capacity);
  }

  /** Updates sleep timers, builds the islands and puts rested ones to sleep; returns how many slept. */
  update(
    bodies: readonly Body[],
    states: BodyStates,
    contacts: readonly Contact[],
    contactCount: number,
    joints: readonly Joint[],
    jointCount: number,
    settings: WorldSettings,
    dt: number,
  ): number {
    const parent = this.parent;
    const islandTime = this.islandSleepTime;
    const ringHead = this.ringHead;
    const ringTail = this.ringTail;
    const linearTolerance = settings.linearSleepTolerance;
    const angularTolerance = settings.angularSleepTolerance;
    const linear2 = linearTolerance * linearTolerance;
    const angular2 = angularTolerance * angularTolerance;
    const timeToSleep = settings.timeToSleep;

    // Sleep timers; every awake body starts as its own island.
    for (let slot = 1, n = states.count; slot < n; ++slot) {
      const b = states.bodyAt(slot) as Body;
      const i = b.index;
      parent[i] = i;
      islandTime[i] = Number.POSITIVE_INFINITY;
      ringHead[i] = -1;
      const v = b.linearVelocity;
      const w = b.angularVelocity;
      const moving = b.isDynamic
        ? v.x * v.x + v.y * v.y > linear2 || w * w > angular2
        : v.x !== 0 || v.y !== 0 || w !== 0; // a kinematic body sleeps only once it has stopped
      if (!b.allowSleep || moving) b.sleepTime = 0;
      else b.sleepTime += dt;
    }

    // Join through touching contacts and joints between awake bodies.
    for (let i = 0; i < contactCount; ++i) {
      const c = contacts[i];
      const a = c.bodyA;
      const b = c.bodyB;
      if (a.isAwake && b.isAwake) this.union(a.index, b.index);
    }
    for (let i = 0; i < jointCount; ++i) {
      const a = jointBodyA(joints[i]);
      const b = jointBodyB(joints[i]);
      if (a !== b && a.isAwake && b.isAwake) this.union(a.index, b.index);
    }

    // An island rests as long as its most recently moving body.
    for (let slot = 1, n = states.count; slot < n; ++slot) {
      const b = states.bodyAt(slot) as Body;
      const root = this.find(b.index);
      if (b.sleepTime < islandTime[root]) islandTime[root] = b.sleepTime;
    }
    let rested = false;
    for (let slot = 1, n = states.count; slot < n && !rested; ++slot)
      rested = islandTime[this.find((states.bodyAt(slot) as Body).index)] >= timeToSleep;
    this.sleptCount = 0;
    if (!rested) return 0;

    // In index order: the rings and `slept` in id order.
    let asleep = 0;
    const slept = this.slept;
    for (let i = 0, n = bodies.length; i < n; ++i) {
      const b = bodies[i];
      if (!b.isAwake) continue;
      const root = this.find(i);
      if (!(islandTime[root] >= timeToSleep)) continue;
      // Link into the island's ring: tail -> b -> head.
      const head = ringHead[root];
      if (head < 0) {
        ringHead[root] = i;
        b.sleepNext = b;
      } else {
        bodies[ringTail[root]].sleepNext = b;
        b.sleepNext = bodies[head];
      }
      ringTail[root] = i;
      putToSleep(b);
      slept[asleep++] = i;
    }
    this.sleptCount = asleep;
    return asleep;
  }

  private find(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }

  private union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    // The lower index becomes the root: deterministic.
    if (ra < rb) this.parent[rb] = ra;
    else this.parent[ra] = rb;
  }
}

/** Marks a body asleep: not awake, velocities and forces zeroed (its ring is the caller's business). */
export function putToSleep(b: Body): void {
  b.isAwake = false;
  b.sleepTime = 0;
  b.linearVelocity.x = 0;
  b.linearVelocity.y = 0;
  (b as SolverBody).angularVelocity = 0;
  b.force.x = 0;
  b.force.y = 0;
  b.torque = 0;
}
