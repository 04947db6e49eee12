import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssignHandover } from '../../../components/handover-field';
import { SearchResults } from '../../../components/search-results';
import { TextInput } from '../../../components/text-input';
import { useDebounced } from '../../../hooks/use-debounced';
import { type AssignFailure, assignFailure } from '../../../lib/assign-refusal';
import { notify } from '../../../lib/toast';
import { useAssignSensor } from '../api/assign-sensor';
import type { Device } from '../api/get-devices';
import { type PatientEntry, usePatientSearch } from '../api/search-patients';

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
        <SearchResults
          query={patients}
          count={entries.length}
          empty={
            debounced.trim()
              ? t('devices.assign.noMatch', { search: debounced.trim() })
              : t('assign.holders.none')
          }
          minHeight={240}
          footer={
            patients.data && patients.data.meta.pagination.total > entries.length ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('devices.assign.more', {
                  shown: entries.length,
                  total: patients.data.meta.pagination.total,
                })}
              </Typography>
            ) : null
          }
        >
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
        </SearchResults>
        <Stack spacing={2} sx={{ mt: 2 }}>
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
