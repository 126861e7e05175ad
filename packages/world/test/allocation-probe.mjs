// Measures whether the BUILT engine (dist/, as an application runs it) allocates while it steps a
// scene at rest, in a fresh Node process: `node test/allocation-probe.mjs <case> <solver> <substeps>`
// prints one JSON line { windows: [{ gcs, growth }], sites }. Run by allocation.test.ts after
// `pnpm build`. A fresh process and the built modules matter: under the test runner's module
// transform every imported name is read through the runner's module objects, which changes what
// V8 inlines from run to run, so a few numbers get boxed in some runs and not in others.
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import * as scenes from '../../scenes/dist/index.js';
import {
  ClassicSolver,
  ContinuousCollision,
  DistanceJoint,
  MotorJoint,
  PrismaticJoint,
  RevoluteJoint,
  WeldJoint,
  WheelJoint,
  World,
} from '../dist/index.js';

const [caseName, solver, substepsArg] = process.argv.slice(2);
// The classic solver is installed, not built in: made once here, it is picked by name below too.
new ClassicSolver();
const substeps = Number(substepsArg);
// The step, as one number made once (a `1 / 60` written in the loop would be boxed at each call
// while the loop's function runs unoptimised).
const DT = 1 / 60;

/** A scene of the catalogue's builders as the world tests build it (classic iterations from the scene). */
function sceneWorld(scene) {
  const world = new World({
    gravity: scene.gravity,
    sleeping: false,
    solver: solver === 'classic' ? new ClassicSolver() : solver,
    continuous: new ContinuousCollision(),
  });
  const bodies = [];
  if (world.classicSolver !== null) world.classicSolver.iterations = scene.iterations;
  for (const def of scene.bodies) {
    const shapes = def.shapes;
    const body = world.createBody({
      type: def.type,
      ...(shapes === undefined ? { width: def.width, height: def.height } : { shape: shapes[0] }),
      position: { x: def.x, y: def.y },
      angle: def.angle ?? 0,
      mass: def.type === 'dynamic' ? def.mass : undefined,
      density: def.type === 'dynamic' && def.mass === undefined ? def.density : undefined,
      friction: def.friction,
      restitution: def.restitution,
    });
    if (shapes !== undefined) {
      for (let i = 1; i < shapes.length; ++i) body.createShape({ ...shapes[i], density: def.density });
    }
    bodies.push(body);
  }
  // The pins and rods of the catalogue's jointed scenes, with their springs.
  for (const j of scene.joints) {
    const spring = {
      frequencyHz: j.frequencyHz,
      dampingRatio: j.dampingRatio,
      stiffness: j.stiffness,
      damping: j.damping,
    };
    const pair = { bodyA: bodies[j.bodyA], bodyB: bodies[j.bodyB] };
    if (j.kind === 'revolute')
      world.createJoint(RevoluteJoint, { ...pair, anchor: { x: j.anchorX, y: j.anchorY }, ...spring });
    else if (j.kind === 'distance') {
      world.createJoint(DistanceJoint, {
        ...pair,
        anchorA: { x: j.anchorAX, y: j.anchorAY },
        anchorB: { x: j.anchorBX, y: j.anchorBY },
        length: j.length,
        ...spring,
      });
    } else throw new Error(`the probe builds pins and rods only, not ${j.kind} joints`);
  }
  return world;
}

/** A slider, a weld, a wheel and a motor joint, each breakable (never broken), with no contacts. */
function machineWorld() {
  const world = new World({
    gravity: { x: 0, y: -10 },
    sleeping: false,
    solver: solver === 'classic' ? new ClassicSolver() : solver,
  });
  const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: -20 } });
  const slider = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 0 } });
  world.createJoint(PrismaticJoint, {
    bodyA: ground,
    bodyB: slider,
    anchor: { x: 0, y: 0 },
    axis: { x: 0, y: 1 },
    lowerTranslation: -1,
    upperTranslation: 1,
    motorSpeed: -1,
    maxMotorForce: 5,
    frequencyHz: 2,
    breakForce: 1e6,
  });
  const arm = world.createBody({ width: 2, height: 0.2, mass: 1, position: { x: 6, y: 0 } });
  world.createJoint(WeldJoint, {
    bodyA: ground,
    bodyB: arm,
    anchor: { x: 5, y: 0 },
    angularFrequencyHz: 5,
    breakTorque: 1e6,
  });
  const chassis = world.createBody({ width: 2, height: 0.5, mass: 10, position: { x: 10, y: 0 } });
  const hub = world.createBody({ type: 'static', width: 0.2, height: 0.2, position: { x: 10, y: -1 } });
  world.createJoint(WheelJoint, {
    bodyA: chassis,
    bodyB: hub,
    anchor: { x: 10, y: -1 },
    axis: { x: 0, y: 1 },
    frequencyHz: 4,
    dampingRatio: 0.7,
    lowerTranslation: -0.5,
    upperTranslation: 0.5,
  });
  const follower = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 15, y: 0 } });
  world.createJoint(MotorJoint, {
    bodyA: ground,
    bodyB: follower,
    maxForce: 50,
    maxTorque: 10,
    correctionFactor: 0.3,
  });
  return world;
}

/** A pin with an angular spring swinging a door and a winch (a rope with a motor) holding a load. */
function springWinchWorld() {
  const world = new World({
    gravity: { x: 0, y: -10 },
    sleeping: false,
    solver: solver === 'classic' ? new ClassicSolver() : solver,
  });
  const ground = world.createBody({ type: 'static', width: 1, height: 1, position: { x: 0, y: -20 } });
  const door = world.createBody({ width: 2, height: 0.2, mass: 1, position: { x: 1, y: 0 } });
  world.createJoint(RevoluteJoint, {
    bodyA: ground,
    bodyB: door,
    anchor: { x: 0, y: 0 },
    springHertz: 2,
    springDampingRatio: 0.1,
    targetAngle: 0.5,
  });
  const load = world.createBody({ width: 0.5, height: 0.5, mass: 1, position: { x: 5, y: -5 } });
  world.createJoint(DistanceJoint, {
    bodyA: ground,
    bodyB: load,
    anchorA: { x: 5, y: 0 },
    anchorB: { x: 5, y: -5 },
    minLength: 1,
    maxLength: 10,
    motorSpeed: -0.5,
    maxMotorForce: 5,
  });
  return world;
}

/**
 * 40 circles bouncing at 40 m/s between two static walls (zero gravity, restitution 1, friction 0):
 * never at rest, so continuous collision sweeps some of them at every step.
 */
function bouncerWorld() {
  const world = new World({
    gravity: { x: 0, y: 0 },
    sleeping: false,
    solver: solver === 'classic' ? new ClassicSolver() : solver,
    continuous: new ContinuousCollision(),
  });
  world.createBody({ type: 'static', width: 0.5, height: 40, position: { x: -20, y: 0 } });
  world.createBody({ type: 'static', width: 0.5, height: 40, position: { x: 20, y: 0 } });
  for (let i = 0; i < 40; i++) {
    world.createBody({
      shape: { type: 'circle', radius: 0.25 },
      position: { x: -10 + (i % 7), y: -18 + i * 0.9 },
      linearVelocity: { x: i % 2 === 1 ? 40 : -40, y: 0 },
      restitution: 1,
      friction: 0,
    });
  }
  return world;
}

const CASES = {
  bouncers: () => bouncerWorld(),
  pyramid10: () => sceneWorld(scenes.pyramid(10)),
  stack10: () => sceneWorld(scenes.stack(10, { offset: 0.005 })),
  ballPit100: () => sceneWorld(scenes.ballPit(100)),
  capsulePile60: () => sceneWorld(scenes.capsulePile(60)),
  shapeRain150: () => sceneWorld(scenes.shapeRain(150)),
  rain300: () => sceneWorld(scenes.rain(300)),
  suspensionBridge: () => sceneWorld(scenes.suspensionBridge()),
  springs: () => sceneWorld(scenes.springs()),
  machines: () => machineWorld(),
  springWinch: () => springWinchWorld(),
};

/** Bytes in use in V8's young generation, where every short-lived object is born. */
function youngBytes() {
  let used = 0;
  for (const space of getHeapSpaceStatistics())
    if (space.space_name === 'new_space') used += space.space_used_size;
  return used;
}

/** Steps `steps` times watching the collector: GC runs seen and the young generation's growth. */
async function measure(world, steps) {
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  await new Promise((resolve) => setTimeout(resolve, 20));
  gcs = 0;
  // Reading the statistics allocates too: measured with two reads in a row, and taken off.
  const probe = youngBytes();
  const before = youngBytes();
  for (let i = 0; i < steps; ++i) world.step(DT);
  const after = youngBytes();
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  return { gcs, growth: after - before - (before - probe) };
}

/** The top allocating call stacks over `steps` steps (V8's sampling heap profiler), bytes per step. */
async function allocationSites(world, steps) {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    for (let i = 0; i < steps; ++i) world.step(DT);
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const paths = new Map();
    const walk = (node, path) => {
      const f = node.callFrame;
      const here = [
        ...path,
        `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`,
      ];
      paths.set(node.id, here.slice(-4).join(' > '));
      for (const child of node.children) walk(child, here);
    };
    walk(profile.head, []);
    const bytes = new Map();
    for (const s of profile.samples)
      bytes.set(paths.get(s.nodeId), (bytes.get(paths.get(s.nodeId)) ?? 0) + s.size);
    return [...bytes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([path, n]) => `${(n / steps).toFixed(1)} B/step ${path}`);
  } finally {
    session.disconnect();
  }
}

const world = CASES[caseName]();
(world.solver === 'classic' ? world.classicSolver : world.settings).substeps = substeps;
// Come to rest, and let the JIT optimise the step (V8 optimises `step`, called once a step, only
// after a thousand or more calls; on a busy machine its last recompilations come later still).
for (let i = 0; i < 5000; ++i) world.step(DT);
// Windows of 1,000 steps until one is clean, at most eight: an allocation in the step shows in every
// window (one 16-byte number boxed per step is 16 kB), while the JIT, recompiling a function late
// on a busy machine, can leave boxed numbers (or a collection) in a few.
const windows = [];
const clean = (m) => m.gcs === 0 && m.growth < 1024;
while (windows.length < 8 && !windows.some(clean)) windows.push(await measure(world, 1000));
const sites = windows.some(clean) ? [] : await allocationSites(world, 1000);
console.log(JSON.stringify({ windows, sites }));
