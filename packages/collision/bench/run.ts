// Benchmarks for @lite/collision: box-box manifold throughput, and the broadphase's update-and-pair
// time for n moving boxes against a brute-force O(n²) pair finder at the same n, in the same run.
//
//   pnpm --filter @lite/collision bench            (all sizes)
//   pnpm --filter @lite/collision bench -- --quick (fewer steps)
//
// Reads @lite/math from its sources (bench/tsconfig.json maps the path), so no build is needed.
// Times are printed, never asserted.
import { Random, Transform } from '@lite/math';
import { AABB, Box, BroadPhase, collideBoxes, computeBoxAABB, Manifold, PairBuffer } from '../src/index';

const quick = process.argv.includes('--quick');
const now = (): number => performance.now();

// -------------------------------------------------------------------------------------------------
// Manifold throughput

function benchManifold(): void {
  const rng = new Random(7);
  const count = 4096;
  const boxesA: Box[] = [];
  const boxesB: Box[] = [];
  const xfA: Transform[] = [];
  const xfB: Transform[] = [];
  for (let i = 0; i < count; i++) {
    const a = new Box(rng.range(0.2, 2), rng.range(0.2, 2));
    const b = new Box(rng.range(0.2, 2), rng.range(0.2, 2));
    const reach = (Math.hypot(a.width, a.height) + Math.hypot(b.width, b.height)) / 2;
    const dir = rng.range(-Math.PI, Math.PI);
    const dist = rng.range(0, 0.9) * reach;
    boxesA.push(a);
    boxesB.push(b);
    xfA.push(new Transform(0, 0, rng.range(-Math.PI, Math.PI)));
    xfB.push(new Transform(dist * Math.cos(dir), dist * Math.sin(dir), rng.range(-Math.PI, Math.PI)));
  }
  const m = new Manifold();
  let points = 0;
  let touching = 0;
  for (let i = 0; i < count; i++) {
    const n = collideBoxes(boxesA[i], xfA[i], boxesB[i], xfB[i], m);
    points += n;
    if (n > 0) touching++;
  }
  // Warm up, then time.
  const passes = quick ? 100 : 400;
  let sink = 0;
  for (let p = 0; p < 50; p++)
    for (let i = 0; i < count; i++) sink += collideBoxes(boxesA[i], xfA[i], boxesB[i], xfB[i], m);
  const t0 = now();
  for (let p = 0; p < passes; p++) {
    for (let i = 0; i < count; i++) sink += collideBoxes(boxesA[i], xfA[i], boxesB[i], xfB[i], m);
  }
  const ms = now() - t0;
  const calls = passes * count;
  console.log('## Box-box manifold (collideBoxes)');
  console.log(
    `${calls.toLocaleString('en')} calls on ${count} random nearby pairs ` +
      `(${((100 * touching) / count).toFixed(0)}% touching, ${(points / Math.max(1, touching)).toFixed(2)} points each): ` +
      `${ms.toFixed(1)} ms, ${(calls / ms / 1000).toFixed(2)} M collides/s, ${((1e6 * ms) / calls).toFixed(0)} ns per call`,
  );
  if (sink < 0) console.log(sink);
}

// -------------------------------------------------------------------------------------------------
// Broadphase

/** n boxes of 0.5–1.5 m in a square sized for about one box per 4 m², moving and spinning, bouncing off the walls. */
class Scene {
  readonly n: number;
  readonly side: number;
  readonly boxes: Box[] = [];
  readonly xf: Transform[] = [];
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly angle: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  readonly w: Float64Array;

  constructor(n: number, seed: number) {
    const rng = new Random(seed);
    this.n = n;
    this.side = Math.sqrt(4 * n);
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.angle = new Float64Array(n);
    this.vx = new Float64Array(n);
    this.vy = new Float64Array(n);
    this.w = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      this.boxes.push(new Box(rng.range(0.5, 1.5), rng.range(0.5, 1.5)));
      this.x[i] = rng.range(0, this.side);
      this.y[i] = rng.range(0, this.side);
      this.angle[i] = rng.range(-Math.PI, Math.PI);
      this.vx[i] = rng.range(-2, 2);
      this.vy[i] = rng.range(-2, 2);
      this.w[i] = rng.range(-1, 1);
      this.xf.push(new Transform(this.x[i], this.y[i], this.angle[i]));
    }
  }

  /** Advances every box by dt (bouncing off the square's walls). */
  step(dt: number): void {
    const side = this.side;
    for (let i = 0; i < this.n; i++) {
      let x = this.x[i] + dt * this.vx[i];
      let y = this.y[i] + dt * this.vy[i];
      if (x < 0 || x > side) {
        this.vx[i] = -this.vx[i];
        x = Math.min(Math.max(x, 0), side);
      }
      if (y < 0 || y > side) {
        this.vy[i] = -this.vy[i];
        y = Math.min(Math.max(y, 0), side);
      }
      this.x[i] = x;
      this.y[i] = y;
      this.angle[i] += dt * this.w[i];
      this.xf[i].set(x, y, this.angle[i]);
    }
  }
}

interface BroadResult {
  stepMs: number;
  reinserted: number;
  reported: number;
  overlapping: number;
  height: number;
  areaRatio: number;
}

function benchBroadPhase(n: number, steps: number): BroadResult {
  const scene = new Scene(n, 1234 + n);
  const dt = 1 / 60;
  const bp = new BroadPhase();
  const out = new PairBuffer();
  const aabb = new AABB();
  const proxies = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    proxies[i] = bp.createProxy(computeBoxAABB(scene.boxes[i], scene.xf[i], aabb), i, false);
  }
  bp.updatePairs(out);

  let reinserted = 0;
  let reported = 0;
  let time = 0;
  // 30 warm-up steps (JIT, and the fat boxes settle into their predicted shapes), then the timed ones.
  for (let s = -30; s < steps; s++) {
    scene.step(dt); // moving the boxes is not broadphase work: outside the timer
    const t0 = now();
    let count = 0;
    for (let i = 0; i < n; i++) {
      computeBoxAABB(scene.boxes[i], scene.xf[i], aabb);
      if (bp.moveProxy(proxies[i], aabb, dt * scene.vx[i], dt * scene.vy[i])) count++;
    }
    bp.updatePairs(out);
    const t1 = now();
    if (s >= 0) {
      time += t1 - t0;
      reinserted += count;
      reported += out.count;
    }
  }
  const overlapping = bp.computeAllPairs(out);
  return {
    stepMs: time / steps,
    reinserted: reinserted / steps,
    reported: reported / steps,
    overlapping,
    height: bp.tree.getHeight(),
    areaRatio: bp.tree.getAreaRatio(),
  };
}

/**
 * The O(n²) reference: every step, tight AABBs of all boxes, then every pair tested. Returns the time
 * per step and the pair count (of tight AABBs, so it finds fewer pairs than the fat broadphase set).
 */
function benchBruteForce(n: number, steps: number): { stepMs: number; pairs: number } {
  const scene = new Scene(n, 1234 + n);
  const dt = 1 / 60;
  const aabb = new AABB();
  const minX = new Float64Array(n);
  const minY = new Float64Array(n);
  const maxX = new Float64Array(n);
  const maxY = new Float64Array(n);
  const pairA = new Int32Array(16 * n);
  const pairB = new Int32Array(16 * n);
  let pairs = 0;
  const oneStep = (): void => {
    for (let i = 0; i < n; i++) {
      computeBoxAABB(scene.boxes[i], scene.xf[i], aabb);
      minX[i] = aabb.minX;
      minY[i] = aabb.minY;
      maxX[i] = aabb.maxX;
      maxY[i] = aabb.maxY;
    }
    pairs = 0;
    for (let i = 0; i < n; i++) {
      const x0 = minX[i];
      const y0 = minY[i];
      const x1 = maxX[i];
      const y1 = maxY[i];
      for (let j = i + 1; j < n; j++) {
        if (minX[j] <= x1 && x0 <= maxX[j] && minY[j] <= y1 && y0 <= maxY[j]) {
          pairA[pairs] = i;
          pairB[pairs] = j;
          pairs++;
        }
      }
    }
  };
  for (let s = 0; s < 3; s++) {
    scene.step(dt);
    oneStep();
  }
  let time = 0;
  for (let s = 0; s < steps; s++) {
    scene.step(dt);
    const t0 = now();
    oneStep();
    time += now() - t0;
  }
  return { stepMs: time / steps, pairs };
}

function benchBroadPhaseTable(): void {
  console.log('');
  console.log('## Broadphase: moveProxy for every box + updatePairs, per step (dt = 1/60)');
  console.log('Boxes 0.5–1.5 m, |v| ≤ 2.8 m/s, spinning, one box per 4 m²; margin 0.1 m, displacement × 4.');
  console.log('t/(n log2 n) and t/n² in ns: the column that stays flat shows the scaling.');
  console.log('');
  console.log(
    '| n | tree ms/step | t/(n log2 n) ns | re-inserted/step | pairs reported/step | fat pairs | height | area ratio | brute ms/step | t/n² ns | brute/tree |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  // A discarded run first, so that the first row is not measured while the JIT is still compiling.
  benchBroadPhase(1000, 120);
  benchBruteForce(1000, 10);
  for (const n of [1000, 2000, 5000, 10000]) {
    const steps = quick ? 30 : 120;
    const tree = benchBroadPhase(n, steps);
    const bruteSteps = quick ? 3 : Math.max(3, Math.round(60_000_000 / (n * n)));
    const brute = benchBruteForce(n, bruteSteps);
    const nlogn = n * Math.log2(n);
    console.log(
      `| ${n} | ${tree.stepMs.toFixed(3)} | ${((1e6 * tree.stepMs) / nlogn).toFixed(1)} | ${tree.reinserted.toFixed(0)} | ` +
        `${tree.reported.toFixed(0)} | ${tree.overlapping} | ${tree.height} | ${tree.areaRatio.toFixed(1)} | ` +
        `${brute.stepMs.toFixed(2)} | ${((1e6 * brute.stepMs) / (n * n)).toFixed(2)} | ${(brute.stepMs / tree.stepMs).toFixed(1)}× |`,
    );
  }
}

console.log(`@lite/collision bench (Node ${process.version}, ${quick ? 'quick' : 'full'})`);
console.log('');
benchManifold();
benchBroadPhaseTable();
