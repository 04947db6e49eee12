import { medicalInformationSchema } from '@dosedot/domain/health';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { HealthData } from '../api/get-health-data';
import type { SectionValues } from '../api/update-health-section';
import { ChipsField } from './chips-field';
import { InputField } from './fields';
import { SectionDialog } from './section-dialog';

type Input = z.input<typeof medicalInformationSchema>;
const NOTES_LIMIT = 500;

/** Allergies and chronic conditions (typed, Enter adds a chip) and free notes. */
export function MedicalInformationDialog({
  data,
  onClose,
}: {
  data: HealthData['medical-information'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, SectionValues<'medical-information'>>({
    resolver: zodResolver(medicalInformationSchema),
    defaultValues: {
      allergies: data?.allergies ?? [],
      chronic_conditions: data?.chronic_conditions ?? [],
      notes: data?.notes ?? null,
    },
  });
  const notes = useWatch({ control: form.control, name: 'notes' }) ?? '';
  return (
    <SectionDialog
      section="medical-information"
      title={t('healthData.sections.medical')}
      successKey="healthData.toast.medical"
      form={form}
      onClose={onClose}
    >
      <ChipsField
        form={form}
        name="allergies"
        label={t('healthData.medical.allergies')}
        inputLabel={t('healthData.medical.addAllergy')}
        emptyText={t('healthData.medical.noAllergies')}
      />
      <ChipsField
        form={form}
        name="chronic_conditions"
        label={t('healthData.medical.conditions')}
        inputLabel={t('healthData.medical.addCondition')}
        emptyText={t('healthData.medical.noConditions')}
      />
      <InputField
        form={form}
        name="notes"
        kind="optional"
        multiline
        label={t('healthData.medical.notes')}
        hint={t('healthData.medical.notesCount', { count: notes.length, max: NOTES_LIMIT })}
      />
    </SectionDialog>
  );
}
