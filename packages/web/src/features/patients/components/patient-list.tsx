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
import { SearchField } from '../../../components/search-field';
import { failureKey } from '../../../lib/api-client';
import { useProfiles } from '../api/get-profiles';
import { useListParams } from '../hooks/use-list-params';
import { DEFAULT_PARAMS, type ListParams } from '../utils/list-query';
import { ListPager } from './list-pager';
import { PatientFilters } from './patient-filters';
import { PatientTable } from './patient-table';

interface PatientListProps {
  compact?: boolean;
  actions?: (entry: ProfileListEntry) => ReactNode;
  /** What acts on the whole list (the export), at the toolbar's right. */
  toolbarActions?: (params: ListParams) => ReactNode;
}

const filtered = (p: ListParams) =>
  p.role !== DEFAULT_PARAMS.role || p.status !== DEFAULT_PARAMS.status || p.box !== DEFAULT_PARAMS.box;

/** Search and filters, then the users the server found: loading, failure, nothing found, or the table. */
export function PatientList({ compact, actions, toolbarActions }: PatientListProps) {
  const { t } = useTranslation();
  const { params, set } = useListParams();
  const list = useProfiles(params);
  // The card says whom it lists: patients (the default), administrators, or every user.
  const title =
    params.role === 'patients'
      ? t('patients.list.title')
      : params.role === 'admins'
        ? t('patients.listing.filters.role.admins')
        : t('pages.users.title');
  const resetFilters = () =>
    set({ role: DEFAULT_PARAMS.role, status: DEFAULT_PARAMS.status, box: DEFAULT_PARAMS.box });

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
    ) : filtered(params) ? (
      <EmptyState
        title={t('patients.listing.noMatch')}
        icon={<PeopleOutlined />}
        action={<Button onClick={resetFilters}>{t('patients.listing.filters.reset')}</Button>}
      >
        {t('patients.listing.noMatchHelp')}
      </EmptyState>
    ) : (
      <EmptyState title={t('patients.list.empty')} icon={<PeopleOutlined />}>
        {t('patients.list.emptyHelp')}
      </EmptyState>
    );
  else {
    const { total, pageCount } = list.data.meta.pagination;
    body =
      // A page beyond the end (an old link, or the list shrank): say so, and offer the last page.
      list.data.data.length === 0 && params.page > pageCount ? (
        <EmptyState
          title={t('patients.listing.beyond.title', { page: params.page })}
          icon={<PeopleOutlined />}
          action={
            <>
              <Button variant="contained" onClick={() => set({ page: pageCount })}>
                {t('patients.listing.beyond.go', { page: pageCount })}
              </Button>
              <ListPager total={total} params={params} onChange={set} />
            </>
          }
        >
          {t('patients.listing.beyond.text', { count: pageCount })}
        </EmptyState>
      ) : (
        <ContentCard
          title={title}
          description={t(`patients.listing.count.${params.role}`, { count: total })}
          padding="none"
        >
          <PatientTable
            label={title}
            entries={list.data.data}
            total={total}
            params={params}
            onChange={set}
            compact={compact}
            actions={actions}
          />
        </ContentCard>
      );
  }

  return (
    <>
      <PageToolbar actions={toolbarActions?.(params)}>
        <SearchField
          value={params.search}
          onSearch={(search) => set({ search })}
          label={t('patients.search.label')}
          help={t('patients.search.help')}
        />
      </PageToolbar>
      <PageToolbar label={t('patients.listing.filters.label')}>
        <PatientFilters params={params} compact={compact} onChange={set} />
      </PageToolbar>
      {body}
    </>
  );
}
