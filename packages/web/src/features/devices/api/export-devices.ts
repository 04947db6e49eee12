import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/session-store';
import { type DeviceListParams, filterQuery } from '../utils/list-params';

/** The file name the server gives in its content-disposition, or a dated default. */
const fileNameOf = (res: Response) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
  `dosedot-devices-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * GET /api/sensory-summaries/export.csv: every box the search and filters match (all pages), saved
 * as a file. The server writes the CSV (formulas defused) and the audit line.
 */
async function exportDevices(params: DeviceListParams): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/sensory-summaries/export.csv?${filterQuery(params)}`, {
      headers: { authorization: `Bearer ${getToken() ?? ''}`, accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(0, 'NetworkError', 'The server cannot be reached');
  }
  if (!res.ok) throw new ApiError(res.status, 'ApplicationError', res.statusText);
  // The BOM lets spreadsheet programs read the accents right.
  const url = URL.createObjectURL(new Blob(['\uFEFF', await res.text()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useExportDevices = () => useMutation({ mutationFn: exportDevices });
