import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { securityKeys } from './keys';

interface SignInProvider {
  id: string;
  name: string;
}

/** GET /api/auth/providers: the configured sign-in providers, offered in the method filter. */
const getSignInProviders = () =>
  apiRequest<{ data: SignInProvider[] }>('/api/auth/providers', { auth: false }).then((r) => r.data);

export const useSignInProviders = () =>
  useQuery(
    queryOptions({ queryKey: securityKeys.providers(), queryFn: getSignInProviders, staleTime: Infinity }),
  );
