import { monthOf } from '@dosedot/domain/time';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useQueryState } from '../../../hooks/use-address-state';
import { addMonths, firstOfMonth, lastOfMonth } from '../../../lib/dates';
import { formatMonth, formatPercent } from '../../../lib/format';
import { usePatientProfile } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { useAdherence } from '../api/get-adherence';
import { DashboardEmpty } from '../components/dashboard-empty';
import { DashboardShell } from '../components/dashboard-shell';
import { MonthCalendar } from '../components/month-calendar';
import { hasSchedule } from '../utils/names';

/** /dashboard/monthly: a calendar month with each day's adherence (?month=YYYY-MM, this month by default). */
export function MonthlyPage() {
  const { t } = useTranslation();
  const { lang, today } = useViewer();
  const profile = usePatientProfile();
  const [params, change] = useQueryState();
  const monthIn = (query: URLSearchParams) => {
    const asked = query.get('month');
    return asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : monthOf(today);
  };
  const month = monthIn(params);
  const adherence = useAdherence({ from: firstOfMonth(month), to: lastOfMonth(month) });
  // Two quick taps on 'next' go two months on.
  const go = (n: number) =>
    change((query) => new URLSearchParams({ month: addMonths(monthIn(query), n) }), { replace: true });
  const title = formatMonth(month, lang);
  return (
    <DashboardShell>
      <QueryState query={profile}>
        {(p) =>
          !hasSchedule(p.medicines) ? (
            <DashboardEmpty />
          ) : (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
                <IconButton aria-label={t('dashboard.monthly.previous')} onClick={() => go(-1)}>
                  <ChevronLeft />
                </IconButton>
                <Typography
                  variant="h6"
                  component="h2"
                  aria-live="polite"
                  sx={{ minWidth: 180, textAlign: 'center' }}
                >
                  {title}
                </Typography>
                <IconButton aria-label={t('dashboard.monthly.next')} onClick={() => go(1)}>
                  <ChevronRight />
                </IconButton>
              </Box>
              <QueryState query={adherence}>
                {(data) => (
                  <>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                      {t('dashboard.weekly.summary', {
                        rate: formatPercent(data.totals.adherence, lang) ?? '–',
                        taken: data.totals.taken + data.totals.byHand,
                        due: data.totals.due,
                      })}
                    </Typography>
                    <MonthCalendar days={data.days} label={t('dashboard.monthly.label', { month: title })} />
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                      {t('dashboard.monthly.colours')}
                    </Typography>
                  </>
                )}
              </QueryState>
            </Paper>
          )
        }
      </QueryState>
    </DashboardShell>
  );
}
