import LoginOutlined from '@mui/icons-material/LoginOutlined';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageHeader } from '../../../components/page-header';
import { PageToolbar } from '../../../components/page-toolbar';
import { QueryState } from '../../../components/query-state';
import { RouteTabs } from '../../../components/route-tabs';
import { paths } from '../../../config/paths';
import { useSignIns } from '../api/get-sign-ins';
import type { SignInPage } from '../api/keys';
import { SignInTable } from '../components/sign-in-table';

const PAGE_SIZES = [25, 50, 100];
const OUTCOMES = ['success', 'failure', 'challenge'] as const;

/**
 * /patient-list/sign-ins (admin): the instance's recent sign-ins from the audit log, newest first,
 * a tab beside the users list; the result filter, page and size live in the address.
 */
export function SignInsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pageSize = PAGE_SIZES.find((s) => String(s) === params.get('size')) ?? 25;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const outcome = OUTCOMES.find((o) => o === params.get('outcome'));
  const query: SignInPage = { page, pageSize, outcome };
  const signIns = useSignIns(query);
  const goTo = (next: { page?: number; size?: number; outcome?: string }) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next.size) p.set('size', String(next.size));
        if (next.outcome !== undefined) {
          if (next.outcome) p.set('outcome', next.outcome);
          else p.delete('outcome');
        }
        p.set('page', String(next.page ?? 1));
        return p;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('pages.users.title')} description={t('security.signIns.intro')} />
      <RouteTabs
        label={t('pages.users.title')}
        tabs={[
          { path: paths.patientList, label: t('patients.tabs.list') },
          { path: paths.patientListBak, label: t('patients.tabs.compact') },
          { path: paths.patientListImpersonate, label: t('patients.tabs.impersonate') },
          { path: paths.patientListSignIns, label: t('security.signIns.tab') },
        ]}
      />
      <PageToolbar>
        <TextField
          select
          size="small"
          label={t('security.signIns.filter')}
          value={outcome ?? ''}
          onChange={(e) => goTo({ outcome: e.target.value })}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('security.signIns.all')}</MenuItem>
          {OUTCOMES.map((o) => (
            <MenuItem key={o} value={o}>
              {t(`security.signIns.outcome.${o}`)}
            </MenuItem>
          ))}
        </TextField>
      </PageToolbar>
      <QueryState query={signIns} loading={<LoadingSkeleton variant="table" rows={8} />}>
        {(list) => {
          const pagination = (
            <TablePagination
              component="div"
              count={list.meta.pagination.total}
              page={Math.min(page, Math.max(1, list.meta.pagination.pageCount)) - 1}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_e, p) => goTo({ page: p + 1, size: pageSize })}
              onRowsPerPageChange={(e) => goTo({ page: 1, size: Number(e.target.value) })}
              labelRowsPerPage={t('security.signIns.pagination.perPage')}
              labelDisplayedRows={({ from, to, count }) =>
                t('security.signIns.pagination.shown', { from, to, count })
              }
              getItemAriaLabel={(type) => t(`security.signIns.pagination.${type}`)}
            />
          );
          if (list.meta.pagination.total === 0)
            return (
              <EmptyState
                title={t(outcome ? 'security.signIns.emptyFilter' : 'security.signIns.empty')}
                icon={<LoginOutlined />}
              >
                {t('security.signIns.emptyText')}
              </EmptyState>
            );
          if (list.data.length === 0)
            return (
              <EmptyState title={t('security.signIns.emptyPage')} action={pagination}>
                {t('security.signIns.emptyPageText')}
              </EmptyState>
            );
          return (
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <SignInTable entries={list.data} />
              {pagination}
            </Paper>
          );
        }}
      </QueryState>
    </>
  );
}
