// A deep link kept across sign-in: a logged-out visitor sent from /campaign/viewCampaign/12 to /login
// comes back there once signed in. The path rides in the /login entry's history state (the address
// stays /login, as the spec has it) and survives a reload of the sign-in page. Only a path of this
// console is followed; the role's router sends one it does not have to the role's home.

/** The history state /login is opened with when a protected path was asked for. */
export const deepLinkState = (pathname: string, search: string, hash: string) =>
  pathname === '/' ? null : { from: `${pathname}${search}${hash}` };

/** The path to return to from a history state, when it is one of ours (never another origin). */
export const deepLinkOf = (state: unknown): string | null => {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\'))
    return null;
  return from;
};
