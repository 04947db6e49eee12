import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/** "0.1.0 (abc1234)": the root package version and, in a git checkout, the short commit. */
function versionText(): string {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return commit ? `${version} (${commit})` : version;
  } catch {
    return version;
  }
}

/**
 * Preloads the Latin part of the webfont (every text of en/de/fr is in it), so the first page
 * shows Inter at once instead of switching from the fallback font after the CSS has loaded.
 */
function preloadWebfont(): Plugin {
  return {
    name: 'dosedot-preload-webfont',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) =>
          /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        if (!font) throw new Error('the Latin webfont is missing from the build');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadWebfont()],
  define: { __APP_VERSION__: JSON.stringify(versionText()) },
  // No source maps in the build that `npm start` serves (13 MB, and they give the source away);
  // `npm run dev:web` has them, and WEB_SOURCEMAP=1 npm run build writes them for debugging a build
  // (served outside production only).
  build: { sourcemap: process.env.WEB_SOURCEMAP === '1', chunkSizeWarningLimit: 600 },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
