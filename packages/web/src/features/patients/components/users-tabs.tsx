import { useTranslation } from 'react-i18next';
import { RouteTabs } from '../../../components/route-tabs';
import { paths } from '../../../config/paths';

/** The Users pages: the list, the compact list with its export, and impersonation. */
export function UsersTabs() {
  const { t } = useTranslation();
  return (
    <RouteTabs
      label={t('pages.users.title')}
      tabs={[
        { path: paths.patientList, label: t('patients.tabs.list') },
        { path: paths.patientListBak, label: t('patients.tabs.compact') },
        { path: paths.patientListImpersonate, label: t('patients.tabs.impersonate') },
        { path: paths.patientListSignIns, label: t('security.signIns.tab') },
      ]}
    />
  );
}
