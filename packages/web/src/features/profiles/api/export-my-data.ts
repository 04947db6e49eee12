import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveJson } from '../../../lib/save-file';

export type MyDataFormat = 'json' | 'fhir';

/**
 * GET /api/account/export: everything DoseDot holds about the signed-in user, as one JSON file; or
 * GET /api/health-data/export?format=fhir, the FHIR R4 Bundle (users with My Health Data). The
 * calls need the bearer token, so they go through the API client and the answer is saved as a file.
 */
export async function exportMyData(format: MyDataFormat): Promise<void> {
  if (format === 'fhir') {
    const bundle = await apiRequest<unknown>('/api/health-data/export?format=fhir');
    saveJson('dosedot-my-data.fhir.json', bundle, 'application/fhir+json');
    return;
  }
  saveJson('dosedot-my-data.json', await apiRequest<unknown>('/api/account/export'), 'application/json');
}

export const useExportMyData = () => useMutation({ mutationFn: exportMyData });
