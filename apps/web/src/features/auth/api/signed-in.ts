import { SIGNED_IN_COOKIE } from '@prova/contract/limits';

const told = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SIGNED_IN_COOKIE}=`);

/** Whether the server said a session may be open (SIGNED_IN_COOKIE): if not, nobody is signed in, and nothing is asked. */
export const mayBeSignedIn = () => typeof document !== 'undefined' && told.test(document.cookie);
