import type { Medicine } from '@dosedot/domain';
import MedicationOutlined from '@mui/icons-material/MedicationOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ContentCard } from '../../../components/content-card';
import { paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';
import { useViewer } from '../../../lib/viewer';

/** The user's medicines as the profile lists them, with a way to My Medicine. */
export function MedicinesCard({ medicines }: { medicines: Medicine[] }) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  const href = useLocalizedPath();
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (iso: string) => date.format(new Date(`${iso}T00:00:00Z`));
  return (
    <ContentCard
      title={t('profile.medicines.title')}
      actions={
        <Button component={RouterLink} to={href(paths.myMedicine)}>
          {t('profile.medicines.open')}
        </Button>
      }
    >
      {medicines.length === 0 ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', color: 'text.secondary' }}>
          <MedicationOutlined aria-hidden="true" />
          <Typography>{t('profile.medicines.empty')}</Typography>
        </Box>
      ) : (
        <List aria-label={t('profile.medicines.title')} disablePadding>
          {medicines.map((m) => (
            <ListItem key={m.id} divider disableGutters>
              <ListItemText
                primary={<Typography sx={{ fontWeight: 600 }}>{m.name}</Typography>}
                secondary={[
                  m.strength,
                  m.type === 2
                    ? t('profile.medicines.asNeeded')
                    : t('profile.medicines.scheduled', { count: m.schedules.length }),
                  m.end_date
                    ? t('profile.medicines.fromTo', { from: day(m.start_date), to: day(m.end_date) })
                    : t('profile.medicines.from', { from: day(m.start_date) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </ContentCard>
  );
}
