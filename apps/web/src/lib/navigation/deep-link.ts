// A deep link kept across sign-in: a logged-out visitor sent from /campaign/viewCampaign/12 to /login
// comes back there once signed in. The path is kept in memory for this page load only (the address
// stays /login, as the spec has it): opening /login afresh, or reloading it, signs in to the role's
// home. Only a path of this console is followed; the role's router sends one it does not have home.

let pending: string | null = null;

/** The path a protected page was asked for, or null for /; kept until the next sign-in takes it. */
export const rememberDeepLink = (pathname: string, search: string, hash: string): void => {
  pending = deepLinkOf(pathname === '/' ? null : `${pathname}${search}${hash}`);
};

/** The remembered path, once (never another origin). */
export const takeDeepLink = (): string | null => {
  const path = pending;
  pending = null;
  return path;
};

/** A path of this console, or null (//host, a scheme or a backslash is another origin). */
export const deepLinkOf = (from: unknown): string | null =>
  typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.includes('\\')
    ? from
    : null;
