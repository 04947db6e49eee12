import type { IntakeEntry, Medicine } from '@dosedot/domain';
import { dotStatusOf } from '@dosedot/domain/adherence';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { formatTime } from '../../../lib/format';
import type { Language } from '../../../lib/locale';
import { doseLabel } from '../../../lib/posology-words';
import { useViewer } from '../../../lib/viewer';
import { medicineName } from '../utils/names';

interface IntakeListProps {
  intakes: IntakeEntry[];
  medicines: Medicine[];
  label: string;
}

/**
 * The doses of a day in order: time, medicines (with the dose's amount and unit when a posology gives
 * them: 'Aspirin Cardio: 1 STK'), and taken (by closeness), missed or due later.
 */
export function IntakeList({ intakes, medicines, label }: IntakeListProps) {
  const { lang, zone } = useViewer();
  const { t } = useTranslation();
  return (
    <List aria-label={label} disablePadding>
      {intakes.map((intake) => {
        const kind = dotStatusOf(intake);
        return (
          <ListItem key={intake.scheduledAt} divider sx={{ gap: 2, alignItems: 'center', px: 0 }}>
            <Typography sx={{ fontWeight: 700, minWidth: 84, fontVariantNumeric: 'tabular-nums' }}>
              {formatTime(intake.scheduledAt, lang, zone)}
            </Typography>
            <ListItemText
              primary={intake.medicineIds
                .map((id) =>
                  doseLabel(
                    t,
                    lang as Language,
                    medicineName(id, medicines),
                    intake.doses.find((dose) => dose.medicineId === id),
                  ),
                )
                .join(', ')}
              secondary={
                intake.press
                  ? t('dashboard.pressedAt', {
                      time: formatTime(intake.press, lang, zone),
                      minutes: intake.deltaMinutes,
                    })
                  : null
              }
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
              <DotMark kind={kind} size={14} />
              <Typography variant="body2">{t(`dashboard.dot.${kind}`)}</Typography>
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
}
