import { addDays } from '@dosedot/domain/time';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDate, formatPercent } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useViewer } from '../../../lib/viewer';
import { useAdherence } from '../api/get-adherence';
import { useProfileSchedule } from '../api/get-profile-schedule';
import { ScheduleList } from '../components/schedule-list';
import { SensorSection } from '../components/sensor-section';

// ECharts loads with the chart, after the page has appeared.
const CumulativeChart = lazy(() =>
  import('../components/cumulative-chart').then((m) => ({ default: m.CumulativeChart })),
);
const PERIODS = [7, 30, 90] as const;

/**
 * Cumulative Chart: doses due and taken, added up over the period; beside it the patient's whole
 * schedule (spec section 4); below, the box's battery, motion, temperature and humidity.
 */
export function CumulativeChartPage() {
  const caring = useSession((s) => s.caring);
  const { t } = useTranslation();
  // It reads the signed-in user's own data only: under a caregiver's view of a patient it would
  // show the caregiver's figures beneath the patient's name.
  if (caring)
    return (
      <>
        <PageHeader title={t('pages.cumulativeChart.title')} />
        <Alert severity="info">{t('pages.cumulativeChart.ownDataOnly', { name: caring.name })}</Alert>
      </>
    );
  return <CumulativeChartContent />;
}

function CumulativeChartContent() {
  const { t } = useTranslation();
  const { lang, today } = useViewer();
  const [params, setParams] = useSearchParams();
  const days = PERIODS.find((d) => String(d) === params.get('days')) ?? 30;
  const range = { from: addDays(today, -(days - 1)), to: today };
  const schedule = useProfileSchedule();
  const adherence = useAdherence(range);
  const label = t('charts.cumulative.label', {
    from: formatDate(range.from, lang),
    to: formatDate(range.to, lang),
  });

  return (
    <>
      <PageHeader title={t('pages.cumulativeChart.title')} />
      <QueryState query={schedule}>
        {(entries) =>
          entries.length === 0 ? (
            <Alert severity="info">{t('pages.cumulativeChart.noSchedule')}</Alert>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' },
                alignItems: 'start',
              }}
            >
              <Paper
                component="section"
                variant="outlined"
                aria-label={label}
                sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
              >
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
                  <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
                    {label}
                  </Typography>
                  <ToggleButtonGroup
                    size="small"
                    exclusive
                    value={days}
                    aria-label={t('charts.cumulative.period')}
                    onChange={(_e, value: number | null) =>
                      value && setParams({ days: String(value) }, { replace: true })
                    }
                  >
                    {PERIODS.map((d) => (
                      <ToggleButton key={d} value={d}>
                        {t('charts.cumulative.days', { count: d })}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                </Box>
                <QueryState query={adherence}>
                  {(data) => (
                    <>
                      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                        {t('charts.cumulative.summary', {
                          taken: data.totals.taken + data.totals.byHand,
                          due: data.totals.due,
                          rate: formatPercent(data.totals.adherence, lang) ?? '–',
                          onTime: formatPercent(data.totals.onTimeRate, lang) ?? '–',
                        })}
                      </Typography>
                      {data.totals.due === 0 && data.totals.taken === 0 && data.totals.unmatched === 0 ? (
                        <Alert severity="info">{t('pages.cumulativeChart.noScheduleOrPress')}</Alert>
                      ) : (
                        <Suspense fallback={<Loading />}>
                          <CumulativeChart days={data.days} label={label} />
                        </Suspense>
                      )}
                    </>
                  )}
                </QueryState>
              </Paper>
              <Paper
                component="section"
                variant="outlined"
                aria-label={t('charts.schedule.title')}
                sx={{ p: { xs: 2, sm: 3 } }}
              >
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('charts.schedule.title')}
                </Typography>
                <ScheduleList schedule={entries} />
              </Paper>
            </Box>
          )
        }
      </QueryState>
      <Box sx={{ mt: 3 }}>
        <SensorSection />
      </Box>
    </>
  );
}
