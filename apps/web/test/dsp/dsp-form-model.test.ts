import type { Dsp } from '@console/core/api/dsps';
import { DSP_TYPE_NAMES, DSP_TYPES } from '@console/core/dsp-types';
import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_REQUIRED,
  checkConnection,
  checkCreate,
  checkEdit,
  checkReach,
  connectionFingerprint,
  credentialFieldsOf,
  credentialsToReplace,
  type DspFormValues,
  emptyDspValues,
  isEndpointChanged,
  maskSecret,
  toCreateBody,
  toEditBody,
  valuesFromDsp,
} from '../../src/features/dsp/dsp-form-model.ts';
import { DSP_MESSAGES, dspMessageKey } from '../../src/features/dsp/form-messages.ts';

const valid = (patch: Partial<DspFormValues> = {}): DspFormValues => ({
  name: 'Acme EU',
  type: 'OPENRTB',
  endpoint_url: 'https://bidder.example.com/rtb',
  credentials: { bearer_token: 'secret-9f2a' },
  exchanges: ['openx', ' pubmatic ', 'openx', ''],
  qps_limit: 500,
  ...patch,
});

const saved: Dsp = {
  id: 4,
  name: 'Acme EU',
  type: 'RTB4FREE',
  endpoint_url: 'https://rtb4free.example.com/',
  credentials_hint: { username: 'acme', password: '••••x9z1' },
  status: 'ACTIVE',
  exchanges: ['openx'],
  qps_limit: 1000,
  last_test: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('DSP form model', () => {
  it('renders the credential fields of each type from core dsp-types', () => {
    for (const type of DSP_TYPE_NAMES)
      expect(credentialFieldsOf(type)).toBe(DSP_TYPES[type].credentialFields);
    expect(credentialFieldsOf('')).toEqual([]);
    expect(credentialFieldsOf('UNKNOWN')).toEqual([]);
  });

  it('builds the create body: trimmed, exchanges de-duplicated, only the type’s credentials', () => {
    const body = toCreateBody(valid({ credentials: { bearer_token: ' tok ', stray: 'x' } }));
    expect(body).toEqual({
      name: 'Acme EU',
      type: 'OPENRTB',
      endpoint_url: 'https://bidder.example.com/rtb',
      exchanges: ['openx', 'pubmatic'],
      qps_limit: 500,
      credentials: { bearer_token: 'tok' },
    });
    expect(checkCreate(valid())).toEqual({});
  });

  it('reports each empty credential and each refused field by its form field', () => {
    const errors = checkCreate(
      valid({
        name: '',
        type: 'CUSTOM_HTTP',
        endpoint_url: 'ftp://x',
        credentials: { header_name: 'X-Key' },
        exchanges: ['x'.repeat(61)],
        qps_limit: '',
      }),
    );
    expect(errors).toEqual({
      name: 'The name is required.',
      endpoint_url: 'Enter the endpoint as an http:// or https:// URL.',
      exchanges: expect.any(String),
      qps_limit: expect.any(String),
      'credentials.header_value': CREDENTIAL_REQUIRED,
    });
    expect(dspMessageKey(errors.exchanges, 'exchanges')).toBe('errors.exchanges');
    expect(dspMessageKey(errors.qps_limit, 'qps_limit')).toBe('errors.qpsInvalid');
    expect(checkCreate(emptyDspValues()).type).toBe('Choose a DSP type.');
  });

  it('maps the schemas’ own messages to keys', () => {
    expect(dspMessageKey('The name is required.', 'name')).toBe('errors.nameRequired');
    expect(dspMessageKey(checkReach(valid({ qps_limit: 0 })).qps_limit, 'qps_limit')).toBe('errors.qpsMin');
    expect(dspMessageKey(checkReach(valid({ name: 'n'.repeat(61) })).name, 'name')).toBe(
      'errors.nameTooLong',
    );
    expect(dspMessageKey(checkConnection(emptyDspValues()).type, 'type')).toBe('errors.typeRequired');
    for (const key of Object.values(DSP_MESSAGES)) expect(key).toMatch(/^errors\./);
  });

  it('checks only type, endpoint and credentials before a connection test', () => {
    expect(checkConnection(valid({ name: '', qps_limit: '' }))).toEqual({});
    expect(checkConnection(valid({ credentials: {} }))).toEqual({
      'credentials.bearer_token': CREDENTIAL_REQUIRED,
    });
  });

  it('on an edit keeps the stored credentials unless new ones are typed', () => {
    const values = valuesFromDsp(saved);
    expect(values.credentials).toEqual({});
    expect(credentialsToReplace(values, saved)).toBeNull();
    expect(checkEdit(values, saved)).toEqual({});
    expect(toEditBody(values, saved)).not.toHaveProperty('credentials');

    const partly = { ...values, credentials: { password: 'new-pass' } };
    expect(credentialsToReplace(partly, saved)).toEqual({ username: '', password: 'new-pass' });
    expect(checkEdit(partly, saved)).toEqual({ 'credentials.username': CREDENTIAL_REQUIRED });

    const retyped = { ...values, type: 'KRITTER' as const };
    expect(checkEdit(retyped, saved)).toEqual({ 'credentials.api_key': CREDENTIAL_REQUIRED });
    expect(credentialsToReplace({ ...retyped, credentials: { api_key: 'k' } }, saved)).toEqual({
      api_key: 'k',
    });
  });

  it('needs the credentials again when the endpoint goes elsewhere (scheme, host, port or path)', () => {
    const values = valuesFromDsp(saved);
    const elsewhere = [
      saved.endpoint_url.replace(/^https?/, (scheme) => (scheme === 'https' ? 'http' : 'https')),
      'https://attacker.example.net/rtb',
      `${new URL(saved.endpoint_url).origin}:8443/rtb`,
      `${saved.endpoint_url}/other`,
    ];
    for (const endpoint_url of elsewhere) {
      const moved = { ...values, endpoint_url };
      expect(isEndpointChanged(moved, saved), endpoint_url).toBe(true);
      expect(checkEdit(moved, saved), endpoint_url).toEqual({
        'credentials.username': CREDENTIAL_REQUIRED,
        'credentials.password': CREDENTIAL_REQUIRED,
      });
      const retyped = { ...moved, credentials: { username: 'u', password: 'p' } };
      expect(checkEdit(retyped, saved)).toEqual({});
      expect(toEditBody(retyped, saved).credentials).toEqual({ username: 'u', password: 'p' });
    }
    // Spaces around it or a query are not another address.
    const same = { ...values, endpoint_url: ` ${saved.endpoint_url}?debug=1 ` };
    expect(isEndpointChanged(same, saved)).toBe(false);
    expect(checkEdit(same, saved)).toEqual({});
  });

  it('fingerprints the tested connection and masks secrets like the server’s hints', () => {
    const base = valid();
    expect(connectionFingerprint(base)).toBe(connectionFingerprint(valid({ name: 'Other', qps_limit: 9 })));
    expect(connectionFingerprint(base)).not.toBe(
      connectionFingerprint(valid({ credentials: { bearer_token: 'other' } })),
    );
    expect(maskSecret('secret-9f2a')).toBe('••••9f2a');
    expect(maskSecret('')).toBe('');
  });
});
