import { startTransition, useEffect, useState } from 'react';

/**
 * False until every one of a page's first queries has answered (or failed; a query that is not
 * asked for counts as answered), then true for good: the page renders its content once with all of
 * them instead of once per answer, each a long task on a phone's CPU (issue 23 item 12). The switch
 * is a transition, so React renders that content in slices and the page keeps answering input; when
 * the answers are in the cache already (a navigation inside the app), it is true from the start.
 */
export function useAnsweredTogether(...queries: { isLoading: boolean }[]): boolean {
  const answered = queries.every((q) => !q.isLoading);
  const [shown, setShown] = useState(answered);
  useEffect(() => {
    if (answered && !shown) startTransition(() => setShown(true));
  }, [answered, shown]);
  return shown;
}
