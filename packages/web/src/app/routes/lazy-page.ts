import type { ComponentType } from 'react';

/** A lazily loaded page or layout: every route is its own chunk. */
export const page =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** An app path (config/paths.ts) as a child route's path: relative to the language's root. */
export const rel = (path: string) => path.replace(/^\//, '');
