import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Device } from '../api/get-devices';
import { BatteryGauge } from './battery-gauge';
import { type DeviceAction, DeviceActions } from './device-actions';
import { useModeLabel } from './device-mode';
import { Holder } from './holder';
import { LastSeen } from './last-seen';
import { ServiceHint } from './service-hint';

export interface DeviceViewProps {
  devices: Device[];
  now: number;
  onAction: (action: DeviceAction, device: Device) => void;
}

/** /devices: one row per box; the table scrolls sideways on phones. */
export function DeviceTable({ devices, now, onAction }: DeviceViewProps) {
  const { t } = useTranslation();
  const mode = useModeLabel();
  return (
    <TableContainer>
      <Table aria-label={t('devices.list.label')} sx={{ minWidth: 880 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('devices.columns.deveui')}</TableCell>
            <TableCell>{t('devices.columns.battery')}</TableCell>
            <TableCell>{t('devices.columns.lastSeen')}</TableCell>
            <TableCell>{t('devices.columns.mode')}</TableCell>
            <TableCell>{t('devices.columns.patient')}</TableCell>
            <TableCell>{t('devices.columns.service')}</TableCell>
            <TableCell align="right">{t('devices.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {devices.map((d) => (
            <TableRow key={d.id}>
              <TableCell component="th" scope="row">
                <Box
                  component="span"
                  sx={{ fontFamily: 'monospace', fontSize: '0.9375rem', fontWeight: 600 }}
                >
                  {d.attributes.deveui}
                </Box>
                {d.attributes.serial_number ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {d.attributes.serial_number}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <BatteryGauge percent={d.attributes.battery} />
              </TableCell>
              <TableCell>
                <LastSeen sensortime={d.attributes.sensortime} now={now} />
              </TableCell>
              <TableCell>{mode(d.attributes.buttonmode)}</TableCell>
              <TableCell>
                <Holder profile={d.attributes.profile} />
              </TableCell>
              <TableCell>
                <ServiceHint service={d.attributes.service} />
              </TableCell>
              <TableCell align="right" sx={{ py: 0.5 }}>
                <DeviceActions device={d} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
