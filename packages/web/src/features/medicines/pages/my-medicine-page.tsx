import type { Medicine } from '@dosedot/domain';
import { monthOf } from '@dosedot/domain/time';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { RouteTabs } from '../../../components/route-tabs';
import { paths } from '../../../config/paths';
import { useAfterPaint } from '../../../hooks/use-after-paint';
import { useAnsweredTogether } from '../../../hooks/use-answered-together';
import { useOpenedOnce } from '../../../hooks/use-opened-once';
import { usePatientProfile } from '../../../lib/impersonation';
import { stripLocale } from '../../../lib/locale';
import { useViewer } from '../../../lib/viewer';
import { useMedicines } from '../api/get-medicines';
import { useStock } from '../api/get-stock';
import { EmediplanActions } from '../components/emediplan-actions';
import { HistoryCard } from '../components/history-card';
import { MedicineList } from '../components/medicine-list';
import { PlansSection, VIEWS, type View } from '../components/plans-section';
import { RangeToolbar } from '../components/range-toolbar';
import { ScheduleCard } from '../components/schedule-card';
import { Section } from '../components/section';
import { useDoctorReport } from '../hooks/use-doctor-report';
import { useSearchState } from '../hooks/use-search-state';

// The add dialog (the medicine form with its checks: react-hook-form and zod) loads when first
// opened, not with the page: a phone's first screen does not wait for it (issue 23 item 12).
const AddMedicineDialog = lazy(() =>
  import('../components/add-medicine-dialog').then((m) => ({ default: m.AddMedicineDialog })),
);

const TYPE_OF_PATH: Record<string, 1 | 2> = { [paths.myMedicineType1]: 1, [paths.myMedicineType2]: 2 };

/**
 * The medicine shown when none is chosen: the first scheduled one, so the page does not open on an
 * as-needed medicine's empty plan (issue 23 item 2); the first of all when none is scheduled.
 */
const firstShown = (medicines: Medicine[]): Medicine | undefined =>
  medicines.find((m) => m.type === 1) ?? medicines[0];

/**
 * My Medicine (all, scheduled, as needed): the medicines; the chosen one's schedule and history
 * (the first one when none is chosen, spec section 4); the dot chart, plans, presses, all schedules
 * and the exports over one period.
 */
export function MyMedicinePage() {
  const { t } = useTranslation();
  const type = TYPE_OF_PATH[stripLocale(useLocation().pathname).path];
  const { today, readOnly } = useViewer();
  const state = useSearchState(today);
  const profile = usePatientProfile();
  const list = useMedicines(type);
  const all = useMedicines();
  const stock = useStock();
  // The list, its stock notes and the dates in the profile's zone render once, when all of them
  // have answered, not once per answer (each a long task on a phone; issue 23 item 12).
  const answered = useAnsweredTogether(list, all, stock, profile);
  const [adding, setAdding] = useState(false);
  const addOpened = useOpenedOnce(adding);
  const add = () => setAdding(true);
  const report = useDoctorReport(state.range, all.data ?? [], profile.data);
  const view: View = VIEWS.find((v) => v === state.view) ?? 'dot-chart';
  // The history and the plans below render once the medicines have painted: on a phone the first
  // screen shows sooner (issue 23 item 12).
  const painted = useAfterPaint(answered && list.isSuccess);

  return (
    <>
      <PageHeader
        title={t('pages.myMedicine.title')}
        actions={
          readOnly ? null : (
            <>
              <Button variant="contained" startIcon={<Add />} onClick={add}>
                {t('medicines.add.button')}
              </Button>
              <EmediplanActions />
            </>
          )
        }
      />
      <RouteTabs
        label={t('pages.myMedicine.title')}
        tabs={[
          { path: paths.myMedicine, label: t('medicines.list.all') },
          { path: paths.myMedicineType1, label: t('pages.myMedicine.type1') },
          { path: paths.myMedicineType2, label: t('pages.myMedicine.type2') },
        ]}
      />
      <RangeToolbar
        range={state.range}
        error={state.rangeError}
        onChange={(r) => state.set(r)}
        onReport={report.download}
        reportBusy={report.busy}
      />
      {answered || list.isError ? null : <Loading />}
      <QueryState query={list} loading={null}>
        {(medicines) => {
          if (!answered) return null;
          const selected = medicines.find((m) => m.id === state.medicine) ?? firstShown(medicines);
          if (!selected)
            return (
              <EmptyState title={t('medicines.list.empty')}>
                {readOnly ? null : (
                  <Button onClick={add} startIcon={<Add />}>
                    {t('medicines.add.button')}
                  </Button>
                )}
              </EmptyState>
            );
          return (
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: '1fr', lg: 'minmax(320px, 2fr) 3fr' },
              }}
            >
              <Section title={t('medicines.list.title')}>
                <MedicineList
                  medicines={medicines}
                  selected={selected.id}
                  onSelect={(id) => state.set({ medicine: id })}
                />
              </Section>
              <Box sx={{ display: 'grid', gap: 3, alignContent: 'start', minWidth: 0 }}>
                <ScheduleCard medicine={selected} />
                {state.rangeError || !painted ? null : (
                  <HistoryCard medicine={selected} range={state.range} />
                )}
              </Box>
            </Box>
          );
        }}
      </QueryState>
      {painted ? (
        <PlansSection
          view={view}
          range={state.range}
          rangeValid={!state.rangeError}
          medicines={all.data ?? []}
          selected={(list.data ?? []).find((m) => m.id === state.medicine) ?? firstShown(list.data ?? [])}
          day={state.day ?? today}
          month={state.month ?? monthOf(today)}
          onChange={state.set}
        />
      ) : null}
      {addOpened ? (
        <Suspense fallback={null}>
          <AddMedicineDialog
            open={adding}
            type={type}
            onClose={() => setAdding(false)}
            onAdded={(id) => {
              setAdding(false);
              state.set({ medicine: id });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
