import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { RouteTabs } from '../../../components/route-tabs';
import { paths } from '../../../config/paths';
import { useProfile } from '../../../lib/current-user';

/** My Medicines, all and by type (scheduled, as needed); the medicines issue fills it. */
export function MyMedicinePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <>
      <PageHeader title={t('pages.myMedicine.title')} />
      <RouteTabs
        label={t('pages.myMedicine.title')}
        tabs={[
          { path: paths.myMedicine, label: t('pages.myMedicine.title') },
          { path: paths.myMedicineType1, label: t('pages.myMedicine.type1') },
          { path: paths.myMedicineType2, label: t('pages.myMedicine.type2') },
        ]}
      />
      <QueryState query={profile}>
        {(data) => (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('pages.myMedicine.count', { count: data.medicines.length })}
            </Typography>
            <EmptyState title={t('pages.myMedicine.noHistory')}>{t('pages.notYet')}</EmptyState>
          </>
        )}
      </QueryState>
    </>
  );
}
