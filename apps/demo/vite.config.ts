import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The testbed's Vite configuration. The engine packages are imported by name (`@lite/world`, ...) and
 * resolve through their built `dist`, as they would for any user; `pnpm demo` at the root builds them
 * first. `base: './'` makes the build work from any sub-path (a static host, a file share). Two
 * pages: the testbed (`index.html`) and the engine comparison (`compare.html`), which alone loads
 * the other engines (through the benchmark's adapters, `@lite/bench/engines/*`).
 */
export default defineConfig({
  base: './',
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
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
