/**
 * A shape sliding round the inside of a loop chain shaped as a circle, lite beside Box2D v3
 * (box2d3-wasm): zero gravity, 5 m/s tangent to the ring, dt 1/60 (Box2D v3 with its 4 sub-steps,
 * lite with its default soft step). Prints one row per scene: the speed after `SECONDS`, the angle
 * swept, what a rigid body would keep if every joint were a perfectly inelastic impact
 * (cos θ per joint passed, θ = 2π/N), what friction on a smooth circle would leave
 * (dv/dt = −μv²/R), and the worst rise off the ring / depth into it against a smooth circle.
 *
 * Run: `pnpm --filter @lite/bench ring` (or `npx tsx src/ring.ts` in apps/bench).
 */
import { type Body, World } from '@lite/world';
import Box2DFactory from 'box2d3-wasm';
import { BOX2D3_SUBSTEPS } from './engines/box2d3';

const dt = 1 / 60;
const SPEED = 5;
const SECONDS = 10;
const SEGMENTS = 100;

type Shape =
  | { kind: 'box'; size: number }
  | { kind: 'circle'; radius: number }
  | { kind: 'capsule'; half: number; radius: number };

interface Scene {
  shape: Shape;
  ringRadius: number;
  friction: number;
  /** On the outside of the ring (its segments facing out), pulled towards its centre at `PULL`. */
  outside: boolean;
}

/** The pull towards the ring's centre that holds a body on its outside, m/s² (more than v²/R for every R here). */
const PULL = 10;

interface Run {
  speed: number;
  /** Angle the body's centre swept round the ring's centre (rad). */
  swept: number;
  /** Largest gap between the shape and the ring (m). */
  gap: number;
  /** Largest overlap of the shape and the ring (m). */
  overlap: number;
}

/**
 * The ring's points, a segment's middle at the bottom: clockwise, so each segment's right side (its
 * collision side) faces in, or anticlockwise for the outside.
 */
function ringPoints(scene: Scene): { x: number; y: number }[] {
  const points = Array.from({ length: SEGMENTS }, (_, i) => {
    const a = -Math.PI / 2 - ((i + 0.5) * 2 * Math.PI) / SEGMENTS;
    return { x: scene.ringRadius * Math.cos(a), y: scene.ringRadius * Math.sin(a) };
  });
  return scene.outside ? points.reverse() : points;
}

/** Half the shape's extent across the ring (what rests on the surface). */
function halfHeight(shape: Shape): number {
  return shape.kind === 'box' ? shape.size / 2 : shape.radius;
}

/** How far the shape (centre x, y, turned by `angle`) reaches along the unit direction (nx, ny): its support. */
function support(shape: Shape, x: number, y: number, angle: number, nx: number, ny: number): number {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const centre = x * nx + y * ny;
  // The shape's own axes along n.
  const ax = c * nx + s * ny;
  const ay = -s * nx + c * ny;
  if (shape.kind === 'circle') return centre + shape.radius;
  if (shape.kind === 'capsule') return centre + shape.half * Math.abs(ax) + shape.radius;
  return centre + (shape.size / 2) * (Math.abs(ax) + Math.abs(ay));
}

/**
 * The gap between the shape and the ring (negative: overlap). The inside of the ring is a convex
 * polygon, the intersection of its segments' half-planes, so the gap is exact: the least, over the
 * segments, of the segment line's distance from the centre less the shape's support along its
 * outward normal. Outside, the greatest over the segments of the shape's distance past the line
 * (exact against a face; near a joint it can read a little short).
 */
function gapOf(scene: Scene, x: number, y: number, angle: number): number {
  const apothem = scene.ringRadius * Math.cos(Math.PI / SEGMENTS);
  let least = Number.POSITIVE_INFINITY;
  let most = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < SEGMENTS; i++) {
    // Segment i's middle sits at angle -π/2 - 2πi/N (ringPoints).
    const a = -Math.PI / 2 - (i * 2 * Math.PI) / SEGMENTS;
    const nx = Math.cos(a);
    const ny = Math.sin(a);
    least = Math.min(least, apothem - support(scene.shape, x, y, angle, nx, ny));
    most = Math.max(most, -support(scene.shape, x, y, angle, -nx, -ny) - apothem);
  }
  return scene.outside ? most : least;
}

/** Steps `SECONDS` and reads the body's centre each step: the run's figures. */
function measure(
  scene: Scene,
  step: () => void,
  read: () => { x: number; y: number; angle: number; vx: number; vy: number },
): Run {
  let swept = 0;
  let last = Math.atan2(read().y, read().x);
  let gap = 0;
  let overlap = 0;
  const steps = Math.round(SECONDS / dt);
  let state = read();
  for (let i = 0; i < steps; i++) {
    step();
    state = read();
    const a = Math.atan2(state.y, state.x);
    let d = a - last;
    if (d > Math.PI) d -= 2 * Math.PI;
    if (d < -Math.PI) d += 2 * Math.PI;
    swept += d;
    last = a;
    const off = gapOf(scene, state.x, state.y, state.angle);
    gap = Math.max(gap, off);
    overlap = Math.max(overlap, -off);
  }
  return { speed: Math.hypot(state.vx, state.vy), swept: Math.abs(swept), gap, overlap };
}

/** The start: resting on the bottom segment's middle (inside or under it), moving at `SPEED` along +x. */
function start(scene: Scene): number {
  const apothem = scene.ringRadius * Math.cos(Math.PI / SEGMENTS);
  return scene.outside ? -(apothem + halfHeight(scene.shape)) : -(apothem - halfHeight(scene.shape));
}

/** The pull on a body of `mass` at (x, y) towards the ring's centre, N (none inside). */
function pull(scene: Scene, mass: number, x: number, y: number): { x: number; y: number } {
  const f = scene.outside ? (PULL * mass) / Math.hypot(x, y) : 0;
  return { x: -f * x, y: -f * y };
}

function runLite(scene: Scene): Run {
  const world = new World({ gravity: { x: 0, y: 0 } });
  world.settings.sleeping = false;
  world.createBody({
    type: 'static',
    shape: { type: 'chain', points: ringPoints(scene), loop: true },
    friction: scene.friction,
  });
  const s = scene.shape;
  const body: Body = world.createBody({
    ...(s.kind === 'box'
      ? { width: s.size, height: s.size }
      : s.kind === 'circle'
        ? { shape: { type: 'circle', radius: s.radius } }
        : {
            shape: {
              type: 'capsule',
              center1: { x: -s.half, y: 0 },
              center2: { x: s.half, y: 0 },
              radius: s.radius,
            },
          }),
    density: 1,
    friction: scene.friction,
    position: { x: 0, y: start(scene) },
    linearVelocity: { x: SPEED, y: 0 },
    allowSleep: false,
  });
  return measure(
    scene,
    () => {
      body.applyForce(pull(scene, body.mass, body.position.x, body.position.y));
      world.step(dt);
    },
    () => ({
      x: body.position.x,
      y: body.position.y,
      angle: body.angle,
      vx: body.linearVelocity.x,
      vy: body.linearVelocity.y,
    }),
  );
}

type Box2D = Awaited<ReturnType<typeof Box2DFactory>>;

function runBox2d3(b2: Box2D, scene: Scene): Run {
  const worldDef = b2.b2DefaultWorldDef();
  worldDef.gravity = new b2.b2Vec2(0, 0);
  worldDef.enableSleep = false;
  worldDef.enableContinuous = false;
  const world = b2.b2CreateWorld(worldDef);
  worldDef.delete();

  const groundDef = b2.b2DefaultBodyDef();
  const ground = b2.b2CreateBody(world, groundDef);
  groundDef.delete();
  const chainDef = b2.b2DefaultChainDef();
  chainDef.SetPoints(ringPoints(scene).map((p) => new b2.b2Vec2(p.x, p.y)));
  chainDef.isLoop = true;
  const chain = b2.b2CreateChain(ground, chainDef);
  chainDef.delete();
  // The bindings' SetMaterials leaves the segments' friction 0: set it on each segment instead.
  for (const segment of b2.b2Chain_GetSegments(chain, SEGMENTS))
    b2.b2Shape_SetFriction(segment, scene.friction);

  const bodyDef = b2.b2DefaultBodyDef();
  bodyDef.type = b2.b2BodyType.b2_dynamicBody;
  bodyDef.position = new b2.b2Vec2(0, start(scene));
  bodyDef.linearVelocity = new b2.b2Vec2(SPEED, 0);
  bodyDef.enableSleep = false;
  const body = b2.b2CreateBody(world, bodyDef);
  bodyDef.delete();
  const shapeDef = b2.b2DefaultShapeDef();
  shapeDef.density = 1;
  const m = shapeDef.material;
  m.friction = scene.friction;
  m.restitution = 0;
  shapeDef.material = m;
  const s = scene.shape;
  if (s.kind === 'box') {
    const box = b2.b2MakeBox(s.size / 2, s.size / 2);
    b2.b2CreatePolygonShape(body, shapeDef, box);
    box.delete();
  } else if (s.kind === 'circle') {
    const circle = new b2.b2Circle();
    circle.center = new b2.b2Vec2(0, 0);
    circle.radius = s.radius;
    b2.b2CreateCircleShape(body, shapeDef, circle);
    circle.delete();
  } else {
    const capsule = new b2.b2Capsule();
    capsule.center1 = new b2.b2Vec2(-s.half, 0);
    capsule.center2 = new b2.b2Vec2(s.half, 0);
    capsule.radius = s.radius;
    b2.b2CreateCapsuleShape(body, shapeDef, capsule);
    capsule.delete();
  }
  shapeDef.delete();
  const run = measure(
    scene,
    () => {
      const p = b2.b2Body_GetPosition(body);
      const f = pull(scene, b2.b2Body_GetMass(body), p.x, p.y);
      p.delete();
      b2.b2Body_ApplyForceToCenter(body, new b2.b2Vec2(f.x, f.y), true);
      b2.b2World_Step(world, dt, BOX2D3_SUBSTEPS);
    },
    () => {
      const p = b2.b2Body_GetPosition(body);
      const v = b2.b2Body_GetLinearVelocity(body);
      const q = b2.b2Body_GetRotation(body);
      const out = { x: p.x, y: p.y, angle: Math.atan2(q.s, q.c), vx: v.x, vy: v.y };
      p.delete();
      q.delete();
      v.delete();
      return out;
    },
  );
  b2.b2DestroyWorld(world);
  return run;
}

/** What a rigid body keeps after sweeping `swept` rad if each joint it passes removes its speed into the next segment: cos θ per joint. */
function inelasticBound(swept: number, count = SEGMENTS): number {
  const theta = (2 * Math.PI) / count;
  return SPEED * Math.cos(theta) ** (swept / theta);
}

/**
 * Speed after `t` s with friction μ and inelastic joints, the joints' loss spread evenly: on a
 * circle of radius r (the centre's path) friction takes μv²/r and the joints −ln(cos θ)/θ of the
 * speed per radian swept, v/r per second, so dv/dt = −(μ − ln(cos θ)/θ) v²/r and
 * 1/v = 1/v0 + (μ − ln(cos θ)/θ) t/r.
 */
function analytic(mu: number, r: number, t: number, count = SEGMENTS): number {
  const theta = (2 * Math.PI) / count;
  return 1 / (1 / SPEED + ((mu - Math.log(Math.cos(theta)) / theta) * t) / r);
}

function label(shape: Shape): string {
  return shape.kind === 'box'
    ? `box ${shape.size}`
    : shape.kind === 'circle'
      ? `ball r${shape.radius}`
      : `capsule ${2 * shape.half}+r${shape.radius}`;
}

async function main(): Promise<void> {
  const module = await Box2DFactory({ pthreadCount: 0 });
  const shapes: Shape[] = [
    { kind: 'box', size: 0.5 },
    { kind: 'box', size: 1 },
    { kind: 'circle', radius: 0.25 },
    { kind: 'capsule', half: 0.25, radius: 0.125 },
  ];
  const mm = (x: number) => (1000 * x).toFixed(1);
  const header =
    '| shape | R m | μ | lite | Box2D v3 | analytic | lite kept | Box2D kept | lite gap / overlap | Box2D gap / overlap |';
  console.log(
    `Inside a ${SEGMENTS}-segment loop chain, zero gravity, ${SPEED} m/s, dt 1/60: speed after ${SECONDS} s (m/s); ` +
      'analytic: smooth-circle friction and inelastic joints; kept: speed / 5 cos(θ)^(joints passed); ' +
      'gap / overlap: the largest (mm)',
  );
  for (const outside of [false, true]) {
    if (outside) {
      console.log(
        `\nOutside the same ring (its segments facing out), pulled towards its centre at ${PULL} m/s²`,
      );
    }
    console.log(header);
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const friction of outside ? [0] : [0, 0.6]) {
      for (const ringRadius of [5, 10, 20]) {
        for (const shape of shapes) {
          const scene = { shape, ringRadius, friction, outside };
          const lite = runLite(scene);
          const box2d = runBox2d3(module, scene);
          const apothem = ringRadius * Math.cos(Math.PI / SEGMENTS);
          const path = outside ? apothem + halfHeight(shape) : apothem - halfHeight(shape);
          const cells = [
            label(shape),
            ringRadius,
            friction,
            lite.speed.toFixed(3),
            box2d.speed.toFixed(3),
            analytic(friction, path, SECONDS).toFixed(3),
            (lite.speed / inelasticBound(lite.swept)).toFixed(3),
            (box2d.speed / inelasticBound(box2d.swept)).toFixed(3),
            `${mm(lite.gap)} / ${mm(lite.overlap)}`,
            `${mm(box2d.gap)} / ${mm(box2d.overlap)}`,
          ];
          console.log(`| ${cells.join(' | ')} |`);
        }
      }
    }
  }
}

await main();
