// The upstream DSP types a connection can have, as data: the console renders the credential form
// from it and the API checks and tests connections with it. Adding a type = one entry here plus
// its connection test in apps/api/src/modules/dsp/dsp-connection-test.ts.

export type CredentialField = { name: string; label: string; secret: boolean };

export const DSP_TYPES = {
  OPENRTB: {
    label: 'OpenRTB 2.6 bidder',
    description: 'Any bidder speaking OpenRTB 2.6 over HTTP POST; the test sends a test=1 bid request.',
    credentialFields: [{ name: 'bearer_token', label: 'Bearer token', secret: true }],
  },
  RTB4FREE: {
    label: 'RTB4FREE',
    description: 'An RTB4FREE bidder; the test calls its endpoint with HTTP basic authentication.',
    credentialFields: [
      { name: 'username', label: 'User name', secret: false },
      { name: 'password', label: 'Password', secret: true },
    ],
  },
  KRITTER: {
    label: 'Kritter',
    description: 'A Kritter ad server; the test calls its endpoint with the X-Api-Key header.',
    credentialFields: [{ name: 'api_key', label: 'API key', secret: true }],
  },
  CUSTOM_HTTP: {
    label: 'Custom HTTP',
    description: 'Any HTTP endpoint authenticated by one header of your choice.',
    credentialFields: [
      { name: 'header_name', label: 'Header name', secret: false },
      { name: 'header_value', label: 'Header value', secret: true },
    ],
  },
} as const satisfies Record<
  string,
  { label: string; description: string; credentialFields: readonly CredentialField[] }
>;

export type DspType = keyof typeof DSP_TYPES;
export const DSP_TYPE_NAMES = Object.keys(DSP_TYPES) as DspType[];
