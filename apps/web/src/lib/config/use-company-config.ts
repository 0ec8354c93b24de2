// The company config (spec section 3), fetched once at start (the Host header picks the agency) and
// kept in localStorage under `config`. A tiny store rather than TanStack Query: /login needs it and
// the query library stays out of the login bundle (budget 150 KB gzip).
import { useEffect, useSyncExternalStore } from 'react';
import { apiGet } from '../http/api-client.ts';
import { type CompanyConfig, isConfigReady, readStoredConfig, storeConfig } from './company-config.ts';

export type { CompanyConfig } from './company-config.ts';

type Status = 'idle' | 'loading' | 'success' | 'error';
type State = { fetched: CompanyConfig | null; stored: CompanyConfig | null; status: Status };

const RETRIES = 3;

let state: State = { fetched: null, stored: null, status: 'idle' };
const listeners = new Set<() => void>();

const update = (next: Partial<State>): void => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getState = () => state;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fetches the config (again), retrying a few times with back-off before reporting an error. */
export const loadCompanyConfig = async (): Promise<void> => {
  if (state.status === 'loading') return;
  update({ status: 'loading', stored: state.stored ?? readStoredConfig() });
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    const result = await apiGet<CompanyConfig>('/api/auth/agency-config', undefined, { anonymous: true });
    if (result.success && result.data && typeof result.data === 'object') {
      if (isConfigReady(result.data)) storeConfig(result.data);
      update({ fetched: result.data, status: 'success' });
      return;
    }
    if (attempt < RETRIES) await wait(Math.min(1000 * 2 ** attempt, 8000));
  }
  update({ status: 'error' });
};

/**
 * While the first fetch runs, the stored copy (if any) is returned so branding does not flash;
 * `isLoading` stays true until the server has answered.
 */
export const useCompanyConfig = (): {
  config: CompanyConfig | null;
  isLoading: boolean;
  isError: boolean;
} => {
  const current = useSyncExternalStore(subscribe, getState, getState);
  useEffect(() => {
    if (getState().status === 'idle') void loadCompanyConfig();
  }, []);
  return {
    config: current.fetched ?? current.stored ?? (current.status === 'idle' ? readStoredConfig() : null),
    isLoading: current.status === 'idle' || current.status === 'loading',
    isError: current.status === 'error',
  };
};
