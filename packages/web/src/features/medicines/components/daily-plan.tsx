import type { Medicine } from '@dosedot/domain';
import { dotStatusOf } from '@dosedot/domain/adherence';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { QueryState } from '../../../components/query-state';
import { formatDate, formatTime } from '../../../lib/format';
import type { Language } from '../../../lib/locale';
import { doseLabel } from '../../../lib/posology-words';
import { useViewer } from '../../../lib/viewer';
import { useAdherence } from '../api/get-adherence';
import { formatStrength } from '../utils/strength';
import { ConfirmDoseButton, canConfirm } from './confirm-dose-button';
import { DayPicker } from './day-picker';

interface DailyPlanProps {
  day: string;
  medicines: Medicine[];
  onDayChange: (day: string) => void;
}

/** Daily plan: the doses of one chart day in order, with the medicines of each and what happened. */
export function DailyPlan({ day, medicines, onDayChange }: DailyPlanProps) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  const adherence = useAdherence({ from: day, to: day });
  const byId = new Map(medicines.map((m) => [m.id, m]));
  return (
    <>
      <DayPicker day={day} onChange={onDayChange} />
      <QueryState query={adherence}>
        {(data) => {
          const intakes = data.days[0]?.intakes ?? [];
          if (intakes.length === 0)
            return (
              <Typography sx={{ mt: 2 }} color="text.secondary">
                {t('medicines.schedule.empty')}
              </Typography>
            );
          return (
            <List aria-label={t('medicines.daily.label', { date: formatDate(day, lang) })}>
              {intakes.map((intake) => {
                const kind = dotStatusOf(intake);
                // The doses a press did not take and no hand confirmed yet.
                const open = intake.doses
                  .filter((dose) => canConfirm(dose.status, intake.scheduledAt))
                  .map((dose) => dose.medicineId);
                const names = intake.medicineIds.map((id) => {
                  const m = byId.get(id);
                  const name = m
                    ? [m.name, formatStrength(m.strength, t)].filter(Boolean).join(' ')
                    : `#${id}`;
                  return doseLabel(
                    t,
                    lang as Language,
                    name,
                    intake.doses.find((dose) => dose.medicineId === id),
                  );
                });
                return (
                  <ListItem
                    key={intake.scheduledAt}
                    divider
                    sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
                  >
                    <Typography sx={{ fontWeight: 600, minWidth: 80, pt: 0.75 }}>
                      {formatTime(intake.scheduledAt, lang, data.timezone)}
                    </Typography>
                    <ListItemText
                      primary={names.join(', ')}
                      secondary={
                        <Box
                          component="span"
                          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
                        >
                          <DotMark kind={kind} />
                          {t(`medicines.dot.${kind}`)}
                          {intake.press
                            ? ` · ${t('medicines.daily.pressedAt', { time: formatTime(intake.press, lang, data.timezone) })}`
                            : ''}
                        </Box>
                      }
                    />
                    {open.length > 0 ? (
                      <ConfirmDoseButton medicineIds={open} scheduledAt={intake.scheduledAt} />
                    ) : null}
                  </ListItem>
                );
              })}
            </List>
          );
        }}
      </QueryState>
    </>
  );
}
