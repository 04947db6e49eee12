import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../../lib/viewer';
import { formatDateTime, formatRelative } from '../utils/format';

/** When the box was last heard: relative ("3 hours ago"), with 'lll' under it. */
export function LastSeen({ sensortime, now }: { sensortime: string | null; now: number }) {
  const { lang, zone } = useViewer();
  const { t } = useTranslation();
  if (!sensortime)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('devices.lastSeen.never')}
      </Typography>
    );
  return (
    <>
      <Typography variant="body2" component="time" dateTime={sensortime} sx={{ display: 'block' }}>
        {formatRelative(sensortime, now, lang)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {formatDateTime(sensortime, lang, zone)}
      </Typography>
    </>
  );
}
