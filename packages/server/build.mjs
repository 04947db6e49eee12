// Compiles the server for production: one ESM file per entry in dist/, with our own workspace
// packages (@dosedot/*, TypeScript sources) bundled in and every npm dependency left to node_modules.
// `npm start` runs dist/main.js with plain Node: no transpiler in the production process.
// Quiet unless something is wrong: esbuild's warnings and errors, and a dependency mismatch below.
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
rmSync(path.join(here, 'dist'), { recursive: true, force: true });

const result = await build({
  entryPoints: { main: path.join(here, 'src/main.ts'), backup: path.join(here, 'src/backup-main.ts') },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
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

// The server's `dependencies` are exactly the npm packages dist/ imports: what it needs at run time
// is installed by `npm install --omit=dev`, and nothing only for development (a TypeScript runner,
// a library the bundle no longer uses) is among them. Our bundled workspace packages are no import.
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier);
const imported = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: specifier, external } of output.imports) {
    if (external && !isBuiltin(specifier)) imported.add(packageName(specifier));
  }
}
const { dependencies } = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const declared = Object.keys(dependencies).filter((name) => !name.startsWith('@dosedot/'));
const missing = [...imported].filter((name) => !declared.includes(name));
const unused = declared.filter((name) => !imported.has(name));
if (missing.length > 0 || unused.length > 0) {
  if (missing.length > 0) {
    console.error(`server build: dist/ imports ${missing.join(', ')}, not in dependencies of package.json`);
  }
  if (unused.length > 0) {
    console.error(
      `server build: dependencies ${unused.join(', ')} are not imported by dist/: move them to devDependencies`,
    );
  }
  process.exit(1);
}
