import type { Medicine, Schedule } from '@dosedot/domain';
import AccessTime from '@mui/icons-material/AccessTime';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDosageTime } from '../../../lib/format';
import type { Language } from '../../../lib/locale';
import { notify } from '../../../lib/toast';
import { useViewer } from '../../../lib/viewer';
import { useDeleteSchedule } from '../api/delete-schedule';
import { posologyLines } from '../utils/posology-words';
import { AddScheduleForm } from './add-schedule-form';
import { Section } from './section';

/** A medicine's dosage times: delete one (after a confirmation) or add one. */
export function ScheduleCard({ medicine }: { medicine: Medicine }) {
  const { lang, subject } = useViewer();
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const remove = useDeleteSchedule();
  // An administrator acting for a patient sees the dosage times but does not change them.
  const readOnly = subject !== null;
  const schedules = [...medicine.schedules].sort((a, b) => a.dosage_time.localeCompare(b.dosage_time));

  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify.success(t('medicines.toast.scheduleDeleted')),
      onError: () => notify.error(t('medicines.toast.scheduleDeleteFailed')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Section title={t('medicines.schedule.title', { name: medicine.name })} tour="schedule">
      {medicine.posology ? (
        // An imported posology (eMediplan): its schedule in words; new dosage times on the edit page replace it.
        <List dense aria-label={t('medicines.schedule.list', { name: medicine.name })}>
          {posologyLines(t, lang as Language, medicine.posology).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one line per part of the posology, in order
            <ListItem key={i} divider>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <AccessTime fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={line} />
            </ListItem>
          ))}
        </List>
      ) : medicine.type === 2 ? (
        <Typography color="text.secondary">
          {t('medicines.schedule.asNeeded', { name: medicine.name })}
        </Typography>
      ) : (
        <>
          {schedules.length === 0 ? (
            <Typography color="text.secondary">{t('medicines.schedule.empty')}</Typography>
          ) : (
            <List dense aria-label={t('medicines.schedule.list', { name: medicine.name })}>
              {schedules.map((s) => {
                const time = formatDosageTime(s.dosage_time, lang);
                return (
                  <ListItem
                    key={s.id}
                    divider
                    secondaryAction={
                      readOnly ? null : (
                        <IconButton
                          edge="end"
                          aria-label={t('medicines.schedule.delete', { time })}
                          onClick={() => setDeleting(s)}
                        >
                          <DeleteOutlined />
                        </IconButton>
                      )
                    }
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <AccessTime fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={time} />
                  </ListItem>
                );
              })}
            </List>
          )}
          {readOnly ? null : <AddScheduleForm medicine={medicine} />}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('medicines.schedule.confirmTitle')}
        question={t('medicines.schedule.confirm')}
        cancelLabel={t('medicines.schedule.cancel')}
        confirmLabel={t('medicines.schedule.confirmButton')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirm}
      />
    </Section>
  );
}
