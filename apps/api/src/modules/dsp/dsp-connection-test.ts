// Connection tests per DSP type: one request a real bidder of that type answers, with a timeout,
// through the outbound guard (platform/outbound-http.ts): a non-public address, a closed port, a DNS
// failure and a timeout all answer the same sentence, so the test is no port scanner.
import type { DspType } from '@console/core/dsp-types';
import { type OutboundPolicy, requestOutbound } from '../../platform/outbound-http.ts';

const TIMEOUT_MS = 5000;

type Probe = { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };

/** A minimal OpenRTB 2.6 request flagged test=1, so a real bidder neither bids for real nor bills. */
const openRtbTestRequest = () =>
  JSON.stringify({
    id: `connection-test-${Date.now()}`,
    test: 1,
    tmax: 200,
    at: 1,
    imp: [{ id: '1', banner: { w: 300, h: 250 }, bidfloor: 0.01, bidfloorcur: 'USD' }],
    site: { id: 'connection-test', domain: 'example.com', page: 'https://example.com/' },
    device: { ua: 'connection-test', ip: '192.0.2.1' },
    user: { id: 'connection-test' },
  });

const PROBES: Record<DspType, (credentials: Record<string, string>) => Probe> = {
  OPENRTB: (c) => ({
    method: 'POST',
    headers: {
      authorization: `Bearer ${c.bearer_token ?? ''}`,
      'content-type': 'application/json',
      'x-openrtb-version': '2.6',
    },
    body: openRtbTestRequest(),
  }),
  RTB4FREE: (c) => ({
    method: 'GET',
    headers: {
      authorization: `Basic ${Buffer.from(`${c.username ?? ''}:${c.password ?? ''}`).toString('base64')}`,
    },
  }),
  KRITTER: (c) => ({ method: 'GET', headers: { 'x-api-key': c.api_key ?? '' } }),
  CUSTOM_HTTP: (c) => ({
    method: 'GET',
    headers: c.header_name ? { [c.header_name]: c.header_value ?? '' } : {},
  }),
};

export type ConnectionTestResult = { ok: boolean; message: string; latency_ms: number };

export const UNREACHABLE_MESSAGE = 'Could not reach the DSP.';

export const testDspConnection = async (
  policy: OutboundPolicy,
  type: DspType,
  endpointUrl: string,
  credentials: Record<string, string>,
): Promise<ConnectionTestResult> => {
  const probe = PROBES[type](credentials);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let status: number;
  try {
    ({ status } = await requestOutbound(policy, endpointUrl, { ...probe, timeoutMs: TIMEOUT_MS }));
  } catch {
    // No cause and no time: neither may tell a refused address from a closed port or a timeout.
    return { ok: false, message: UNREACHABLE_MESSAGE, latency_ms: 0 };
  }
  if (status === 401 || status === 403) {
    return { ok: false, message: `The DSP refused the credentials (HTTP ${status}).`, latency_ms: elapsed() };
  }
  if (status >= 200 && status < 300) {
    const what = status === 204 ? 'answered with no bid' : `answered HTTP ${status}`;
    return { ok: true, message: `Connected: the DSP ${what}.`, latency_ms: elapsed() };
  }
  return { ok: false, message: `The DSP answered HTTP ${status}.`, latency_ms: elapsed() };
};
