// Connection tests per DSP type: one request a real bidder of that type answers, with a timeout.
import type { DspType } from '@console/core/dsp-types';

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

export const testDspConnection = async (
  type: DspType,
  endpointUrl: string,
  credentials: Record<string, string>,
): Promise<ConnectionTestResult> => {
  const probe = PROBES[type](credentials);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(endpointUrl, {
      method: probe.method,
      headers: probe.headers,
      body: probe.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    });
    await response.body?.cancel();
    if (response.status === 401 || response.status === 403) {
      return {
        ok: false,
        message: `The DSP refused the credentials (HTTP ${response.status}).`,
        latency_ms: elapsed(),
      };
    }
    if (response.status >= 200 && response.status < 300) {
      const what = response.status === 204 ? 'answered with no bid' : `answered HTTP ${response.status}`;
      return { ok: true, message: `Connected: the DSP ${what}.`, latency_ms: elapsed() };
    }
    return { ok: false, message: `The DSP answered HTTP ${response.status}.`, latency_ms: elapsed() };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : ((error as { cause?: { code?: string } }).cause?.code ?? 'the connection failed');
    return { ok: false, message: `Could not reach the DSP: ${reason}.`, latency_ms: elapsed() };
  }
};
