import BuildOutlined from '@mui/icons-material/BuildOutlined';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Device } from '../api/get-devices';

/** 'need service now' or 'need service soon' (ARCHITECTURE section 4; what triggers it is not shown). */
export function ServiceHint({ service }: { service: Device['attributes']['service'] }) {
  const { t } = useTranslation();
  if (!service)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('devices.service.ok')}
      </Typography>
    );
  return (
    <Chip
      size="small"
      icon={<BuildOutlined />}
      label={t(`devices.service.${service}`)}
      variant={service === 'now' ? 'filled' : 'outlined'}
      sx={
        service === 'now'
          ? { bgcolor: 'status.over_2h', color: 'common.white', '& .MuiChip-icon': { color: 'inherit' } }
          : { borderColor: 'status.about_1h', '& .MuiChip-icon': { color: 'status.about_1h' } }
      }
    />
  );
}
