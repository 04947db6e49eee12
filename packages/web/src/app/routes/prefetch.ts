import type { Profile } from '@dosedot/domain';
import { chartDayOf } from '@dosedot/domain/adherence';
import { addDays } from '@dosedot/domain/time';
import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { dashboardKeys } from '../../features/dashboard/api/keys';
import { hasSchedule } from '../../features/dashboard/utils/names';
import { medicinesQueryOptions } from '../../features/medicines/api/get-medicines';
import { stockQueryOptions } from '../../features/medicines/api/get-stock';
import { type AdherenceKey, adherenceQueryOptions } from '../../lib/adherence';
import { myProfileQueryOptions } from '../../lib/current-user';
import { stripLocale } from '../../lib/locale';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session-store';
import { storageAlertsQueryOptions } from '../../lib/storage-alerts';

/*
 * The data a page shows first, asked for by its route's loader while the page's code still loads
 * (a phone's cold start, issue 23 item 12), instead of after the page has rendered: the queries are
 * the ones the page reads (same keys), so it renders with them at once. Not awaited: the page renders
 * when its code is there, and a failure shows where the page asks. Oneself's data only: while an
 * administrator impersonates or a caregiver reads for a patient, the pages ask for the patient's themselves.
 */

/**
 * On the page a visit starts on (a cold start: its code is not there yet), signed in as oneself. A
 * navigation inside the app leaves the asking to the page, as before: its code is mostly loaded
 * already, and a session refused on the way sends one to sign-in with the way back to the page one
 * was going to (the address changes only once the navigation is done).
 */
const firstPageOfVisit = (request: Request) => {
  const { token, impersonating, caring } = useSession.getState();
  return !!token && !impersonating && !caring && new URL(request.url).pathname === window.location.pathname;
};

/**
 * The figures of a range of chart days ending today in the profile's zone (the page's: lib/viewer.tsx),
 * asked for once the profile is there, when the page will ask for them.
 */
function prefetchAdherence(
  keyOf: AdherenceKey,
  days: (today: string) => { from: string; to: string },
  wanted: (profile: Profile) => boolean = () => true,
) {
  void queryClient
    .ensureQueryData(myProfileQueryOptions())
    .then((profile) => {
      if (!wanted(profile)) return;
      const today = chartDayOf(Date.now(), profile.timezone);
      return queryClient.prefetchQuery(adherenceQueryOptions(keyOf, null, days(today)));
    })
    .catch(() => {});
}

/** The dashboards: the storage card's alerts; the daily one also today's and tomorrow's doses (hooks/use-today.ts). */
export function dashboardLoader({ request }: LoaderFunctionArgs) {
  if (!firstPageOfVisit(request)) return null;
  void queryClient.prefetchQuery(storageAlertsQueryOptions(null, {}));
  if (stripLocale(new URL(request.url).pathname).path === paths.dashboard)
    prefetchAdherence(
      dashboardKeys.adherence,
      (today) => ({ from: today, to: addDays(today, 1) }),
      // Without a dosage time the page shows its empty state and asks for nothing.
      (profile) => hasSchedule(profile.medicines),
    );
  return null;
}

const TYPE_OF_PATH: Record<string, 1 | 2> = { [paths.myMedicineType1]: 1, [paths.myMedicineType2]: 2 };

/**
 * My Medicine: its medicines (the tab's and all) and their stock, its first screen. The plans and the
 * dot chart render once that has painted and ask for their data then (every dosage time, the
 * range's figures): on a phone's cold start those bytes no longer share the network with the list's.
 */
export function myMedicineLoader({ request }: LoaderFunctionArgs) {
  if (!firstPageOfVisit(request)) return null;
  const type = TYPE_OF_PATH[stripLocale(new URL(request.url).pathname).path];
  void queryClient.prefetchQuery(medicinesQueryOptions(null, type));
  if (type) void queryClient.prefetchQuery(medicinesQueryOptions(null));
  void queryClient.prefetchQuery(stockQueryOptions(null));
  return null;
}

/** The loaders above run when their page is entered, not again for each change of its address's query. */
export const onEntryOnly = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean =>
  currentUrl.pathname !== nextUrl.pathname;
