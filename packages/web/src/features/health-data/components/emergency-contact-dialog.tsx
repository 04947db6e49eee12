import { emergencyContactSchema } from '@dosedot/domain/health';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { HealthData } from '../api/get-health-data';
import type { SectionValues } from '../api/update-health-section';
import { InputField } from './fields';
import { SectionDialog } from './section-dialog';

type Input = z.input<typeof emergencyContactSchema>;

/** Who to call in an emergency: name, relationship, phone and email. */
export function EmergencyContactDialog({
  data,
  onClose,
}: {
  data: HealthData['emergency-contact'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, SectionValues<'emergency-contact'>>({
    resolver: zodResolver(emergencyContactSchema),
    defaultValues: {
      contact_name: data?.contact_name ?? '',
      relationship: data?.relationship ?? null,
      phone: data?.phone ?? '',
      email: data?.email ?? '',
    },
  });
  return (
    <SectionDialog
      section="emergency-contact"
      title={t('healthData.sections.emergency')}
      successKey="healthData.toast.emergency"
      form={form}
      onClose={onClose}
    >
      <InputField form={form} name="contact_name" label={t('healthData.emergency.name')} required />
      <InputField
        form={form}
        name="relationship"
        kind="optional"
        label={t('healthData.emergency.relationship')}
      />
      <InputField
        form={form}
        name="phone"
        type="tel"
        label={t('healthData.emergency.phone')}
        hint={t('healthData.emergency.phoneHint')}
        required
      />
      <InputField form={form} name="email" type="email" label={t('healthData.emergency.email')} />
    </SectionDialog>
  );
}
