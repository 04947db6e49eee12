import type { HEALTH_SECTIONS, HealthDataResponse, HealthSection } from '@dosedot/domain/health';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { healthDataKeys } from './get-health-data';

/** What one section's form sends: the section's shared schema, as it parsed the form. */
export type SectionValues<S extends HealthSection> = z.output<(typeof HEALTH_SECTIONS)[S]>;

/** PUT /api/health-data/{section}: saves one section; the answer is the whole record. */
export const updateHealthSection = <S extends HealthSection>(section: S, values: SectionValues<S>) =>
  apiRequest<HealthDataResponse>(`/api/health-data/${section}`, { method: 'PUT', body: values });

/** Saves a section and puts the server's answer (with age and BMI) in the page's query. */
export function useUpdateHealthSection<S extends HealthSection>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SectionValues<S>) => updateHealthSection(section, values),
    onSuccess: (answer) => queryClient.setQueryData(healthDataKeys.all, answer.data),
  });
}
