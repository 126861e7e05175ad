import {
  boxLitePyramid,
  dominos,
  multiPendulum,
  pendulum,
  randomizedStacking,
  singleBox,
  suspensionBridge,
  teeter,
  varyingFriction,
} from './box-lite';
import { heavyChain, jointGrid, springs } from './joints';
import { car, piston, ragdoll, weldedBridge } from './machines';
import { pyramid } from './pyramid';
import { manyBodies, rain } from './rain';
import { ballPit, bulletsAtWall, capsulePile, shapeRain, TUMBLER_MAX, tumbler } from './shapes';
import { blockSolverComparison, restitution } from './showcase';
import { stack } from './stack';
import type { SceneDef, SceneEntry, SceneParameter } from './types';
import { resolveParameters } from './validate';

function entry(
  id: string,
  title: string,
  parameters: SceneParameter[],
  build: (p: Record<string, number>) => SceneDef,
): SceneEntry {
  return {
    id,
    title,
    parameters,
    create(params?: Record<string, number>): SceneDef {
      const scene = build(resolveParameters(parameters, params));
      // The entry's id is what a URL or a menu names; builders may name variants (stack24-offset).
      return { ...scene, id };
    },
  };
}

const seedParameter: SceneParameter = {
  name: 'seed',
  label: 'Seed',
  min: 0,
  max: 1000000,
  step: 1,
  default: 1,
};

/**
 * Every scene, in menu order: Box2D-Lite's nine demos, then the stack, the pyramid, the block-solver
 * comparison, springs, restitution, the heavy chain, the joint grid, rain and the many-body scene, then the scenes
 * of shapes (tumbler, ball pit, capsule pile, bullets, shape rain), then the machines (car, piston,
 * welded bridge, ragdolls). `create()` with no argument gives each scene's default.
 */
export const catalogue: readonly SceneEntry[] = [
  entry('single-box', 'Single box', [], () => singleBox()),
  entry('pendulum', 'Pendulum', [], () => pendulum()),
  entry('varying-friction', 'Varying friction', [], () => varyingFriction()),
  entry('randomized-stacking', 'Randomized stacking', [seedParameter], (p) => randomizedStacking(p.seed)),
  entry('box-lite-pyramid', 'Pyramid', [], () => boxLitePyramid()),
  entry('teeter', 'Teeter', [], () => teeter()),
  entry('suspension-bridge', 'Suspension bridge', [], () => suspensionBridge()),
  entry('dominos', 'Dominos', [], () => dominos()),
  entry('multi-pendulum', 'Multi-pendulum', [], () => multiPendulum()),
  entry(
    'stack',
    'Vertical stack',
    [
      { name: 'height', label: 'Boxes', min: 1, max: 100, step: 1, default: 24 },
      { name: 'offset', label: 'Offset (mm)', min: 0, max: 50, step: 1, default: 5 },
    ],
    (p) => stack(p.height, { offset: p.offset / 1000 }),
  ),
  entry(
    'pyramid',
    'Large pyramid',
    [{ name: 'base', label: 'Base', min: 1, max: 100, step: 1, default: 20 }],
    (p) => pyramid(p.base),
  ),
  entry(
    'block-solver',
    'Block solver on / off',
    [{ name: 'height', label: 'Boxes', min: 1, max: 64, step: 1, default: 24 }],
    (p) => blockSolverComparison(p.height),
  ),
  entry(
    'springs',
    'Springs',
    [{ name: 'damping', label: 'Damping ratio', min: 0, max: 2, step: 0.01, default: 0.05 }],
    (p) => springs(p.damping),
  ),
  entry('restitution', 'Restitution', [], () => restitution()),
  entry(
    'chain',
    'Heavy chain',
    [
      { name: 'links', label: 'Links', min: 1, max: 100, step: 1, default: 40 },
      { name: 'ratio', label: 'Mass ratio', min: 1, max: 1000, step: 1, default: 100 },
    ],
    (p) => heavyChain(p.links, p.ratio),
  ),
  entry(
    'joint-grid',
    'Joint grid',
    [{ name: 'size', label: 'Circles per side', min: 2, max: 200, step: 1, default: 40 }],
    (p) => jointGrid(p.size),
  ),
  entry(
    'rain',
    'Rain',
    [{ name: 'count', label: 'Boxes', min: 10, max: 5000, step: 10, default: 2000 }, seedParameter],
    (p) => rain(p.count, p.seed),
  ),
  entry(
    'many-bodies',
    'Many bodies',
    [{ name: 'count', label: 'Bodies', min: 100, max: 10000, step: 100, default: 3000 }, seedParameter],
    (p) => manyBodies(p.count, p.seed),
  ),
  entry(
    'tumbler',
    'Tumbler (shapes)',
    [
      { name: 'count', label: 'Bodies', min: 1, max: TUMBLER_MAX, step: 1, default: 300 },
      { name: 'speed', label: 'Speed (rad/s)', min: 0, max: 5, step: 0.05, default: 0.25 },
      { name: 'jitter', label: 'Spawn jitter', min: 0, max: 1, step: 0.05, default: 1 },
    ],
    (p) => tumbler(p.count, p.speed, p.jitter),
  ),
  entry(
    'ball-pit',
    'Ball pit',
    [
      { name: 'count', label: 'Balls', min: 1, max: 5000, step: 1, default: 400 },
      seedParameter,
      { name: 'jitter', label: 'Spawn jitter', min: 0, max: 1, step: 0.05, default: 1 },
    ],
    (p) => ballPit(p.count, p.seed, p.jitter),
  ),
  entry(
    'capsule-pile',
    'Capsule pile',
    [{ name: 'count', label: 'Capsules', min: 1, max: 5000, step: 1, default: 500 }],
    (p) => capsulePile(p.count),
  ),
  entry(
    'bullets',
    'Bullets at a thin wall',
    [
      { name: 'count', label: 'Bullets', min: 1, max: 200, step: 1, default: 10 },
      { name: 'speed', label: 'Speed (m/s)', min: 1, max: 2000, step: 1, default: 500 },
    ],
    (p) => bulletsAtWall(p.count, p.speed),
  ),
  entry(
    'shape-rain',
    'Shape rain',
    [{ name: 'count', label: 'Bodies', min: 1, max: 20000, step: 1, default: 2000 }, seedParameter],
    (p) => shapeRain(p.count, p.seed),
  ),
  entry('car', 'Car (wheel joints)', [], () => car()),
  entry('piston', 'Piston (prismatic joint)', [], () => piston()),
  entry(
    'welded-bridge',
    'Breakable welded bridge',
    [{ name: 'load', label: 'Load (kg)', min: 0, max: 10000, step: 50, default: 2000 }],
    (p) => weldedBridge(p.load),
  ),
  entry(
    'ragdoll',
    'Ragdolls',
    [{ name: 'count', label: 'Ragdolls', min: 1, max: 50, step: 1, default: 4 }],
    (p) => ragdoll(p.count),
  ),
];

/** The catalogue entry with this id, or `undefined`. */
export function getScene(id: string): SceneEntry | undefined {
  return catalogue.find((e) => e.id === id);
}
