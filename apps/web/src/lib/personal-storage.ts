import { setCurrentTestId } from './current-test';

// What the app keeps of a person in the browser's localStorage (the 360 drafts, the challenge's count of completed
// tests) is named by personalKey, so that when the session ends it can all be found and removed: on a shared computer
// the next person must not find it. sessionStorage holds the current test (removed here too) and the campaign's
// interface language (app/routes/root.tsx drops it once nobody is signed in); the sending queue's tab id is nobody's.

const PREFIX = 'prova.';

/** A localStorage key for something of the signed-in person; every key under it goes at sign-out. */
export const personalKey = (...parts: Array<string | number>) => `${PREFIX}${parts.join('.')}`;

/** Removes everything personal the app keeps in localStorage and sessionStorage (signed out, or the session found ended). */
export function clearPersonalStorage() {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage blocked (some private modes): nothing was kept there either.
  }
  setCurrentTestId(null);
}
