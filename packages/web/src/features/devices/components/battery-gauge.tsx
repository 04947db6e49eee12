import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../../lib/viewer';
import { batteryLevel } from '../utils/format';

const TONE = { good: 'status.on_time', weak: 'status.about_1h', low: 'status.over_2h', unknown: 'divider' };

/** The battery as a small gauge filled to its level, in a tone for good, weak or low, and the percent. */
export function BatteryGauge({ percent }: { percent: number | null }) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  const level = batteryLevel(percent);
  const text =
    percent === null
      ? t('devices.battery.unknown')
      : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
  const label = percent === null ? text : t(`devices.battery.${level}`, { percent: text });
  return (
    // Positioned: the screen-reader text inside is placed against the gauge, not against a box far up
    // the page (in the phone's sideways-scrolling table it widened the whole page).
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, position: 'relative' }} title={label}>
      <Box
        aria-hidden="true"
        sx={{
          position: 'relative',
          width: 36,
          height: 16,
          borderRadius: '4px',
          border: 2,
          borderColor: 'text.secondary',
          p: '2px',
          flex: 'none',
          '&::after': {
            content: '""',
            position: 'absolute',
            right: -5,
            top: 3,
            width: 3,
            height: 6,
            borderRadius: '0 2px 2px 0',
            bgcolor: 'text.secondary',
          },
        }}
      >
        <Box
          sx={{
            height: '100%',
            width: `${Math.max(0, Math.min(100, percent ?? 0))}%`,
            minWidth: percent ? 2 : 0,
            borderRadius: '2px',
            bgcolor: TONE[level],
          }}
        />
      </Box>
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        <span aria-hidden="true">{text}</span>
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      </Typography>
    </Box>
  );
}

// Read by screen readers only (px: in sx a bare 1 would mean 100 %).
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
