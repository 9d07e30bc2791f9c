import { createHash, randomBytes } from 'node:crypto';

// The links that let someone set a password (a reset, an invitation, a first sign-in) carry a random
// token; the database keeps only its sha256, so a leaked table opens nothing.

export const newResetToken = () => randomBytes(32).toString('base64url');
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A token in two halves: a short public one that may be shown to whoever asks (the "token" of the
 * login's password-must-be-set answer) and a secret one that only travels by mail. The link works with
 * both together, so knowing the public half opens nothing.
 */
export function newSplitToken(): { publicPart: string; token: string } {
  const publicPart = randomBytes(16).toString('base64url');
  return { publicPart, token: `${publicPart}${newResetToken()}` };
}
