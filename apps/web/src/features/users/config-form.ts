// The user config form's values and their conversion to and from the API's UserConfig: margin as
// a percent (stored in basis points), target CPA in dollars (stored in micro-units). Pure.
import type { UserConfig } from '@console/core/api/users';
import { bpsToPercent, percentToBps } from '@console/core/format/bps';
import { dollarsToMicros, microsToDollars } from './user-rules.ts';

export type ConfigForm = {
  insight_dashboard: boolean;
  postback_enabled: boolean;
  api_access: boolean;
  /** Percent; '' while the input is empty. */
  marginPercent: number | string;
  /** Agencies only: the range of margins it may give its advertisers, in percent. */
  bounds?: { minPercent: number | string; maxPercent: number | string };
  auto_bid: boolean;
  /** Dollars; '' for no target. */
  targetCpaDollars: number | string;
  block_low_ctr_placements: boolean;
};

export const toConfigForm = (config: UserConfig): ConfigForm => ({
  insight_dashboard: config.insight_dashboard,
  postback_enabled: config.postback_enabled === 'ENABLED',
  api_access: config.api_access,
  marginPercent: bpsToPercent(config.margin_bps),
  ...(config.advertiser_margin_bounds
    ? {
        bounds: {
          minPercent: bpsToPercent(config.advertiser_margin_bounds.min_bps),
          maxPercent: bpsToPercent(config.advertiser_margin_bounds.max_bps),
        },
      }
    : {}),
  auto_bid: config.optimisation.auto_bid ?? false,
  targetCpaDollars:
    config.optimisation.target_cpa_micros === undefined
      ? ''
      : microsToDollars(config.optimisation.target_cpa_micros),
  block_low_ctr_placements: config.optimisation.block_low_ctr_placements ?? false,
});

const toNumber = (value: number | string): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const trimmed = value.trim().replace(/[$,%\s]/g, '');
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.NaN;
};

/** The body of PUT .../config; validate it with userConfigSchema (its messages name the fields). */
export const fromConfigForm = (form: ConfigForm): UserConfig => {
  const margin = toNumber(form.marginPercent);
  const target = toNumber(form.targetCpaDollars);
  return {
    insight_dashboard: form.insight_dashboard,
    postback_enabled: form.postback_enabled ? 'ENABLED' : 'DISABLED',
    api_access: form.api_access,
    margin_bps: margin === undefined ? 0 : percentToBps(margin),
    ...(form.bounds
      ? {
          advertiser_margin_bounds: {
            min_bps: percentToBps(toNumber(form.bounds.minPercent) ?? 0),
            max_bps: percentToBps(toNumber(form.bounds.maxPercent) ?? 0),
          },
        }
      : {}),
    optimisation: {
      auto_bid: form.auto_bid,
      ...(target === undefined ? {} : { target_cpa_micros: dollarsToMicros(target) }),
      block_low_ctr_placements: form.block_low_ctr_placements,
    },
  };
};
