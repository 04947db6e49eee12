import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/** Add or edit a medicine (/my-medicine/edit, /my-medicine/{id}/edit); the medicines issue fills it. */
export function EditMedicinePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.myMedicine.edit')} />
      <EmptyState title={t('pages.myMedicine.edit')}>{t('pages.notYet')}</EmptyState>
    </>
  );
}
