import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from './query-state';

/**
 * The results of a search as you type, in a polite live region that is busy while the server is
 * asked: a small spinner until the first answer, the failure with a retry, a line when nothing is
 * found, else the list; `footer` (a pager, "n of m shown") stands under whichever shows.
 */
export function SearchResults({
  query,
  count,
  failed,
  empty,
  minHeight,
  footer,
  children,
}: {
  query: UseQueryResult<unknown>;
  /** How many results the list shows: none shows `empty`. */
  count: number;
  /** What failed, in words, before the reason (default: the catalog's general load failure). */
  failed?: string;
  /** What shows when nothing is found (from the catalog). */
  empty: string;
  minHeight: number;
  footer?: ReactNode;
  /** The list of results. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight, mt: 1 }} aria-live="polite" aria-busy={query.isFetching}>
      <QueryState
        query={query}
        failed={failed}
        loading={
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label={t('app.loading')} />
          </Box>
        }
      >
        {() =>
          count === 0 ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              {empty}
            </Typography>
          ) : (
            children
          )
        }
      </QueryState>
      {footer}
    </Box>
  );
}
