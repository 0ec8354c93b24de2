// TanStack Query for the signed-in screens (the provider is mounted with the app shell, so /login
// does not load the library). The cache never outlives an identity: a login, logout, impersonation
// or switch in another tab clears it, so no data of one user shows for another.
import { QueryClient } from '@tanstack/react-query';
import { getAuth, subscribeAuth } from '../session/auth-state.ts';
import { ApiError } from './api-client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx answers will not change on retry.
      retry: (count, error) => !(error instanceof ApiError && error.error_code < 500) && count < 2,
    },
  },
});

const identityOf = () => {
  const auth = getAuth();
  return auth ? `${auth.role}:${auth.user._id}` : '';
};

let identity = identityOf();
subscribeAuth(() => {
  const next = identityOf();
  if (next === identity) return;
  identity = next;
  queryClient.clear();
});
