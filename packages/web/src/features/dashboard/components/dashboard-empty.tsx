import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';

/** No dosage time yet: the dashboards have nothing to plan. */
export function DashboardEmpty() {
  const { t } = useTranslation();
  const href = useLocalizedPath();
  return (
    <EmptyState title={t('pages.dashboard.noSchedule')}>
      <Button component={RouterLink} to={href(paths.myMedicine)}>
        {t('dashboard.toMyMedicine')}
      </Button>
    </EmptyState>
  );
}
