import type { SceneEntry } from '@lite/scenes';
import { type Body, MouseJoint, type SolverKind, type World } from '@lite/world';
import { Camera } from './camera';
import { fitCameraHeight } from './camera-fit';
import { engineCounters } from './counters';
import { FixedStepClock, SLOW_STEP_MS } from './fixed-step';
import { gameOf, gameRows, sceneHint } from './game';
import { followCharacter } from './game-draw';
import { HINTED, UNSETTLED_BY_CLASSIC } from './hints';
import { bindSlider, byId, createRadio, createSlider, createToggle } from './panel';
import { PointerInput } from './pointer-input';
import {
  drawStepGraph,
  FrameTimes,
  frameReadout,
  PROFILE_BANDS,
  RealTimeMeter,
  StepHistory,
} from './profile-view';
import { boundingRadius, drawDragged, drawPane, drawProbe, islandCount, type Probe } from './render';
import { Rewind, type SavedState, SNAPSHOT_BUDGET_MS, snapshotCost, snapshotInterval } from './rewind';
import { installSceneControls } from './scene-controls';
import { scenes as catalogue, findScene as getScene } from './scene-list';
import {
  appliesTo,
  type DemoSettings,
  type DrawLayers,
  defaultLayers,
  defaultSettings,
  disabledWith,
  LAYERS,
  otherSolver,
  SOFT_SETTINGS,
  SOLVER_KEY,
  SOLVERS,
  type SolverCounts,
  TECHNIQUES,
  type TechniqueName,
} from './settings';
import { type Pane, pickBody, Simulation } from './simulation';
import { theme } from './theme';
import {
  applyUrlState,
  formatUrlState,
  parseUrlState,
  resolveParameters,
  type UrlState,
  type ViewState,
} from './url-state';

/** The simulation step, s (Box2D-Lite's 60 Hz). */
export const STEP = 1 / 60;

/**
 * The mouse joint's force limit in units of the dragged body's weight (its mass times the
 * gravity, at least 10 m/s²): enough to lift it with 29 g to spare and to drag it through a pile,
 * too little to fling the bodies it shoves (at 1,000 weights a box pulled out of a pyramid threw
 * the boxes above it metres high).
 */
export const DRAG_FORCE_WEIGHTS = 30;
/** The mouse joint's spring frequency, Hz: soft, the body follows the pointer in a fraction of a second. */
export const DRAG_FREQUENCY_HZ = 2;
/** The mouse joint's damping ratio: critically damped, the body settles on the pointer without overshoot. */
export const DRAG_DAMPING_RATIO = 1;

/** The localStorage key of the saved settings (the query string of the last state). */
export const STORAGE_KEY = 'lite-demo/state';

/** The saved query string, or null when there is none (or storage is blocked). */
function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Saves `search` as the state to reopen (`null`: forgets it); storage may be blocked, that is fine. */
function writeStored(search: string | null): void {
  try {
    if (search === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, search);
  } catch {
    // Private modes and blocked storage: the address still holds the state.
  }
}

/** The hook the browser test reads (`window.__lite`); plain getters over the live testbed. */
export interface TestHook {
  /** The first (or only) pane's world. */
  readonly world: World;
  /** Every pane's world (two for a comparison scene). */
  readonly worlds: World[];
  /** The running scene's id. */
  readonly sceneId: string;
  /** The ids of every scene in menu order. */
  readonly sceneIds: string[];
  /** Steps taken since the scene was (re)built. */
  readonly stepCount: number;
  /** Whether the simulation is paused. */
  readonly paused: boolean;
  /** How many steps back `,` can go. */
  readonly rewindFrames: number;
  /** The error a world stopped on, if any. */
  readonly error: string | null;
  /** The id of the body the pointer drags, or null. */
  readonly dragged: number | null;
  /** The id of the body the camera follows (`G`), or null. */
  readonly following: number | null;
  /** The ids of the bodies the pointer's ray cast, circle cast or overlap query found (drawn last). */
  readonly probeHits: number[];
  /** How many times the canvas was drawn (it is not while nothing changes). */
  readonly drawCount: number;
  /** The user's solver settings (`settings.solver` is the solver every world steps with). */
  readonly settings: DemoSettings;
  /** The debug layers. */
  readonly layers: DrawLayers;
  /** The shared camera (the first pane's): centre and visible height, m. */
  readonly camera: ViewState;
  /** Frames per second and the simulation's speed against real time (1: keeping up). */
  readonly meter: { fps: number; speed: number; behind: boolean };
  /** Where the last 60 frames' time went, means in ms (as the panel's "Frame time" shows them). */
  readonly frameTimes: ReturnType<FrameTimes['means']> & { frames: number };
  /** Page (client) coordinates, CSS px, of the world point (`x`, `y`) in pane `pane`. */
  toClient(x: number, y: number, pane?: number): { x: number; y: number };
  /** Opens a scene (as the menu does). */
  loadScene(id: string, params?: Record<string, number>): void;
}

declare global {
  interface Window {
    /** The testbed's test hook. */
    __lite?: TestHook;
  }
}

/** What a press on the canvas does: drag a body, cast a ray or a circle, or query the shapes in a box. */
export const TOOLS: ReadonlyArray<{ kind: 'drag' | Probe['kind']; label: string }> = [
  { kind: 'drag', label: 'Drag bodies' },
  { kind: 'ray', label: 'Ray cast' },
  { kind: 'cast', label: 'Circle cast (every hit)' },
  { kind: 'overlap', label: 'Overlap query (box)' },
];

/** The whole testbed: the panel, the canvas, the loop. */
export class Testbed {
  private entry: SceneEntry;
  private params: Record<string, number>;
  private readonly settings: DemoSettings;
  /** The engine's defaults (the world's default solver, the soft step's iterations). */
  private readonly defaults: DemoSettings;
  private readonly layers: DrawLayers;
  private simulation!: Simulation;
  /** The states before recent steps, for stepping back (`,`). */
  private readonly rewind = new Rewind();
  /** The state saved with `Q`, restored with `E` (the open scene's only). */
  private saved: SavedState | null = null;
  /** Whether the camera is the scene's (reset) view; a pan, zoom or fit writes it to the address. */
  private viewIsDefault = true;
  /** Whether the state changed since the address and the saved state were last written. */
  private dirty = false;
  private lastWrite = 0;
  /** The pointer over the canvas (CSS px), or null when it is elsewhere: the bomb falls there. */
  private cursor: { x: number; y: number } | null = null;
  private readonly history = new StepHistory(180);
  private readonly meter = new RealTimeMeter(1);
  /** Where the recent frames' time went: the steps, the snapshots, the drawing, the panel, the rest. */
  private readonly frameTimes = new FrameTimes(60);
  private lastGraph = 0;
  private paused: boolean;
  private readonly clock = new FixedStepClock(STEP, 4);
  /** The first pane's camera; the others follow it, shifted to their own centres. */
  private readonly camera = new Camera();
  private readonly paneCameras: Camera[] = [new Camera(), new Camera()];
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly input: PointerInput;
  private dragPane: Pane | null = null;
  private cssWidth = 1;
  private cssHeight = 1;
  private pixelRatio = 1;
  private lastFrame = -1;
  /** What a press on the canvas does (`T` cycles). */
  private tool: (typeof TOOLS)[number]['kind'] = 'drag';
  private readonly toolInputs: HTMLInputElement[] = [];
  /** The ray or box of the query tool in the first pane (kept after the press ends), or null. */
  private probe: Probe | null = null;
  /** The ids of the bodies the probe found when last drawn. */
  private probeHits: number[] = [];
  /** The body the camera keeps in the centre (`G`), or null. */
  private following: Body | null = null;
  /** Whether the canvas must be drawn again though no step ran (a change, a drag, the view). */
  private redraw = true;
  /** How many times the canvas was drawn. */
  private drawCount = 0;
  private lastStats = 0;
  private readonly techniqueInputs = new Map<TechniqueName, HTMLInputElement>();
  private readonly techniqueLabels = new Map<TechniqueName, HTMLLabelElement>();
  private readonly layerInputs = new Map<keyof DrawLayers, HTMLInputElement>();
  private readonly solverInputs = new Map<SolverKind, HTMLInputElement>();
  /** The soft step's sliders, each with a function that shows the current value. */
  private readonly softSliders: { input: HTMLInputElement; refresh: () => void }[] = [];
  private sleepingInput!: HTMLInputElement;
  private showIterations!: (value: number) => void;
  private showSubsteps!: (value: number) => void;
  private showGravityX!: (value: number) => void;
  private showGravityY!: (value: number) => void;

  constructor() {
    // A link wins; without one the saved state (the last visit's) reopens.
    const search = window.location.search.length > 1 ? window.location.search : (readStored() ?? '');
    const state = parseUrlState(search);
    this.entry = (state.sceneId && getScene(state.sceneId)) || catalogue[0];
    this.params = resolveParameters(this.entry, state.numbers);
    this.paused = state.paused;
    this.defaults = defaultSettings();
    this.settings = defaultSettings();
    this.layers = defaultLayers();
    this.canvas = byId<HTMLCanvasElement>('view');
    const ctx = this.canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('this browser has no 2D canvas');
    this.ctx = ctx;
    this.buildPanel();
    this.input = new PointerInput(this.canvas, {
      grab: (x, y) => this.grab(x, y),
      drag: (x, y) => this.drag(x, y),
      release: () => this.release(),
      pan: (dx, dy) => {
        this.following = null;
        this.camera.panBy(dx, dy);
        this.viewMoved();
      },
      zoom: (factor, x, y) => this.zoom(factor, x, y),
    });
    this.canvas.addEventListener('pointermove', (event) => {
      const rect = this.canvas.getBoundingClientRect();
      this.cursor = { x: event.clientX - rect.left, y: event.clientY - rect.top };
    });
    this.canvas.addEventListener('pointerleave', () => {
      this.cursor = null;
    });
    installSceneControls(window, () => this.simulation);
    window.addEventListener('keydown', (event) => this.onKey(event));
    // Space is the bomb everywhere: keep it from also pressing a focused button or checkbox.
    window.addEventListener('keyup', (event) => {
      if (event.key === ' ' && (event.target as HTMLElement | null)?.tagName !== 'SELECT')
        event.preventDefault();
    });
    window.addEventListener('popstate', () => {
      const next = parseUrlState(window.location.search);
      const entry = (next.sceneId && getScene(next.sceneId)) || catalogue[0];
      // Each history entry holds its whole state (the testbed keeps it up to date): reopen exactly
      // that, from the defaults.
      Object.assign(this.settings, defaultSettings());
      Object.assign(this.layers, defaultLayers());
      this.paused = next.paused;
      this.open(entry, resolveParameters(entry, next.numbers), 'replace', next);
    });
    this.measure();
    this.open(this.entry, this.params, 'replace', state);
    new ResizeObserver(() => this.resize()).observe(byId('stage'));
    this.resize();
    this.installTestHook();
    requestAnimationFrame((time) => this.frame(time));
  }

  // Scenes --------------------------------------------------------------------------------------

  /**
   * Opens `entry` with `params`: rebuilds the worlds, resets the view and updates the panel and the
   * address (`push`: a new history entry, so Back returns to the previous scene; `replace`: the same
   * entry; `keep`: a reset, which also keeps the view).
   */
  private open(
    entry: SceneEntry,
    params: Record<string, number>,
    history: 'push' | 'replace' | 'keep',
    url?: UrlState,
  ): void {
    this.entry = entry;
    this.params = params;
    this.release();
    this.input.cancelDrag();
    const scene = entry.create(params);
    // Gravity and iterations come from the scene (its iterations are Box2D-Lite's, for the classic
    // solver; the soft step's go back to its default); the solver, the techniques and the sub-steps
    // stay as the user set them.
    this.settings.counts.classic.iterations = scene.iterations;
    this.settings.counts.soft.iterations = this.defaults.counts.soft.iterations;
    this.settings.gravityX = scene.gravity.x;
    this.settings.gravityY = scene.gravity.y;
    // A link (or the saved state) sets everything it names on top: a link with settings reopens
    // them exactly, its camera too.
    if (url) applyUrlState(url, this.settings, this.layers);
    this.simulation = new Simulation(scene, this.settings);
    this.redraw = true;
    this.following = null;
    this.probe = null;
    this.probeHits = [];
    this.rewind.clear();
    this.saved = null;
    this.clock.reset();
    this.history.clear();
    this.meter.clear();
    this.frameTimes.clear();
    if (url?.camera) {
      this.camera.centerX = url.camera.x;
      this.camera.centerY = url.camera.y;
      this.camera.height = url.camera.height;
      this.viewIsDefault = false;
    } else if (history !== 'keep') {
      this.resetView();
    }
    this.writeAddress(history === 'push' ? 'push' : 'replace');
    this.refreshPanel();
  }

  /** The settings and layers a fresh testbed gives the open scene (what the address leaves out). */
  private sceneDefaults(): { settings: DemoSettings; layers: DrawLayers } {
    const settings = defaultSettings();
    settings.counts.classic.iterations = this.simulation.scene.iterations;
    settings.gravityX = this.simulation.scene.gravity.x;
    settings.gravityY = this.simulation.scene.gravity.y;
    return { settings, layers: defaultLayers() };
  }

  /** The query string of the whole state: the scene, its parameters, every setting, the view. */
  private currentSearch(): string {
    return formatUrlState(
      this.entry,
      {
        params: this.params,
        paused: this.paused,
        settings: this.settings,
        layers: this.layers,
        camera: this.viewIsDefault
          ? undefined
          : { x: this.camera.centerX, y: this.camera.centerY, height: this.camera.height },
      },
      this.sceneDefaults(),
    );
  }

  /** Writes the whole state to the address and saves it (localStorage). */
  private writeAddress(history: 'push' | 'replace'): void {
    const url = this.currentSearch();
    if (url !== window.location.search) {
      if (history === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    }
    writeStored(url);
    this.dirty = false;
    this.lastWrite = performance.now();
  }

  /** Marks the state changed: the frame loop writes the address (at most five times a second). */
  private changed(): void {
    this.dirty = true;
    this.redraw = true;
  }

  /** The user moved the camera: it is no longer the scene's, and the address keeps it. */
  private viewMoved(): void {
    this.viewIsDefault = false;
    this.changed();
  }

  /** Every setting, layer, the view and the scene's parameters back to their defaults; forgets the saved state. */
  private restoreDefaults(): void {
    writeStored(null);
    Object.assign(this.settings, defaultSettings());
    Object.assign(this.layers, defaultLayers());
    this.paused = false;
    this.viewIsDefault = true;
    this.open(this.entry, resolveParameters(this.entry, {}), 'replace');
  }

  /** Frames the bodies (the dynamic ones; every body when there is none) in the view. */
  private fitView(): void {
    const world = this.simulation.panes[0].world;
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (const pass of ['dynamic', 'any'] as const) {
      for (const body of world.bodies) {
        if (pass === 'dynamic' && body.type !== 'dynamic') continue;
        const r = boundingRadius(body);
        minX = Math.min(minX, body.position.x - r);
        minY = Math.min(minY, body.position.y - r);
        maxX = Math.max(maxX, body.position.x + r);
        maxY = Math.max(maxY, body.position.y + r);
      }
      if (minX <= maxX) break;
    }
    if (!(minX <= maxX)) return;
    const aspect = this.cssWidth / this.simulation.panes.length / this.cssHeight;
    this.camera.centerX = 0.5 * (minX + maxX);
    this.camera.centerY = 0.5 * (minY + maxY);
    this.camera.height = 1.15 * Math.max(maxY - minY, (maxX - minX) / aspect) + 1;
    this.viewMoved();
  }

  /** Drops the bomb: at the cursor when it is over a pane (the same spot in every pane), else Box2D-Lite's. */
  private bomb(atCursor: boolean): void {
    this.redraw = true;
    const cursor = atCursor ? this.cursor : null;
    const hit = cursor ? this.paneAt(cursor.x, cursor.y) : null;
    if (cursor && hit) {
      const point = hit.camera.toWorld({ x: 0, y: 0 }, cursor.x, cursor.y);
      this.simulation.dropBomb({ x: point.x - hit.pane.centerX, y: point.y });
    } else {
      this.simulation.dropBomb();
    }
  }

  private reset(): void {
    this.open(this.entry, this.params, 'keep');
  }

  /** The scene's camera, widened if the view is too narrow for the scene (each pane for its group). */
  private resetView(): void {
    const { scene, panes } = this.simulation;
    const aspect = this.cssWidth / panes.length / this.cssHeight;
    this.camera.centerX = panes[0].centerX;
    this.camera.centerY = scene.camera.y;
    let height = scene.camera.height;
    panes.forEach((pane, i) => {
      const group = panes.length > 1 ? i : undefined;
      height = Math.max(height, fitCameraHeight(scene, aspect, pane.centerX, group));
    });
    this.camera.height = height;
    this.viewIsDefault = true;
  }

  // Panel ---------------------------------------------------------------------------------------

  private buildPanel(): void {
    const select = byId<HTMLSelectElement>('scene-select');
    for (const entry of catalogue) {
      const option = document.createElement('option');
      option.value = entry.id;
      option.textContent = entry.title;
      select.append(option);
    }
    select.addEventListener('change', () => {
      const entry = getScene(select.value);
      if (entry) this.open(entry, resolveParameters(entry, {}), 'push');
      select.blur();
    });

    byId('pause').addEventListener('click', () => this.setPaused(!this.paused));
    byId('step').addEventListener('click', () => this.singleStep());
    byId('back').addEventListener('click', () => this.stepBack());
    byId('reset').addEventListener('click', () => this.reset());
    byId('bomb').addEventListener('click', () => this.bomb(false));
    byId('fit').addEventListener('click', () => this.fitView());
    byId('defaults').addEventListener('click', () => this.restoreDefaults());
    const legend = byId('profile-legend');
    for (const band of PROFILE_BANDS) {
      const item = document.createElement('li');
      const swatch = document.createElement('i');
      swatch.className = 'swatch';
      swatch.style.background = band.color;
      swatch.style.borderColor = band.color;
      item.title = band.stages.join(', ');
      const times = document.createElement('span');
      times.className = 'band-times';
      item.append(swatch, band.label, times);
      legend.append(item);
    }

    const tools = byId('tools');
    for (const { kind, label } of TOOLS) {
      const { root, input } = createRadio('tool', `tool-${kind}`, label, '', () => this.setTool(kind));
      input.checked = kind === this.tool;
      this.toolInputs.push(input);
      tools.append(root);
    }

    const solvers = byId('solver');
    SOLVERS.forEach(({ kind, label }, i) => {
      const { root, input } = createRadio('solver', `solver-${kind}`, label, i === 0 ? SOLVER_KEY : '', () =>
        this.setSolver(kind),
      );
      this.solverInputs.set(kind, input);
      solvers.append(root);
    });

    const techniques = byId('techniques');
    for (const technique of TECHNIQUES) {
      const { root, input } = createToggle(
        `technique-${technique.name}`,
        technique.label,
        technique.key,
        (on) => this.setTechnique(technique.name, on),
      );
      this.techniqueInputs.set(technique.name, input);
      this.techniqueLabels.set(technique.name, root);
      techniques.append(root);
    }
    const sleeping = createToggle('technique-sleeping', 'Sleeping', 's', (on) => {
      this.settings.sleeping = on;
      this.simulation.applySettings(this.settings);
      this.changed();
    });
    this.sleepingInput = sleeping.input;
    techniques.append(sleeping.root);

    // The iterations and sub-steps of the solver in use (each solver keeps its own).
    this.showIterations = bindSlider(byId('iterations'), byId('iterations-value'), (value) => {
      this.shownCounts().iterations = value;
      this.simulation.applySettings(this.settings);
      this.refreshHint();
      this.changed();
    });
    this.showSubsteps = bindSlider(byId('substeps'), byId('substeps-value'), (value) => {
      this.shownCounts().substeps = value;
      this.simulation.applySettings(this.settings);
      this.refreshHint();
      this.changed();
    });
    for (const name of SOFT_SETTINGS) {
      const input = byId<HTMLInputElement>(name);
      const show = bindSlider(input, byId(`${name}-value`), (value) => {
        this.settings[name] = value;
        this.simulation.applySettings(this.settings);
        this.changed();
      });
      this.softSliders.push({ input, refresh: () => show(this.settings[name]) });
    }
    this.showGravityX = bindSlider(byId('gravity-x'), byId('gravity-x-value'), (value) => {
      this.settings.gravityX = value;
      this.simulation.applySettings(this.settings);
      this.changed();
    });
    this.showGravityY = bindSlider(byId('gravity-y'), byId('gravity-y-value'), (value) => {
      this.settings.gravityY = value;
      this.simulation.applySettings(this.settings);
      this.changed();
    });

    const layers = byId('layers');
    for (const layer of LAYERS) {
      const { root, input } = createToggle(`layer-${layer.name}`, layer.label, layer.key, (on) => {
        this.layers[layer.name] = on;
        this.changed();
      });
      this.layerInputs.set(layer.name, input);
      layers.append(root);
    }

    const app = byId('app');
    // A narrow window (at load or narrowed later) hides the panel, which would cover the scene.
    const narrow = window.matchMedia('(max-width: 720px)');
    if (narrow.matches) app.classList.add('panel-hidden');
    narrow.addEventListener('change', () => {
      if (narrow.matches) app.classList.add('panel-hidden');
    });
    byId('panel-toggle').addEventListener('click', () => app.classList.toggle('panel-hidden'));
    // A control clicked with the pointer lets go of the focus: the keys go back to the scene (the
    // car's arrows would move a slider or a radio button), while Tab still reaches every control.
    // (After the click the press makes, which may focus a label's input.)
    byId('panel').addEventListener('pointerup', () =>
      setTimeout(() => {
        const focused = document.activeElement;
        if (focused instanceof HTMLInputElement || focused instanceof HTMLButtonElement) focused.blur();
      }),
    );
  }

  /** Brings every control in line with the state (after a scene change or a key press). */
  private refreshPanel(): void {
    const scene = this.simulation.scene;
    byId<HTMLSelectElement>('scene-select').value = this.entry.id;
    byId('scene-description').textContent = scene.description;
    byId('hud-title').textContent = scene.title;
    byId('hint').textContent = sceneHint(scene);
    document.title = `${scene.title} · lite testbed`;

    const parameters = byId('scene-parameters');
    parameters.replaceChildren();
    for (const parameter of this.entry.parameters) {
      const { root } = createSlider(
        `parameter-${parameter.name}`,
        parameter.label,
        parameter.min,
        parameter.max,
        parameter.step,
        this.params[parameter.name],
        (value) => this.open(this.entry, { ...this.params, [parameter.name]: value }, 'replace'),
      );
      parameters.append(root);
    }

    this.refreshSolver();
    this.refreshHint();
    this.sleepingInput.checked = this.settings.sleeping;
    for (const layer of LAYERS) this.layerInputs.get(layer.name)!.checked = this.layers[layer.name];
    this.showGravityX(this.settings.gravityX);
    this.showGravityY(this.settings.gravityY);
    this.refreshPauseButton();
  }

  /**
   * Brings the solver's controls in line with the solver in use: the switch, which toggles and
   * sliders apply (a setting the solver ignores is disabled, one it uses only in part is dimmed, each
   * with its reason as a tooltip), the note, and the iterations and sub-steps of that solver.
   */
  private refreshSolver(): void {
    const pinned = this.simulation.panes[0].pinned;
    const solver = this.shownSolver();
    for (const [kind, input] of this.solverInputs) {
      input.checked = kind === solver;
      input.disabled = pinned?.solver !== undefined;
    }
    for (const technique of TECHNIQUES) {
      const input = this.techniqueInputs.get(technique.name)!;
      const label = this.techniqueLabels.get(technique.name)!;
      const isPinned = pinned?.setting === technique.name;
      const applies = appliesTo(technique.scope, solver);
      input.checked = this.settings[technique.name];
      input.disabled = isPinned || disabledWith(technique.scope, solver);
      label.classList.toggle('pinned', isPinned);
      label.classList.toggle('inactive', !applies);
      label.title = isPinned
        ? 'Compared in this scene: on in one world, off in the other'
        : applies
          ? ''
          : (technique.note ?? '');
    }
    const soft = solver === 'soft';
    for (const { input, refresh } of this.softSliders) {
      input.disabled = !soft;
      const label = input.closest('label')!;
      label.classList.toggle('inactive', !soft);
      label.title = soft ? '' : 'Soft step only';
      refresh();
    }
    byId('solver-note').textContent =
      pinned?.solver !== undefined
        ? `This comparison runs the ${soft ? 'soft step' : 'classic solver'}, whose technique it ` +
          'compares; the solver switch applies to the other scenes.'
        : soft
          ? 'Soft step: sub-steps of soft contacts, each followed by a relax pass. Greyed: the classic ' +
            'solver’s relax and split impulses; position correction only acts on joints here, and ' +
            'accumulated impulses only on warm starting.'
          : 'Classic: Box2D-Lite’s sequential impulses with Baumgarte’s bias. Greyed: the soft ' +
            'step’s contact stiffness and push velocity.';
    const counts = this.shownCounts();
    this.showIterations(counts.iterations);
    this.showSubsteps(counts.substeps);
  }

  /** The solver the worlds step with: the scene's when a comparison pins one, else the user's. */
  private shownSolver(): SolverKind {
    return this.simulation.panes[0].pinned?.solver ?? this.settings.solver;
  }

  /** The iteration and sub-step counts of {@link shownSolver} (what the sliders show and set). */
  private shownCounts(): SolverCounts {
    return this.settings.counts[this.shownSolver()];
  }

  /** Switches every world to `solver`, live, and keeps it in the settings and the address. */
  private setSolver(solver: SolverKind): void {
    this.settings.solver = solver;
    this.simulation.applySettings(this.settings);
    this.writeAddress('replace');
    this.refreshSolver();
    this.refreshHint();
  }

  /**
   * Shows the open scene's size hint when its size is beyond what the solver in use holds at its
   * default counts (see `src/hints.ts`), instead of letting the scene collapse without a word.
   */
  private refreshHint(): void {
    const element = byId('scene-hint');
    const hint = HINTED.find((h) => h.sceneId === this.entry.id);
    const solver = this.shownSolver();
    const size = hint ? this.params[hint.parameter] : undefined;
    const max = hint?.max[solver];
    const counts = this.settings.counts[solver];
    const base = this.sceneDefaults().settings.counts[solver];
    const atDefaults = counts.iterations <= base.iterations && counts.substeps <= base.substeps;
    const pile = UNSETTLED_BY_CLASSIC.find((p) => p.sceneId === this.entry.id);
    if (solver === 'classic' && atDefaults && pile && this.params.count >= pile.count) {
      element.textContent =
        'The classic solver never brings this pile to rest: its bodies keep creeping and never all ' +
        'sleep. The soft step settles it (V).';
      element.hidden = false;
      return;
    }
    if (!hint || size === undefined || max === undefined || size <= max || !atDefaults) {
      element.hidden = true;
      element.textContent = '';
      return;
    }
    const other = otherSolver(solver);
    const otherMax = hint.max[other];
    const name = solver === 'soft' ? 'The soft step' : 'The classic solver';
    const otherName = other === 'soft' ? 'the soft step' : 'the classic solver';
    element.textContent =
      `${name} at ${counts.iterations} iteration${counts.iterations === 1 ? '' : 's'} and ` +
      `${counts.substeps} sub-step${counts.substeps === 1 ? '' : 's'} does not hold ${hint.noun} ${max}: ` +
      `raise the sub-steps or iterations` +
      (otherMax === undefined || size <= otherMax ? `; ${otherName} holds this (V).` : '.');
    element.hidden = false;
  }

  private refreshPauseButton(): void {
    const button = byId('pause');
    button.textContent = this.paused ? 'Run' : 'Pause';
    button.setAttribute('aria-pressed', String(this.paused));
  }

  private setTechnique(name: TechniqueName, on: boolean): void {
    this.settings[name] = on;
    this.simulation.applySettings(this.settings);
    this.techniqueInputs.get(name)!.checked = on;
    this.changed();
  }

  private setPaused(paused: boolean): void {
    this.paused = paused;
    this.clock.reset();
    this.meter.clear();
    this.refreshPauseButton();
    this.changed();
  }

  private singleStep(): void {
    this.setPaused(true);
    this.stepOnce(true);
  }

  /**
   * One step of every world, recorded in the step-time history. The state before it is kept for
   * stepping back: always for a single step, and while running every step, or every few steps
   * where a snapshot costs more than {@link SNAPSHOT_BUDGET_MS} (see `snapshotInterval`).
   */
  private stepOnce(single = false): void {
    const simulation = this.simulation;
    if (
      simulation.error === null &&
      (single || simulation.stepCount % snapshotInterval(snapshotCost(simulation.snapshotTimes)) === 0)
    ) {
      const start = performance.now();
      this.rewind.push(simulation.capture(() => this.rewind.spare()));
      this.frameTimes.current.snapshot += performance.now() - start;
    }
    this.frameTimes.current.step += simulation.step(STEP);
    this.history.push(simulation.worlds);
  }

  /** Whether a body of any pane is awake (a step may move it; when none is, the picture stands still). */
  private anyAwake(): boolean {
    for (const world of this.simulation.worlds) {
      for (const body of world.bodies) if (body.type !== 'static' && body.awake) return true;
    }
    return false;
  }

  /** Pauses and puts the worlds back as they were before the last kept step (`,`). */
  private stepBack(): void {
    this.setPaused(true);
    const state = this.rewind.pop();
    if (state === undefined) return;
    this.restore(state);
  }

  /** Saves every world's state (`Q`), to come back to with `E`. */
  private saveState(): void {
    this.saved = this.simulation.capture();
  }

  /** Puts the worlds back as `Q` saved them (`E`); nothing when nothing was saved in this scene. */
  private loadState(): void {
    if (this.saved === null) return;
    this.restore(this.saved);
    this.rewind.clear();
  }

  /** Ends any drag, then restores `state` into the worlds (the current settings on top). */
  private restore(state: SavedState): void {
    this.release();
    this.input.cancelDrag();
    this.simulation.restoreState(state, this.settings);
    this.history.clear();
    this.changed();
  }

  // Input ---------------------------------------------------------------------------------------

  private onKey(event: KeyboardEvent): void {
    // A focused menu uses letters to jump between options; checkboxes and sliders take no letters.
    const target = event.target as HTMLElement | null;
    if (target?.tagName === 'SELECT') return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    // A scene's control took the key (the arrows decide below: Shift pans anyway).
    if (event.defaultPrevented && !key.startsWith('arrow')) return;
    const technique = TECHNIQUES.find((t) => t.key === key);
    if (technique) {
      const input = this.techniqueInputs.get(technique.name)!;
      if (!input.disabled) this.setTechnique(technique.name, !this.settings[technique.name]);
      return;
    }
    if (key === SOLVER_KEY) {
      // A comparison that pins the solver keeps it (the switch is disabled there too).
      if (this.simulation.panes[0].pinned?.solver === undefined)
        this.setSolver(otherSolver(this.settings.solver));
      return;
    }
    switch (key) {
      case ' ':
        event.preventDefault();
        this.bomb(true);
        return;
      case 'f':
        this.fitView();
        return;
      case 'arrowleft':
      case 'arrowright':
      case 'arrowup':
      case 'arrowdown': {
        // A scene's control (the car's arrows) took the key first (Shift pans anyway); a focused
        // slider or radio button takes the arrows itself.
        if ((event.defaultPrevented && !event.shiftKey) || target?.tagName === 'INPUT') return;
        event.preventDefault();
        const step = 0.1 * this.cssHeight;
        const dx = key === 'arrowleft' ? step : key === 'arrowright' ? -step : 0;
        const dy = key === 'arrowup' ? step : key === 'arrowdown' ? -step : 0;
        this.following = null;
        this.camera.panBy(dx, dy);
        this.viewMoved();
        return;
      }
      case '+':
      case '=':
      case '-':
        this.zoom(
          key === '-' ? 1 / 1.25 : 1.25,
          (0.5 * this.cssWidth) / this.simulation.panes.length,
          0.5 * this.cssHeight,
        );
        return;
      case '0':
        this.following = null;
        this.resetView();
        this.changed();
        return;
      case 't':
        this.setTool(TOOLS[(TOOLS.findIndex((t) => t.kind === this.tool) + 1) % TOOLS.length].kind);
        return;
      case 'g':
        this.following = this.following ? null : this.bodyNearCentre();
        this.changed();
        return;
      case 'p':
        this.setPaused(!this.paused);
        return;
      case 'n':
      case '.':
        this.singleStep();
        return;
      case ',':
        this.stepBack();
        return;
      case 'q':
        this.saveState();
        return;
      case 'e':
        this.loadState();
        return;
      case 'r':
        this.reset();
        return;
      case 's':
        this.settings.sleeping = !this.settings.sleeping;
        this.simulation.applySettings(this.settings);
        this.sleepingInput.checked = this.settings.sleeping;
        this.changed();
        return;
      case 'j':
        this.layers.joints = !this.layers.joints;
        this.layerInputs.get('joints')!.checked = this.layers.joints;
        this.changed();
        return;
      case 'h':
        byId('app').classList.toggle('panel-hidden');
        return;
      case '[':
      case ']': {
        const index = catalogue.indexOf(this.entry);
        const next = catalogue[(index + (key === ']' ? 1 : catalogue.length - 1)) % catalogue.length];
        this.open(next, resolveParameters(next, {}), 'push');
        return;
      }
    }
    if (key >= '1' && key <= '9') {
      const next = catalogue[Number(key) - 1];
      if (next) this.open(next, resolveParameters(next, {}), 'push');
    }
  }

  /** Chooses what a press on the canvas does; a new tool starts without a probe. */
  private setTool(kind: (typeof TOOLS)[number]['kind']): void {
    this.tool = kind;
    this.probe = null;
    this.probeHits = [];
    TOOLS.forEach((t, i) => {
      this.toolInputs[i].checked = t.kind === kind;
    });
    this.redraw = true;
  }

  /** The dynamic body of the first pane nearest the view's centre (the one `G` follows), or null. */
  private bodyNearCentre(): Body | null {
    let best: Body | null = null;
    let distance = Number.POSITIVE_INFINITY;
    for (const body of this.simulation.panes[0].world.bodies) {
      if (body.type !== 'dynamic') continue;
      const d = Math.hypot(body.position.x - this.camera.centerX, body.position.y - this.camera.centerY);
      if (d < distance) [best, distance] = [body, d];
    }
    return best;
  }

  /** The pane whose viewport holds the canvas point, and its camera. */
  private paneAt(x: number, y: number): { pane: Pane; camera: Camera } | null {
    const panes = this.simulation.panes;
    for (let i = 0; i < panes.length; i++) {
      const camera = this.paneCamera(i);
      if (camera.containsScreen(x, y)) return { pane: panes[i], camera };
    }
    return null;
  }

  private grab(x: number, y: number): boolean {
    const hit = this.paneAt(x, y);
    if (!hit) return false;
    const point = hit.camera.toWorld({ x: 0, y: 0 }, x, y);
    if (this.tool !== 'drag') {
      // The query tools work in the first pane.
      if (hit.pane !== this.simulation.panes[0]) return false;
      this.probe = { kind: this.tool, ax: point.x, ay: point.y, bx: point.x, by: point.y };
      this.redraw = true;
      return true;
    }
    const world = hit.pane.world;
    const picked = pickBody(world, point.x, point.y);
    // On empty space a scene with a blast sets it off there (the press then neither drags nor pans).
    if (!picked) {
      const exploded = gameOf(world)?.explodeAt(point.x, point.y) ?? false;
      if (exploded) this.redraw = true;
      return exploded;
    }
    const mass = picked.mass;
    const gravity = Math.max(10, Math.hypot(this.settings.gravityX, this.settings.gravityY));
    hit.pane.mouseJoint = world.createJoint(MouseJoint, {
      body: picked,
      target: point,
      maxForce: DRAG_FORCE_WEIGHTS * mass * gravity,
      frequencyHz: DRAG_FREQUENCY_HZ,
      dampingRatio: DRAG_DAMPING_RATIO,
    });
    this.dragPane = hit.pane;
    this.canvas.classList.add('dragging');
    this.redraw = true;
    return true;
  }

  private drag(x: number, y: number): void {
    if (this.tool !== 'drag' && this.probe) {
      const point = this.paneCamera(0).toWorld({ x: 0, y: 0 }, x, y);
      this.probe.bx = point.x;
      this.probe.by = point.y;
      this.redraw = true;
      return;
    }
    const pane = this.dragPane;
    if (!pane?.mouseJoint) return;
    const index = this.simulation.panes.indexOf(pane);
    if (index < 0) return;
    const point = this.paneCamera(index).toWorld({ x: 0, y: 0 }, x, y);
    pane.mouseJoint.setTarget(point.x, point.y);
    this.redraw = true;
  }

  private release(): void {
    const pane = this.dragPane;
    if (pane?.mouseJoint) {
      if (this.simulation.panes.includes(pane)) pane.world.destroyJoint(pane.mouseJoint);
      pane.mouseJoint = null;
    }
    this.dragPane = null;
    this.canvas.classList.remove('dragging');
    this.redraw = true;
  }

  private zoom(factor: number, x: number, y: number): void {
    const hit = this.paneAt(x, y);
    const index = hit ? this.simulation.panes.indexOf(hit.pane) : 0;
    const camera = this.paneCamera(index);
    camera.zoomAt(factor, x, y);
    // Back to the shared camera: undo this pane's shift.
    const panes = this.simulation.panes;
    this.camera.centerX = camera.centerX - (panes[index].centerX - panes[0].centerX);
    this.camera.centerY = camera.centerY;
    this.camera.height = camera.height;
    this.viewMoved();
  }

  // View ----------------------------------------------------------------------------------------

  /** Pane `index`'s camera: the shared camera shifted to the pane's centre, in its part of the canvas. */
  private paneCamera(index: number): Camera {
    const panes = this.simulation.panes;
    const camera = this.paneCameras[index].copy(this.camera);
    const width = this.cssWidth / panes.length;
    camera.setViewport(index * width, 0, width, this.cssHeight);
    camera.centerX += panes[index].centerX - panes[0].centerX;
    return camera;
  }

  /** Reads the stage's size in CSS px and the device pixel ratio. */
  private measure(): void {
    const stage = byId('stage');
    this.cssWidth = Math.max(1, stage.clientWidth);
    this.cssHeight = Math.max(1, stage.clientHeight);
    this.pixelRatio = window.devicePixelRatio || 1;
  }

  /** Fits the canvas to the stage at the device's pixel ratio (sharp on high-DPI screens) and redraws. */
  private resize(): void {
    this.measure();
    const width = Math.round(this.cssWidth * this.pixelRatio);
    const height = Math.round(this.cssHeight * this.pixelRatio);
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    this.camera.setViewport(0, 0, this.cssWidth, this.cssHeight);
    this.draw();
  }

  private frame(time: number): void {
    this.frameTimes.begin(performance.now());
    // devicePixelRatio changes when the window moves to another screen or the page is zoomed.
    if ((window.devicePixelRatio || 1) !== this.pixelRatio) this.resize();
    const elapsed = this.lastFrame < 0 ? 0 : (time - this.lastFrame) / 1000;
    this.lastFrame = time;
    let steps = 0;
    if (!this.paused) {
      steps = this.clock.advance(elapsed, this.stepsCap());
      // Bodies awake before the steps moved in them (the last of them may have fallen asleep).
      if (steps > 0 && this.anyAwake()) this.redraw = true;
      for (let i = 0; i < steps; i++) this.stepOnce();
    }
    this.meter.frame(elapsed, steps * STEP, !this.paused && this.simulation.error === null);
    const followed = this.following;
    if (
      followed?.alive &&
      (followed.position.x !== this.camera.centerX || followed.position.y !== this.camera.centerY)
    ) {
      this.camera.centerX = followed.position.x;
      this.camera.centerY = followed.position.y;
      this.viewMoved();
    }
    // A game scene's camera keeps its character in view while it runs (the address keeps the scene's view).
    if (steps > 0 && !followed && followCharacter(this.camera, this.simulation.worlds[0])) this.redraw = true;
    // Paused, or every body asleep: the picture has not changed.
    if (this.redraw) {
      const start = performance.now();
      this.draw();
      this.frameTimes.current.draw += performance.now() - start;
    }
    if (time - this.lastGraph > 100) {
      this.lastGraph = time;
      const full = drawStepGraph(byId<HTMLCanvasElement>('profile-graph'), this.history);
      byId('profile-scale').textContent =
        `Step time per stage, last ${this.history.capacity} steps; full scale ${full} ms (rare taller steps clipped)` +
        (full > 1000 / 60 ? ' (dashed: the 16.7 ms frame)' : '') +
        '. Below, each stage: mean · max over those steps.';
    }
    if (time - this.lastStats > 250) {
      this.lastStats = time;
      this.updateStats();
    }
    if (this.dirty && time - this.lastWrite > 200) this.writeAddress('replace');
    this.frameTimes.end(performance.now());
    requestAnimationFrame((next) => this.frame(next));
  }

  /**
   * The most steps a frame runs: 1 when a step and its share of the snapshots take more than
   * {@link SLOW_STEP_MS} (catching up would only make the frames, and so the lag, longer), else the
   * clock's cap.
   */
  private stepsCap(): number {
    const { stepTimes, snapshotTimes } = this.simulation;
    const snapshot = snapshotCost(snapshotTimes);
    const perStep = stepTimes.average + snapshot / snapshotInterval(snapshot);
    return perStep > SLOW_STEP_MS ? 1 : this.clock.maxStepsPerFrame;
  }

  private draw(): void {
    this.redraw = false;
    this.drawCount++;
    const ctx = this.ctx;
    ctx.setTransform(this.pixelRatio, 0, 0, this.pixelRatio, 0, 0);
    ctx.fillStyle = theme.background;
    ctx.fillRect(0, 0, this.cssWidth, this.cssHeight);
    const panes = this.simulation.panes;
    for (let i = 0; i < panes.length; i++) drawPane(ctx, this.paneCamera(i), panes[i], this.layers, STEP);
    if (this.probe) this.probeHits = drawProbe(ctx, this.paneCamera(0), panes[0].world, this.probe);
    // A dragged body may leave its pane (across a comparison's divider): draw it over everything.
    if (this.dragPane) {
      const index = panes.indexOf(this.dragPane);
      if (index >= 0) drawDragged(ctx, this.paneCamera(index), this.dragPane, this.layers);
    }
    if (panes.length > 1) {
      ctx.strokeStyle = theme.divider;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let i = 1; i < panes.length; i++) {
        const x = Math.round((i * this.cssWidth) / panes.length) + 0.5;
        ctx.moveTo(x, 0);
        ctx.lineTo(x, this.cssHeight);
      }
      ctx.stroke();
    }
  }

  private updateStats(): void {
    const simulation = this.simulation;
    let bodies = 0;
    let awake = 0;
    let contacts = 0;
    let points = 0;
    let joints = 0;
    let shapes = 0;
    let islands = 0;
    for (const pane of simulation.panes) {
      const world = pane.world;
      islands += islandCount(pane);
      for (const body of world.bodies) shapes += body.shapes.length;
      for (const body of world.bodies) {
        if (body.type === 'static') continue;
        bodies++;
        if (body.awake) awake++;
      }
      for (const contact of world.contacts) {
        if (contact.pointCount === 0) continue;
        contacts++;
        points += contact.pointCount;
      }
      for (const joint of world.joints) if (joint.kind !== 2) joints++;
    }
    const engine = engineCounters(simulation.panes.map((pane) => pane.world));
    const times = simulation.stepTimes;
    const snapshots = simulation.snapshotTimes;
    const snapshot = snapshotCost(snapshots);
    const interval = snapshotInterval(snapshot);
    const rows: [string, string][] = [
      // A comparison that pins the solver runs it whatever the user's choice.
      ['Solver', SOLVERS.find((s) => s.kind === this.shownSolver())!.label],
      ['Bodies', `${bodies} · ${awake} awake · ${engine.asleep} asleep`],
      ['Contacts', `${contacts} · ${points} points`],
      ['Joints', String(joints)],
      ['Islands', String(islands)],
      ['Shapes', `${shapes} (a broadphase proxy each)`],
      ['Broadphase', `${engine.proxies} proxies · tree height ${engine.treeHeight}`],
      ['Step time', `${times.average.toFixed(2)} ms mean · ${times.max.toFixed(2)} max`],
      [
        'Snapshot',
        `${snapshots.median.toFixed(2)} ms median · ${interval === 1 ? 'every step' : `every ${interval} steps`}`,
      ],
      [
        'Steps a frame',
        this.stepsCap() === 1 ? '1 (slow steps: no catching up)' : `up to ${this.clock.maxStepsPerFrame}`,
      ],
      ['Frames', `${this.meter.fps.toFixed(0)} fps · ${(100 * this.meter.speed).toFixed(0)} % of real time`],
      ['Frame time', frameReadout(this.frameTimes.means())],
    ];
    if (simulation.panes.length > 1) rows.push(['Worlds', `${simulation.panes.length}, side by side`]);
    rows.push(...gameRows(simulation.worlds));
    // The legend doubles as the per-stage table: each band's mean and max over the graph's steps.
    byId('profile-legend')
      .querySelectorAll('.band-times')
      .forEach((element, band) => {
        element.textContent = `${this.history.mean(band).toFixed(2)} · ${this.history.max(band).toFixed(2)} ms`;
      });
    const list = byId('stats');
    list.replaceChildren(
      ...rows.flatMap(([name, value]) => {
        const dt = document.createElement('dt');
        dt.textContent = name;
        const dd = document.createElement('dd');
        dd.textContent = value;
        return [dt, dd];
      }),
    );
    const status = byId('hud-status');
    const seconds = (simulation.stepCount * STEP).toFixed(1);
    status.textContent = simulation.error
      ? `stopped: ${simulation.error}`
      : `t = ${seconds} s · step ${simulation.stepCount}${this.paused ? ' · paused' : ''}`;
    status.classList.toggle('error', simulation.error !== null);
    const behind = this.meter.behind && !this.paused;
    const message = behind
      ? `Behind real time: the simulation runs at ${(100 * this.meter.speed).toFixed(0)} % speed ` +
        '(the steps take longer than the frames; try fewer bodies or sub-steps)'
      : '';
    for (const id of ['behind', 'hud-behind']) {
      const element = byId(id);
      element.hidden = !behind;
      element.textContent = message;
    }
  }

  // Test hook -----------------------------------------------------------------------------------

  private installTestHook(): void {
    const testbed = this;
    window.__lite = {
      get world() {
        return testbed.simulation.panes[0].world;
      },
      get worlds() {
        return testbed.simulation.panes.map((pane) => pane.world);
      },
      get sceneId() {
        return testbed.entry.id;
      },
      sceneIds: catalogue.map((entry) => entry.id),
      get stepCount() {
        return testbed.simulation.stepCount;
      },
      get paused() {
        return testbed.paused;
      },
      get rewindFrames() {
        return testbed.rewind.length;
      },
      get error() {
        return testbed.simulation.error;
      },
      get dragged() {
        return testbed.dragPane?.mouseJoint?.body.id ?? null;
      },
      get following() {
        return testbed.following?.id ?? null;
      },
      get probeHits() {
        return testbed.probeHits.slice();
      },
      get drawCount() {
        return testbed.drawCount;
      },
      settings: this.settings,
      layers: this.layers,
      get camera() {
        const c = testbed.camera;
        return { x: c.centerX, y: c.centerY, height: c.height };
      },
      get meter() {
        const m = testbed.meter;
        return { fps: m.fps, speed: m.speed, behind: m.behind };
      },
      get frameTimes() {
        return { ...testbed.frameTimes.means(), frames: testbed.frameTimes.count };
      },
      toClient(x: number, y: number, pane = 0) {
        const camera = testbed.paneCamera(pane);
        const rect = testbed.canvas.getBoundingClientRect();
        return { x: rect.left + camera.toScreenX(x), y: rect.top + camera.toScreenY(y) };
      },
      loadScene(id: string, params: Record<string, number> = {}) {
        const entry = getScene(id);
        if (!entry) throw new Error(`no scene with id ${id}`);
        testbed.open(entry, resolveParameters(entry, params), 'push');
      },
    };
  }
}
