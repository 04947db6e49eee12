import ContactEmergency from '@mui/icons-material/ContactEmergency';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { STANDALONE_LINK } from '../../../components/app-link';
import { EmailAddress } from '../../../components/email-address';
import type { HealthData } from '../api/get-health-data';
import { EmergencyContactDialog } from './emergency-contact-dialog';
import { SectionCard } from './section-card';
import { ValueList } from './value-list';

/** Who to call: name, relationship, and phone and email as links. */
export function EmergencyContactCard({ data }: { data: HealthData['emergency-contact'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t('healthData.sections.emergency')}
      icon={<ContactEmergency />}
      empty={!data}
      dialog={(close) => <EmergencyContactDialog data={data} onClose={close} />}
    >
      {data ? (
        <ValueList
          rows={[
            { label: t('healthData.emergency.name'), value: data.contact_name },
            { label: t('healthData.emergency.relationship'), value: data.relationship },
            {
              label: t('healthData.emergency.phone'),
              value: (
                <Link href={`tel:${data.phone.replace(/[^\d+]/g, '')}`} sx={STANDALONE_LINK}>
                  {data.phone}
                </Link>
              ),
            },
            {
              label: t('healthData.emergency.email'),
              value: data.email ? (
                <Link href={`mailto:${data.email}`} sx={STANDALONE_LINK}>
                  <EmailAddress address={data.email} />
                </Link>
              ) : null,
            },
          ]}
        />
      ) : null}
    </SectionCard>
  );
}
