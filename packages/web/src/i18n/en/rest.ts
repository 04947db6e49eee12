import { type Catalog, mergeCatalogs } from '../merge';

/** The English texts neither the sign-in's (with the app) nor a patient's first screens' (./core.ts). */
export default mergeCatalogs(
  import.meta.glob<Catalog>(
    [
      './*.json',
      '!./common.json',
      '!./errors.json',
      '!./auth*.json',
      '!./layout.json',
      '!./dashboard.json',
      '!./medicines.json',
      '!./storage.json',
      '!./posology.json',
      '!./charts.json',
    ],
    { eager: true, import: 'default' },
  ),
);
