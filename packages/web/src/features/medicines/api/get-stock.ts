import type { MedicineStockResponse } from '@dosedot/domain';
import { useQuery } from '@tanstack/react-query';
import { patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { medicineKeys } from './keys';

/**
 * GET /api/medicines/stock: what is left of each medicine's stock and about how many days it lasts
 * (refills); under the medicines' keys, so an intake or an edit refreshes it.
 */
export function useStock() {
  const patient = useViewer().subject;
  return useQuery({
    queryKey: medicineKeys.stock(patient),
    queryFn: async () => (await patientRequest<MedicineStockResponse>(patient, '/api/medicines/stock')).data,
  });
}
