import type { ProfileListEntry } from '@dosedot/domain';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageToolbar } from '../../../components/page-toolbar';
import { failureKey } from '../../../lib/api-client';
import { useProfiles } from '../api/get-profiles';
import { useListParams } from '../hooks/use-list-params';
import type { ListParams } from '../utils/list-query';
import { PatientTable } from './patient-table';
import { SearchField } from './search-field';

interface PatientListProps {
  compact?: boolean;
  actions?: (entry: ProfileListEntry) => ReactNode;
  /** What acts on the whole list (the export), at the toolbar's right. */
  toolbarActions?: (params: ListParams) => ReactNode;
}

/** Search, then the patients the server found: loading, failure, nothing found, or the table. */
export function PatientList({ compact, actions, toolbarActions }: PatientListProps) {
  const { t } = useTranslation();
  const { params, set } = useListParams();
  const list = useProfiles(params);
  const title = t('patients.list.title');

  let body: ReactNode;
  if (list.isPending) body = <LoadingSkeleton variant="table" rows={5} />;
  else if (list.isError)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void list.refetch()}>
            {t('errors.retry')}
          </Button>
        }
      >
        {t('patients.list.failed')} {t(failureKey(list.error))}
      </Alert>
    );
  else if (list.data.meta.pagination.total === 0)
    body = params.search ? (
      <EmptyState
        title={t('patients.list.noMatch', { term: params.search })}
        icon={<PeopleOutlined />}
        action={<Button onClick={() => set({ search: '' })}>{t('patients.list.clearSearch')}</Button>}
      >
        {t('patients.list.noMatchHelp')}
      </EmptyState>
    ) : (
      <EmptyState title={t('patients.list.empty')} icon={<PeopleOutlined />}>
        {t('patients.list.emptyHelp')}
      </EmptyState>
    );
  else
    body = (
      <ContentCard
        title={title}
        description={t('patients.list.count', { count: list.data.meta.pagination.total })}
        padding="none"
      >
        <PatientTable
          label={title}
          entries={list.data.data}
          total={list.data.meta.pagination.total}
          params={params}
          onChange={set}
          compact={compact}
          actions={actions}
        />
      </ContentCard>
    );

  return (
    <>
      <PageToolbar actions={toolbarActions?.(params)}>
        <SearchField value={params.search} onSearch={(search) => set({ search })} />
      </PageToolbar>
      {body}
    </>
  );
}
