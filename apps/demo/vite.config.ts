import { defineConfig } from 'vite';

/**
 * The testbed's Vite configuration. The engine packages are imported by name (`@lite/world`, ...) and
 * resolve through their built `dist`, as they would for any user; `pnpm demo` at the root builds them
 * first. `base: './'` makes the build work from any sub-path (a static host, a file share).
 */
export default defineConfig({
  base: './',
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: { target: 'es2022', sourcemap: true },
});
