import type { ImpersonationSession } from '@dosedot/domain';
import { chartDayOf } from '@dosedot/domain/adherence';
import { addDays } from '@dosedot/domain/time';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardKeys } from '../../features/dashboard/api/keys';
import { medicineKeys } from '../../features/medicines/api/keys';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session-store';
import { storageAlertKeys } from '../../lib/storage-alerts';
import { dashboardLoader, myMedicineLoader } from './prefetch';

const ZONE = 'Pacific/Auckland';
const scheduled = { id: 1, type: 1, dosage_times: ['08:00'] };
let asked: string[] = [];

/** The API as the loaders meet it: a profile in ZONE with the given medicines, empty answers otherwise. */
function serve(medicines: unknown[]) {
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const body =
      url === '/api/profile/userdata'
        ? { timezone: ZONE, medicines }
        : url === '/api/medicine-schedules/profile'
          ? { data: { schedule: [] } }
          : { data: [] };
    return new Response(JSON.stringify(body), { status: 200 });
  });
}
/** The loader of the page at `path`, as the first page of a visit (the address is already the page's). */
const args = (path: string, from = path) => {
  vi.stubGlobal('window', { location: new URL(`http://localhost${from}`) });
  return { request: new Request(`http://localhost${path}`) } as LoaderFunctionArgs;
};
const cached = (key: readonly unknown[]) => queryClient.getQueryData(key) !== undefined;

beforeEach(() => {
  asked = [];
  useSession.setState({ token: 'a-token', impersonating: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe("the pages' loaders ask for the page's first data under the keys the page reads", () => {
  it("the daily dashboard: the storage alerts, and today's and tomorrow's doses in the profile's zone", async () => {
    serve([scheduled]);
    expect(dashboardLoader(args('/de/dashboard'))).toBeNull();
    const today = chartDayOf(Date.now(), ZONE);
    const range = { from: today, to: addDays(today, 1) };
    await vi.waitFor(() => expect(cached(dashboardKeys.adherence(null, range))).toBe(true));
    expect(cached(storageAlertKeys.range(null, {}))).toBe(true);
    expect(asked).toContain(`/api/adherence?from=${range.from}&to=${range.to}`);
  });

  it('the dashboard of a patient without a dosage time: no figures (the page shows its empty state)', async () => {
    serve([]);
    dashboardLoader(args('/dashboard'));
    await vi.waitFor(() => expect(asked).toContain('/api/profile/userdata'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked.filter((url) => url.startsWith('/api/adherence'))).toEqual([]);
  });

  it("My Medicine's tab: its medicines and all and their stock, not the plans' and the dot chart's data", async () => {
    serve([scheduled]);
    myMedicineLoader(args('/fr/my-medicine/type-1'));
    await vi.waitFor(() => expect(cached(medicineKeys.list(null, 1))).toBe(true));
    await vi.waitFor(() => expect(cached(medicineKeys.list(null))).toBe(true));
    await vi.waitFor(() => expect(asked).toContain('/api/medicines/stock'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Those render once the list has painted, and ask then (issue 23 item 12).
    expect(cached(medicineKeys.profileSchedule(null))).toBe(false);
    expect(asked.filter((url) => url.startsWith('/api/adherence') || url.includes('schedule'))).toEqual([]);
  });

  it('a navigation inside the app: the page asks itself, once it is there', async () => {
    serve([scheduled]);
    dashboardLoader(args('/dashboard', '/my-medicine'));
    myMedicineLoader(args('/my-medicine', '/dashboard'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
  });

  it('an impersonating administrator: the page asks itself', async () => {
    serve([scheduled]);
    // The loaders read only whether someone is impersonated.
    const impersonating = { id: 7, userid: 12, profileuid: 'c0ffee00-0000-4000-8000-000000000001' };
    useSession.setState({ impersonating: impersonating as ImpersonationSession });
    dashboardLoader(args('/dashboard'));
    myMedicineLoader(args('/my-medicine'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
  });
});
