import { describe, expect, it } from 'vitest';
import {
  applyBackTo,
  applyImpersonation,
  applyRefresh,
  buildParentParams,
  createAuthRecord,
  isAuthRecord,
  listHeldSessions,
  listParents,
  type SessionData,
} from '../src/lib/session/auth-record.ts';

const T0 = 1_700_000_000_000;
const session = (role: SessionData['role'], id: number, token = `t-${id}`): SessionData => ({
  token,
  expires_in: 7200,
  role,
  _id: `u${id}`,
  user_primary_id: id,
  email: `${id}@demo.test`,
  firstName: 'F',
  lastName: 'L',
  companyName: 'C',
});

describe('auth record (spec section 3)', () => {
  it('signs in into the role slot with the lifetime from expires_in', () => {
    const record = createAuthRecord(session('ADMIN', 1), T0);
    expect(record).toMatchObject({
      logged_in: true,
      role: 'ADMIN',
      issued_at: T0,
      expiry_at: T0 + 7_200_000,
    });
    expect(record.admin?.token).toBe('t-1');
    expect(record.user.token).toBe('t-1');
    expect(listParents(record)).toEqual([]);
    expect(buildParentParams(record)).toEqual({});
    expect(isAuthRecord(record)).toBe(true);
  });

  it('keeps parents while impersonating down the chain, outermost first', () => {
    const admin = createAuthRecord(session('ADMIN', 1), T0);
    const asAgency = applyImpersonation(admin, session('AGENCY', 5), T0 + 1000);
    const asAdvertiser = applyImpersonation(asAgency, session('ADVERTISER', 9), T0 + 2000);
    expect(asAdvertiser.role).toBe('ADVERTISER');
    expect(asAdvertiser.user.user_primary_id).toBe(9);
    expect(listParents(asAdvertiser)).toEqual(['ADMIN', 'AGENCY']);
    expect(buildParentParams(asAdvertiser)).toEqual({ admin_id: '1', agency_id: '5' });
    // A parent's own token carries only the parents above it.
    expect(buildParentParams(asAdvertiser, 'AGENCY')).toEqual({ admin_id: '1' });
    expect(buildParentParams(asAdvertiser, 'ADMIN')).toEqual({});
    // The earliest expiry (the admin's) governs the refresh.
    expect(asAdvertiser.expiry_at).toBe(T0 + 7_200_000);
    expect(listHeldSessions(asAdvertiser).map((user) => user.role)).toEqual([
      'ADMIN',
      'AGENCY',
      'ADVERTISER',
    ]);
  });

  it('sends co_admin_id for a co-admin parent', () => {
    const coAdmin = createAuthRecord(session('CO-ADMIN', 2), T0);
    const asAdvertiser = applyImpersonation(coAdmin, session('ADVERTISER', 9), T0);
    expect(buildParentParams(asAdvertiser)).toEqual({ co_admin_id: '2' });
  });

  it('going back to admin drops the agency and advertiser sessions', () => {
    const admin = createAuthRecord(session('ADMIN', 1), T0);
    const deep = applyImpersonation(
      applyImpersonation(admin, session('AGENCY', 5), T0),
      session('ADVERTISER', 9),
      T0,
    );
    const back = applyBackTo(deep, 'ADMIN');
    expect(back?.role).toBe('ADMIN');
    expect(back?.user.user_primary_id).toBe(1);
    expect(back?.agency).toBeUndefined();
    expect(back?.advertiser).toBeUndefined();
    const toAgency = applyBackTo(deep, 'AGENCY');
    expect(toAgency?.role).toBe('AGENCY');
    expect(toAgency?.admin?.user_primary_id).toBe(1);
    expect(toAgency?.advertiser).toBeUndefined();
    expect(applyBackTo(admin, 'AGENCY')).toBeNull();
  });

  it('refreshed data replaces each role session and the expiry', () => {
    const admin = createAuthRecord(session('ADMIN', 1), T0);
    const asAgency = applyImpersonation(admin, session('AGENCY', 5), T0);
    const later = T0 + 6_600_000;
    const refreshed = applyRefresh(
      asAgency,
      { ADMIN: session('ADMIN', 1, 'new-admin'), AGENCY: session('AGENCY', 5, 'new-agency') },
      later,
    );
    expect(refreshed.admin?.token).toBe('new-admin');
    expect(refreshed.agency?.token).toBe('new-agency');
    expect(refreshed.user.token).toBe('new-agency');
    expect(refreshed.issued_at).toBe(later);
    expect(refreshed.expiry_at).toBe(later + 7_200_000);
  });

  it('a partial refresh keeps the earlier expiry', () => {
    const asAgency = applyImpersonation(createAuthRecord(session('ADMIN', 1), T0), session('AGENCY', 5), T0);
    const partial = applyRefresh(asAgency, { AGENCY: session('AGENCY', 5, 'new-agency') }, T0 + 100);
    expect(partial.user.token).toBe('new-agency');
    expect(partial.admin?.token).toBe('t-1');
    expect(partial.expiry_at).toBe(asAgency.expiry_at);
  });

  it('rejects malformed stored records', () => {
    expect(isAuthRecord(null)).toBe(false);
    expect(isAuthRecord({ logged_in: true, role: 'ROOT' })).toBe(false);
    const record = createAuthRecord(session('AGENCY', 5), T0);
    expect(isAuthRecord({ ...record, admin: { token: 1 } })).toBe(false);
  });
});
