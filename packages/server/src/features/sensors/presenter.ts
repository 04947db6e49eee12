import type { SensorAssignment, SensorySummariesResponse } from '@dosedot/domain';
import { SERVICE_HINT_TEXT, type ServiceThresholds, serviceHint } from '@dosedot/domain/lorawan';
import type { AssignmentRow, SensorCounts, SensorSummaryRow } from './queries';

const iso = (ms: number) => new Date(ms).toISOString();

/** GET /api/sensory-summaries: Strapi's data[] of {id, attributes}, with the service hints. */
export function presentSummaries(
  rows: SensorSummaryRow[],
  now: number,
  thresholds: ServiceThresholds,
  page: { page: number; pageSize: number; total: number },
  counts: SensorCounts,
  ingest: SensorySummariesResponse['meta']['ingest'],
): SensorySummariesResponse {
  const data = rows.map((r) => {
    const service = serviceHint(
      { battery: r.battery, lastUplinkAt: r.last_uplink_at, createdAt: r.created_at },
      now,
      thresholds,
    );
    return {
      id: r.id,
      attributes: {
        deveui: r.deveui,
        battery: r.battery,
        sensortime: r.last_uplink_at === null ? null : iso(r.last_uplink_at),
        buttonmode: r.buttonmode,
        serial_number: r.serial_number,
        name: r.name,
        device_profile: r.device_profile,
        service,
        servicehint: service ? SERVICE_HINT_TEXT[service] : null,
        profile:
          r.profile_id === null
            ? null
            : {
                id: r.profile_id,
                profileuid: r.profileuid ?? '',
                givenname: r.givenname ?? '',
                familyname: r.familyname ?? '',
              },
        createdAt: iso(r.created_at),
      },
    };
  });
  return {
    data,
    meta: {
      pagination: { ...page, pageCount: Math.ceil(page.total / page.pageSize) },
      ...counts,
      ingest,
    },
  };
}

export function presentAssignment(row: AssignmentRow, deveui: string, profileuid: string): SensorAssignment {
  return {
    id: row.sensor_id,
    deveui,
    profileid: row.profile_id,
    profileuid,
    assignedFrom: iso(row.assigned_from),
    assignedTo: row.assigned_to === null ? null : iso(row.assigned_to),
  };
}
