import type { AdherenceResponse } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartKeys, type DateRange } from './keys';

export type Adherence = AdherenceResponse['data'];

/** GET /api/adherence?from&to: intakes, unmatched presses and figures per chart day of the range. */
export const getAdherence = async (range: DateRange): Promise<Adherence> =>
  (await apiRequest<AdherenceResponse>(`/api/adherence?from=${range.from}&to=${range.to}`)).data;

export const adherenceQueryOptions = (range: DateRange) =>
  queryOptions({ queryKey: chartKeys.adherence(range), queryFn: () => getAdherence(range) });

/** The previous range's figures stay on screen while another range loads. */
export const useAdherence = (range: DateRange) =>
  useQuery({ ...adherenceQueryOptions(range), placeholderData: keepPreviousData });
