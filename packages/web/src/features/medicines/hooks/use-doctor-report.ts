import type { Medicine, Profile } from '@dosedot/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureKey } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useViewer } from '../../../lib/viewer';
import { adherenceQueryOptions } from '../api/get-adherence';
import { emediplanExportQueryOptions } from '../api/get-emediplan-export';
import type { DateRange } from '../api/keys';

/** The PDF report for a doctor over the page's period: its figures are fetched (or taken from the cache) first. */
export function useDoctorReport(range: DateRange, medicines: Medicine[], profile: Profile | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { lang, subject: whose, readOnly } = useViewer();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const [adherence, { downloadReport }, plan] = await Promise.all([
        queryClient.fetchQuery(adherenceQueryOptions(whose, range)),
        import('../utils/pdf-report'),
        // The eMediplan QR code of the current plan; a caregiver has no eMediplan (the server refuses it).
        readOnly ? null : queryClient.fetchQuery(emediplanExportQueryOptions(whose)),
      ]);
      const patient = [profile?.givenname, profile?.familyname].filter(Boolean).join(' ');
      await downloadReport({ adherence, medicines, patient, lang, t, emediplan: plan?.chmed16a.code });
    } catch (error) {
      notify.error(`${t('medicines.export.failed')} ${t(failureKey(error))}`);
    } finally {
      setBusy(false);
    }
  };
  return { busy, download: () => void download() };
}
