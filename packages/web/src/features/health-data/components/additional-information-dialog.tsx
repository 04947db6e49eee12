import { ALCOHOL, additionalInformationSchema, SMOKING } from '@dosedot/domain/health';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { HealthData } from '../api/get-health-data';
import type { SectionValues } from '../api/update-health-section';
import { SectionDialog } from './section-dialog';
import { SelectField, SwitchField } from './select-field';

type Input = z.input<typeof additionalInformationSchema>;

/** Lifestyle (smoking, alcohol) and organ donation. */
export function AdditionalInformationDialog({
  data,
  onClose,
}: {
  data: HealthData['additional-information'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, SectionValues<'additional-information'>>({
    resolver: zodResolver(additionalInformationSchema),
    defaultValues: {
      smoking: data?.smoking ?? null,
      alcohol: data?.alcohol ?? null,
      organ_donor: data?.organ_donor ?? false,
    },
  });
  return (
    <SectionDialog
      section="additional-information"
      title={t('healthData.sections.additional')}
      successKey="healthData.toast.additional"
      form={form}
      onClose={onClose}
    >
      <SelectField
        form={form}
        name="smoking"
        label={t('healthData.additional.smoking')}
        options={SMOKING.map((value) => ({ value, label: t(`healthData.smoking.${value}`) }))}
      />
      <SelectField
        form={form}
        name="alcohol"
        label={t('healthData.additional.alcohol')}
        options={ALCOHOL.map((value) => ({ value, label: t(`healthData.alcohol.${value}`) }))}
      />
      <SwitchField form={form} name="organ_donor" label={t('healthData.additional.organDonor')} />
    </SectionDialog>
  );
}
