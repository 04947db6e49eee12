import { SIGN_IN_METHOD_FILTERS, SIGN_IN_PROVIDER_PATTERN } from '@dosedot/domain';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageHeader } from '../../../components/page-header';
import { PageToolbar } from '../../../components/page-toolbar';
import { QueryState } from '../../../components/query-state';
import { RouteTabs } from '../../../components/route-tabs';
import { paths } from '../../../config/paths';
import { useQueryState } from '../../../hooks/use-address-state';
import { useSignInProviders } from '../api/get-sign-in-providers';
import { useSignIns } from '../api/get-sign-ins';
import type { SignInPage } from '../api/keys';
import { SignInTable } from '../components/sign-in-table';

const PAGE_SIZES = [25, 50, 100];
const OUTCOMES = ['success', 'failure', 'challenge'] as const;

/**
 * /patient-list/sign-ins (admin): the instance's recent sign-ins from the audit log, newest first,
 * a tab beside the users list; the result, the person searched for (name or e-mail, accents
 * ignored), the method, the page and its size live in the address.
 */
export function SignInsPage() {
  const { t } = useTranslation();
  const [params, change] = useQueryState();
  const providers = useSignInProviders();
  const pageSize = PAGE_SIZES.find((s) => String(s) === params.get('size')) ?? 25;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const outcome = OUTCOMES.find((o) => o === params.get('outcome'));
  const user = params.get('user')?.trim().slice(0, 100) || undefined;
  const providerIds = (providers.data ?? []).map((p) => `oidc:${p.id}`);
  const methodParam = params.get('method') ?? '';
  const method =
    (SIGN_IN_METHOD_FILTERS as readonly string[]).includes(methodParam) ||
    SIGN_IN_PROVIDER_PATTERN.test(methodParam)
      ? methodParam
      : undefined;
  const query: SignInPage = { page, pageSize, outcome, user, method };
  const signIns = useSignIns(query);
  const goTo = (next: { page?: number; size?: number; outcome?: string; user?: string; method?: string }) =>
    change(
      (p) => {
        if (next.size) p.set('size', String(next.size));
        for (const key of ['outcome', 'user', 'method'] as const) {
          const value = next[key];
          if (value === undefined) continue;
          if (value) p.set(key, value);
          else p.delete(key);
        }
        p.set('page', String(next.page ?? 1));
        return p;
      },
      { replace: true },
    );

  // The search box writes the address a moment after typing stops (and the list follows it).
  const [typed, setTyped] = useState(user ?? '');
  useEffect(() => setTyped(user ?? ''), [user]);
  useEffect(() => {
    if (typed.trim() === (user ?? '')) return;
    const timer = setTimeout(() => goTo({ user: typed.trim() }), 300);
    return () => clearTimeout(timer);
  });
  const filtered = Boolean(outcome || user || method);

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
      <PageToolbar label={t('security.signIns.filters')}>
        <TextField
          type="search"
          size="small"
          label={t('security.signIns.search')}
          placeholder={t('security.signIns.searchPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ flex: '1 1 16rem', maxWidth: { sm: 360 } }}
          slotProps={{
            htmlInput: { maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t('security.signIns.methodFilter')}
          value={method ?? ''}
          onChange={(e) => goTo({ method: e.target.value })}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('security.signIns.allMethods')}</MenuItem>
          {SIGN_IN_METHOD_FILTERS.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`security.signIns.methodOption.${m}`)}
            </MenuItem>
          ))}
          {(providers.data ?? []).map((p) => (
            <MenuItem key={p.id} value={`oidc:${p.id}`}>
              {t('security.signIns.methodOption.provider', { name: p.name })}
            </MenuItem>
          ))}
          {method?.startsWith('oidc:') && !providerIds.includes(method) ? (
            <MenuItem value={method}>
              {t('security.signIns.methodOption.provider', { name: method.slice(5) })}
            </MenuItem>
          ) : null}
        </TextField>
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
              // On a phone the pager wraps under the table instead of being cut off.
              sx={{
                '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: { xs: 1, sm: 2 } },
                '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
                '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
              }}
            />
          );
          if (list.meta.pagination.total === 0)
            return (
              <EmptyState
                title={t(filtered ? 'security.signIns.emptyFiltered' : 'security.signIns.empty')}
                icon={<LoginOutlined />}
              >
                {t(filtered ? 'security.signIns.emptyFilterText' : 'security.signIns.emptyText')}
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
