import type { Medicine } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { medicineKeys } from './keys';

/** GET /api/medicines[?type=1|2]: the patient's medicines, all or of one type. */
export const getMedicines = async (type?: 1 | 2): Promise<Medicine[]> =>
  (await apiRequest<{ data: Medicine[] }>(`/api/medicines${type ? `?type=${type}` : ''}`)).data;

export const medicinesQueryOptions = (type?: 1 | 2) =>
  queryOptions({ queryKey: medicineKeys.list(type), queryFn: () => getMedicines(type) });

export const useMedicines = (type?: 1 | 2) => useQuery(medicinesQueryOptions(type));
