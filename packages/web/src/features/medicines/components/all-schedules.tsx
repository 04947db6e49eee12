import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PhoneRows } from '../../../components/phone-rows';
import { usePhone } from '../../../hooks/use-phone';
import { formatDosageTime } from '../../../lib/format';
import type { Language } from '../../../lib/locale';
import { useViewer } from '../../../lib/viewer';
import type { ProfileSchedule } from '../api/get-profile-schedule';
import { posologyLines } from '../utils/posology-words';
import { formatForm, formatStrength } from '../utils/strength';

/**
 * All schedules: every dosage time of the patient, in order of the day, with its medicine; then each
 * medicine with a posology (every N days, weekdays, cycles…), its schedule in words. On a phone a
 * list of entries, each time with its medicine, the strength and the form under it.
 */
export function AllSchedules({ schedule, posologies }: ProfileSchedule) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  const phone = usePhone();
  if (schedule.length === 0 && posologies.length === 0)
    return <Typography color="text.secondary">{t('medicines.schedule.empty')}</Typography>;
  const linesOf = (posology: (typeof posologies)[number]['posology']) =>
    posologyLines(t, lang as Language, posology).map((line, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: a posology's parts have no other identity and never reorder
      <Typography key={i} variant="body2" component="span" sx={{ display: 'block' }}>
        {line}
      </Typography>
    ));
  if (phone) {
    const medicineDetails = (medicine: (typeof schedule)[number]['medicine']) =>
      [
        [t('medicines.allSchedules.strength'), formatStrength(medicine.strength, t)],
        [t('medicines.allSchedules.form'), formatForm(medicine.galenic_form, t)],
      ] as const;
    return (
      <PhoneRows
        label={t('medicines.views.schedules')}
        rows={[
          ...schedule.map((s) => ({
            key: String(s.id),
            title: `${formatDosageTime(s.dosage_time, lang)} · ${s.medicine.name}`,
            details: medicineDetails(s.medicine),
          })),
          ...posologies.map((p) => ({
            key: `posology-${p.medicine.id}`,
            title: p.medicine.name,
            status: <span>{linesOf(p.posology)}</span>,
            details: medicineDetails(p.medicine),
          })),
        ]}
      />
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('medicines.views.schedules')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('medicines.allSchedules.time')}</TableCell>
            <TableCell>{t('medicines.allSchedules.medicine')}</TableCell>
            <TableCell>{t('medicines.allSchedules.strength')}</TableCell>
            <TableCell>{t('medicines.allSchedules.form')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {schedule.map((s) => (
            <TableRow key={s.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDosageTime(s.dosage_time, lang)}</TableCell>
              <TableCell>{s.medicine.name}</TableCell>
              <TableCell>{formatStrength(s.medicine.strength, t)}</TableCell>
              <TableCell>{formatForm(s.medicine.galenic_form, t)}</TableCell>
            </TableRow>
          ))}
          {posologies.map((p) => (
            <TableRow key={`posology-${p.medicine.id}`}>
              <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>{linesOf(p.posology)}</TableCell>
              <TableCell>{p.medicine.name}</TableCell>
              <TableCell>{formatStrength(p.medicine.strength, t)}</TableCell>
              <TableCell>{formatForm(p.medicine.galenic_form, t)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
