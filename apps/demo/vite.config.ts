import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * box2d3-wasm's single-threaded build (neither SIMD nor threads). The package's entry point picks
 * its threaded build in a Web Worker, which needs a cross-origin isolated page; the comparison
 * page's Box2D v3 lane runs in a worker on an ordinary page, so `box2d3-wasm` resolves to this.
 */
const box2d3Compat = fileURLToPath(new URL('./compat/Box2D.compat.mjs', import.meta.resolve('box2d3-wasm')));

/**
 * The testbed's Vite configuration. The engine packages are imported by name (`@lite/world`, ...) and
 * resolve through their built `dist`, as they would for any user; `pnpm demo` at the root builds them
 * first. `base: './'` makes the build work from any sub-path (a static host, a file share). Two
 * pages: the testbed (`index.html`) and the engine comparison (`compare.html`), which alone loads
 * the other engines (through the benchmark's adapters, `@lite/bench/engines/*`), each in its own Web
 * Worker (ES module workers, so that a worker loads its engine on demand).
 */
export default defineConfig({
  base: './',
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  resolve: { alias: [{ find: /^box2d3-wasm$/, replacement: box2d3Compat }] },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Rapier's chunk (its WebAssembly inlined) is 3.4 MB; only the comparison page loads it.
    chunkSizeWarningLimit: 3600,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        compare: fileURLToPath(new URL('compare.html', import.meta.url)),
      },
    },
  },
});
