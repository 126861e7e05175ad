import type { EngineAdapter, EngineId } from './adapter';

export { ENGINE_IDS, type EngineAdapter, type EngineId } from './adapter';

/** What the tables print for each engine, and the npm package whose version they report. */
export const ENGINE_INFO: Record<EngineId, { label: string; packageName: string }> = {
  lite: { label: 'lite', packageName: '@lite/world' },
  'lite-soft': { label: 'lite (soft)', packageName: '@lite/world' },
  'lite-classic': { label: 'lite (classic)', packageName: '@lite/world' },
  'lite-ts': { label: 'lite (TypeScript passes)', packageName: '@lite/world' },
  planck: { label: 'planck.js', packageName: 'planck' },
  box2d: { label: 'Box2D (@box2d/core)', packageName: '@box2d/core' },
  matter: { label: 'matter-js', packageName: 'matter-js' },
  p2: { label: 'p2-es', packageName: 'p2-es' },
  rapier: { label: 'Rapier (WASM)', packageName: '@dimforge/rapier2d-compat' },
  box2d3: { label: 'Box2D v3 (WASM)', packageName: 'box2d3-wasm' },
  'box2d3-scalar': { label: 'Box2D v3 (WASM, no SIMD)', packageName: 'box2d3-wasm' },
};

/**
 * Creates an adapter for `engine`, loading only that engine's code (each benchmark run is a fresh
 * process that imports one engine).
 */
export async function createAdapter(engine: EngineId): Promise<EngineAdapter> {
  switch (engine) {
    case 'lite':
      return new (await import('./lite')).LiteAdapter();
    case 'lite-soft':
      return new (await import('./lite')).LiteAdapter('soft');
    case 'lite-classic':
      return new (await import('./lite')).LiteAdapter('classic');
    case 'lite-ts':
      return new (await import('./lite')).LiteAdapter(undefined, false);
    case 'planck':
      return new (await import('./planck')).PlanckAdapter();
    case 'box2d':
      return new (await import('./box2d')).Box2dAdapter();
    case 'matter':
      return new (await import('./matter')).MatterAdapter();
    case 'p2':
      return new (await import('./p2')).P2Adapter();
    case 'rapier': {
      const module = await import('./rapier');
      await module.initRapier();
      return new module.RapierAdapter();
    }
    case 'box2d3': {
      const module = await import('./box2d3');
      await module.initBox2d3();
      return new module.Box2d3Adapter();
    }
    case 'box2d3-scalar': {
      const module = await import('./box2d3');
      await module.initBox2d3('scalar');
      return new module.Box2d3Adapter('scalar');
    }
  }
}
