import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * State kept in the address's query (a list's search, filters, order and page): a reload or a shared
 * link keeps it, and Back returns to the state before. `change` builds on the newest state asked for,
 * not on the last one rendered: the router follows a navigation only after it, so two quick changes
 * (clear one filter, set another) would otherwise each start from the same old state and the second
 * would undo the first.
 */
export function useAddressState<T>(
  read: (query: URLSearchParams) => T,
  write: (state: T) => URLSearchParams,
): [T, (next: (current: T) => T, options?: NavigateOptions) => void] {
  const [query, setQuery] = useSearchParams();
  const text = query.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the state is read again when the query's text changes
  const state = useMemo(() => read(query), [text]);
  const rendered = useRef(state);
  rendered.current = state;
  /** The queries asked for and not yet in the address, oldest first. */
  const asked = useRef<string[]>([]);
  useEffect(() => {
    // The address reached one asked for: it and those before it are done. Any other address (Back,
    // a link) replaces whatever was still on its way.
    const reached = asked.current.indexOf(text);
    asked.current = reached < 0 ? [] : asked.current.slice(reached + 1);
  }, [text]);

  const change = useCallback(
    (next: (current: T) => T, options?: NavigateOptions) => {
      const newest = asked.current.at(-1);
      const current = newest === undefined ? rendered.current : read(new URLSearchParams(newest));
      const written = write(next(current));
      asked.current.push(written.toString());
      setQuery(written, options);
    },
    [read, write, setQuery],
  );
  return [state, change];
}

const asIs = (query: URLSearchParams) => query;

/**
 * The address's query itself as the state (a page's range, view, day or month): `change` is given a
 * copy of the newest query asked for to edit and return, so two quick changes (a tab, then a
 * medicine) both land, as with `useAddressState`.
 */
export function useQueryState(): [
  URLSearchParams,
  (next: (query: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void,
] {
  const [query, change] = useAddressState(asIs, asIs);
  const edit = useCallback(
    (next: (query: URLSearchParams) => URLSearchParams, options?: NavigateOptions) =>
      change((current) => next(new URLSearchParams(current)), options),
    [change],
  );
  return [query, edit];
}
