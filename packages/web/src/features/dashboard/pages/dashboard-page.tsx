import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { RouteTabs } from '../../../components/route-tabs';
import { paths } from '../../../config/paths';
import { useProfile } from '../../../lib/current-user';

/** The dashboard variants: daily plan, overview, weekly and monthly plan. */
export function DashboardPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <>
      <PageHeader title={t('pages.dashboard.title')} />
      <RouteTabs
        label={t('pages.dashboard.title')}
        tabs={[
          { path: paths.dashboard, label: t('pages.dashboard.daily') },
          { path: paths.dashboardIndex2, label: t('pages.dashboard.overview') },
          { path: paths.dashboardWeekly, label: t('pages.dashboard.weekly') },
          { path: paths.dashboardMonthly, label: t('pages.dashboard.monthly') },
        ]}
      />
      <QueryState query={profile}>
        {(data) => (
          <>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('pages.dashboard.greeting', { name: data.givenname })}
            </Typography>
            <EmptyState title={t('pages.dashboard.noSchedule')}>{t('pages.notYet')}</EmptyState>
          </>
        )}
      </QueryState>
    </>
  );
}
