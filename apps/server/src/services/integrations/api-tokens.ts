import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiToken, type CreateTokenRequest, type TokenScope } from '@prova/contract/integrations';
import { presentToken } from '../../presenters/present-integrations';
import { isStaff } from '../../domain/roles';
import { notFound } from '../../http/http-error';
import type { ApiTokensRepository } from '../../repositories/staff/api-tokens-repository';
import type { UserWithCompany } from '../../repositories/users-repository';

// API tokens (docs/staff-api.md, "API tokens"): random, shown once, kept as their SHA-256 only (as sessions are), so a
// leaked table opens nothing. A token acts as the staff member who made it, in its company, within its scopes.

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many characters of a token the list shows: the prefix and a few random ones, never enough to guess it. */
const HINT_CHARS = API_TOKEN_PREFIX.length + 4;

export const tokenHashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function createToken(
  tokens: ApiTokensRepository,
  who: { companyId: number; userId: number },
  request: CreateTokenRequest,
  now = new Date(),
): Promise<{ token: ApiToken; secret: string }> {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await tokens.create({
    company_id: who.companyId,
    name: request.name,
    token_hash: tokenHashOf(secret),
    hint: secret.slice(0, HINT_CHARS),
    scopes: JSON.stringify(request.scopes),
    created_by: who.userId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + request.expiresInDays * DAY_MS).toISOString(),
  });
  return { token: presentToken(row), secret };
}

export async function revokeToken(tokens: ApiTokensRepository, companyId: number, id: number, now = new Date()): Promise<ApiToken> {
  await tokens.revoke(companyId, id, now.toISOString());
  const row = await tokens.find(companyId, id);
  if (!row) throw notFound('Token');
  return presentToken(row);
}

export interface TokenCaller {
  tokenId: number;
  companyId: number;
  scopes: TokenScope[];
  expiresAt: string;
  user: UserWithCompany;
}

/**
 * The caller a `Bearer` token stands for, or null: unknown, revoked, expired, or its maker no longer staff of its
 * company (deactivated, moved, another role): a token never outlives its maker's right to do what it does.
 */
export async function authenticateToken(tokens: ApiTokensRepository, secret: string, now = new Date()): Promise<TokenCaller | null> {
  if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > 200) return null;
  const found = await tokens.findByHash(tokenHashOf(secret));
  if (!found?.user) return null;
  const { token, user } = found;
  if (token.revoked_at || Date.parse(token.expires_at) <= now.getTime()) return null;
  if (user.company_id !== token.company_id || !isStaff(user.role) || user.deactivated_at) return null;
  return {
    tokenId: token.id,
    companyId: token.company_id,
    scopes: token.scopes,
    expiresAt: token.expires_at,
    user,
  };
}
