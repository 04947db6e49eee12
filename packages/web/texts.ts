import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { groupOf, TEXT_GROUPS } from './src/i18n/parts';

/*
 * The catalogs' groups as modules (issue 23 item 12): `virtual:dosedot-texts/<lang>-<group>` is the
 * merged catalog of that language's parts in that group (src/i18n/parts.ts). The app imports each
 * group where a page first needs it (src/i18n/index.ts), and the build makes it a chunk: one small
 * import per group, where a glob of the parts had written an import per part file into the app.
 */
const PREFIX = 'virtual:dosedot-texts/';

export function texts(): Plugin {
  const i18nDir = path.resolve(import.meta.dirname, 'src/i18n');
  return {
    name: 'dosedot-texts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      const [language = '', group] = name.split('-');
      // A language is a folder of parts (src/i18n/<lang>/).
      const dir = path.join(i18nDir, language);
      if (!/^[a-z]{2}$/.test(language) || !existsSync(dir) || !TEXT_GROUPS.some((g) => g === group))
        throw new Error(`texts: no such group ${name}`);
      const files = readdirSync(dir)
        .filter((file) => file.endsWith('.json') && groupOf(file) === group)
        .sort();
      return [
        `import { mergeCatalogs } from ${JSON.stringify(path.join(i18nDir, 'merge.ts'))};`,
        ...files.map((file, i) => `import part${i} from ${JSON.stringify(path.join(dir, file))};`),
        `export default mergeCatalogs({ ${files.map((file, i) => `${JSON.stringify(file)}: part${i}`).join(', ')} });`,
      ].join('\n');
    },
  };
}
