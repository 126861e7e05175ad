/**
 * The testbed end to end, in a real browser: builds the app with Vite, serves the build with
 * `vite preview` on a free port of 127.0.0.1, drives the Debian chromium through playwright-core,
 * opens every scene of the catalogue, checks that the canvas draws and changes, toggles settings
 * through the panel, drags a body and saves a screenshot of each scene to `screenshots/<scene>.png`.
 *
 * Without /usr/bin/chromium the suite is skipped with a message, except under CI, where it fails.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogue } from '@lite/scenes';
import { World } from '@lite/world';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM = '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));
const screenshots = join(root, 'screenshots');
const haveChromium = existsSync(CHROMIUM);
const runSuite = haveChromium || Boolean(process.env.CI);

if (!runSuite) {
  console.warn(
    `[demo e2e] skipped: ${CHROMIUM} not found. Install it (apt-get install chromium) to run the browser test.`,
  );
}

/** What the page reports about its worlds (read through `window.__lite`). */
interface Snapshot {
  sceneId: string;
  stepCount: number;
  error: string | null;
  worlds: number;
  bodies: { x: number; y: number; angle: number; dynamic: boolean }[];
}

async function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const lite = window.__lite!;
    return {
      sceneId: lite.sceneId,
      stepCount: lite.stepCount,
      error: lite.error,
      worlds: lite.worlds.length,
      bodies: lite.worlds.flatMap((world) =>
        world.bodies.map((b) => ({
          x: b.position.x,
          y: b.position.y,
          angle: b.angle,
          dynamic: b.type === 'dynamic',
        })),
      ),
    };
  });
}

/** Waits until the testbed has taken `count` more steps than `from`. */
async function waitForSteps(page: Page, from: number, count: number): Promise<void> {
  await page.waitForFunction(
    ([start, n]) => (window.__lite?.stepCount ?? 0) >= start + n || window.__lite?.error != null,
    [from, count] as const,
    { timeout: 45_000, polling: 50 },
  );
}

/**
 * A hash of the canvas pixels and how many pixels stand clearly apart from the background
 * (#0d1117; the faint grid lines do not count).
 */
async function canvasPixels(page: Page): Promise<{ hash: number; drawn: number; total: number }> {
  return page.evaluate(() => {
    const canvas = document.getElementById('view') as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0x811c9dc5;
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i];
      const g = data[i + 1];
      const b = data[i + 2];
      hash = Math.imul(hash ^ r, 16777619);
      hash = Math.imul(hash ^ g, 16777619);
      hash = Math.imul(hash ^ b, 16777619);
      if (Math.abs(r - 0x0d) + Math.abs(g - 0x11) + Math.abs(b - 0x17) > 40) drawn++;
    }
    return { hash: hash >>> 0, drawn, total: data.length / 4 };
  });
}

async function openScene(page: Page, base: string, query: string, sceneId: string): Promise<void> {
  await page.goto(`${base}/${query}`);
  await page.waitForFunction((id) => window.__lite?.sceneId === id && window.__lite.stepCount >= 2, sceneId, {
    timeout: 30_000,
  });
}

describe.runIf(runSuite)('demo in Chromium', () => {
  let server: PreviewServer;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let userDataDir: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!haveChromium)
      throw new Error(`CI is set but ${CHROMIUM} is missing: .ci/run installs it with apt-get`);
    await build({ root, logLevel: 'warn', mode: 'production' });
    server = await preview({
      root,
      logLevel: 'warn',
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    const address = server.httpServer.address();
    if (!address || typeof address === 'string') throw new Error('vite preview did not report a port');
    base = `http://127.0.0.1:${address.port}`;
    userDataDir = mkdtempSync(join(tmpdir(), 'lite-demo-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    mkdirSync(screenshots, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  for (const entry of catalogue) {
    it(`draws and runs ${entry.id}`, async () => {
      await openScene(page, base, `?scene=${entry.id}`, entry.id);
      const first = await snapshot(page);
      expect(first.error).toBeNull();
      const dynamic = first.bodies.filter((b) => b.dynamic);
      expect(dynamic.length).toBeGreaterThan(0);

      // The view is the scene's camera: its centre in the middle of the canvas (of the first pane
      // for a comparison, which centres on its own group) and its height inside the canvas (filling
      // it, unless the view had to widen to fit the scene across).
      const scene = entry.create();
      const view = await page.evaluate(
        ([x, y, height]) => {
          const lite = window.__lite!;
          const rect = document.getElementById('view')!.getBoundingClientRect();
          const centre = lite.toClient(x, y);
          const top = lite.toClient(x, y + height / 2);
          const panes = lite.worlds.length;
          return {
            x: centre.x - rect.left,
            y: centre.y - rect.top,
            top: top.y - rect.top,
            paneWidth: rect.width / panes,
            height: rect.height,
            panes,
          };
        },
        [scene.camera.x, scene.camera.y, scene.camera.height] as const,
      );
      expect(view.panes).toBe(scene.compare ? 2 : 1);
      expect(view.y).toBeCloseTo(view.height / 2, 3);
      expect(view.top).toBeGreaterThan(-1e-3);
      expect(view.top).toBeLessThan(0.25 * view.height);
      if (!scene.compare) expect(view.x).toBeCloseTo(view.paneWidth / 2, 3);

      // And the camera shows the bodies: a good part of them start inside the canvas (all of them in
      // most scenes; rain and many-bodies start high above their container and fall into view).
      const inside = await page.evaluate(() => {
        const lite = window.__lite!;
        const rect = document.getElementById('view')!.getBoundingClientRect();
        let count = 0;
        let total = 0;
        lite.worlds.forEach((world, pane) => {
          for (const body of world.bodies) {
            if (body.type !== 'dynamic') continue;
            total++;
            const p = lite.toClient(body.position.x, body.position.y, pane);
            if (p.x >= rect.left && p.x <= rect.right && p.y >= rect.top && p.y <= rect.bottom) count++;
          }
        });
        return count / total;
      });
      expect(inside).toBeGreaterThan(0.25);

      const before = await canvasPixels(page);
      expect(before.drawn).toBeGreaterThan(0.002 * before.total);

      // About one simulated second later the bodies have moved, and nothing went non-finite.
      await waitForSteps(page, first.stepCount, 60);
      const later = await snapshot(page);
      expect(later.error).toBeNull();
      expect(later.bodies.length).toBe(first.bodies.length);
      let moved = 0;
      for (let i = 0; i < later.bodies.length; i++) {
        const a = first.bodies[i];
        const b = later.bodies[i];
        expect(Number.isFinite(b.x) && Number.isFinite(b.y) && Number.isFinite(b.angle)).toBe(true);
        moved = Math.max(moved, Math.hypot(b.x - a.x, b.y - a.y));
      }
      expect(moved).toBeGreaterThan(0);
      await page.screenshot({ path: join(screenshots, `${entry.id}.png`) });

      // The bomb button adds a box to every world and the picture changes.
      const pixels = await canvasPixels(page);
      await page.click('#bomb');
      const bombed = await snapshot(page);
      expect(bombed.bodies.length).toBe(later.bodies.length + later.worlds);
      await waitForSteps(page, bombed.stepCount, 20);
      const after = await canvasPixels(page);
      expect(after.hash).not.toBe(pixels.hash);
      expect(pageErrors).toEqual([]);
    }, 90_000);
  }

  it('opens a scene and its parameters from the address', async () => {
    await openScene(page, base, '?scene=pyramid&base=5', 'pyramid');
    const state = await snapshot(page);
    expect(state.bodies.filter((b) => b.dynamic).length).toBe(15); // 5 + 4 + 3 + 2 + 1
    expect(await page.inputValue('#parameter-base')).toBe('5');
    expect(await page.inputValue('#scene-select')).toBe('pyramid');
  });

  it('switches scenes from the menu and writes the address', async () => {
    await openScene(page, base, '?scene=single-box', 'single-box');
    await page.selectOption('#scene-select', 'dominos');
    await page.waitForFunction(() => window.__lite?.sceneId === 'dominos');
    expect(new URL(page.url()).searchParams.get('scene')).toBe('dominos');
  });

  it('runs the block-solver comparison as two worlds, on and off', async () => {
    await openScene(page, base, '?scene=block-solver', 'block-solver');
    const flags = await page.evaluate(() => window.__lite!.worlds.map((w) => w.settings.blockSolver));
    expect(flags).toEqual([true, false]);
    expect(await page.isDisabled('#technique-blockSolver')).toBe(true);
  });

  it('toggles solver settings live through the panel and the keys', async () => {
    // The classic solver's toggles and counts (Box2D-Lite's), whatever the default solver is.
    await openScene(page, base, '?scene=box-lite-pyramid&solver=classic', 'box-lite-pyramid');
    const read = () =>
      page.evaluate(() => {
        const s = window.__lite!.world.settings;
        return {
          warmStarting: s.warmStarting,
          positionCorrection: s.positionCorrection,
          accumulateImpulses: s.accumulateImpulses,
          blockSolver: s.blockSolver,
          sleeping: s.sleeping,
          iterations: s.iterations,
          substeps: s.substeps,
          gravityY: window.__lite!.world.gravity.y,
        };
      });
    const initial = await read();
    expect(initial.warmStarting).toBe(true);
    await page.click('label[for="technique-warmStarting"]');
    expect((await read()).warmStarting).toBe(false);
    await page.click('label[for="technique-warmStarting"]');
    expect((await read()).warmStarting).toBe(true);
    await page.click('label[for="technique-sleeping"]');
    expect((await read()).sleeping).toBe(!initial.sleeping);

    await page.fill('#iterations', '25');
    expect((await read()).iterations).toBe(25);
    expect(initial.substeps).toBe(1);
    await page.fill('#substeps', '4');
    expect((await read()).substeps).toBe(4);
    expect(await page.textContent('#substeps-value')).toBe('4');
    await page.fill('#gravity-y', '-3');
    expect((await read()).gravityY).toBe(-3);

    await page.locator('#view').click({ position: { x: 5, y: 5 } }); // focus the page, not an input
    await page.keyboard.press('a');
    expect((await read()).accumulateImpulses).toBe(false);
    expect(await page.isChecked('#technique-accumulateImpulses')).toBe(false);
    await page.keyboard.press('a');
    expect((await read()).accumulateImpulses).toBe(true);

    // The settings (sub-steps too) survive a reset; gravity and iterations come back from the scene.
    await page.click('label[for="technique-positionCorrection"]');
    await page.click('#reset');
    const reset = await read();
    expect(reset.positionCorrection).toBe(false);
    expect(reset.substeps).toBe(4);
    expect(reset.iterations).toBe(10);
    expect(reset.gravityY).toBe(-10);
    await page.click('label[for="technique-positionCorrection"]');
    await page.fill('#substeps', '1');
    expect((await read()).substeps).toBe(1);
  });

  it('switches the solver live: every world, the panel, the address, across resets and scenes', async () => {
    const defaultSolver = new World().settings.solver;
    const other = defaultSolver === 'soft' ? 'classic' : 'soft';
    await openScene(page, base, '?scene=box-lite-pyramid', 'box-lite-pyramid');
    const read = () =>
      page.evaluate(() => {
        const lite = window.__lite!;
        const s = lite.world.settings;
        return {
          solvers: lite.worlds.map((w) => w.settings.solver),
          setting: lite.settings.solver,
          iterations: s.iterations,
          substeps: s.substeps,
          contactHertz: s.contactHertz,
          stepCount: lite.stepCount,
          error: lite.error,
          address: new URLSearchParams(window.location.search).get('solver'),
        };
      });
    /** What the panel shows for `solver`: the switch, the enabled toggles and sliders, the counts. */
    const expectPanel = async (solver: 'soft' | 'classic', pinnedBlock = false, note?: RegExp) => {
      expect(await page.isChecked(`#solver-${solver}`)).toBe(true);
      expect(await page.isChecked(`#solver-${solver === 'soft' ? 'classic' : 'soft'}`)).toBe(false);
      const soft = solver === 'soft';
      // Classic-only toggles are disabled in the soft step, its own sliders in the classic solver.
      expect(await page.isDisabled('#technique-relax')).toBe(soft);
      expect(await page.isDisabled('#technique-splitImpulses')).toBe(soft);
      expect(await page.isDisabled('#contactHertz')).toBe(!soft);
      expect(await page.isDisabled('#maxPushVelocity')).toBe(!soft);
      // Shared toggles stay enabled; the two the soft step uses in part are dimmed, not disabled.
      expect(await page.isDisabled('#technique-warmStarting')).toBe(false);
      expect(await page.isDisabled('#technique-blockSolver')).toBe(pinnedBlock); // pinned in a comparison
      expect(await page.isDisabled('#technique-positionCorrection')).toBe(false);
      const dimmed = await page.evaluate(() =>
        Array.from(document.querySelectorAll('#techniques label.inactive input'), (i) => i.id).sort(),
      );
      expect(dimmed).toEqual(
        soft
          ? [
              'technique-accumulateImpulses',
              'technique-positionCorrection',
              'technique-relax',
              'technique-splitImpulses',
            ]
          : [],
      );
      // The sliders show the current solver's iterations and sub-steps, as the world reports them.
      const world = await read();
      expect(await page.inputValue('#iterations')).toBe(String(world.iterations));
      expect(await page.inputValue('#substeps')).toBe(String(world.substeps));
      expect(await page.textContent('#solver-note')).toMatch(note ?? (soft ? /Soft step/ : /Classic/));
    };

    const initial = await read();
    expect(initial.solvers).toEqual([defaultSolver]);
    expect(initial.setting).toBe(defaultSolver);
    expect(initial.address).toBeNull(); // the default solver stays out of the address
    await expectPanel(defaultSolver);

    // V switches every world between two steps; the scene keeps running.
    await page.locator('#view').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('v');
    const switched = await read();
    expect(switched.solvers).toEqual([other]);
    expect(switched.setting).toBe(other);
    expect(switched.address).toBe(other);
    expect(switched.iterations).toBe(other === 'soft' ? 1 : 10);
    expect(switched.substeps).toBe(other === 'soft' ? 4 : 1);
    await expectPanel(other);
    await waitForSteps(page, switched.stepCount, 60);
    const ran = await snapshot(page);
    expect(ran.error).toBeNull();
    expect(ran.bodies.every((b) => Number.isFinite(b.x) && Number.isFinite(b.y))).toBe(true);

    // The soft step's sliders and counts set the soft step's values; the classic ones are kept.
    await page.click('label[for="solver-soft"]');
    expect((await read()).solvers).toEqual(['soft']);
    await page.fill('#contactHertz', '60');
    expect((await read()).contactHertz).toBe(60);
    await page.fill('#substeps', '6');
    expect((await read()).substeps).toBe(6);
    await page.click('label[for="solver-classic"]');
    expect((await read()).solvers).toEqual(['classic']);
    expect((await read()).substeps).toBe(1);
    await expectPanel('classic');
    await page.click('label[for="solver-soft"]');
    expect((await read()).substeps).toBe(6);
    await expectPanel('soft');

    // The solver survives a reset and a change of scene. The block-solver comparison pins the
    // classic solver (the block solver is its technique): its two worlds stay classic while the
    // switch moves, and the switch still holds for the next scene.
    await page.click('#reset');
    expect((await read()).solvers).toEqual(['soft']);
    expect((await read()).substeps).toBe(6);
    await page.selectOption('#scene-select', 'block-solver');
    await page.waitForFunction(() => window.__lite?.sceneId === 'block-solver');
    const compare = await page.evaluate(() =>
      window.__lite!.worlds.map((w) => ({ solver: w.settings.solver, block: w.settings.blockSolver })),
    );
    expect(compare).toEqual([
      { solver: 'classic', block: true },
      { solver: 'classic', block: false },
    ]);
    expect((await read()).setting).toBe('soft');
    // The panel shows the pinned solver, its switch disabled; V leaves it alone.
    await expectPanel('classic', true, /This comparison runs the classic solver/);
    expect(await page.isDisabled('#solver-soft')).toBe(true);
    await page.locator('#view').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('v');
    expect((await read()).solvers).toEqual(['classic', 'classic']);
    expect((await read()).setting).toBe('soft');
    const before = await read();
    await waitForSteps(page, before.stepCount, 60);
    expect((await read()).error).toBeNull();
    expect(new URL(page.url()).searchParams.get('solver')).toBe(defaultSolver === 'soft' ? null : 'soft');

    // A link opens the scene with its solver.
    await openScene(page, base, `?scene=single-box&solver=${other}`, 'single-box');
    expect((await read()).solvers).toEqual([other]);
    await expectPanel(other);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('pauses, single-steps and runs again', async () => {
    await openScene(page, base, '?scene=single-box', 'single-box');
    await page.click('#pause');
    const paused = await snapshot(page);
    await page.waitForTimeout(300);
    expect((await snapshot(page)).stepCount).toBe(paused.stepCount);
    await page.click('#step');
    expect((await snapshot(page)).stepCount).toBe(paused.stepCount + 1);
    await page.click('#pause');
    await waitForSteps(page, paused.stepCount + 1, 5);
  });

  it('drags a body toward the pointer through the mouse joint', async () => {
    await openScene(page, base, '?scene=single-box', 'single-box');
    const start = await snapshot(page);
    await waitForSteps(page, start.stepCount, 90); // let the box land
    const box = (await snapshot(page)).bodies.find((b) => b.dynamic)!;
    const grab = await page.evaluate(([x, y]) => window.__lite!.toClient(x, y), [box.x, box.y] as const);
    const target = { x: box.x + 3, y: box.y + 4 };
    const to = await page.evaluate(([x, y]) => window.__lite!.toClient(x, y), [target.x, target.y] as const);

    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    const joints = await page.evaluate(() => window.__lite!.world.joints.length);
    expect(joints).toBe(1);
    await page.mouse.move(to.x, to.y, { steps: 8 });
    const held = await snapshot(page);
    await waitForSteps(page, held.stepCount, 60);
    const pulled = (await snapshot(page)).bodies.find((b) => b.dynamic)!;
    const before = Math.hypot(box.x - target.x, box.y - target.y);
    const after = Math.hypot(pulled.x - target.x, pulled.y - target.y);
    expect(after).toBeLessThan(0.25 * before);
    await page.mouse.up();
    expect(await page.evaluate(() => window.__lite!.world.joints.length)).toBe(0);
  });

  it('takes touch: one finger drags a body, two fingers pinch-zoom', async () => {
    await openScene(page, base, '?scene=single-box', 'single-box');
    const start = await snapshot(page);
    await waitForSteps(page, start.stepCount, 90);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
      });

    // One finger on the box pulls it up through the mouse joint.
    const box = (await snapshot(page)).bodies.find((b) => b.dynamic)!;
    const at = await page.evaluate(([x, y]) => window.__lite!.toClient(x, y), [box.x, box.y] as const);
    const up = await page.evaluate(([x, y]) => window.__lite!.toClient(x, y), [box.x, box.y + 4] as const);
    await touch('touchStart', [at]);
    expect(await page.evaluate(() => window.__lite!.world.joints.length)).toBe(1);
    for (let i = 1; i <= 5; i++) await touch('touchMove', [{ x: at.x, y: at.y + ((up.y - at.y) * i) / 5 }]);
    const held = await snapshot(page);
    await waitForSteps(page, held.stepCount, 60);
    const lifted = (await snapshot(page)).bodies.find((b) => b.dynamic)!;
    expect(lifted.y - box.y).toBeGreaterThan(3);
    await touch('touchEnd', []);
    expect(await page.evaluate(() => window.__lite!.world.joints.length)).toBe(0);

    // Two fingers on empty space moving apart from 100 px to 200 px zoom in by 2 about their middle.
    const metre = () =>
      page.evaluate(() => window.__lite!.toClient(1, 0).x - window.__lite!.toClient(0, 0).x);
    const before = await metre();
    await touch('touchStart', [
      { x: 400, y: 150 },
      { x: 500, y: 150 },
    ]);
    for (let i = 1; i <= 5; i++) {
      await touch('touchMove', [
        { x: 400 - 10 * i, y: 150 },
        { x: 500 + 10 * i, y: 150 },
      ]);
    }
    await touch('touchEnd', []);
    expect((await metre()) / before).toBeCloseTo(2, 2);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    await cdp.detach();
  });

  it('fits the canvas to the window and to the device pixel ratio', async () => {
    await openScene(page, base, '?scene=single-box', 'single-box');
    const size = () =>
      page.evaluate(() => {
        const canvas = document.getElementById('view') as HTMLCanvasElement;
        const stage = document.getElementById('stage')!;
        return {
          width: canvas.width,
          height: canvas.height,
          cssWidth: stage.clientWidth,
          cssHeight: stage.clientHeight,
          ratio: window.devicePixelRatio,
        };
      });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: 1000,
      height: 640,
      deviceScaleFactor: 2,
      mobile: false,
    });
    await page.waitForFunction(() => {
      const canvas = document.getElementById('view') as HTMLCanvasElement;
      return (
        window.devicePixelRatio === 2 && canvas.width === 2 * document.getElementById('stage')!.clientWidth
      );
    });
    const sharp = await size();
    expect(sharp.ratio).toBe(2);
    expect(sharp.cssWidth).toBe(1000 - 300); // the panel keeps its 300 px
    expect(sharp.cssHeight).toBe(640);
    expect(sharp.width).toBe(2 * sharp.cssWidth);
    expect(sharp.height).toBe(2 * sharp.cssHeight);
    await cdp.send('Emulation.clearDeviceMetricsOverride');
    await cdp.detach();
    await page.waitForFunction(() => window.devicePixelRatio === 1);
    await page.waitForFunction(() => {
      const canvas = document.getElementById('view') as HTMLCanvasElement;
      return canvas.width === document.getElementById('stage')!.clientWidth;
    });
    const plain = await size();
    expect(plain.cssWidth).toBe(1280 - 300);
    expect(plain.width).toBe(plain.cssWidth);
    expect(plain.height).toBe(plain.cssHeight);
  });

  it('pans and zooms the view', async () => {
    await openScene(page, base, '?scene=single-box', 'single-box');
    const span = () =>
      page.evaluate(() => {
        const a = window.__lite!.toClient(0, 0);
        const b = window.__lite!.toClient(1, 0);
        return { origin: a, metre: b.x - a.x };
      });
    const initial = await span();
    await page.mouse.move(640, 300);
    await page.mouse.wheel(0, -400);
    await page.waitForFunction((m) => {
      const lite = window.__lite!;
      return lite.toClient(1, 0).x - lite.toClient(0, 0).x > m * 1.2;
    }, initial.metre);
    const zoomed = await span();
    expect(zoomed.metre).toBeGreaterThan(initial.metre * 1.2);

    // Right-button drag on empty space pans: the world moves with the pointer.
    await page.mouse.move(200, 100);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(260, 140, { steps: 4 });
    await page.mouse.up({ button: 'right' });
    const panned = await span();
    expect(panned.origin.x - zoomed.origin.x).toBeCloseTo(60, 0);
    expect(panned.origin.y - zoomed.origin.y).toBeCloseTo(40, 0);
  });

  it('drives the car while its key is held, and not without it', async () => {
    await openScene(page, base, '?scene=car', 'car');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const chassis = () =>
      page.evaluate(() => {
        const lite = window.__lite!;
        const body = lite.world.bodies.find((b) => (b.userData as { tag?: string }).tag === 'chassis')!;
        return { x: body.position.x, steps: lite.stepCount };
      });
    // Parked (the motors hold the wheels): it only settles on its springs.
    const start = await chassis();
    await waitForSteps(page, start.steps, 60);
    const parked = await chassis();
    expect(Math.abs(parked.x - start.x)).toBeLessThan(0.05);
    // ArrowRight held for about a second and a half: it drives right (6 m/s at full speed).
    await page.keyboard.down('ArrowRight');
    await waitForSteps(page, parked.steps, 90);
    await page.keyboard.up('ArrowRight');
    const driven = await chassis();
    expect(driven.x - parked.x).toBeGreaterThan(2);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
