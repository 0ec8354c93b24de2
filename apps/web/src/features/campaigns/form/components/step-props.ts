// What every step of the campaign form receives from the form.
import type { CampaignStatus } from '@console/core/campaign-status';
import type { CampaignFormValues } from '../campaign-form-model.ts';
import type { ErrorOf } from './use-form-text.ts';

export type FormMode = 'create' | 'edit' | 'clone';

/** Names the form already knows (from a saved campaign) for choices the pickers have not loaded. */
export type KnownNames = {
  advertiser?: string;
  applists?: Record<number, string>;
  audiences?: Record<number, string>;
  exchanges?: Record<number, string>;
  smartAppLists?: Record<number, string>;
};

export type StepProps = {
  values: CampaignFormValues;
  errorOf: ErrorOf;
  /** Changes values and clears the errors they make stale. */
  change: (patch: Partial<CampaignFormValues>) => void;
  /** Checks one field now (on blur) and shows its error. */
  validateField: (field: string) => void;
  /** The advertiser whose exchanges, creatives, lists and audiences apply (null: the signed-in advertiser). */
  advertiserId: number | null;
  /** False while an agency or admin has not chosen the advertiser yet (nothing to look up). */
  hasAdvertiser: boolean;
  mode: FormMode;
  /** The saved campaign being edited (its forecast does not bid against itself). */
  campaignId?: number;
  status: CampaignStatus | null;
  known: KnownNames;
  /** Remembers the name of the advertiser picked (for the review). */
  rememberAdvertiser: (name: string | undefined) => void;
};
