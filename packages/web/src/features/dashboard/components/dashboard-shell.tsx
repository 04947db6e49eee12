import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RouteTabs } from '../../../components/route-tabs';
import { paths } from '../../../config/paths';

/** The dashboard's heading and its four variants as tabs. */
export function DashboardShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.dashboard.title')} />
      <RouteTabs
        label={t('pages.dashboard.title')}
        tabs={[
          { path: paths.dashboard, label: t('pages.dashboard.daily') },
          { path: paths.dashboardIndex2, label: t('pages.dashboard.timeline') },
          { path: paths.dashboardWeekly, label: t('pages.dashboard.weekly') },
          { path: paths.dashboardMonthly, label: t('pages.dashboard.monthly') },
        ]}
      />
      {children}
    </>
  );
}
