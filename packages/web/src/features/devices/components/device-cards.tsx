import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BatteryGauge } from './battery-gauge';
import { DeviceActions } from './device-actions';
import { useModeLabel } from './device-mode';
import type { DeviceViewProps } from './device-table';
import { Holder } from './holder';
import { LastSeen } from './last-seen';
import { ServiceHint } from './service-hint';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, mt: 0.25 }}>
        {children}
      </Box>
    </Box>
  );
}

/** /devices/index2: one card per box, in a grid that becomes one column on phones. */
export function DeviceCards({ devices, now, onAction }: DeviceViewProps) {
  const { t } = useTranslation();
  const mode = useModeLabel();
  return (
    <Box
      component="ul"
      aria-label={t('devices.list.label')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      {devices.map((d) => (
        <Paper
          key={d.id}
          component="li"
          variant="outlined"
          aria-label={d.attributes.deveui}
          sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography component="h2" sx={{ fontFamily: 'monospace', fontWeight: 600, fontSize: '1rem' }}>
                {d.attributes.deveui}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[d.attributes.serial_number, d.attributes.device_profile].filter(Boolean).join(' · ')}
              </Typography>
              {d.attributes.name ? (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {d.attributes.name}
                </Typography>
              ) : null}
            </Box>
            <DeviceActions device={d} onAction={onAction} />
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }}>
            <Field label={t('devices.columns.battery')}>
              <BatteryGauge percent={d.attributes.battery} />
            </Field>
            <Field label={t('devices.columns.mode')}>
              <Typography variant="body2">{mode(d.attributes.buttonmode)}</Typography>
            </Field>
            <Field label={t('devices.columns.lastSeen')}>
              <LastSeen sensortime={d.attributes.sensortime} now={now} />
            </Field>
            <Field label={t('devices.columns.patient')}>
              <Holder profile={d.attributes.profile} />
            </Field>
          </Box>
          <Box sx={{ mt: 'auto' }}>
            <ServiceHint service={d.attributes.service} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
