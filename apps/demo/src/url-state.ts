import type { SceneEntry } from '@lite/scenes';
import type { SolverKind } from '@lite/world';
import {
  type DemoSettings,
  type DrawLayers,
  LAYERS,
  SOLVERS,
  TECHNIQUES,
  type TechniqueName,
} from './settings';

/** Where the camera looks: the world point at the view's centre (m) and the visible height (m). */
export interface ViewState {
  /** World x at the centre of the (first) pane, m. */
  x: number;
  /** World y at the centre, m. */
  y: number;
  /** Visible world height, m. */
  height: number;
}

/** Everything a link (or the saved state) reproduces: the scene, the settings, the view. */
export interface DemoState {
  /** The scene's id. */
  sceneId: string;
  /** The scene's parameters (resolved: every parameter of the scene, in range). */
  params: Record<string, number>;
  /** Whether the simulation is paused. */
  paused: boolean;
  /** The solver settings, toggles, counts and gravity. */
  settings: DemoSettings;
  /** The debug layers. */
  layers: DrawLayers;
  /** The camera, or `undefined` for the scene's own camera. */
  camera: ViewState | undefined;
}

/** What a query string says; anything it leaves out (or gets wrong) is `undefined`. */
export interface UrlState {
  /** The `scene` query parameter, when present. */
  sceneId: string | undefined;
  /** `solver=soft` or `solver=classic`, when present (anything else is ignored). */
  solver: SolverKind | undefined;
  /** Every numeric query parameter that is not a setting (scene parameters are picked from these). */
  numbers: Record<string, number>;
  /** `paused=1` (or `paused` alone) starts the scene paused. */
  paused: boolean;
  /** The settings the address sets (each checked; the others keep their defaults). */
  settings: Partial<Omit<DemoSettings, 'counts'>>;
  /** Iteration and sub-step counts the address sets, per solver. */
  counts: Partial<Record<SolverKind, { iterations?: number; substeps?: number }>>;
  /** The layers, when the address lists them (`layers=joints,aabbs`; `layers=none` for none). */
  layers: DrawLayers | undefined;
  /** The camera (`cam=x,y,height`), when present and valid. */
  camera: ViewState | undefined;
}

/** The numeric settings in the address, with the range each accepts (the panel's sliders'). */
const NUMBER_SETTINGS: ReadonlyArray<{
  key: 'contactHertz' | 'maxPushVelocity' | 'gravityX' | 'gravityY';
  min: number;
  max: number;
}> = [
  { key: 'contactHertz', min: 5, max: 120 },
  { key: 'maxPushVelocity', min: 0.5, max: 20 },
  { key: 'gravityX', min: -20, max: 20 },
  { key: 'gravityY', min: -30, max: 10 },
];

/** The on / off settings in the address (`warmStarting=0`). */
const BOOLEAN_SETTINGS: ReadonlyArray<TechniqueName | 'sleeping'> = [
  ...TECHNIQUES.map((t) => t.name),
  'sleeping',
];

/** The range of the iteration and sub-step counts (the panel's sliders'). */
export const COUNT_RANGE = { iterations: { min: 1, max: 50 }, substeps: { min: 1, max: 16 } } as const;

/**
 * Query parameter names the testbed itself uses: a scene parameter must not be called one of these
 * (the address could not tell them apart).
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  'scene',
  'paused',
  'solver',
  'layers',
  'cam',
  ...NUMBER_SETTINGS.map((s) => s.key),
  ...BOOLEAN_SETTINGS,
  ...SOLVERS.flatMap(({ kind }) => [`${kind}.iterations`, `${kind}.substeps`]),
]);

/** A flag's value: `1`, `true` or empty are on; `0` and `false` are off; anything else is neither. */
function parseFlag(raw: string | null): boolean | undefined {
  if (raw === null) return undefined;
  if (raw === '' || raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  return undefined;
}

/**
 * Reads a query string such as `?scene=pyramid&base=20&solver=classic&warmStarting=0&cam=0,5,20`.
 * Values out of range, of the wrong kind or unknown are ignored (their settings keep their defaults).
 */
export function parseUrlState(search: string): UrlState {
  const query = new URLSearchParams(search);
  const numbers: Record<string, number> = {};
  for (const [key, raw] of query) {
    if (RESERVED_KEYS.has(key) || raw.trim() === '') continue;
    const value = Number(raw);
    if (Number.isFinite(value)) numbers[key] = value;
  }
  const solver = query.get('solver');
  const settings: UrlState['settings'] = {};
  for (const { key, min, max } of NUMBER_SETTINGS) {
    const raw = query.get(key);
    if (raw === null || raw.trim() === '') continue;
    const value = Number(raw);
    if (Number.isFinite(value) && value >= min && value <= max) settings[key] = value;
  }
  for (const key of BOOLEAN_SETTINGS) {
    const value = parseFlag(query.get(key));
    if (value !== undefined) settings[key] = value;
  }
  const counts: UrlState['counts'] = {};
  for (const { kind } of SOLVERS) {
    for (const name of ['iterations', 'substeps'] as const) {
      const raw = query.get(`${kind}.${name}`);
      if (raw === null) continue;
      const value = Number(raw);
      const range = COUNT_RANGE[name];
      if (Number.isInteger(value) && value >= range.min && value <= range.max) {
        counts[kind] = { ...counts[kind], [name]: value };
      }
    }
  }
  let layers: DrawLayers | undefined;
  const rawLayers = query.get('layers');
  if (rawLayers !== null) {
    const on = new Set(rawLayers.split(',').filter((name) => name !== '' && name !== 'none'));
    if ([...on].every((name) => LAYERS.some((layer) => layer.name === name))) {
      layers = {} as DrawLayers;
      for (const layer of LAYERS) layers[layer.name] = on.has(layer.name);
    }
  }
  let camera: ViewState | undefined;
  const rawCamera = query.get('cam');
  if (rawCamera !== null) {
    const parts = rawCamera.split(',').map(Number);
    if (parts.length === 3 && parts.every(Number.isFinite) && parts[2] > 0) {
      camera = { x: parts[0], y: parts[1], height: parts[2] };
    }
  }
  return {
    sceneId: query.get('scene') ?? undefined,
    solver: solver === 'soft' || solver === 'classic' ? solver : undefined,
    numbers,
    paused: parseFlag(query.get('paused')) ?? false,
    settings,
    counts,
    layers,
    camera,
  };
}

/** Applies what `url` sets on top of `settings` and `layers` (in place). */
export function applyUrlState(url: UrlState, settings: DemoSettings, layers: DrawLayers): void {
  if (url.solver) settings.solver = url.solver;
  Object.assign(settings, url.settings);
  for (const { kind } of SOLVERS) Object.assign(settings.counts[kind], url.counts[kind]);
  if (url.layers) Object.assign(layers, url.layers);
}

/**
 * The scene's parameters from `numbers`: unknown names are dropped, missing ones take their
 * defaults, values are clamped to [min, max] and snapped to the parameter's step.
 */
export function resolveParameters(
  entry: SceneEntry,
  numbers: Record<string, number>,
): Record<string, number> {
  const params: Record<string, number> = {};
  for (const parameter of entry.parameters) {
    const raw = numbers[parameter.name];
    let value = Number.isFinite(raw) ? raw : parameter.default;
    if (parameter.step > 0) {
      value = parameter.min + Math.round((value - parameter.min) / parameter.step) * parameter.step;
      // Undo floating-point noise from the snap (0.1 steps and the like).
      value = Number(value.toFixed(10));
    }
    params[parameter.name] = Math.min(parameter.max, Math.max(parameter.min, value));
  }
  return params;
}

/** A number rounded to 3 decimals, as short as it prints (`1.5`, not `1.500`). */
function short(value: number): string {
  return String(Number(value.toFixed(3)));
}

/**
 * The query string that reopens `state` exactly (`?scene=stack&height=30&solver=classic&paused=1`).
 * Whatever equals `defaults` (the settings and layers a fresh testbed gives this scene: the scene's
 * gravity and iterations, the engine's defaults for the rest) is left out, so links stay short.
 */
export function formatUrlState(
  entry: SceneEntry,
  state: Omit<DemoState, 'sceneId'>,
  defaults: { settings: DemoSettings; layers: DrawLayers },
): string {
  const query = new URLSearchParams();
  query.set('scene', entry.id);
  for (const parameter of entry.parameters) {
    const value = state.params[parameter.name];
    if (value !== undefined && value !== parameter.default) query.set(parameter.name, String(value));
  }
  const { settings } = state;
  if (settings.solver !== defaults.settings.solver) query.set('solver', settings.solver);
  for (const { kind } of SOLVERS) {
    for (const name of ['iterations', 'substeps'] as const) {
      const value = settings.counts[kind][name];
      if (value !== defaults.settings.counts[kind][name]) query.set(`${kind}.${name}`, String(value));
    }
  }
  for (const key of BOOLEAN_SETTINGS) {
    if (settings[key] !== defaults.settings[key]) query.set(key, settings[key] ? '1' : '0');
  }
  for (const { key } of NUMBER_SETTINGS) {
    if (settings[key] !== defaults.settings[key]) query.set(key, String(settings[key]));
  }
  if (LAYERS.some(({ name }) => state.layers[name] !== defaults.layers[name])) {
    const on = LAYERS.filter(({ name }) => state.layers[name]).map(({ name }) => name);
    query.set('layers', on.length > 0 ? on.join(',') : 'none');
  }
  if (state.camera) {
    const { x, y, height } = state.camera;
    query.set('cam', `${short(x)},${short(y)},${short(height)}`);
  }
  if (state.paused) query.set('paused', '1');
  return `?${query.toString().replaceAll('%2C', ',')}`;
}
