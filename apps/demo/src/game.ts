/**
 * The game features of the testbed's own scenes, per pane: static chains for terrain, kinematic
 * platforms that shuttle back and forth, a keyboard-driven `CharacterMover`, one-way platforms
 * (a pre-solve callback), explosions at the pointer and hit events. A {@link PaneGame} runs its
 * parts inside the simulation's fixed step ({@link PaneGame.beforeStep} and
 * {@link PaneGame.afterStep} around `world.step`).
 */

import type { PointDef } from '@lite/scenes';
import { type Body, CharacterMover, explode, type World } from '@lite/world';
import type { DemoSceneDef } from './demo-scenes';
import { FilterParts } from './filters-scene';

/** A kinematic body moved between its start and its start + (`dx`, `dy`) and back, once a `period`. */
export interface ShuttleDef {
  /** Index of the kinematic body in the scene's `bodies`. */
  body: number;
  /** The far end's offset from the start (x), m. */
  dx: number;
  /** The far end's offset from the start (y), m. */
  dy: number;
  /** Seconds for the way there and back. */
  period: number;
}

/** A body whose type cycles static → kinematic → dynamic (`body.setType`), on a clock and on a key. */
export interface TypeCycleDef {
  /** Index of the body in the scene's `bodies`. */
  body: number;
  /** Seconds between changes. */
  period: number;
  /** The key that changes it at once (as `KeyboardEvent.key` names it, lower case). */
  key: string;
}

/** The type after `type` in the cycle. */
const NEXT_TYPE = { static: 'kinematic', kinematic: 'dynamic', dynamic: 'static' } as const;
/** The cycled body flies home at up to this speed while kinematic, m/s and rad/s. */
const HOMING_SPEED = 3;

/** A blast a press on empty space sets off (see `explode`). */
export interface BlastDef {
  /** Full strength within this distance of the point, m. */
  radius: number;
  /** Then falling linearly to zero over this distance, m. */
  falloff: number;
  /** N·s per metre of a shape's width across the line to the blast. */
  impulse: number;
}

/** The keyboard's part in a game scene: the walking input, and a jump to take at the next step. */
export class GameInput {
  private readonly held: string[] = [];
  private jumpWanted = false;

  /** The keys that walk left (as `KeyboardEvent.key` names them). */
  static readonly LEFT: readonly string[] = ['a', 'A', 'ArrowLeft'];
  /** The keys that walk right. */
  static readonly RIGHT: readonly string[] = ['d', 'D', 'ArrowRight'];
  /** The keys that jump. */
  static readonly JUMP: readonly string[] = ['w', 'W', 'ArrowUp', ' '];

  /** Whether `key` is one of the character's keys. */
  static takes(key: string): boolean {
    return GameInput.LEFT.includes(key) || GameInput.RIGHT.includes(key) || GameInput.JUMP.includes(key);
  }

  /** A key went down (repeats included): a walking key is held, a jump key asks for a jump. */
  press(key: string): void {
    if (GameInput.JUMP.includes(key)) this.jumpWanted = true;
    else if (!this.held.includes(key)) this.held.push(key);
  }

  /** A key went up. */
  release(key: string): void {
    const index = this.held.indexOf(key);
    if (index >= 0) this.held.splice(index, 1);
  }

  /** Lets go of every key. */
  releaseAll(): void {
    this.held.length = 0;
    this.jumpWanted = false;
  }

  /** −1 walking left, 1 right, 0 neither; the key pressed last wins. */
  get throttle(): number {
    for (let i = this.held.length - 1; i >= 0; i--) {
      if (GameInput.LEFT.includes(this.held[i])) return -1;
      if (GameInput.RIGHT.includes(this.held[i])) return 1;
    }
    return 0;
  }

  /** Takes the pending jump, if any (once). */
  takeJump(): boolean {
    const wanted = this.jumpWanted;
    this.jumpWanted = false;
    return wanted;
  }
}

/** How many recent hits are kept for drawing. */
const FLASHES = 32;
/** How many steps a hit flash and a blast stay drawn. */
export const FLASH_STEPS = 30;
/** The approach speed above which a hit is flashed, m/s (the world reports from 1 m/s). */
export const FLASH_SPEED = 3;

/** A one-way platform holds a shape whose contact normal points at least this far up (cos 45°). */
const ONE_WAY_NORMAL_Y = Math.SQRT1_2;
/** ... and that is at most this deep in it, m (deeper: it is on its way up through). */
const ONE_WAY_DEPTH = 0.05;

/** What {@link PaneGame.save} keeps of the character for stepping back (a world snapshot holds the rest). */
export interface GameState {
  /** Hover spring speed, m/s. */
  hover: number;
  /** Whether it stood on ground. */
  onGround: boolean;
  /** The id of the body it stood on, or −1. */
  ground: number;
  /** Position, m. */
  x: number;
  /** Position, m. */
  y: number;
  /** Velocity, m/s. */
  vx: number;
  /** Velocity, m/s. */
  vy: number;
}

/** A pane's game parts (see the module comment), built with its world. */
export class PaneGame {
  /** The keyboard's character, or null. */
  readonly mover: CharacterMover | null;
  /** The one-way platform bodies. */
  readonly oneWay: ReadonlySet<Body>;
  /** Steps taken (the shuttles' clock and the flashes' age). */
  steps = 0;
  /** Hits the world reported. */
  hitCount = 0;
  /** The fastest approach speed among them, m/s. */
  fastestHit = 0;
  /** Recent hits over {@link FLASH_SPEED}: x, y, speed and step, in a ring. */
  readonly flashes = new Float64Array(4 * FLASHES);
  private flashNext = 0;
  /** The last blast: x, y, and the step it went off at (−∞: none). */
  readonly blast = { x: 0, y: 0, step: Number.NEGATIVE_INFINITY };
  private readonly shuttles: { body: Body; x: number; y: number; def: ShuttleDef }[] = [];
  /** The filters scene's parts, or null. */
  readonly filterParts: FilterParts | null;
  /** The body whose type cycles, and its home, or null. */
  readonly cycled: { body: Body; x: number; y: number; def: TypeCycleDef } | null;

  constructor(
    readonly world: World,
    readonly scene: DemoSceneDef,
    bodies: readonly (Body | null)[],
  ) {
    for (const chain of scene.chains ?? []) {
      world.createBody({
        type: 'static',
        shape: { type: 'chain', points: chain.points, ...(chain.loop ? { loop: true } : {}) },
        friction: chain.friction ?? 0.6,
        userData: { tag: 'ground' },
      });
    }
    for (const def of scene.shuttles ?? []) {
      const body = bodies[def.body];
      if (body) this.shuttles.push({ body, x: body.position.x, y: body.position.y, def });
    }
    this.filterParts = scene.filters ? new FilterParts(world, scene.filters, bodies) : null;
    const cycled = scene.typeCycle ? bodies[scene.typeCycle.body] : null;
    this.cycled = cycled && scene.typeCycle ? { body: cycled, ...home(cycled), def: scene.typeCycle } : null;
    const character = scene.character;
    this.mover = character
      ? new CharacterMover(world, {
          position: character,
          ...(character.jumpSpeed === undefined ? {} : { jumpSpeed: character.jumpSpeed }),
        })
      : null;
    const oneWay = new Set<Body>();
    // Each platform's top above its body's position, m.
    const tops = new Map<Body, number>();
    for (const index of scene.oneWay ?? []) {
      const body = bodies[index];
      if (!body) continue;
      oneWay.add(body);
      tops.set(body, 0.5 * scene.bodies[index].height);
    }
    this.oneWay = oneWay;
    const mover = this.mover;
    if (mover && oneWay.size > 0) {
      // The character has no contacts for the pre-solve callback to switch off: a filter does the
      // same for it. A platform is solid while the capsule's bottom is above the platform's top
      // and the character is not rising.
      const below = Math.min(mover.capsule.center1.y, mover.capsule.center2.y) - mover.capsule.radius;
      mover.filter = (shape) => {
        const top = tops.get(shape.body);
        if (top === undefined) return true;
        return (
          mover.velocity.y <= 0 && mover.position.y + below >= shape.body.position.y + top - ONE_WAY_DEPTH
        );
      };
    }
    if (oneWay.size > 0) {
      world.setPreSolveCallback((shapeA, shapeB, manifold) => {
        const a = oneWay.has(shapeA.body);
        if (a === oneWay.has(shapeB.body)) return true;
        // The normal points from A to B: up from the platform when the other shape is above it.
        const up = a ? manifold.normalY : -manifold.normalY;
        if (up < ONE_WAY_NORMAL_Y) return false;
        // Landing (or resting) on top, not half way through it on the way up.
        let deepest = 0;
        for (let i = 0; i < manifold.pointCount; i++)
          deepest = Math.min(deepest, manifold.points[i].separation);
        return deepest > -ONE_WAY_DEPTH;
      });
    }
    if (scene.hits) {
      world.on('hit', (event) => {
        this.hitCount++;
        this.fastestHit = Math.max(this.fastestHit, event.approachSpeed);
        if (event.approachSpeed <= FLASH_SPEED) return;
        const i = 4 * this.flashNext;
        this.flashes[i] = event.pointX;
        this.flashes[i + 1] = event.pointY;
        this.flashes[i + 2] = event.approachSpeed;
        this.flashes[i + 3] = this.steps;
        this.flashNext = (this.flashNext + 1) % FLASHES;
      });
    }
    this.flashes.fill(Number.NEGATIVE_INFINITY);
  }

  /**
   * Before `world.step(dt)`: each shuttle's velocity takes it to where it must be after the step;
   * the cycled body changes type when its period is up, and while kinematic flies home and sways.
   */
  beforeStep(dt: number): void {
    const t = (this.steps + 1) * dt;
    this.filterParts?.step(this.steps, dt);
    const cycled = this.cycled;
    if (cycled) {
      const period = Math.max(1, Math.round(cycled.def.period / dt));
      if (this.steps > 0 && this.steps % period === 0) this.cycleType();
      const { body, x, y } = cycled;
      if (body.type === 'kinematic') {
        const sway = Math.sin((2 * Math.PI * t) / (2 * cycled.def.period));
        body.setLinearVelocity({
          x: clamp((x + 2 * sway - body.position.x) / dt),
          y: clamp((y - body.position.y) / dt),
        });
        body.setAngularVelocity(clamp(-body.angle / dt));
      }
    }
    for (const { body, x, y, def } of this.shuttles) {
      // 0 at the start, 1 at the far end: (1 − cos)/2 eases in and out.
      const s = 0.5 * (1 - Math.cos((2 * Math.PI * t) / def.period));
      body.setLinearVelocity({
        x: (x + s * def.dx - body.position.x) / dt,
        y: (y + s * def.dy - body.position.y) / dt,
      });
    }
  }

  /** After `world.step(dt)`: the character moves once, with the keyboard's input. */
  afterStep(dt: number, input: GameInput | null): void {
    this.steps++;
    const mover = this.mover;
    if (!mover) return;
    if (input?.takeJump()) mover.jump();
    mover.update(dt, input?.throttle ?? 0);
  }

  /** Changes the cycled body to the next type (static → kinematic → dynamic); false when there is none. */
  cycleType(): boolean {
    const body = this.cycled?.body;
    if (!body?.alive) return false;
    body.setType(NEXT_TYPE[body.type]);
    return true;
  }

  /** Sets off the scene's blast at (`x`, `y`); returns false when the scene has none. */
  explodeAt(x: number, y: number): boolean {
    const blast = this.scene.blast;
    if (!blast) return false;
    explode(this.world, {
      position: { x, y },
      radius: blast.radius,
      falloff: blast.falloff,
      impulse: blast.impulse,
    });
    this.blast.x = x;
    this.blast.y = y;
    this.blast.step = this.steps;
    return true;
  }

  /** The character's state, for stepping back. */
  save(): GameState | null {
    const mover = this.mover;
    if (!mover) return null;
    const { position: p, velocity: v } = mover;
    return {
      hover: mover.hoverVelocity,
      onGround: mover.onGround,
      ground: mover.ground?.id ?? -1,
      x: p.x,
      y: p.y,
      vx: v.x,
      vy: v.y,
    };
  }

  /** Puts the character back as {@link PaneGame.save} kept it, at step `steps`. */
  restore(state: GameState | null, steps: number): void {
    this.steps = steps;
    const mover = this.mover;
    if (!mover || !state) return;
    mover.position.x = state.x;
    mover.position.y = state.y;
    mover.velocity.x = state.vx;
    mover.velocity.y = state.vy;
    mover.hoverVelocity = state.hover;
    mover.onGround = state.onGround;
    mover.ground = state.ground < 0 ? null : (this.world.getBody(state.ground) ?? null);
  }
}

const games = new WeakMap<World, PaneGame>();

/**
 * Builds `world`'s game parts when `scene` has any (`bodies`: the scene's bodies as created, null
 * for those of another pane).
 */
export function installGame(world: World, scene: DemoSceneDef, bodies: readonly (Body | null)[]): void {
  const { chains, shuttles, character, oneWay, blast, hits, typeCycle, filters } = scene;
  if (chains || shuttles || character || oneWay || blast || hits || typeCycle || filters) {
    games.set(world, new PaneGame(world, scene, bodies));
  }
}

/** `world`'s game parts, or undefined when its scene has none. */
export function gameOf(world: World): PaneGame | undefined {
  return games.get(world);
}

/** A body's position as a home to return to. */
function home(body: Body): { x: number; y: number } {
  return { x: body.position.x, y: body.position.y };
}

/** A speed kept within ±{@link HOMING_SPEED}. */
function clamp(speed: number): number {
  return Math.max(-HOMING_SPEED, Math.min(HOMING_SPEED, speed));
}

/** A polyline's points as chain points (a fresh copy). */
export function points(list: readonly (readonly [number, number])[]): PointDef[] {
  return list.map(([x, y]) => ({ x, y }));
}

/** The profile's rows for the worlds' game parts: the hit events, where a scene counts them. */
export function gameRows(worlds: readonly World[]): [string, string][] {
  let counted = false;
  let hits = 0;
  let fastest = 0;
  for (const world of worlds) {
    const game = gameOf(world);
    if (!game?.scene.hits) continue;
    counted = true;
    hits += game.hitCount;
    fastest = Math.max(fastest, game.fastestHit);
  }
  return counted ? [['Hit events', `${hits} · fastest ${fastest.toFixed(1)} m/s`]] : [];
}

/** The pointer hint over the canvas when nothing game-specific applies. */
export const DEFAULT_HINT = 'Drag a body to pull it · drag empty space to pan · wheel or pinch to zoom';

/** The hint over the canvas for `scene`: its keys and what a press does there. */
export function sceneHint(scene: DemoSceneDef): string {
  if (scene.character) return 'A / D or ← / → walk · W, ↑ or space jump · drag a box to pull it';
  if (scene.blast) return 'Press on empty space: a blast · drag a box to pull it · right-drag to pan';
  if (scene.typeCycle)
    return `${scene.typeCycle.key.toUpperCase()}: the platform's next type · drag a box to pull it`;
  return DEFAULT_HINT;
}
