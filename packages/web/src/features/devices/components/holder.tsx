import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Device } from '../api/get-devices';

/** The patient who holds the box, or that nobody does. */
export function Holder({ profile }: { profile: Device['attributes']['profile'] }) {
  const { t } = useTranslation();
  if (!profile)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('devices.unassigned')}
      </Typography>
    );
  return (
    <Typography variant="body2" component="span">
      {`${profile.givenname} ${profile.familyname}`.trim()}
    </Typography>
  );
}
