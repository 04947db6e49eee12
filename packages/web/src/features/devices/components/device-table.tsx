import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Device } from '../api/get-devices';
import type { DeviceListParams, SortField } from '../utils/list-params';
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

interface SortProps {
  sort: DeviceListParams['sort'];
  onSort: (sort: DeviceListParams['sort']) => void;
}

/** A header's sort label: first ascending, then descending, then back to the default order. */
function SortLabel({ field, sort, onSort }: { field: SortField } & SortProps) {
  const { t } = useTranslation();
  const active = sort?.field === field;
  const direction = active ? sort.direction : 'asc';
  const next = (): DeviceListParams['sort'] =>
    !active ? { field, direction: 'asc' } : sort.direction === 'asc' ? { field, direction: 'desc' } : null;
  return (
    <TableSortLabel
      active={active}
      direction={direction}
      onClick={() => onSort(next())}
      // A finger's 44 px on a phone, where the table is scrolled and sorted by touch.
      sx={{ minHeight: { xs: 44, sm: 0 } }}
    >
      {t(`devices.fleet.columns.${field}`)}
    </TableSortLabel>
  );
}

/** A column header sorting by one field, or by either of two stacked fields (serial number and model). */
function SortHeader({ fields, sort, onSort }: { fields: SortField[] } & SortProps) {
  const active = fields.find((f) => sort?.field === f);
  return (
    <TableCell sortDirection={active && sort ? sort.direction : false}>
      {fields.map((field) => (
        <Box key={field} sx={{ display: 'block' }}>
          <SortLabel field={field} sort={sort} onSort={onSort} />
        </Box>
      ))}
    </TableCell>
  );
}

/**
 * /devices: one row per box, every column but mode and actions sortable by its header. At 1280 px
 * and wider the table fits its card; phones scroll it sideways.
 */
export function DeviceTable({ devices, now, onAction, sort, onSort }: DeviceViewProps & SortProps) {
  const { t } = useTranslation();
  const mode = useModeLabel();
  const header = { sort, onSort };
  return (
    <TableContainer>
      <Table
        aria-label={t('devices.list.label')}
        size="small"
        sx={{
          minWidth: 720,
          '& td, & th': { px: { xs: 0.75, lg: 0.5 } },
          '& td:first-of-type, & th:first-of-type': { pl: 2 },
        }}
      >
        <TableHead>
          <TableRow>
            <SortHeader fields={['deveui']} {...header} />
            <SortHeader fields={['serial_number', 'device_profile']} {...header} />
            <SortHeader fields={['battery']} {...header} />
            <SortHeader fields={['sensortime']} {...header} />
            <TableCell sx={{ display: { xs: 'none', xl: 'table-cell' } }}>
              {t('devices.columns.mode')}
            </TableCell>
            <SortHeader fields={['holder']} {...header} />
            <SortHeader fields={['service']} {...header} />
            <TableCell align="right">{t('devices.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {devices.map((d) => (
            <TableRow key={d.id}>
              <TableCell component="th" scope="row">
                <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.875rem', fontWeight: 600 }}>
                  {d.attributes.deveui}
                </Box>
                {d.attributes.name ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {d.attributes.name}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                  {d.attributes.serial_number ?? '–'}
                </Box>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block', whiteSpace: 'nowrap' }}
                >
                  {d.attributes.device_profile}
                </Typography>
              </TableCell>
              <TableCell>
                <BatteryGauge percent={d.attributes.battery} />
              </TableCell>
              <TableCell>
                <LastSeen sensortime={d.attributes.sensortime} now={now} />
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', xl: 'table-cell' } }}>
                {mode(d.attributes.buttonmode)}
              </TableCell>
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
