// The guided onboarding of /admin/newdsp as pure rules: which fields each step checks and when the
// test counts as passed (only for exactly the connection that was tested). Unit-tested.
import {
  checkConnection,
  checkReach,
  connectionFingerprint,
  type DspErrors,
  type DspFormValues,
} from './dsp-form-model.ts';

export const ONBOARDING_STEPS = ['type', 'connection', 'test', 'reach', 'review'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** The last test: its outcome and the connection (type, endpoint, credentials) it was run with. */
export type TestRecord = { ok: boolean; fingerprint: string };

/** The errors that keep the admin on a step (the test step never blocks: one may go on and fix later). */
export const checkStep = (step: OnboardingStep, values: DspFormValues): DspErrors => {
  switch (step) {
    case 'type':
      return values.type ? {} : { type: 'Choose a DSP type.' };
    case 'connection': {
      const { name } = checkReach(values);
      return { ...checkConnection(values), ...(name ? { name } : {}) };
    }
    case 'reach': {
      const { name: _name, ...rest } = checkReach(values);
      return rest;
    }
    default:
      return {};
  }
};

/** True when the last test passed for the connection as it is now (any change voids it). */
export const hasPassingTest = (test: TestRecord | null, values: DspFormValues): boolean =>
  test?.ok === true && test.fingerprint === connectionFingerprint(values);

/** The first step with errors, to send the admin back to it from the review. */
export const firstIncompleteStep = (values: DspFormValues): number => {
  const index = ONBOARDING_STEPS.findIndex((step) => Object.keys(checkStep(step, values)).length > 0);
  return index;
};
