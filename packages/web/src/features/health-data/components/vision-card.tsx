import Visibility from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import type { HealthData } from '../api/get-health-data';
import { PrescriptionTable } from './prescription-table';
import { SectionCard } from './section-card';
import { ValueList } from './value-list';
import { VisionDialog } from './vision-dialog';

const hasPrescription = (vision: NonNullable<HealthData['vision']>) =>
  [vision.right, vision.left].some(
    (eye) => eye.sphere !== null || eye.cylinder !== null || eye.axis !== null,
  );

/** Glasses yes/no and their type, and the prescription for the right (OD) and left (OS) eye. */
export function VisionCard({ data }: { data: HealthData['vision'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t('healthData.sections.vision')}
      icon={<Visibility />}
      empty={!data}
      dialog={(close) => <VisionDialog data={data} onClose={close} />}
    >
      {data ? (
        <>
          <ValueList
            rows={[
              {
                label: t('healthData.vision.needsGlasses'),
                value: t(data.needs_glasses ? 'healthData.yes' : 'healthData.no'),
              },
              {
                label: t('healthData.vision.glassesType'),
                value: data.glasses_type ? t(`healthData.glassesType.${data.glasses_type}`) : null,
              },
            ]}
          />
          {hasPrescription(data) ? <PrescriptionTable vision={data} /> : null}
        </>
      ) : null}
    </SectionCard>
  );
}
