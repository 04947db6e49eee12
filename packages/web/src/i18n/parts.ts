/**
 * The groups of each language's catalog parts (`<lang>/<part>.json`), by when a page needs them
 * (issue 23 item 12: a phone's first screen waits for as few texts as it shows):
 * - `shell`: the sign-in's and its neighbours' (the texts of the app's shell, errors, the auth
 *   pages); in English they come with the app;
 * - `core`: a patient's first screens' beyond those: the signed-in layout's banners, the dashboard's
 *   and My Medicine's pages with the dosage words and the charts they draw;
 * - `rest`: every other page's.
 * Each language's group is a module (`virtual:dosedot-texts/<lang>-<group>`, made by ../../texts.ts)
 * and a chunk of its own; i18n/index.ts loads them, and app/locale-loader.ts says which a page waits
 * for.
 */
export const TEXT_GROUPS = ['shell', 'core', 'rest'] as const;
export type TextGroup = (typeof TEXT_GROUPS)[number];

const SHELL = /^(common|errors|auth.*)$/;
const CORE = /^(layout|dashboard|medicines|storage|posology|charts)$/;

/** The group of a part, by its file's path or name. */
export function groupOf(file: string): TextGroup {
  const name = /([^/\\]+)\.json$/.exec(file)?.[1] ?? '';
  if (SHELL.test(name)) return 'shell';
  return CORE.test(name) ? 'core' : 'rest';
}
