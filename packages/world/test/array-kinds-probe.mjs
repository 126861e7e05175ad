// Reports how V8 holds the BUILT engine's long-lived lists of objects (dist/, as an application runs
// it), in a fresh Node process with V8's natives syntax:
// `node --allow-natives-syntax test/array-kinds-probe.mjs <solver>` prints one JSON line
// { before: { list: kind }, after: { list: kind } }, the kinds read right after the world is built
// (before its first step) and after 240 steps of a scene with every kind of shape, contacts made,
// pooled and reused, a sensor and a joint. Run by array-kinds.test.ts after `pnpm build`.
import { ClassicSolver, ContinuousCollision, RevoluteJoint, World } from '../dist/index.js';

const [solver] = process.argv.slice(2);
const DT = 1 / 60;

// V8's own checks of an array's elements kind, written in its natives syntax (made from strings, so
// that this file stays plain JavaScript for the tools that read it).
const hasSmiElements = new Function('a', 'return %HasSmiElements(a)');
const hasDoubleElements = new Function('a', 'return %HasDoubleElements(a)');
const hasObjectElements = new Function('a', 'return %HasObjectElements(a)');
const hasHoleyElements = new Function('a', 'return %HasHoleyElements(a)');

function kind(array) {
  const elements = hasSmiElements(array)
    ? 'small integers'
    : hasDoubleElements(array)
      ? 'doubles'
      : hasObjectElements(array)
        ? 'objects'
        : 'other';
  return hasHoleyElements(array) ? `${elements} (holey)` : elements;
}

const world = new World({
  solver: solver === 'classic' ? new ClassicSolver() : solver,
  sleeping: false,
  continuous: new ContinuousCollision(),
});
world.on('beginContact', () => {});
world.on('endContact', () => {});
world.on('sensorBegin', () => {});
world.on('sensorEnd', () => {});
world.createBody({ type: 'static', width: 40, height: 1, position: { x: 0, y: -0.5 } });
world.createBody({ type: 'static', shape: { type: 'box', width: 1, height: 6 }, position: { x: -8, y: 3 } });
world.createBody({ type: 'static', shape: { type: 'box', width: 1, height: 6 }, position: { x: 8, y: 3 } });
world.createBody({
  type: 'static',
  position: { x: 0, y: 1 },
  shape: { type: 'box', width: 14, height: 0.5, sensor: true },
});
const shapes = [
  { type: 'circle', radius: 0.3 },
  { type: 'capsule', center1: { x: -0.3, y: 0 }, center2: { x: 0.3, y: 0 }, radius: 0.2 },
  {
    type: 'polygon',
    vertices: [
      { x: -0.4, y: -0.3 },
      { x: 0.4, y: -0.3 },
      { x: 0, y: 0.4 },
    ],
    radius: 0.02,
  },
  { type: 'box', width: 0.6, height: 0.6 },
];
const bodies = [];
for (let i = 0; i < 120; ++i) {
  const body = world.createBody({
    shape: shapes[i % 4],
    position: { x: -6 + (i % 12), y: 3 + 1.1 * Math.floor(i / 12) },
    angle: 0.1 * (i % 7),
  });
  bodies.push(body);
}
world.createJoint(RevoluteJoint, { bodyA: bodies[0], bodyB: bodies[1], anchor: { x: -5.5, y: 3 } });

// The engine's long-lived lists of objects, by name (internal fields: the probe reads what an
// application never sees).
function lists() {
  const core = world.core;
  const shape = bodies[119].shapes[0];
  const out = {};
  for (const name of [
    'bodyList',
    'jointList',
    'contactList',
    'contactSlots',
    'releaseList',
    'newContacts',
    'proxyShapes',
    'sensors',
    'fastBodies',
    'solverContacts',
    'solverJoints',
    'brokenJoints',
  ])
    out[name] = core[name];
  out['continuous.candidates'] = core.continuous.candidates;
  out['events.contacts'] = core.events.contacts;
  out['sensorEvents.sensors'] = core.sensorEvents.sensors;
  out['sensorEvents.visitors'] = core.sensorEvents.visitors;
  for (const name of ['beginContact', 'endContact', 'jointBreak', 'sensorBegin', 'sensorEnd'])
    out[`listeners.${name}`] = core.listeners[name];
  out['solverGather.blocks'] = core.solverGather.blocks;
  out['softSolver.dataBlocks'] = core.softSolver.dataBlocks;
  out['softSolver.blockSource'] = core.softSolver.blockSource;
  // The classic solver's packed contact solver, when the world has one.
  const contactSolver = core.classic?.contactSolver;
  if (contactSolver !== undefined) out['contactSolver.contacts'] = contactSolver.contacts;
  out['body.shapeList'] = bodies[119].shapeList;
  out['body.contactEdges'] = bodies[119].contactEdges;
  out['body.jointEdges'] = bodies[119].jointEdges;
  out['shape.overlaps'] = shape.overlaps;
  out['shape.overlapsNext'] = shape.overlapsNext;
  const kinds = {};
  for (const [name, array] of Object.entries(out))
    kinds[name] = Array.isArray(array) ? kind(array) : 'missing';
  return kinds;
}

const before = lists();
for (let i = 0; i < 240; ++i) world.step(DT);
const after = lists();
console.log(JSON.stringify({ before, after, contacts: world.contacts.length }));
