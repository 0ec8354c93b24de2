// Membership of targeting lists in memory, for the bidder: "is this bundle / domain in this list?",
// "is this device id / hashed e-mail in this audience?" in well under a microsecond, with no query
// per bid request.
//
//   const blocked = await loadApplistMembership(db, applistId);     // an inventory list
//   const apps = await loadSmartAppListMembership(db, listId);       // a smart-app list
//   const people = await loadAudienceMembership(db, audienceId);     // an audience
//   blocked.has(toStoredApp(request.app.bundle))                     // APP lists: bundles, store ids
//   blocked.hasDomain(request.site.domain)                           // SITE lists: the host or a parent
//   people.has(toStoredDevice(request.device.ifa))                   // device ids (lower-case UUID)
//   people.has(emailHash)                                            // SHA-256 hex of an e-mail
//   blocked.size                                                     // entries loaded
//   createMembershipSet(['com.example.game'])                        // from any values (tests, caches)
//
// Values are compared in the stored form (entry-rules.ts): domains lower-case without scheme or path,
// bundles as given, store ids as digits, device ids lower-case. `hasDomain` also matches a parent
// domain in the list (news.example.com is in a list holding example.com), as DV360 site lists do.
//
// Why not a Set<string>: a million strings cost ~80-100 MB of heap and slow every GC. Here each
// value is two independent 32-bit hashes in an open-addressing table of one typed array (8 bytes a
// slot at load factor <= 0.5: ~16 MB for a million), probed linearly. Two values collide only
// if both hashes match: about one false "yes" per 2^64 / size look-ups (never a false "no").
// The bidder holds the lists of its active campaigns through bidding/list-cache.ts, which reloads a
// list when its updated_at or count moves.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { applistEntries, audienceMembers, smartAppListApps } from '../../db/schema/lists.ts';
import { normaliseApp, normaliseDomain } from './entry-rules.ts';

export type MembershipSet = {
  readonly size: number;
  /** Whether the value (in its stored form) is in the list. */
  has: (value: string) => boolean;
  /** SITE lists: whether the host (any form: URL, upper-case) or one of its parent domains is in it. */
  hasDomain: (host: string) => boolean;
};

/**
 * Two independent 32-bit hashes of the value in one pass over its UTF-16 code units: FNV-1a, and a
 * multiplicative hash with murmur3's finaliser (never 0: 0 marks an empty slot). Written into
 * `pair` to spare an allocation per look-up.
 */
const pair = new Uint32Array(2);
const hashPair = (text: string): void => {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) + 0x165667b1;
  }
  b ^= b >>> 16;
  b = Math.imul(b, 0x85ebca6b);
  b ^= b >>> 13;
  b = Math.imul(b, 0xc2b2ae35);
  b ^= b >>> 16;
  pair[0] = a;
  pair[1] = b | 1;
};

const capacityFor = (count: number) => {
  let capacity = 16;
  while (capacity < count * 2) capacity *= 2;
  return capacity;
};

/**
 * A growable set of values; `add` while loading, then only `has`. Slot i holds its two hashes side by
 * side (slots[2i], slots[2i+1]), so a probe touches one cache line.
 */
export class CompactMembership implements MembershipSet {
  #slots: Uint32Array;
  #mask: number;
  #size = 0;

  constructor(expected = 0) {
    const capacity = capacityFor(expected);
    this.#slots = new Uint32Array(capacity * 2);
    this.#mask = capacity - 1;
  }

  get size() {
    return this.#size;
  }

  add(value: string): void {
    if ((this.#size + 1) * 4 > this.#slots.length) this.#grow();
    hashPair(value);
    if (this.#insert(pair[0]!, pair[1]!)) this.#size++;
  }

  has(value: string): boolean {
    hashPair(value);
    const a = pair[0]!;
    const b = pair[1]!;
    const slots = this.#slots;
    const mask = this.#mask;
    for (let slot = a & mask; ; slot = (slot + 1) & mask) {
      const stored = slots[slot * 2 + 1]!;
      if (stored === 0) return false;
      if (stored === b && slots[slot * 2] === a) return true;
    }
  }

  hasDomain(host: string): boolean {
    const normal = normaliseDomain(host).value ?? host.trim().toLowerCase();
    let rest = normal;
    for (;;) {
      if (this.has(rest)) return true;
      const dot = rest.indexOf('.');
      if (dot < 0) return false;
      rest = rest.slice(dot + 1);
      // A bare public suffix is never stored; stop at the last label.
      if (!rest.includes('.')) return false;
    }
  }

  #insert(a: number, b: number): boolean {
    const slots = this.#slots;
    for (let slot = a & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const stored = slots[slot * 2 + 1]!;
      if (stored === 0) {
        slots[slot * 2] = a;
        slots[slot * 2 + 1] = b;
        return true;
      }
      if (stored === b && slots[slot * 2] === a) return false;
    }
  }

  #grow() {
    const old = this.#slots;
    this.#slots = new Uint32Array(old.length * 2);
    this.#mask = this.#slots.length / 2 - 1;
    for (let i = 0; i < old.length; i += 2) if (old[i + 1] !== 0) this.#insert(old[i]!, old[i + 1]!);
  }
}

export const createMembershipSet = (values: Iterable<string>, expected = 0): MembershipSet => {
  const set = new CompactMembership(expected);
  for (const value of values) set.add(value);
  return set;
};

/** The stored form of an app id from a bid request (bundle as given; "id123" -> "123"), or the input. */
export const toStoredApp = (bundle: string) => normaliseApp(bundle).value ?? bundle;
/** The stored form of a device id from a bid request (lower-case). */
export const toStoredDevice = (ifa: string) => ifa.trim().toLowerCase();

const PAGE = 50_000;

/** Reads the values a page of the primary key at a time (constant memory besides the set). */
const loadFrom = async (read: (after: string | undefined) => Promise<{ value: string }[]>) => {
  const set = new CompactMembership();
  let after: string | undefined;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) set.add(row.value);
    if (rows.length < PAGE) return set;
    after = rows.at(-1)!.value;
  }
};

/** Every value of one owner in an entry table, a page of its primary key at a time. */
const loadValues = (db: DbOrTx, table: PgTable, value: PgColumn, key: PgColumn, id: number) =>
  loadFrom((after) =>
    db
      .select({ value: sql<string>`${value}` })
      .from(table)
      .where(and(eq(key, id), after === undefined ? undefined : gt(value, after)))
      .orderBy(asc(value))
      .limit(PAGE),
  );

export const loadApplistMembership = (db: DbOrTx, applistId: number): Promise<MembershipSet> =>
  loadValues(db, applistEntries, applistEntries.value, applistEntries.applistId, applistId);

export const loadAudienceMembership = (db: DbOrTx, audienceId: number): Promise<MembershipSet> =>
  loadValues(db, audienceMembers, audienceMembers.value, audienceMembers.audienceId, audienceId);

export const loadSmartAppListMembership = (db: DbOrTx, listId: number): Promise<MembershipSet> =>
  loadValues(db, smartAppListApps, smartAppListApps.value, smartAppListApps.listId, listId);
