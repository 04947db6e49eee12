import type { FreeBox, ProfileListEntry } from '@dosedot/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssignHandover } from '../../../components/handover-field';
import { type AssignFailure, assignFailure } from '../../../lib/assign-refusal';
import { notify } from '../../../lib/toast';
import { useAssignSensor } from '../api/assign-sensor';
import { BoxPicker } from './box-picker';

/**
 * Assigns one of every free box to the patient (searched on the server), from the moment they got
 * it when given; the spec's toasts tell how it went, a refusal's reason under the failure toast.
 */
export function AssignSensorDialog({
  entry,
  onClose,
}: {
  entry: ProfileListEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const assign = useAssignSensor();
  const [chosen, setChosen] = useState<FreeBox | null>(null);
  const [since, setSince] = useState('');
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<AssignFailure | null>(null);
  useEffect(() => {
    if (entry) {
      setChosen(null);
      setSince('');
      setMissing(false);
      setFailure(null);
    }
  }, [entry]);
  const name = entry ? `${entry.attributes.givenname} ${entry.attributes.familyname}`.trim() : '';

  const submit = () => {
    if (!entry) return;
    if (!chosen) {
      setMissing(true);
      return;
    }
    const deveui = chosen.deveui;
    setFailure(null);
    assign.mutate(
      { profileid: entry.id, deveui, ...(since ? { since } : {}) },
      {
        onSuccess: () => {
          notify.success(t('patients.assign.success', { deveui }));
          onClose();
        },
        onError: (error) => {
          const why = assignFailure(error);
          setFailure(why);
          notify.error(t('patients.assign.failure', { deveui }), t(why.reason));
        },
      },
    );
  };

  return (
    <Dialog open={entry !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('patients.assign.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('assign.boxes.text', { name })}</DialogContentText>
        <Stack spacing={2}>
          {entry ? (
            <BoxPicker
              chosen={chosen}
              missing={missing}
              onChoose={(box) => {
                setChosen(box);
                setMissing(false);
                setFailure(null);
              }}
            />
          ) : null}
          <AssignHandover
            since={since}
            failure={failure}
            onChange={(value) => {
              setSince(value);
              setFailure(null);
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('patients.assign.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={assign.isPending}>
          {chosen
            ? t('assign.boxes.confirmBox', { box: chosen.serial_number ?? chosen.deveui })
            : t('patients.assign.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
