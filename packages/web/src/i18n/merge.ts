/** A catalog or a part of one: sections of texts, nested. */
export type Catalog = { [key: string]: string | Catalog };

/**
 * One language's catalog from its parts (`<lang>/<part>.json`, one per feature and a common one).
 * Parts may fill the same section side by side (dashboard.json and profiles.json each add their
 * page under "pages"), so the keys stay whole: `t('pages.dashboard.title')`.
 */
export function mergeCatalogs(parts: Record<string, Catalog>): Catalog {
  const merged: Catalog = {};
  const add = (into: Catalog, part: Catalog) => {
    for (const [key, value] of Object.entries(part)) {
      const present = into[key];
      if (typeof value === 'object' && typeof present === 'object') add(present, value);
      else into[key] = typeof value === 'object' ? add({}, value) : value;
    }
    return into;
  };
  for (const path of Object.keys(parts).sort()) add(merged, parts[path] ?? {});
  return merged;
}
