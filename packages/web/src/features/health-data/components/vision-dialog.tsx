import { GLASSES_TYPES, visionSchema } from '@dosedot/domain/health';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { HealthData } from '../api/get-health-data';
import type { SectionValues } from '../api/update-health-section';
import { InputField } from './fields';
import { SectionDialog } from './section-dialog';
import { SelectField, SwitchField } from './select-field';

type Input = z.input<typeof visionSchema>;
const EYES = ['right', 'left'] as const;
const noPrescription = { sphere: null, cylinder: null, axis: null };

/** Glasses yes/no, their type and the prescription per eye (sphere, cylinder, axis). */
export function VisionDialog({ data, onClose }: { data: HealthData['vision']; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, SectionValues<'vision'>>({
    resolver: zodResolver(visionSchema),
    defaultValues: {
      needs_glasses: data?.needs_glasses ?? false,
      glasses_type: data?.glasses_type ?? null,
      right: data?.right ?? noPrescription,
      left: data?.left ?? noPrescription,
    },
  });
  return (
    <SectionDialog
      section="vision"
      title={t('healthData.sections.vision')}
      successKey="healthData.toast.vision"
      form={form}
      onClose={onClose}
    >
      <SwitchField form={form} name="needs_glasses" label={t('healthData.vision.needsGlasses')} />
      <SelectField
        form={form}
        name="glasses_type"
        label={t('healthData.vision.glassesType')}
        options={GLASSES_TYPES.map((value) => ({ value, label: t(`healthData.glassesType.${value}`) }))}
      />
      {EYES.map((eye) => (
        <Box key={eye} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
            {t(`healthData.vision.${eye}`)}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
            <InputField
              form={form}
              name={`${eye}.sphere`}
              kind="number"
              step={0.25}
              label={t('healthData.vision.sphere')}
            />
            <InputField
              form={form}
              name={`${eye}.cylinder`}
              kind="number"
              step={0.25}
              label={t('healthData.vision.cylinder')}
            />
            <InputField
              form={form}
              name={`${eye}.axis`}
              kind="number"
              step={1}
              label={t('healthData.vision.axis')}
            />
          </Box>
        </Box>
      ))}
      <Typography variant="body2" color="text.secondary">
        {t('healthData.vision.diopterHint')}
      </Typography>
    </SectionDialog>
  );
}
