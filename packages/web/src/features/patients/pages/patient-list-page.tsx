import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/** The admin's user list and impersonation; the patients issue fills it. */
export function PatientListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.users.title')} />
      <EmptyState title={t('pages.notYet')}>{t('pages.users.intro')}</EmptyState>
    </>
  );
}
