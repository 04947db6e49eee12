import type { TwoFactorStatus } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { securityKeys } from './keys';

/** GET /api/two-factor: on or off, an enrolment waiting, recovery codes left, required. */
export const getTwoFactor = async (): Promise<TwoFactorStatus> =>
  (await apiRequest<{ data: TwoFactorStatus }>('/api/two-factor')).data;

export const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: securityKeys.twoFactor(), queryFn: getTwoFactor });

export const useTwoFactor = () => useQuery(twoFactorQueryOptions());
