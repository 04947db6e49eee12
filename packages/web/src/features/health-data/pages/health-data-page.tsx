import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/** My Health Data of the health-data user; the health-data issue fills it. */
export function HealthDataPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.healthData.title')} />
      <EmptyState title={t('pages.notYet')}>{t('pages.healthData.intro')}</EmptyState>
    </>
  );
}
