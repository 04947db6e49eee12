import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RouteTabs } from '../../../components/route-tabs';
import { paths } from '../../../config/paths';

/** The devices page's heading and its two views (table, cards) as tabs. */
export function DevicesShell({ description, children }: { description?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.devices.title')} description={description} />
      <RouteTabs
        label={t('pages.devices.views')}
        tabs={[
          { path: paths.devices, label: t('pages.devices.table') },
          { path: paths.devicesIndex2, label: t('pages.devices.cards') },
        ]}
      />
      {children}
    </>
  );
}
