// Tenancy: who stands above whom. Admin above everyone else; co-admin above agencies and
// advertisers; an agency above its own advertisers. Services answer "not found" for objects
// outside the caller's scope so that their existence does not leak.
import type { Role } from '@console/core/roles';

export type ScopedUser = { id: number; role: string; agencyId: number | null };
export type ScopeOwner = { userId: number; role: Role };

export const isAbove = (owner: ScopeOwner, target: ScopedUser): boolean => {
  if (owner.userId === target.id) return false;
  switch (owner.role) {
    case 'ADMIN':
      return true;
    case 'CO-ADMIN':
      return target.role === 'AGENCY' || target.role === 'ADVERTISER';
    case 'AGENCY':
      return target.role === 'ADVERTISER' && target.agencyId === owner.userId;
    default:
      return false;
  }
};

/** The user itself or someone above it. */
export const canSee = (owner: ScopeOwner, target: ScopedUser): boolean =>
  owner.userId === target.id || isAbove(owner, target);
