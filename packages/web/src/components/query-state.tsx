import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureKey } from '../lib/api-client';
import { Loading } from './loading';

/** Loading, failure (with a retry) or the data of a query. */
export function QueryState<T>({
  query,
  children,
  loading,
  failed,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** What shows while loading, e.g. a LoadingSkeleton of the content's shape (default: a spinner). */
  loading?: ReactNode;
  /** What failed, in words, before the reason (default: the catalog's general load failure). */
  failed?: string | undefined;
}) {
  const { t } = useTranslation();
  if (query.isPending) return loading ?? <Loading />;
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </Button>
        }
      >
        {failed ?? t('errors.loadFailed')} {t(failureKey(query.error))}
      </Alert>
    );
  }
  return children(query.data);
}
