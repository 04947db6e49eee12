import { localDateOf } from '@dosedot/domain/time';
import SensorsOffOutlined from '@mui/icons-material/SensorsOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { Loading } from '../../../components/loading';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { QueryState } from '../../../components/query-state';
import { TextInput } from '../../../components/text-input';
import { allows } from '../../../lib/authorization';
import { useProfile, useUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/format';
import { outOfRangeSpans, useStorageAlerts } from '../../../lib/storage-alerts';
import { useViewer } from '../../../lib/viewer';
import { useBoxes } from '../api/get-boxes';
import { useSensorChart } from '../api/get-sensor-chart';
import { SENSOR_MAX_DAYS, useSensorRange } from '../hooks/use-sensor-range';
import { hasReadings } from '../utils/sensor-series';

// ECharts loads with the charts, after the page has appeared.
const SensorCharts = lazy(() => import('./sensor-charts').then((m) => ({ default: m.SensorCharts })));

/**
 * The box's battery, motion, temperature and humidity for a chosen range (spec section 2). A patient
 * sees their own box; an administrator may choose any box (the chart call allows it). Stretches out
 * of a medicine's storage range are shaded on the patient's own box (decision 0006).
 */
export function SensorSection() {
  const { lang, zone } = useViewer();
  // The sensor series are instants: their range counts calendar dates, not chart days.
  const today = localDateOf(Date.now(), zone);
  const { t } = useTranslation();
  const profile = useProfile();
  const isAdmin = allows(useUser().data, 'admin');
  const boxes = useBoxes(isAdmin);
  const own = profile.data?.sensor?.deveui;
  const [chosen, setChosen] = useState<string | undefined>();
  const deveui = chosen ?? own ?? (isAdmin ? boxes.data?.[0]?.attributes.deveui : undefined);
  const { range, problem, set } = useSensorRange(today);
  const chart = useSensorChart(deveui, range, problem === null);
  const mine = deveui !== undefined && deveui === own;
  const alerts = useStorageAlerts(range, { enabled: mine && problem === null });
  const shaded = useMemo(() => {
    const medicines = mine ? (alerts.data?.medicines ?? []) : [];
    return {
      temperature: outOfRangeSpans(medicines, 'temperature'),
      humidity: outOfRangeSpans(medicines, 'humidity'),
    };
  }, [alerts.data, mine]);
  const label = t('charts.sensor.label', {
    from: formatDate(range.from, lang),
    to: formatDate(range.to, lang),
  });

  if (profile.isPending || (isAdmin && boxes.isPending)) return <LoadingSkeleton rows={4} />;
  if (!deveui)
    return (
      <EmptyState title={t('charts.sensor.noSensor')} icon={<SensorsOffOutlined />}>
        {t('charts.sensor.noSensorText')}
      </EmptyState>
    );

  const controls = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      {isAdmin && boxes.data && boxes.data.length > 0 ? (
        <FormControl sx={{ minWidth: 220 }}>
          <InputLabel id="sensor-box-label">{t('charts.sensor.box')}</InputLabel>
          <Select
            labelId="sensor-box-label"
            label={t('charts.sensor.box')}
            value={deveui}
            onChange={(e) => setChosen(e.target.value)}
          >
            {boxes.data.map((b) => (
              <MenuItem key={b.id} value={b.attributes.deveui}>
                {b.attributes.deveui}
                {b.attributes.profile
                  ? ` · ${b.attributes.profile.givenname} ${b.attributes.profile.familyname}`
                  : ''}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      ) : null}
      <Box sx={{ width: 170 }}>
        <TextInput
          label={t('charts.sensor.from')}
          type="date"
          value={range.from}
          error={problem === 'startAfterEnd'}
          inputProps={{ max: today }}
          onChange={(e) => e.target.value && set({ from: e.target.value })}
        />
      </Box>
      <Box sx={{ width: 170 }}>
        <TextInput
          label={t('charts.sensor.to')}
          type="date"
          value={range.to}
          error={problem !== null}
          inputProps={{ max: today }}
          onChange={(e) => e.target.value && set({ to: e.target.value })}
        />
      </Box>
    </Box>
  );

  return (
    <ContentCard title={t('charts.sensor.title')} description={t('charts.sensor.description', { deveui })}>
      {controls}
      <Box sx={{ mt: 2 }} aria-label={label} role="region">
        {problem ? (
          <Alert severity="warning">
            {problem === 'startAfterEnd'
              ? t('charts.sensor.startAfterEnd')
              : t('charts.sensor.tooLong', { days: SENSOR_MAX_DAYS })}
          </Alert>
        ) : (
          <QueryState query={chart} loading={<LoadingSkeleton rows={6} />}>
            {(answer) =>
              !hasReadings(answer.data) ? (
                <EmptyState title={t('charts.sensor.noReadings')}>
                  {t('charts.sensor.noReadingsText')}
                </EmptyState>
              ) : (
                <>
                  {answer.meta.downsampled ? (
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                      {t('charts.sensor.downsampled', {
                        readings: answer.meta.readings,
                        points: answer.meta.points,
                      })}
                    </Typography>
                  ) : null}
                  {mine && alerts.isError ? (
                    <Alert severity="warning" sx={{ mb: 1 }}>
                      {t('charts.sensor.alertsFailed')}
                    </Alert>
                  ) : null}
                  <Suspense fallback={<Loading />}>
                    <SensorCharts data={answer.data} shaded={shaded} />
                  </Suspense>
                </>
              )
            }
          </QueryState>
        )}
      </Box>
    </ContentCard>
  );
}
