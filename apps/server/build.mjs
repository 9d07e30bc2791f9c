// Bundles the server (and the workspace packages it uses as TypeScript source) into dist/.
import { copyFile } from 'node:fs/promises';
import { build } from 'esbuild';

const keepExternal = {
  name: 'externals',
  setup(b) {
    // npm dependencies stay in node_modules; only our own @prova/* sources are bundled.
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@prova/') ? undefined : { external: true }));
  },
};

await build({
  entryPoints: { server: 'src/server.ts', import: 'src/cli/import.ts', simulate: 'src/cli/simulate.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [keepExternal],
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  loader: { '.json': 'json' },
});
// The hashing threads' code (services/passwords.ts) is plain JavaScript, loaded by piscina beside the bundle.
await copyFile('src/services/hashing-worker.mjs', 'dist/hashing-worker.mjs');
