import { useTranslation } from 'react-i18next';
import { usePatientProfile } from '../../../lib/impersonation';
import { chartDayOf } from '../utils/dates';

/** The page language, the profile's time zone and today's chart day in it. */
export function usePatientClock() {
  const { i18n } = useTranslation();
  const profile = usePatientProfile();
  const zone = profile.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { lang: i18n.language, zone, today: chartDayOf(Date.now(), zone) };
}
