import type { SceneEntry } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { scenes } from '../src/scene-list';
import { type DrawLayers, defaultLayers, defaultSettings, LAYERS, TECHNIQUES } from '../src/settings';
import {
  applyUrlState,
  formatUrlState,
  parseUrlState,
  RESERVED_KEYS,
  resolveParameters,
} from '../src/url-state';

const entry: SceneEntry = {
  id: 'stack',
  title: 'Stack',
  parameters: [
    { name: 'height', label: 'Boxes', min: 1, max: 100, step: 1, default: 24 },
    { name: 'damping', label: 'Damping', min: 0, max: 2, step: 0.01, default: 0.05 },
  ],
  create: () => {
    throw new Error('not used');
  },
};

describe('url state', () => {
  it('reads the scene, numbers and pause flag', () => {
    const state = parseUrlState('?scene=pyramid&base=20&paused=1&junk=abc');
    expect(state.sceneId).toBe('pyramid');
    expect(state.numbers).toEqual({ base: 20 });
    expect(state.paused).toBe(true);
    expect(parseUrlState('').sceneId).toBeUndefined();
    expect(parseUrlState('?paused=0').paused).toBe(false);
  });

  it('fills defaults, clamps to the range and snaps to the step', () => {
    expect(resolveParameters(entry, {})).toEqual({ height: 24, damping: 0.05 });
    expect(resolveParameters(entry, { height: 500, damping: -3 })).toEqual({ height: 100, damping: 0 });
    expect(resolveParameters(entry, { height: 7.6, damping: 0.123, other: 4 })).toEqual({
      height: 8,
      damping: 0.12,
    });
  });

  /** The state a fresh testbed has for `entry` with `params`. */
  const fresh = (params: Record<string, number>) => ({
    params,
    paused: false,
    settings: defaultSettings(),
    layers: defaultLayers(),
    camera: undefined,
  });
  const defaults = () => ({ settings: defaultSettings(), layers: defaultLayers() });

  it('round-trips through the address, leaving defaults out', () => {
    expect(formatUrlState(entry, fresh({ height: 24, damping: 0.05 }), defaults())).toBe('?scene=stack');
    const url = formatUrlState(entry, fresh({ height: 40, damping: 0.3 }), defaults());
    expect(url).toBe('?scene=stack&height=40&damping=0.3');
    const back = parseUrlState(url);
    expect(back.sceneId).toBe('stack');
    expect(resolveParameters(entry, back.numbers)).toEqual({ height: 40, damping: 0.3 });
  });

  it('reads the solver, ignoring anything but soft and classic', () => {
    expect(parseUrlState('?scene=stack&solver=soft').solver).toBe('soft');
    expect(parseUrlState('?scene=stack&solver=classic').solver).toBe('classic');
    expect(parseUrlState('?scene=stack&solver=fast').solver).toBeUndefined();
    expect(parseUrlState('?scene=stack').solver).toBeUndefined();
    // The solver is not a scene parameter.
    expect(parseUrlState('?scene=stack&solver=soft&height=3').numbers).toEqual({ height: 3 });
  });

  it('round-trips every setting, the layers, the camera and the pause, and nothing else', () => {
    const state = fresh({ height: 24, damping: 0.05 });
    const s = state.settings;
    s.solver = s.solver === 'soft' ? 'classic' : 'soft';
    s.counts.soft = { iterations: s.counts.soft.iterations + 2, substeps: 7 };
    s.counts.classic = { iterations: 33, substeps: 3 };
    s.contactHertz = 45;
    s.maxPushVelocity = 1.5;
    s.gravityX = 2.5;
    s.gravityY = -4;
    for (const t of TECHNIQUES) s[t.name] = !s[t.name];
    s.sleeping = !s.sleeping;
    for (const layer of LAYERS) state.layers[layer.name] = !state.layers[layer.name];
    const camera = { x: 1.25, y: -3.5, height: 42.125 };
    const paused = { ...state, paused: true, camera };
    const url = formatUrlState(entry, paused, defaults());
    const back = parseUrlState(url);
    expect(back.paused).toBe(true);
    expect(back.camera).toEqual(camera);
    const settings = defaultSettings();
    const layers = defaultLayers();
    applyUrlState(back, settings, layers);
    expect(settings).toEqual(s);
    expect(layers).toEqual(state.layers);
    expect(back.numbers).toEqual({}); // settings are not scene parameters
    // Every layer off is written as such, and read back.
    const none = {
      ...state,
      layers: Object.fromEntries(LAYERS.map((l) => [l.name, false])) as unknown as DrawLayers,
    };
    const noLayers = parseUrlState(formatUrlState(entry, none, defaults())).layers;
    expect(noLayers).toEqual(none.layers);
  });

  it('ignores settings out of range or of the wrong kind', () => {
    const back = parseUrlState(
      '?scene=stack&contactHertz=9999&gravityY=abc&warmStarting=maybe&soft.substeps=2.5&classic.iterations=0&layers=joints,nope&cam=1,2,-3',
    );
    expect(back.settings).toEqual({});
    expect(back.counts).toEqual({});
    expect(back.layers).toBeUndefined();
    expect(back.camera).toBeUndefined();
    expect(back.paused).toBe(false);
    expect(parseUrlState('?paused=1').paused).toBe(true);
    expect(parseUrlState('?warmStarting=0').settings).toEqual({ warmStarting: false });
  });

  it("no scene of the catalogue or the testbed's own has a parameter named like a setting", () => {
    for (const scene of scenes) {
      for (const parameter of scene.parameters) expect(RESERVED_KEYS.has(parameter.name)).toBe(false);
    }
  });
});
