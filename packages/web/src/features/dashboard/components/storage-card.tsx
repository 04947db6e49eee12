import ThermostatOutlined from '@mui/icons-material/ThermostatOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';
import { formatDateTime, formatTime } from '../../../lib/format';
import { type StorageAlertMedicine, useStorageAlerts } from '../../../lib/storage-alerts';
import { useViewer } from '../../../lib/viewer';
import { formatDuration, formatStorageRange } from '../utils/storage';

/** How many stretches a medicine lists; the rest are counted. */
const SHOWN = 5;

/**
 * The storage alarm (decision 0006): for each medicine with a storage range, when the box read
 * outside it in the last 7 days — newest first, with how long and how far.
 */
export function StorageCard() {
  const { subject } = useViewer();
  const { t } = useTranslation();
  const alerts = useStorageAlerts({}, { patient: subject });
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="storage-card-title"
      sx={{ p: { xs: 2, sm: 2.5 }, mt: 3 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <ThermostatOutlined aria-hidden="true" sx={{ color: 'text.secondary' }} />
        <Typography id="storage-card-title" variant="h6" component="h2">
          {t('dashboard.storage.title')}
        </Typography>
      </Box>
      <QueryState
        query={alerts}
        loading={
          <Box role="status" aria-label={t('app.loading')}>
            <Skeleton width="60%" />
            <Skeleton width="80%" />
          </Box>
        }
      >
        {(data) =>
          data.medicines.length === 0 ? (
            <NoRange />
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
              {data.medicines.map((m) => (
                <MedicineAlerts key={m.id} medicine={m} />
              ))}
              {data.medicines.every((m) => m.intervals.length === 0) ? (
                <Typography component="li" variant="body2" color="text.secondary">
                  {t('dashboard.storage.allWell')}
                </Typography>
              ) : null}
            </Box>
          )
        }
      </QueryState>
    </Paper>
  );
}

function NoRange() {
  const { t } = useTranslation();
  const href = useLocalizedPath();
  // A caregiver cannot set one: no link to where it is set.
  const { readOnly } = useViewer();
  return (
    <Typography color="text.secondary">
      {t('dashboard.storage.none')}
      {readOnly ? null : (
        <>
          {' '}
          <Box component={RouterLink} to={href(paths.myMedicine)} sx={{ color: 'primary.text' }}>
            {t('dashboard.storage.setOne')}
          </Box>
        </>
      )}
    </Typography>
  );
}

function MedicineAlerts({ medicine: m }: { medicine: StorageAlertMedicine }) {
  const { lang, zone } = useViewer();
  const { t } = useTranslation();
  const out = m.intervals.length > 0;
  return (
    <Box component="li">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{m.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatStorageRange(m, lang, t)}
        </Typography>
        <Chip
          size="small"
          sx={{ ml: 'auto' }}
          variant={out ? 'filled' : 'outlined'}
          color={out ? 'warning' : 'default'}
          label={
            out
              ? t('dashboard.storage.outFor', { duration: formatDuration(m.minutesOut, lang) })
              : t('dashboard.storage.inRange')
          }
        />
      </Box>
      {out ? (
        <Box
          component="ul"
          aria-label={t('dashboard.storage.stretches', { name: m.name })}
          sx={{ m: 0, mt: 0.5, pl: 2.5 }}
        >
          {m.intervals.slice(0, SHOWN).map((i) => (
            <Typography component="li" variant="body2" key={i.start}>
              {t('dashboard.storage.stretch', {
                from: formatDateTime(i.start, lang, zone),
                to: formatTime(i.end, lang, zone),
                duration: formatDuration(i.minutes, lang),
              })}{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {i.reasons
                  .map((r) =>
                    t(`dashboard.storage.reason.${r}`, {
                      value:
                        r === 'too_humid'
                          ? formatNumber(i.humidityHighest, lang, '%')
                          : r === 'too_cold'
                            ? formatNumber(i.lowest, lang, '°C')
                            : formatNumber(i.highest, lang, '°C'),
                    }),
                  )
                  .join(', ')}
              </Box>
            </Typography>
          ))}
          {m.intervals.length > SHOWN ? (
            <Typography component="li" variant="body2" color="text.secondary">
              {t('dashboard.storage.more', { count: m.intervals.length - SHOWN })}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

const formatNumber = (v: number | null, lang: string, unit: string) =>
  v === null ? '–' : `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(v)}\u00a0${unit}`;
