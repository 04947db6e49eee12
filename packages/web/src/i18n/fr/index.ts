import { type Catalog, mergeCatalogs } from '../merge';

/** The French catalog: its parts in one chunk, loaded when first needed. */
export default mergeCatalogs(import.meta.glob<Catalog>('./*.json', { eager: true, import: 'default' }));
