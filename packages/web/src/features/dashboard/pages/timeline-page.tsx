import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import { DashboardEmpty } from '../components/dashboard-empty';
import { DashboardShell } from '../components/dashboard-shell';
import { DayTimeline } from '../components/day-timeline';
import { useToday } from '../hooks/use-today';
import { hasSchedule } from '../utils/names';

/** /dashboard/index2: today as a timeline, with the presses that matched no dose. */
export function TimelinePage() {
  const { t } = useTranslation();
  const { lang } = useViewer();
  const { today, profile, adherence } = useToday();
  return (
    <DashboardShell>
      <QueryState query={profile}>
        {(p) =>
          !hasSchedule(p.medicines) ? (
            <DashboardEmpty />
          ) : (
            <QueryState query={adherence}>
              {(data) => {
                const day = data.days.find((d) => d.date === today);
                const label = t('dashboard.timeline.label', { date: formatDate(today, lang) });
                return (
                  <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                    <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
                      {label}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                      {t('dashboard.timeline.intro')}
                    </Typography>
                    {day ? (
                      <DayTimeline day={day} medicines={p.medicines} label={label} />
                    ) : (
                      <Typography color="text.secondary">{t('pages.dashboard.noSchedule')}</Typography>
                    )}
                  </Paper>
                );
              }}
            </QueryState>
          )
        }
      </QueryState>
    </DashboardShell>
  );
}
