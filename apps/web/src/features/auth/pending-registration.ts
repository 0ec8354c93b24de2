// The address a registration awaits its code for, kept in sessionStorage so that a reload of
// /register returns to the code step. The password is never stored: after a reload the code step
// asks for it again (the code completes only the registration made with that password).

const KEY = 'pending-registration-email';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storage = (): StorageLike | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
};

/** The address of the registration awaiting its code in this tab, if any. */
export const readPendingRegistration = (store: StorageLike | undefined = storage()): string | null => {
  try {
    return store?.getItem(KEY) || null;
  } catch {
    return null;
  }
};

/** Remembers the address awaiting its code, or forgets it (null). */
export const writePendingRegistration = (
  email: string | null,
  store: StorageLike | undefined = storage(),
) => {
  try {
    if (email) store?.setItem(KEY, email);
    else store?.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): a reload then starts the registration again.
  }
};
