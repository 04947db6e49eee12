import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { QueryState } from '../../../components/query-state';
import { formatInZone } from '../../../lib/time-zone';
import { useViewer } from '../../../lib/viewer';
import { useAlerts } from '../api/get-alerts';

/**
 * The alerts of the patient a caregiver reads (issue 26 item 5): each missed dose, offline box or
 * empty battery DoseDot told about, with the dose's time and whether it was taken after all.
 */
export function AlertsCard() {
  const { t } = useTranslation();
  const { lang, zone } = useViewer();
  const alerts = useAlerts();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('dashboard.alerts.title')}
      </Typography>
      <QueryState
        query={alerts}
        loading={<LoadingSkeleton rows={2} />}
        failed={t('dashboard.alerts.loadFailed')}
      >
        {(list) =>
          list.length === 0 ? (
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', color: 'text.secondary' }}>
              <NotificationsNoneOutlined aria-hidden="true" />
              <Typography>{t('dashboard.alerts.empty')}</Typography>
            </Box>
          ) : (
            <List aria-label={t('dashboard.alerts.title')} disablePadding>
              {list.map((n) => (
                <ListItem key={n.id} divider disableGutters>
                  <ListItemText
                    primary={t(`profile.reminders.kinds.${n.kind}`)}
                    secondary={[
                      t('profile.reminders.dose', { when: formatInZone(n.scheduledAt, zone, lang) }),
                      n.doseStatus === 'taken' || n.doseStatus === 'by_hand'
                        ? t('dashboard.alerts.takenLater')
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </QueryState>
    </Paper>
  );
}
