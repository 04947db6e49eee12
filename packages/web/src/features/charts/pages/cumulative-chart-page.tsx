import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/** Cumulative charts of the patient's doses; the charts issue fills it. */
export function CumulativeChartPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.cumulativeChart.title')} />
      <EmptyState title={t('pages.cumulativeChart.noSchedule')}>{t('pages.notYet')}</EmptyState>
    </>
  );
}
