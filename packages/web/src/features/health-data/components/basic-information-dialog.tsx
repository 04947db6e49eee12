import { AHV_EXAMPLE, AHV_HINT, BLOOD_TYPES, basicInformationSchema, GENDERS } from '@dosedot/domain/health';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { HealthData } from '../api/get-health-data';
import type { SectionValues } from '../api/update-health-section';
import { InputField } from './fields';
import { SectionDialog } from './section-dialog';
import { SelectField, SwitchField } from './select-field';

type Input = z.input<typeof basicInformationSchema>;

/** Date of birth, gender, blood type, nationality, AHV number and Rega membership. */
export function BasicInformationDialog({
  data,
  onClose,
}: {
  data: HealthData['basic-information'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, SectionValues<'basic-information'>>({
    resolver: zodResolver(basicInformationSchema),
    defaultValues: {
      date_of_birth: data?.date_of_birth ?? '',
      gender: data?.gender,
      blood_type: data?.blood_type ?? null,
      nationality: data?.nationality ?? null,
      ahv_number: data?.ahv_number ?? '',
      rega_member: data?.rega_member ?? false,
    },
  });
  return (
    <SectionDialog
      section="basic-information"
      title={t('healthData.sections.basic')}
      successKey="healthData.toast.basic"
      form={form}
      onClose={onClose}
    >
      <InputField
        form={form}
        name="date_of_birth"
        type="date"
        label={t('healthData.basic.dateOfBirth')}
        required
      />
      <SelectField
        form={form}
        name="gender"
        label={t('healthData.basic.gender')}
        required
        options={GENDERS.map((value) => ({ value, label: t(`healthData.gender.${value}`) }))}
      />
      <SelectField
        form={form}
        name="blood_type"
        label={t('healthData.basic.bloodType')}
        options={BLOOD_TYPES.map((value) => ({
          value,
          label: value === 'unknown' ? t('healthData.bloodType.unknown') : value,
        }))}
      />
      <InputField form={form} name="nationality" kind="optional" label={t('healthData.basic.nationality')} />
      <InputField
        form={form}
        name="ahv_number"
        label={t('healthData.basic.ahvNumber')}
        hint={t('healthData.basic.ahvHint', { hint: AHV_HINT, example: AHV_EXAMPLE })}
      />
      <SwitchField form={form} name="rega_member" label={t('healthData.basic.regaMember')} />
    </SectionDialog>
  );
}
