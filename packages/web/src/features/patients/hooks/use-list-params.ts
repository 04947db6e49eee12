import { useAddressState } from '../../../hooks/use-address-state';
import { type ListParams, paramsOf, searchOf } from '../utils/list-query';

/**
 * The list's search, filters, order and page, kept in the URL: a reload or a shared link keeps
 * them, and Back returns to the page before (a search being typed replaces its own entry).
 */
export function useListParams() {
  const [params, change] = useAddressState(paramsOf, searchOf);
  const set = (patch: Partial<ListParams>) => {
    // A new search, filter, order or page size starts again at page 1.
    const page = 'page' in patch ? (patch.page ?? 1) : 1;
    change((current) => ({ ...current, ...patch, page }), { replace: 'search' in patch });
  };
  return { params, set };
}
