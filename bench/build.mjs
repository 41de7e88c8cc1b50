// Bundles the benchmark's entry points into bench/dist. Our packages and every dependency stay external, so
// the bench runs the built packages (`npm run build`) exactly as `npm start` does. The bundles sit two levels
// below the repository root, like the e2e helpers they include, whose paths to the bins are relative to that.
import { build } from 'esbuild';

await build({
  entryPoints: {
    run: 'src/run.ts',
    'load-worker': 'src/load/load-worker.ts',
    'bare-json-server': 'src/servers/bare-json-server.ts',
    'bare-list-server': 'src/servers/bare-list-server.ts',
    'bare-fastify-server': 'src/servers/bare-fastify-server.ts',
    'bare-mock-server': 'src/servers/bare-mock-server.ts',
    'bare-relay-server': 'src/servers/bare-relay-server.ts',
    'bare-static-server': 'src/servers/bare-static-server.ts',
    'bare-ws-echo-server': 'src/servers/bare-ws-echo-server.ts',
    'cpu-profile': 'src/profiling/cpu-profile-preload.ts',
  },
  absWorkingDir: import.meta.dirname,
  outdir: 'dist',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
