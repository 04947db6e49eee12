import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading';
import { QueryState } from '../../../components/query-state';
import { useAnsweredTogether } from '../../../hooks/use-answered-together';
import { formatDate } from '../../../lib/format';
import { useStorageAlerts } from '../../../lib/storage-alerts';
import { useViewer } from '../../../lib/viewer';
import { AlertsCard } from '../components/alerts-card';
import { DashboardEmpty } from '../components/dashboard-empty';
import { DashboardShell } from '../components/dashboard-shell';
import { IntakeList } from '../components/intake-list';
import { StorageCard } from '../components/storage-card';
import { TodaySummary } from '../components/today-summary';
import { useToday } from '../hooks/use-today';
import { hasSchedule } from '../utils/names';

/** /dashboard, the daily plan: today's doses with their status, the next dose and today's adherence. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { lang, readOnly, subject } = useViewer();
  const { today, profile, adherence } = useToday();
  // Today's doses and the storage card render once, when the profile, the day's figures and the
  // storage alerts have all answered, not once per answer (issue 23 item 12).
  const storage = useStorageAlerts({}, { patient: subject });
  if (!useAnsweredTogether(profile, adherence, storage))
    return (
      <DashboardShell>
        <Loading />
      </DashboardShell>
    );
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
                const now = new Date().toISOString();
                const next = data.days
                  .flatMap((d) => d.intakes)
                  .find((i) => i.status === 'pending' && i.scheduledAt > now);
                return (
                  <>
                    <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                      {/* A caregiver or an administrator acting for the patient is not greeted by the patient's name. */}
                      {t(subject ? 'pages.dashboard.dayOf' : 'pages.dashboard.greeting', {
                        name: p.givenname,
                      })}
                      {' · '}
                      {formatDate(today, lang)}
                    </Typography>
                    <TodaySummary today={day} next={next} medicines={p.medicines} />
                    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
                      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                        {t('dashboard.today.title')}
                      </Typography>
                      {day && day.intakes.length > 0 ? (
                        <IntakeList
                          intakes={day.intakes}
                          medicines={p.medicines}
                          label={t('dashboard.today.title')}
                        />
                      ) : (
                        <Typography color="text.secondary">{t('pages.dashboard.noSchedule')}</Typography>
                      )}
                    </Paper>
                  </>
                );
              }}
            </QueryState>
          )
        }
      </QueryState>
      {/* The storage alarm of the patient shown: oneself, or the one an administrator acts for. */}
      <StorageCard />
      {/* A caregiver sees the alerts DoseDot sent about the patient's doses (the patient, on their profile). */}
      {readOnly ? <AlertsCard /> : null}
    </DashboardShell>
  );
}
