import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveJson } from '../../../lib/save-file';

export type ExportFormat = 'json' | 'fhir';

/** The names the server gives its downloads (Content-Disposition). */
const FILE_NAMES: Record<ExportFormat, string> = {
  json: 'my-health-data.json',
  fhir: 'my-health-data.fhir.json',
};

/**
 * GET /api/health-data/export?format=json|fhir. The call needs the bearer token, so it goes through
 * the API client (a plain link would not carry it) and the answer is saved as a file.
 */
export async function exportHealthData(format: ExportFormat): Promise<void> {
  const body = await apiRequest<unknown>(`/api/health-data/export?format=${format}`);
  saveJson(FILE_NAMES[format], body, format === 'fhir' ? 'application/fhir+json' : 'application/json');
}

export const useExportHealthData = () => useMutation({ mutationFn: exportHealthData });
