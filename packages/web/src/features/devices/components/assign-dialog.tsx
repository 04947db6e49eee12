import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HandoverField } from '../../../components/handover-field';
import { TextInput } from '../../../components/text-input';
import { failureKey } from '../../../lib/api-client';
import { type AssignFailure, assignFailure } from '../../../lib/assign-refusal';
import { notify } from '../../../lib/toast';
import { useAssignSensor } from '../api/assign-sensor';
import type { Device } from '../api/get-devices';
import { type PatientEntry, usePatientSearch } from '../api/search-patients';

/** Waits until typing pauses before asking the server. */
function useDebounced(value: string, ms = 250) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Chooses an active patient for a free box (search as you type) and assigns it, from the moment they
 * got it when given; the answer is a toast, a refusal's reason under the failure toast.
 */
export function AssignDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PatientEntry | null>(null);
  const [since, setSince] = useState('');
  const [failure, setFailure] = useState<AssignFailure | null>(null);
  const debounced = useDebounced(search);
  const patients = usePatientSearch(debounced, device !== null);
  const assign = useAssignSensor();
  const deveui = device?.attributes.deveui ?? '';

  const close = () => {
    setSearch('');
    setChosen(null);
    setSince('');
    setFailure(null);
    onClose();
  };
  const submit = () => {
    if (!chosen) return;
    setFailure(null);
    assign.mutate(
      { profileid: chosen.id, deveui, ...(since ? { since } : {}) },
      {
        onSuccess: () => {
          notify.success(t('devices.toast.assigned', { deveui }));
          close();
        },
        onError: (error) => {
          const why = assignFailure(error);
          setFailure(why);
          notify.error(t('devices.toast.assignFailed', { deveui }), t(why.reason));
        },
      },
    );
  };

  const entries = patients.data?.data ?? [];
  return (
    <Dialog open={device !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('devices.assign.title', { deveui })}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <TextInput
            label={t('devices.assign.search')}
            value={search}
            fullWidth
            helperText={t('assign.holders.searchHelp')}
            inputProps={{ autoFocus: true, type: 'search', autoComplete: 'off' }}
            onChange={(e) => {
              setSearch(e.target.value);
              setChosen(null);
              setFailure(null);
            }}
          />
        </Box>
        <Box sx={{ minHeight: 240, mt: 1 }} aria-live="polite" aria-busy={patients.isFetching}>
          {patients.isPending ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
              <CircularProgress size={28} aria-label={t('app.loading')} />
            </Box>
          ) : patients.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" onClick={() => void patients.refetch()}>
                  {t('errors.retry')}
                </Button>
              }
            >
              {t('errors.loadFailed')} {t(failureKey(patients.error))}
            </Alert>
          ) : entries.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              {debounced.trim()
                ? t('devices.assign.noMatch', { search: debounced.trim() })
                : t('assign.holders.none')}
            </Typography>
          ) : (
            <List aria-label={t('devices.assign.results')} dense>
              {entries.map((p) => {
                const sensor = p.attributes.sensor.data?.attributes.deveui;
                const name = `${p.attributes.givenname} ${p.attributes.familyname}`.trim();
                return (
                  <ListItem key={p.id} disablePadding>
                    <ListItemButton
                      selected={chosen?.id === p.id}
                      aria-pressed={chosen?.id === p.id}
                      disabled={!!sensor}
                      onClick={() => {
                        setChosen(p);
                        setFailure(null);
                      }}
                    >
                      <ListItemText
                        primary={name}
                        secondary={
                          sensor
                            ? `${p.attributes.email} · ${t('devices.assign.hasSensor', { deveui: sensor })}`
                            : p.attributes.email
                        }
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
          {patients.data && patients.data.meta.pagination.total > entries.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('devices.assign.more', {
                shown: entries.length,
                total: patients.data.meta.pagination.total,
              })}
            </Typography>
          ) : null}
        </Box>
        <Stack spacing={2} sx={{ mt: 2 }}>
          <HandoverField
            value={since}
            errorKey={failure?.since ?? null}
            onChange={(value) => {
              setSince(value);
              setFailure(null);
            }}
          />
          {failure && !failure.since ? (
            <Alert severity="error" role="alert">
              {t(failure.reason)}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('devices.assign.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!chosen || assign.isPending}>
          {chosen
            ? t('devices.assign.confirmTo', {
                name: `${chosen.attributes.givenname} ${chosen.attributes.familyname}`.trim(),
              })
            : t('devices.assign.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
