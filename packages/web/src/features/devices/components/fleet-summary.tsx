import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DeviceList } from '../api/get-devices';

type Counts = Pick<DeviceList['meta'], 'online' | 'silent' | 'serviceNow' | 'serviceSoon' | 'unassigned'>;

/**
 * Fleet health at a glance (issue 24 item 10), over every box whatever the search and filters:
 * online (heard in the last 24 h), silent for longer, needing service (now or soon), unassigned.
 */
export function FleetSummary({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const tiles = [
    { key: 'online', value: counts.online, tone: 'success.main' },
    { key: 'silent', value: counts.silent, tone: counts.silent > 0 ? 'warning.main' : 'text.primary' },
    {
      key: 'service',
      value: counts.serviceNow + counts.serviceSoon,
      tone: counts.serviceNow > 0 ? 'error.main' : 'text.primary',
      detail: t('devices.fleet.summary.serviceDetail', { now: counts.serviceNow, soon: counts.serviceSoon }),
    },
    { key: 'unassigned', value: counts.unassigned, tone: 'text.primary' },
  ] as const;
  return (
    <Box
      component="dl"
      aria-label={t('devices.fleet.summary.label')}
      sx={{
        m: 0,
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {tiles.map((tile) => (
        <Paper
          key={tile.key}
          variant="outlined"
          sx={{ p: { xs: 1, sm: 1.5 }, minWidth: 0 }}
          data-summary={tile.key}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`devices.fleet.summary.${tile.key}`)}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 600, color: tile.tone }}
          >
            {tile.value}
          </Typography>
          {'detail' in tile ? (
            <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
              {tile.detail}
            </Typography>
          ) : null}
        </Paper>
      ))}
    </Box>
  );
}
