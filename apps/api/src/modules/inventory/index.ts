// The inventory module's entry: what other modules may use of it. They import this file only; the
// module's own files import each other directly.
export {
  loadApplistMembership,
  loadAudienceMembership,
  loadSmartAppListMembership,
  type MembershipSet,
  toStoredApp,
  toStoredDevice,
} from './list-membership.ts';
