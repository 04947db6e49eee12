import { type Catalog, mergeCatalogs } from '../merge';

/**
 * The English texts of a patient's first screens beyond the sign-in's (those come with the app:
 * i18n/index.ts): the signed-in layout's banners, the dashboard's and My Medicine's pages with the
 * dosage words and the charts they draw. They load with the signed-in layouts; the rest (./rest.ts)
 * once the first screen is shown, or first, on a page that needs it (issue 23 item 12: 11 KB less
 * before a phone's first screen).
 */
export default mergeCatalogs(
  import.meta.glob<Catalog>(
    [
      './layout.json',
      './dashboard.json',
      './medicines.json',
      './storage.json',
      './posology.json',
      './charts.json',
    ],
    { eager: true, import: 'default' },
  ),
);
