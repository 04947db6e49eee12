// Compiles the server for production: one ESM file per entry in dist/, with our own workspace
// packages (@dosedot/*, TypeScript sources) bundled in and every npm dependency left to node_modules.
// `npm start` runs dist/main.js with plain Node: no transpiler in the production process.
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
rmSync(path.join(here, 'dist'), { recursive: true, force: true });

await build({
  entryPoints: { main: path.join(here, 'src/main.ts') },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-dependencies',
      setup(b) {
        // A bare import that is not ours stays an import of node_modules.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@dosedot/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// The hashing worker is plain JavaScript, loaded by path next to main.js.
copyFileSync(path.join(here, 'src/lib/hash-worker.mjs'), path.join(here, 'dist/hash-worker.mjs'));
console.log('server built into packages/server/dist');
