import { type Catalog, mergeCatalogs } from '../merge';

/**
 * The English texts of every page but the sign-in's (those come with the app: i18n/index.ts), in one
 * chunk loaded with the first page that needs them.
 */
export default mergeCatalogs(
  import.meta.glob<Catalog>(['./*.json', '!./common.json', '!./errors.json', '!./auth*.json'], {
    eager: true,
    import: 'default',
  }),
);
