import {
  collide,
  computeTimeOfImpact,
  Sweep,
  TOI_TARGET,
  TOIInput,
  TOIOutput,
  type TOIState,
} from '@lite/collision';
import type { SolverBody } from '@lite/constraints';
import { LENGTH_UNITS, objectArray, type Transform } from '@lite/math';
import type { Body } from './body';
import { shouldCollide, sortById } from './contact-list';
import { WorldError } from './errors';
import { type BodyShape, shouldShapesCollide } from './shape';
import { registerContinuous } from './solvers';
import { mixedRestitution } from './stage-contacts';
import { computeAABB, noteMovedProxies, updateTransform } from './stage-finish';
import type { StepState } from './step-state';

/** The swept body's sweep and the other body's (scratch: a step runs to its end before another). */
const sweepA = /* @__PURE__ */ new Sweep();
const sweepB = /* @__PURE__ */ new Sweep();

/**
 * Continuous collision (Box2D v3's; docs/step.md), installed with `new World({ continuous: new
 * ContinuousCollision() })`: a fast dynamic body never passes through static shapes, nor a `bullet`
 * through dynamic ones. A body that moved more than half its smallest extent is swept and put back
 * at its first time of impact (bullets after the others). Uninstalled, it is not bundled. One per world.
 */
export class ContinuousCollision {
  /** The world's step state, once installed. @internal */
  state: StepState | null = null;
  /** The sweeps' time-of-impact result and input. @internal */
  readonly toiOutput = new TOIOutput();
  readonly toiInput = new TOIInput();
  /** The candidate shapes of the body being swept, and that body. @internal */
  readonly candidates: BodyShape[] = objectArray();
  toiBody: Body | null = null;
  /** Set by `noteStatic`: a static proxy met the box of the body being swept. @internal */
  staticNear = false;
  /** The pre-check's broadphase callback: notes a static proxy and stops the query. @internal */
  readonly noteStatic = (): boolean => {
    this.staticNear = true;
    return false;
  };
  /** The query's broadphase callback: collects other bodies' non-sensor shapes into `candidates`. @internal */
  readonly collectCandidate = (proxyId: number): boolean => {
    const s = this.state as StepState;
    const shape = s.proxyShapes[proxyId] as BodyShape;
    const body = shape.owner;
    if (body === this.toiBody || body === null || shape.sensor) return true;
    const toiBody = this.toiBody as Body;
    // Static shapes; for a bullet, the other bodies too (the fast ones are added apart).
    if (!body.isStatic && (!toiBody.bullet || body.isFast)) return true;
    if (!shouldCollide(toiBody, body)) return true;
    this.candidates.push(shape);
    return true;
  };

  constructor() {
    registerContinuous(makeContinuous);
  }

  /** Installs it in the world of `s` (once). @internal */
  install(s: StepState): void {
    if (this.state !== null && this.state !== s) {
      throw new WorldError(
        'options.continuous',
        'ContinuousCollision',
        'is installed in another world: make one per world',
      );
    }
    this.state = s;
    this.toiInput.sweepA = sweepA;
    this.toiInput.sweepB = sweepB;
  }

  /** Sweeps the step's fast bodies (`s.fastBodies`) back to their times of impact. @internal */
  sweep(s: StepState): void {
    sweepFastBodies(s, this);
  }

  /** Drops what the last step left in its scratch (see `releaseStepReferences`). @internal */
  release(): void {
    this.candidates.length = 0;
    this.toiBody = null;
  }
}

/** The fast bodies of this step: the others against static shapes, then the bullets against all. */
function sweepFastBodies(s: StepState, c: ContinuousCollision): void {
  const fast = s.fastBodies;
  for (let pass = 0; pass < 2; ++pass) {
    const bullets = pass === 1;
    for (let i = 0, n = fast.length; i < n; ++i) {
      const b = fast[i];
      if (b.bullet !== bullets) continue;
      sweepBody(s, c, b, bullets);
      updateTransform(b, s.cosSin);
    }
  }
  for (let i = 0, n = fast.length; i < n; ++i) {
    noteMovedProxies(s, fast[i]);
    fast[i].isFast = false;
    fast[i].isStopped = false;
  }
  while (fast.length > 0) fast.pop();
}

/** Sets `sweep` to the body's motion this step (centre of mass and angle, from its slot's start). */
function setSweep(s: StepState, sweep: Sweep, b: Body): void {
  const states = s.bodyStates;
  sweep.localCenterX = b.localCenter.x;
  sweep.localCenterY = b.localCenter.y;
  sweep.c1X = states.startPose(b, 0);
  sweep.c1Y = states.startPose(b, 1);
  sweep.a1 = states.startPose(b, 2);
  sweep.c2X = b.center.x;
  sweep.c2Y = b.center.y;
  sweep.a2 = b.angle;
}

/** Sets `sweep` to the body standing still at its final pose (its centre and angle). */
function setStill(sweep: Sweep, b: Body): void {
  const cx = b.center.x;
  const cy = b.center.y;
  sweep.localCenterX = b.localCenter.x;
  sweep.localCenterY = b.localCenter.y;
  sweep.c1X = cx;
  sweep.c1Y = cy;
  sweep.c2X = cx;
  sweep.c2Y = cy;
  sweep.a1 = b.angle;
  sweep.a2 = b.angle;
}

/** Sets `sweep` to `other`'s motion as `b`'s sweep sees it (unswept bullets and fast bodies move). */
function setOtherSweep(s: StepState, sweep: Sweep, other: Body, b: Body): void {
  const moves = other.isFast && (!other.isStopped || (other.bullet && other.index > b.index));
  if (!other.isStatic && moves) setSweep(s, sweep, other);
  else setStill(sweep, other);
}

/** Whether a static shape's fat box meets the box of the body's whole motion this step. */
function staticNear(s: StepState, c: ContinuousCollision, b: Body): boolean {
  const x0 = s.bodyStates.startPose(b, 0);
  const y0 = s.bodyStates.startPose(b, 1);
  const x1 = b.center.x;
  const y1 = b.center.y;
  const r = b.maxExtent + 1e-6 + 1e-12 * (Math.abs(x0) + Math.abs(y0) + Math.abs(x1) + Math.abs(y1));
  const box = s.queryBox;
  box.minX = (x0 < x1 ? x0 : x1) - r;
  box.minY = (y0 < y1 ? y0 : y1) - r;
  box.maxX = (x0 > x1 ? x0 : x1) + r;
  box.maxY = (y0 > y1 ? y0 : y1) + r;
  // Coordinates so large that the box overflows: the sweep itself decides.
  if (!box.isValid()) return true;
  c.staticNear = false;
  s.broadPhase.queryStatic(box, c.noteStatic);
  return c.staticNear;
}

/** Sweeps one fast body against the shapes its swept box meets; moves it back to the first impact. */
function sweepBody(s: StepState, c: ContinuousCollision, b: Body, bullet: boolean): void {
  // A body that is not a bullet meets static shapes only.
  if (!bullet && !staticNear(s, c, b)) return;
  setSweep(s, sweepA, b);
  // The box swept by every shape, from the start pose (still the transform) to the end.
  const box = s.queryBox;
  const aabb = s.aabb;
  const end = sweepA.getTransform(1, s.xfScratch);
  const shapes = b.shapeList;
  for (let k = 0; k < shapes.length; ++k) {
    computeAABB(shapes[k], b.transform, aabb);
    if (k === 0) box.copy(aabb);
    else box.combine(box, aabb);
    computeAABB(shapes[k], end, aabb);
    box.combine(box, aabb);
  }
  const candidates = c.candidates;
  c.toiBody = b;
  // A body that is not a bullet is swept against static shapes only: the tree's static part.
  if (bullet) s.broadPhase.query(box, c.collectCandidate);
  else s.broadPhase.queryStatic(box, c.collectCandidate);
  c.toiBody = null;
  if (bullet) {
    // The fast bodies' proxies may not cover where they went this step: take their shapes directly.
    const fast = s.fastBodies;
    for (let i = 0; i < fast.length; ++i) {
      const o = fast[i];
      if (o === b || !shouldCollide(b, o)) continue;
      for (let k = 0; k < o.shapeList.length; ++k)
        if (!o.shapeList[k].sensor) candidates.push(o.shapeList[k]);
    }
  }
  // In shape id order: the first impact wins a tie, and a snapshot does not keep the tree's order.
  sortById(candidates);

  let t = 1;
  // A stop for a shape that started deep in another and would go through; first, it also costs speed.
  let throughT = -1;
  let throughBody: Body | null = null;
  let throughX = 0;
  let throughY = 0;
  // The shape pair whose impact set `t` (see `meetBody`).
  let hitShape: BodyShape | null = null;
  let hitOther: BodyShape | null = null;
  const out = c.toiOutput;
  // Fractions travel in the input, not as arguments (docs/performance.md, "Boxed numbers").
  const input = c.toiInput;
  for (let k0 = 0; k0 < candidates.length; ++k0) {
    const other = candidates[k0];
    const ob = other.body;
    if (!ob.isStatic && !bullet) continue;
    setOtherSweep(s, sweepB, ob, b);
    input.shapeB = other.geometry;
    for (let k = 0; k < shapes.length; ++k) {
      const shape = shapes[k];
      if (shape.sensor || !shouldShapesCollide(shape, other)) continue;
      if (ob.isStopped) {
        // The other body was put back this step, unseen by the solver: stop where this shape meets
        // it; touching at the start, the core decides.
        input.shapeA = shape.geometry;
        input.tMax = t;
        computeTimeOfImpact(input, out);
        if (out.state !== 'separated' && out.fraction > 0) {
          if (out.fraction < t) {
            t = out.fraction;
            hitShape = shape;
            hitOther = other;
          }
          continue;
        }
      }
      // Only a shape whose core reaches the other can pass through it; other overlaps are the contacts'.
      input.shapeA = shape.core;
      input.tMax = t;
      computeTimeOfImpact(input, out);
      if (out.state === 'separated') continue;
      if (!(out.fraction > 0)) {
        // The core starts within the target: the contacts' unless it ends through `other`; then it
        // stops where its core has come half as close again, losing its speed into `other`.
        if (out.state === 'hit' && out.distance > 0) {
          input.target = 0.5 * out.distance;
          computeTimeOfImpact(input, out);
          input.target = TOI_TARGET * LENGTH_UNITS[0];
          if (
            (out.state as TOIState) !== 'separated' &&
            out.fraction > 0 &&
            out.fraction < t &&
            !recovers(s, shape, end, other, sweepB) &&
            throughNormal(s, shape, b, other, sweepB)
          ) {
            t = out.fraction;
            throughT = t;
            throughBody = ob;
            throughX = s.manifold.normalX;
            throughY = s.manifold.normalY;
          }
        } else if (
          out.state === 'overlapped' &&
          ob.isStatic &&
          t > 0 &&
          goesThrough(s, shape, b, end, other)
        ) {
          // Starting inside a static shape and leaving on the far side: it stays, losing its speed.
          t = 0;
          throughT = 0;
          throughBody = ob;
          throughX = s.manifold.normalX;
          throughY = s.manifold.normalY;
        } else if (out.state === 'overlapped' && bullet && ob.bullet && ob.isStopped) {
          // A bullet swept before stopped where this one starts (head-on): the contacts part them.
          t = 0;
          hitShape = null;
          hitOther = null;
        }
        continue;
      }
      const coreT = out.fraction;
      if (recovers(s, shape, end, other, sweepB)) continue;
      // The shape stops at its own time of impact; when it starts touching, at the core's.
      input.shapeA = shape.geometry;
      input.tMax = coreT;
      computeTimeOfImpact(input, out);
      const state = out.state as TOIState;
      const f = state !== 'separated' && out.fraction > 0 ? out.fraction : coreT;
      if (f < t) {
        t = f;
        hitShape = shape;
        hitOther = other;
      }
    }
  }
  while (candidates.length > 0) candidates.pop();
  if (t < 1 && t !== throughT && hitShape !== null && hitOther !== null)
    meetBody(s, b, t, hitShape, hitOther);
  if (t < 1 && t === throughT && throughBody !== null) {
    // Else the solver would drive it on into the shape every step. Between two bodies with mass the
    // approach speed goes as in an inelastic impact, momentum kept; else the fast one takes it all.
    const v = b.linearVelocity;
    const o = throughBody.linearVelocity;
    const vn = (v.x - o.x) * throughX + (v.y - o.y) * throughY;
    if (vn < 0) {
      const share =
        throughBody.invMass === 0 || !throughBody.isAwake ? 1 : b.invMass / (b.invMass + throughBody.invMass);
      v.x -= vn * share * throughX;
      v.y -= vn * share * throughY;
      if (share < 1) {
        o.x += vn * (1 - share) * throughX;
        o.y += vn * (1 - share) * throughY;
      }
    }
  }
  if (t < 1) {
    b.isStopped = true;
    b.center.x = sweepA.c1X + t * (sweepA.c2X - sweepA.c1X);
    b.center.y = sweepA.c1Y + t * (sweepA.c2Y - sweepA.c1Y);
    (b as SolverBody).angle = sweepA.a1 + t * (sweepA.a2 - sweepA.a1);
  }
}

/**
 * A body stopped at a moving body with mass: they meet as in an impact (restitution, momentum kept),
 * or the next step would let them through.
 */
function meetBody(s: StepState, b: Body, t: number, shape: BodyShape, other: BodyShape): void {
  const ob = other.body;
  if (ob.isStatic || ob.invMass === 0 || !ob.isAwake) return;
  setOtherSweep(s, sweepB, ob, b);
  const xfA = sweepA.getTransform(t, s.xfScratch);
  const xfB = sweepB.getTransform(t, s.xfOther);
  // The reach goes in the manifold's margin slot: a computed double passed to `collide` is boxed.
  s.manifold.margin = THROUGH_REACH * LENGTH_UNITS[0];
  if (collide(other.geometry, xfB, shape.geometry, xfA, s.manifold) === 0) return;
  const nx = s.manifold.normalX;
  const ny = s.manifold.normalY;
  const v = b.linearVelocity;
  const o = ob.linearVelocity;
  const vn = (v.x - o.x) * nx + (v.y - o.y) * ny;
  if (!(vn < 0)) return;
  // With the pair's restitution, as the contact would have bounced them (above the threshold).
  const e = mixedRestitution(s, shape, other);
  const dv = e > 0 && -vn > s.settings.restitutionThreshold ? (1 + e) * vn : vn;
  const share = b.invMass / (b.invMass + ob.invMass);
  v.x -= dv * share * nx;
  v.y -= dv * share * ny;
  o.x += dv * (1 - share) * nx;
  o.y += dv * (1 - share) * ny;
}

/** The normal from `other` to `shape`'s core at the step's start, into `s.manifold`; false when none. */
function throughNormal(s: StepState, shape: BodyShape, b: Body, other: BodyShape, sweepB: Sweep): boolean {
  const xfB = sweepB.getTransform(0, s.xfOther);
  s.manifold.margin = THROUGH_REACH * LENGTH_UNITS[0];
  return collide(other.geometry, xfB, shape.core, b.transform, s.manifold) > 0;
}

/** How far apart `throughNormal` still finds the core and the other shape's normal, m (times the length unit). */
const THROUGH_REACH = 0.05;

/**
 * Whether a shape whose core reached `other` ends on its own side (its contact at `end` pushes it
 * back; against a moving body, the centroids not yet met), for the contacts to resolve.
 */
function recovers(s: StepState, shape: BodyShape, end: Transform, other: BodyShape, sweepB: Sweep): boolean {
  const xfB = sweepB.getTransform(1, s.xfOther);
  const manifold = s.manifold;
  if (collide(other.geometry, xfB, shape.geometry, end, manifold, 0) === 0) return false;
  const mx = sweepA.c2X - sweepA.c1X - (sweepB.c2X - sweepB.c1X);
  const my = sweepA.c2Y - sweepA.c1Y - (sweepB.c2Y - sweepB.c1Y);
  // The normal points from `other` to the shape: the push goes against the motion.
  if (manifold.normalX * mx + manifold.normalY * my >= 0) return false;
  // Against a moving body the centroids must not have met along the relative motion.
  if (other.body.isStatic) return true;
  return (sweepB.c2X - sweepA.c2X) * mx + (sweepB.c2Y - sweepA.c2Y) * my > 0;
}

/**
 * Whether a shape starting deep in static `other` goes through it (at `end` pushed, or clear, against
 * the start normal n); when true, n is left in `s.manifold`.
 */
function goesThrough(s: StepState, shape: BodyShape, b: Body, end: Transform, other: BodyShape): boolean {
  const manifold = s.manifold;
  const xfB = other.body.transform;
  if (collide(other.geometry, xfB, shape.geometry, b.transform, manifold, 0) === 0) return false;
  const nx = manifold.normalX;
  const ny = manifold.normalY;
  if (collide(other.geometry, xfB, shape.geometry, end, manifold, 0) > 0) {
    if (manifold.normalX * nx + manifold.normalY * ny >= 0) return false;
  } else {
    if ((sweepA.c2X - sweepA.c1X) * nx + (sweepA.c2Y - sweepA.c1Y) * ny >= 0) return false;
  }
  manifold.normalX = nx;
  manifold.normalY = ny;
  return true;
}

/** Continuous collision for a world whose restored snapshot had it. */
function makeContinuous(): ContinuousCollision {
  return new ContinuousCollision();
}
