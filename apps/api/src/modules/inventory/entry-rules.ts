// What an entry of an inventory list or an audience may be, and its one stored form. Every way in
// (upload, paste, JSON edits, smart-app lists) and the bidder's membership look-ups use these, so a
// value is always compared in the form it was stored in.
//
// Sites (SITE lists): a domain, lower-cased, without scheme, user, port, path, query or trailing dot;
// international names in their ASCII (punycode) form; it must end in a public suffix of the Public
// Suffix List (tldts) and be more than the suffix itself ("co.uk" is not a site). IP addresses are
// refused: exchanges send site domains, and an IP would block nothing useful.
// Apps (APP lists): a bundle in reverse-DNS form (com.example.game) kept exactly as given, because
// Android package names are case-sensitive, or a numeric store id (Apple's 389801252; a leading "id"
// as in App Store links is dropped, which is how exchanges send it).
// Audiences: a mobile advertising id (IDFA / GAID: a UUID, lower-cased; the all-zero id of a user who
// limited tracking is refused), a SHA-256 hash of an e-mail (64 hex digits, lower-cased), or a plain
// e-mail, which is trimmed, lower-cased and hashed here, so it is never stored or written anywhere plain.
import { createHash } from 'node:crypto';
import { domainToASCII } from 'node:url';
import type { ApplistKind } from '@console/core/api/inventory-lists';
import { parse as parseDomain } from 'tldts';

export type EntryCheck = { value: string; reason?: undefined } | { value?: undefined; reason: string };

export const ENTRY_REASONS = {
  blank: 'Empty entry.',
  notDomain: 'Not a domain name (like example.com).',
  noSuffix: 'Does not end in a known public suffix (like .com or .co.uk).',
  onlySuffix: 'Is a public suffix, not a site (like example.co.uk).',
  ipAddress: 'An IP address, not a domain name.',
  tooLong: 'A domain name is at most 253 characters.',
  notApp: 'Not an app bundle (like com.example.game) or a numeric store id (like 389801252).',
  notPerson: 'Not a device id (IDFA or GAID), a SHA-256 hash or an e-mail address.',
  zeroDevice: 'The all-zero device id of a user who limited ad tracking.',
} as const;

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
// Two or more labels of letters, digits and hyphens (1 to 63, no hyphen first or last), lower case.
const HOST_LABELS = /^(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const BUNDLE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_][A-Za-z0-9_-]*)+$/;
const STORE_ID = /^(?:id)?(\d{4,15})$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const SHA256 = /^[0-9a-f]{64}$/i;
// Deliberately loose (one @, a dot in the domain, no spaces): the hash is what is matched, and an
// exchange-side e-mail hash is made from whatever address the person typed.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The bare host of a domain or URL, lower-case, or undefined when it cannot be one. */
const hostOf = (raw: string): string | undefined => {
  let text = raw.replace(SCHEME, '');
  text = text.replace(/^[^/?#]*@/, ''); // user:password@
  const end = text.search(/[/?#]/);
  if (end >= 0) text = text.slice(0, end);
  text = text.replace(/:\d*$/, '').replace(/\.$/, '');
  if (text === '' || /\s/.test(text)) return undefined;
  // Plain ASCII stays as it is (fast path); anything else goes through the WHATWG IDNA mapping.
  const ascii = /^[\x21-\x7e]+$/.test(text) ? text.toLowerCase() : domainToASCII(text);
  return ascii || undefined;
};

export const normaliseDomain = (raw: string): EntryCheck => {
  const text = raw.trim();
  if (text === '') return { reason: ENTRY_REASONS.blank };
  // Most lines of a file are bare hosts already: one test then stands for hostOf's steps and the
  // label check, which cost twice as much a line.
  const bare = HOST_LABELS.test(text);
  const host = bare ? text : hostOf(text);
  if (!host) return { reason: ENTRY_REASONS.notDomain };
  if (host.length > 253) return { reason: ENTRY_REASONS.tooLong };
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return { reason: ENTRY_REASONS.ipAddress };
  if (!bare && !HOST_LABELS.test(host)) return { reason: ENTRY_REASONS.notDomain };
  const parsed = parseDomain(host, { extractHostname: false });
  if (parsed.isIp) return { reason: ENTRY_REASONS.ipAddress };
  if (!parsed.isIcann && !parsed.isPrivate) return { reason: ENTRY_REASONS.noSuffix };
  if (!parsed.domain) return { reason: ENTRY_REASONS.onlySuffix };
  return { value: host };
};

export const normaliseApp = (raw: string): EntryCheck => {
  const text = raw.trim();
  if (text === '') return { reason: ENTRY_REASONS.blank };
  const storeId = STORE_ID.exec(text);
  if (storeId) return { value: storeId[1]! };
  if (text.length <= 255 && BUNDLE.test(text)) return { value: text };
  return { reason: ENTRY_REASONS.notApp };
};

export const normaliserOf = (kind: ApplistKind) => (kind === 'SITE' ? normaliseDomain : normaliseApp);

export const hashEmail = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Device ids are 36 characters, e-mail hashes 64: the stored value tells which it is. */
export const DEVICE_ID_LENGTH = 36;

export const normaliseAudienceMember = (raw: string): EntryCheck => {
  const text = raw.trim();
  if (text === '') return { reason: ENTRY_REASONS.blank };
  if (UUID.test(text)) {
    const id = text.toLowerCase();
    return id === ZERO_UUID ? { reason: ENTRY_REASONS.zeroDevice } : { value: id };
  }
  if (SHA256.test(text)) return { value: text.toLowerCase() };
  if (text.length <= 320 && EMAIL.test(text)) return { value: hashEmail(text) };
  return { reason: ENTRY_REASONS.notPerson };
};
