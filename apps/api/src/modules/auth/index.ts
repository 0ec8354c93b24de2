// The auth module's entry: what other modules may use of it. They import this file only; the
// module's own files import each other directly.
export { setUserPassword } from './auth-service.ts';
export { revokeBrokenChains } from './chain-revocation.ts';
export { revokeUserSessions } from './session-service.ts';
