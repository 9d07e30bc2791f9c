import type { UsersRepository, UserWithCompany } from '../../../../repositories/users-repository';
import { hashResetToken } from '../../../../services/set-password-links';

export { hashResetToken, newResetToken } from '../../../../services/set-password-links';

export type ResetLink = { valid: false; code: 'INVALID_TOKEN' } | { valid: true; user: UserWithCompany; tokenHash: string };

/**
 * Whether email and token form a live link: the user's own, unused and not expired. An unknown address
 * and a wrong token are the same answer after the same two reads, so nobody learns who has an account.
 */
export async function findResetLink(users: UsersRepository, email: string, token: string, now = new Date()): Promise<ResetLink> {
  const tokenHash = hashResetToken(token);
  const [user, row] = await Promise.all([users.findByEmail(email), users.findPasswordReset(tokenHash)]);
  const live = user && row && row.user_id === user.id && row.used_at === null && Date.parse(row.expires_at) > now.getTime();
  return live ? { valid: true, user, tokenHash } : { valid: false, code: 'INVALID_TOKEN' };
}
