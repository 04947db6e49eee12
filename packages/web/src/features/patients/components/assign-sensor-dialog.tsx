import type { ProfileListEntry } from '@dosedot/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureKey } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useAssignSensor } from '../api/assign-sensor';
import { useFreeSensors } from '../api/get-sensors';

/** Assigns one of the free boxes to the patient; the spec's toasts tell how it went. */
export function AssignSensorDialog({
  entry,
  onClose,
}: {
  entry: ProfileListEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const sensors = useFreeSensors(entry !== null);
  const assign = useAssignSensor();
  const [deveui, setDeveui] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (entry) {
      setDeveui('');
      setMissing(false);
    }
  }, [entry]);
  const name = entry ? `${entry.attributes.givenname} ${entry.attributes.familyname}`.trim() : '';

  const submit = () => {
    if (!entry) return;
    if (!deveui) {
      setMissing(true);
      return;
    }
    assign.mutate(
      { profileid: entry.id, deveui },
      {
        onSuccess: () => {
          notify.success(t('patients.assign.success', { deveui }));
          onClose();
        },
        onError: () => notify.error(t('patients.assign.failure', { deveui })),
      },
    );
  };

  return (
    <Dialog open={entry !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('patients.assign.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('patients.assign.text', { name })}</DialogContentText>
        {sensors.isPending ? (
          <Skeleton variant="rounded" height={56} aria-label={t('patients.loading')} />
        ) : sensors.isError ? (
          <Alert severity="error">
            {t('patients.assign.sensorsFailed')} {t(failureKey(sensors.error))}
          </Alert>
        ) : sensors.data.length === 0 ? (
          <Alert severity="info">{t('patients.assign.noneFree')}</Alert>
        ) : (
          <TextField
            select
            fullWidth
            required
            label={t('patients.assign.sensor')}
            value={deveui}
            error={missing}
            helperText={missing ? t('patients.assign.choose') : t('patients.assign.help')}
            onChange={(e) => {
              setDeveui(e.target.value);
              setMissing(false);
            }}
          >
            {sensors.data.map((d) => (
              <MenuItem key={d} value={d} sx={{ fontFamily: 'monospace' }}>
                {d}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('patients.assign.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={assign.isPending || !sensors.data?.length}>
          {t('patients.assign.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
