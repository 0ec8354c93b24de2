// Outbound HTTP to addresses a user typed (DSP endpoints): the guard against server-side request
// forgery (OWASP ASVS 5.0 V1.3 / V15). Only public unicast addresses are reached by default; loopback
// in every spelling, private, carrier-grade NAT, link-local (cloud metadata 169.254.169.254),
// unique-local (fd00:ec2::254), multicast, unspecified, reserved and IPv6 transition ranges that
// embed an IPv4 address are refused, as are the machine's own addresses and, always, the console's
// own port. Classification is ipaddr.js's, not hand-written ranges.
//
// The check runs on the address actually connected to: the socket's DNS look-up is ours, so a name
// is resolved once per connection, every answer is checked, and the socket connects to the checked
// address (no DNS rebinding between check and use). Literal addresses, which the socket does not look
// up, are checked before connecting. Redirects are never followed, and every failure to connect or
// to be answered in time gives one error, so the caller cannot tell a refused address from a closed
// port or a timeout (no port scanner).
//
// An on-premise install names the private services it may reach in DSP_ALLOWED_PRIVATE_HOSTS, each
// as a host and a port: `bidder.internal:8443` (a host name, whatever address it resolves to),
// `10.0.0.5:8443`, `10.1.0.0/16:443` (a CIDR range), `[::1]:9000`, `[fd00::/8]:443` (IPv6 in
// brackets). An entry opens that one port only: allowing a loopback address must not open every
// other service on the machine (a second API process, a database, an admin port). The console's own
// port on its own or a loopback address stays refused even when an entry names it.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

type HostMatch = { kind: 'name'; name: string } | { kind: 'range'; range: [Address, number] };
export type HostRule = { host: HostMatch; port: number };

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/i;
/** `[IPv6 address or range]:port`, or `IPv4 address, IPv4 range or host name:port`. */
const HOST_AND_PORT = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/;

const normalizeName = (name: string) => name.toLowerCase().replace(/\.$/, '');

const parseHost = (value: string): HostMatch | null => {
  if (ipaddr.isValidCIDR(value)) {
    const [address, bits] = ipaddr.parseCIDR(value);
    return {
      kind: 'range',
      range: [unwrap(address), address.kind() === 'ipv6' && isMapped(address) ? bits - 96 : bits],
    };
  }
  if (ipaddr.isValid(value)) {
    const address = unwrap(ipaddr.parse(value));
    return { kind: 'range', range: [address, address.kind() === 'ipv4' ? 32 : 128] };
  }
  if (HOST_NAME.test(value)) return { kind: 'name', name: normalizeName(value) };
  return null;
};

/**
 * One entry of DSP_ALLOWED_PRIVATE_HOSTS: a host name, an address or a CIDR range, then its port
 * (IPv6 in brackets); null when it is not one.
 */
export const parseHostRule = (entry: string): HostRule | null => {
  const match = HOST_AND_PORT.exec(entry.trim());
  if (!match) return null;
  const port = Number(match[3]);
  const text = match[1] ?? match[2] ?? '';
  // Brackets hold IPv6 only; an IPv6 address without them cannot carry a port.
  const host = parseHost(text);
  if (!host || port < 1 || port > 65_535) return null;
  if (match[1] !== undefined && !(host.kind === 'range' && text.includes(':'))) return null;
  return { host, port };
};

const isMapped = (address: Address) =>
  address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress();
/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is the IPv4 address it carries. */
const unwrap = (address: Address): Address =>
  isMapped(address) ? (address as ipaddr.IPv6).toIPv4Address() : address;

const parseAddress = (text: string): Address | null => {
  const value = text.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(value) ? unwrap(ipaddr.parse(value)) : null;
};

const inRange = (address: Address, [network, bits]: [Address, number]) =>
  address.kind() === network.kind() && address.match(network, bits);

/** The addresses of this machine's interfaces: reaching them reaches the console's host itself. */
const ownAddresses = (): Address[] =>
  Object.values(networkInterfaces())
    .flat()
    .flatMap((info) => (info ? [parseAddress(info.address.split('%')[0] ?? '')] : []))
    .filter((address): address is Address => address !== null);

export type OutboundPolicy = {
  /** Whether a connection to this address may be made for a URL of this host name and port. */
  allows: (hostname: string, address: string, port: number) => boolean;
};

export const createOutboundPolicy = (options: {
  allowedPrivateHosts: readonly string[];
  /** The console's own port: never reached on a local or allowed private address. */
  consolePort: () => number | undefined;
}): OutboundPolicy => {
  const rules = options.allowedPrivateHosts.map((entry) => {
    const rule = parseHostRule(entry);
    if (!rule) throw new Error(`Not host:port (a host name, address or CIDR range, then a port): ${entry}`);
    return rule;
  });
  const matches = (host: HostMatch, hostname: string, address: Address) =>
    host.kind === 'name'
      ? host.name === normalizeName(hostname.replace(/^\[(.*)\]$/, '$1'))
      : inRange(address, host.range);

  return {
    allows: (hostname, text, port) => {
      const address = parseAddress(text);
      if (!address) return false;
      const isOwn = ownAddresses().some((own) => own.toNormalizedString() === address.toNormalizedString());
      if (address.range() === 'unicast' && !isOwn) return true;
      const isLocal = isOwn || address.range() === 'loopback' || address.range() === 'unspecified';
      if (isLocal && port === options.consolePort()) return false;
      return rules.some((rule) => rule.port === port && matches(rule.host, hostname, address));
    },
  };
};

/** Every failure to reach the address, whatever the cause: one error, one message. */
export class OutboundUnreachableError extends Error {
  constructor() {
    super('The address could not be reached.');
    this.name = 'OutboundUnreachableError';
  }
}

type Resolve = (
  hostname: string,
  callback: (error: Error | null, addresses: LookupAddress[]) => void,
) => void;
const resolveAll: Resolve = (hostname, callback) =>
  dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => callback(error, addresses ?? []));

/**
 * The socket's look-up: resolves the name, refuses when any answer is not allowed, and hands the
 * socket exactly the checked addresses. Exported for its tests (a resolver that answers differently).
 */
export const guardedLookup =
  (policy: OutboundPolicy, hostname: string, port: number, resolve: Resolve = resolveAll): LookupFunction =>
  (name, options, callback) => {
    resolve(name, (error, addresses) => {
      if (error || addresses.length === 0) return callback(error ?? new OutboundUnreachableError(), '', 4);
      const wanted =
        options.family === 4 || options.family === 6
          ? addresses.filter((a) => a.family === options.family)
          : addresses;
      if (wanted.length === 0 || !addresses.every((a) => policy.allows(hostname, a.address, port))) {
        return callback(new OutboundUnreachableError(), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, wanted);
      callback(null, wanted[0]!.address, wanted[0]!.family);
    });
  };

export type OutboundRequest = {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | undefined;
  timeoutMs: number;
};

/**
 * One request to a URL under the policy; answers the status only (the body is discarded). Throws
 * OutboundUnreachableError for every failure: refused address, DNS, connection, TLS, timeout.
 */
export const requestOutbound = (
  policy: OutboundPolicy,
  url: string,
  init: OutboundRequest,
): Promise<{ status: number }> =>
  new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return reject(new OutboundUnreachableError());
    }
    const isHttps = target.protocol === 'https:';
    if (!isHttps && target.protocol !== 'http:') return reject(new OutboundUnreachableError());
    const port = Number(target.port || (isHttps ? 443 : 80));
    // The WHATWG parser already wrote 2130706433 and 0x7f.1 as 127.0.0.1, and [::ffff:127.0.0.1] as [::ffff:7f00:1].
    const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(literal) && !policy.allows(target.hostname, literal, port)) {
      return reject(new OutboundUnreachableError());
    }
    const options: RequestOptions = {
      method: init.method,
      headers:
        init.body === undefined
          ? init.headers
          : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
      lookup: guardedLookup(policy, target.hostname, port),
      // A fresh agent: no pooled socket from an earlier check is reused.
      agent: false,
      signal: AbortSignal.timeout(init.timeoutMs),
    };
    const send = isHttps ? httpsRequest : httpRequest;
    const request = send(target, options, (response: IncomingMessage) => {
      resolve({ status: response.statusCode ?? 0 });
      response.destroy();
    });
    request.on('error', () => reject(new OutboundUnreachableError()));
    request.end(init.body);
  });
