import { SIGNED_IN_COOKIE } from '@prova/contract/limits';
import { sessionBegan } from '@/lib/api-client';
import { clearPersonalStorage } from '@/lib/personal-storage';

const told = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SIGNED_IN_COOKIE}=`);

/**
 * Signed in from this page and not signed out since. The session is then known to be open whatever the cookie says: a
 * late 401 to a request sent before the sign-in takes the cookie away (the server cannot tell it is late).
 */
let signedInHere = false;

/** A sign-in from this page has just succeeded. */
export function markSignedIn() {
  signedInHere = true;
  sessionBegan();
}

/** The session has ended (signed out, or found expired): what the browser kept of the person goes too. */
export function markSignedOut() {
  signedInHere = false;
  clearPersonalStorage();
}

/**
 * Whether a session may be open: one begun from this page, or the server said so (SIGNED_IN_COOKIE). If not, nobody is
 * signed in, and nothing is asked.
 */
export const mayBeSignedIn = () => signedInHere || (typeof document !== 'undefined' && told.test(document.cookie));
