import { addDays } from '@dosedot/domain/time';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { formatDate, formatPercent } from '../../../lib/format';
import { usePatientProfile } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { useAdherence } from '../api/get-adherence';
import { DashboardEmpty } from '../components/dashboard-empty';
import { DashboardShell } from '../components/dashboard-shell';
import { DotLegend } from '../components/dot-legend';
import { WeekGrid } from '../components/week-grid';
import { hasSchedule } from '../utils/names';

/** /dashboard/weekly: the last seven chart days as a grid. */
export function WeeklyPage() {
  const { t } = useTranslation();
  const { lang, today } = useViewer();
  const profile = usePatientProfile();
  const range = { from: addDays(today, -6), to: today };
  const adherence = useAdherence(range);
  const label = t('dashboard.weekly.label', {
    from: formatDate(range.from, lang),
    to: formatDate(range.to, lang),
  });
  return (
    <DashboardShell>
      <QueryState query={profile}>
        {(p) =>
          !hasSchedule(p.medicines) ? (
            <DashboardEmpty />
          ) : (
            <QueryState query={adherence}>
              {(data) => (
                <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                  <Typography variant="h6" component="h2">
                    {label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    {t('dashboard.weekly.summary', {
                      rate: formatPercent(data.totals.adherence, lang) ?? '–',
                      taken: data.totals.taken + data.totals.byHand,
                      due: data.totals.due,
                    })}
                  </Typography>
                  <WeekGrid days={data.days} label={label} />
                  <DotLegend />
                </Paper>
              )}
            </QueryState>
          )
        }
      </QueryState>
    </DashboardShell>
  );
}
