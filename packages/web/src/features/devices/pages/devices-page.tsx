import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/** The admin's device list; the devices issue fills it. */
export function DevicesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.devices.title')} />
      <EmptyState title={t('pages.notYet')}>{t('pages.devices.intro')}</EmptyState>
    </>
  );
}
