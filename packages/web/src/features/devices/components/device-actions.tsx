import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { Device } from '../api/get-devices';

export type DeviceAction = 'assign' | 'unbind' | 'qr';

/** A box's actions: assign it (when free) or unbind it (when held), and its QR code. */
export function DeviceActions({
  device,
  onAction,
}: {
  device: Device;
  onAction: (action: DeviceAction, device: Device) => void;
}) {
  const { t } = useTranslation();
  const deveui = device.attributes.deveui;
  const held = device.attributes.profile !== null;
  const button = (action: DeviceAction, label: string, icon: React.ReactNode) => (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={() => onAction(action, device)}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      {held
        ? button('unbind', t('devices.actions.unbind', { deveui }), <LinkOffOutlined />)
        : button('assign', t('devices.actions.assign', { deveui }), <PersonAddOutlined />)}
      {button('qr', t('devices.actions.qr', { deveui }), <QrCode2Outlined />)}
    </Box>
  );
}
