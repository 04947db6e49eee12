import type { Medicine } from '@dosedot/domain';
import { QueryState } from '../../../components/query-state';
import { useAdherence } from '../api/get-adherence';
import { useProfileSchedule } from '../api/get-profile-schedule';
import type { DateRange } from '../api/keys';
import { AllSchedules } from './all-schedules';
import { DailyPlan } from './daily-plan';
import { DotChartCard } from './dot-chart-card';
import { MonthlyPlan } from './monthly-plan';
import type { View } from './plans-section';
import { PressHistory } from './press-history';

export interface PlanPanelProps {
  view: View;
  range: DateRange;
  medicines: Medicine[];
  selected: Medicine | undefined;
  day: string;
  month: string;
  onChange: (changes: Record<string, string | undefined>) => void;
}

/**
 * The panel of the chosen view: the dot chart, the daily or monthly plan, the button presses or all
 * schedules. Loaded by PlansSection when the section nears the screen, with the plans' code (issue
 * 23 item 12).
 */
export default function PlanPanel(props: PlanPanelProps) {
  const { view, range, medicines } = props;
  const adherence = useAdherence(range);
  const schedule = useProfileSchedule();
  const names = new Map(medicines.map((m) => [m.id, m.name]));

  switch (view) {
    case 'dot-chart':
      return (
        <QueryState query={adherence}>
          {(data) => (
            <QueryState query={schedule}>
              {(entries) => (
                <DotChartCard
                  adherence={data}
                  dosageTimes={entries.schedule.map((e) => e.dosage_time)}
                  medicineNames={names}
                />
              )}
            </QueryState>
          )}
        </QueryState>
      );
    case 'daily':
      return (
        <DailyPlan day={props.day} medicines={medicines} onDayChange={(day) => props.onChange({ day })} />
      );
    case 'monthly':
      return props.selected ? (
        <MonthlyPlan
          medicine={props.selected}
          month={props.month}
          onMonthChange={(month) => props.onChange({ month })}
        />
      ) : null;
    case 'presses':
      return (
        <QueryState query={adherence}>
          {(data) => <PressHistory adherence={data} medicineNames={names} />}
        </QueryState>
      );
    case 'schedules':
      return <QueryState query={schedule}>{(entries) => <AllSchedules {...entries} />}</QueryState>;
  }
}
