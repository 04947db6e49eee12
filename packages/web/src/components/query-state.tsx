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
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** What shows while loading, e.g. a LoadingSkeleton of the content's shape (default: a spinner). */
  loading?: ReactNode;
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
        {t('errors.loadFailed')} {t(failureKey(query.error))}
      </Alert>
    );
  }
  return children(query.data);
}
