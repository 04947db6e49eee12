import { physicalMeasurementsSchema } from '@dosedot/domain/health';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { HealthData } from '../api/get-health-data';
import type { SectionValues } from '../api/update-health-section';
import { InputField } from './fields';
import { SectionDialog } from './section-dialog';

type Input = z.input<typeof physicalMeasurementsSchema>;

/** Height and weight; the server works out the BMI. */
export function PhysicalMeasurementsDialog({
  data,
  onClose,
}: {
  data: HealthData['physical-measurements'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, SectionValues<'physical-measurements'>>({
    resolver: zodResolver(physicalMeasurementsSchema),
    defaultValues: { height_cm: data?.height_cm ?? null, weight_kg: data?.weight_kg ?? null },
  });
  return (
    <SectionDialog
      section="physical-measurements"
      title={t('healthData.sections.physical')}
      successKey="healthData.toast.physical"
      form={form}
      onClose={onClose}
    >
      <InputField form={form} name="height_cm" kind="number" label={t('healthData.physical.heightInput')} />
      <InputField form={form} name="weight_kg" kind="number" label={t('healthData.physical.weightInput')} />
      <Typography variant="body2" color="text.secondary">
        {t('healthData.physical.bmiHint')}
      </Typography>
    </SectionDialog>
  );
}
