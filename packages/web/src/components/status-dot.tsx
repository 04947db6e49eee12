import type { DotStatus } from '@dosedot/domain/adherence';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DOT_STATUSES } from '../lib/theme';

/** The catalog key of each status's name (doseStatus.*). */
export const DOT_STATUS_LABEL_KEYS: Record<DotStatus, string> = {
  on_time: 'doseStatus.onTime',
  about_1h: 'doseStatus.about1h',
  over_2h: 'doseStatus.over2h',
  missed: 'doseStatus.missed',
  pending: 'doseStatus.pending',
  by_hand: 'doseStatus.byHand',
  not_tracked: 'doseStatus.notTracked',
};

interface StatusDotProps {
  status: DotStatus;
  /** Diameter in px (default 14). */
  size?: number;
  /** Read to screen readers; without it the dot is decoration beside a text that says the same. */
  label?: string;
}

/**
 * A dose's dot in the theme's status colour (palette.status). Taken doses are filled dots; missed
 * is a cross and pending a ring, so the two are told apart without colour too.
 */
export function StatusDot({ status, size = 14, label }: StatusDotProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <Box
      component="svg"
      viewBox="0 0 16 16"
      {...a11y}
      sx={{ width: size, height: size, flex: 'none', color: `status.${status}`, display: 'block' }}
    >
      {status === 'missed' ? (
        <path
          d="M3 3 13 13M13 3 3 13"
          stroke="currentColor"
          strokeWidth="3.2"
          strokeLinecap="round"
          fill="none"
        />
      ) : status === 'by_hand' ? (
        <path d="M6 1h4v5h5v4h-5v5H6v-5H1V6h5z" fill="currentColor" />
      ) : status === 'not_tracked' ? (
        <rect x="1" y="6" width="14" height="4" fill="currentColor" />
      ) : status === 'pending' ? (
        <circle cx="8" cy="8" r="5.6" stroke="currentColor" strokeWidth="2.8" fill="none" />
      ) : (
        <circle cx="8" cy="8" r="7" fill="currentColor" />
      )}
    </Box>
  );
}

/** The key to the dot colours: each status's dot and name, in a row that wraps. */
export function StatusLegend({ statuses = DOT_STATUSES }: { statuses?: readonly DotStatus[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('doseStatus.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 1, m: 0, p: 0, listStyle: 'none' }}
    >
      {statuses.map((status) => (
        <Box component="li" key={status} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <StatusDot status={status} />
          <Typography variant="body2">{t(DOT_STATUS_LABEL_KEYS[status])}</Typography>
        </Box>
      ))}
    </Box>
  );
}
