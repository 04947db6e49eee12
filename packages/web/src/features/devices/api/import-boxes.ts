import type { BoxImportResponse } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateDevices } from './keys';

export type BoxImportReport = BoxImportResponse['data'];

/**
 * POST /api/sensor/import {data:{csv, commit}}: the delivery note checked line by line; `commit`
 * false previews, true registers every valid line in one transaction (decision 0012).
 */
const importBoxes = async (input: { csv: string; commit: boolean }): Promise<BoxImportReport> =>
  (await apiRequest<BoxImportResponse>('/api/sensor/import', { method: 'POST', body: { data: input } })).data;

/** After a commit the device list (and its counts) is stale. */
export function useImportBoxes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBoxes,
    onSuccess: (report) => (report.committed ? invalidateDevices(queryClient) : undefined),
  });
}
