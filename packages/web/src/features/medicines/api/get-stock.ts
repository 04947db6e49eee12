import type { MedicineStockResponse } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Patient, patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { medicineKeys } from './keys';

/**
 * GET /api/medicines/stock: what is left of each medicine's stock and about how many days it lasts
 * (refills); under the medicines' keys, so an intake or an edit refreshes it.
 */
export const stockQueryOptions = (patient: Patient) =>
  queryOptions({
    queryKey: medicineKeys.stock(patient),
    queryFn: async () => (await patientRequest<MedicineStockResponse>(patient, '/api/medicines/stock')).data,
  });

export const useStock = () => useQuery(stockQueryOptions(useViewer().subject));
