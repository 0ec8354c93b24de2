// The agency's white-label configuration (spec section 3) and its local copy under `config`.
import { STORAGE_KEYS } from '@console/core/constants';

export type CompanyConfig = {
  company: {
    name: string;
    logoSrc: string;
    favicon: string;
    agency_primary_id: number | null;
    help_and_support: boolean;
    help_and_support_link: string;
  };
  meta: { title: string };
  theme: {
    primaryColor: string;
    hoverColor: string;
    textAgencyColor: string;
    cardBackgroundColor: string;
    navbarColor: string;
  };
  footer: { startYear: number; text: string };
};

/** The console is usable only once the config names its agency (spec section 2: spinner until then). */
export const isConfigReady = (config: CompanyConfig | null | undefined): config is CompanyConfig =>
  Boolean(config?.company?.agency_primary_id);

export const readStoredConfig = (): CompanyConfig | null => {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.config);
    const value = raw ? (JSON.parse(raw) as CompanyConfig) : null;
    return value && typeof value === 'object' && value.company ? value : null;
  } catch {
    return null;
  }
};

export const storeConfig = (config: CompanyConfig): void => {
  localStorage.setItem(STORAGE_KEYS.config, JSON.stringify(config));
};
