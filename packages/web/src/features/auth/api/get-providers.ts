import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

export interface SignInProvider {
  id: string;
  name: string;
}

/** GET /api/auth/providers: the alternative sign-in providers that are configured (often none). */
export const getProviders = () =>
  apiRequest<{ data: SignInProvider[] }>('/api/auth/providers', { auth: false }).then((r) => r.data);

export const getProvidersQueryOptions = () =>
  queryOptions({ queryKey: authKeys.providers(), queryFn: getProviders, staleTime: Infinity });

export const useProviders = () => useQuery(getProvidersQueryOptions());
