import type { ManualIntake } from '@dosedot/domain';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { formatDateTime, formatTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useViewer } from '../../../lib/viewer';
import { useDeleteIntake } from '../api/delete-intake';

/**
 * The intakes entered by hand of one medicine over the period, newest first: when, how much, the
 * dose it confirms, whether an administrator entered it; each can be deleted (the patient's undo).
 */
export function ManualIntakes({ intakes }: { intakes: ManualIntake[] }) {
  const { t } = useTranslation();
  const { lang, zone, readOnly } = useViewer();
  const remove = useDeleteIntake();
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('medicines.intake.listTitle')}
      </Typography>
      {intakes.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t('medicines.intake.listEmpty')}
        </Typography>
      ) : (
        <List dense aria-label={t('medicines.intake.listTitle')}>
          {intakes.map((intake) => {
            const time = formatDateTime(intake.takenAt, lang, zone);
            const details = [
              intake.scheduledAt
                ? t('medicines.intake.forDose', { time: formatTime(intake.scheduledAt, lang, zone) })
                : null,
              intake.amount === null
                ? null
                : t('medicines.intake.amountValue', { amount: intake.amount.toLocaleString(lang) }),
              intake.enteredBySelf ? null : t('medicines.intake.byAdmin'),
            ].filter(Boolean);
            return (
              <ListItem
                key={intake.id}
                divider
                disableGutters
                secondaryAction={
                  readOnly ? null : (
                    <IconButton
                      edge="end"
                      aria-label={t('medicines.intake.remove', { time })}
                      disabled={remove.isPending}
                      sx={{ width: 44, height: 44 }}
                      onClick={() =>
                        remove.mutate(intake.id, {
                          onSuccess: () => notify.success(t('medicines.intake.removed')),
                          onError: () => notify.error(t('medicines.intake.failed')),
                        })
                      }
                    >
                      <DeleteOutlined />
                    </IconButton>
                  )
                }
                sx={{ gap: 1.5, pr: 6 }}
              >
                <DotMark kind={intake.scheduledAt ? 'by_hand' : 'manual'} size={14} />
                <ListItemText
                  primary={time}
                  secondary={details.join(' · ') || null}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </>
  );
}
