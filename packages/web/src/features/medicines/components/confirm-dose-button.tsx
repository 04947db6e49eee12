import type { IntakeEntry } from '@dosedot/domain';
import { MATCH_WINDOW_MS } from '@dosedot/domain/adherence';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useViewer } from '../../../lib/viewer';
import { useCreateIntake } from '../api/create-intake';

/**
 * Whether a dose without a press may be confirmed by hand: missed, not tracked (a back-fill), or
 * pending once it is no further ahead than a press could take it.
 */
export const canConfirm = (status: IntakeEntry['status'], scheduledAt: string, now = Date.now()) =>
  status === 'missed' ||
  status === 'not_tracked' ||
  (status === 'pending' && Date.parse(scheduledAt) <= now + MATCH_WINDOW_MS);

/**
 * 'Confirm by hand': confirms the dose of each medicine given at `scheduledAt`, without a box press.
 * Not offered to a caregiver (read-only).
 */
export function ConfirmDoseButton({
  medicineIds,
  scheduledAt,
}: {
  medicineIds: number[];
  scheduledAt: string;
}) {
  const { t } = useTranslation();
  const { lang, zone, readOnly } = useViewer();
  const create = useCreateIntake();
  if (readOnly) return null;
  const confirm = async () => {
    try {
      for (const medicine of medicineIds) await create.mutateAsync({ medicine, scheduled_at: scheduledAt });
      notify.success(t('medicines.intake.confirmed'));
    } catch {
      notify.error(t('medicines.intake.failed'));
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={create.isPending}
      aria-label={t('medicines.intake.confirmLabel', { time: formatTime(scheduledAt, lang, zone) })}
      sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
      onClick={() => void confirm()}
    >
      {t('medicines.intake.confirm')}
    </Button>
  );
}
