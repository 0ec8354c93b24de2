import { describe, expect, it } from 'vitest';
import {
  connectionFingerprint,
  type DspFormValues,
  emptyDspValues,
} from '../../src/features/dsp/dsp-form-model.ts';
import {
  checkStep,
  firstIncompleteStep,
  hasPassingTest,
  ONBOARDING_STEPS,
} from '../../src/features/dsp/onboarding-model.ts';

const ready: DspFormValues = {
  name: 'Local bidder',
  type: 'OPENRTB',
  endpoint_url: 'http://127.0.0.1:9000/rtb',
  credentials: { bearer_token: 'tok' },
  exchanges: [],
  qps_limit: 1000,
};

describe('DSP onboarding', () => {
  it('has the five steps in order', () => {
    expect(ONBOARDING_STEPS).toEqual(['type', 'connection', 'test', 'reach', 'review']);
  });

  it('blocks each step on its own fields only', () => {
    const empty = emptyDspValues();
    expect(Object.keys(checkStep('type', empty))).toEqual(['type']);
    expect(checkStep('type', { ...empty, type: 'KRITTER' })).toEqual({});
    expect(Object.keys(checkStep('connection', { ...empty, type: 'KRITTER' })).sort()).toEqual([
      'credentials.api_key',
      'endpoint_url',
      'name',
    ]);
    expect(checkStep('test', empty)).toEqual({});
    expect(Object.keys(checkStep('reach', { ...ready, name: '', qps_limit: '' }))).toEqual(['qps_limit']);
    expect(firstIncompleteStep(ready)).toBe(-1);
    expect(firstIncompleteStep({ ...ready, qps_limit: 0 })).toBe(3);
    expect(firstIncompleteStep({ ...ready, endpoint_url: '' })).toBe(1);
  });

  it('counts a test as passed only for exactly the connection that was tested', () => {
    const fingerprint = connectionFingerprint(ready);
    expect(hasPassingTest(null, ready)).toBe(false);
    expect(hasPassingTest({ ok: false, fingerprint }, ready)).toBe(false);
    expect(hasPassingTest({ ok: true, fingerprint }, ready)).toBe(true);
    // Name, exchanges and QPS do not touch the connection.
    expect(hasPassingTest({ ok: true, fingerprint }, { ...ready, name: 'x', exchanges: ['openx'] })).toBe(
      true,
    );
    expect(
      hasPassingTest({ ok: true, fingerprint }, { ...ready, credentials: { bearer_token: 'new' } }),
    ).toBe(false);
    expect(hasPassingTest({ ok: true, fingerprint }, { ...ready, endpoint_url: 'http://other.test/' })).toBe(
      false,
    );
  });
});
