import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** The pending sign-in, kept in the browser between the redirect to the provider and the callback. */
export interface SsoState {
  slug: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Epoch ms after which the callback is refused. */
  expiresAt: number;
}

const stateSchema = z.object({
  slug: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  expiresAt: z.number(),
});

export const SSO_STATE_COOKIE = 'prova_sso';
export const SSO_STATE_TTL_MS = 10 * 60 * 1000;

/**
 * Seals the state with AES-256-GCM: the browser holds it but can neither read (the PKCE verifier
 * stays secret) nor alter it. Any server holding the same secret can open it.
 */
export function createStateSealer(secret: string) {
  const key = createHash('sha256').update(`prova-sso-state:${secret}`).digest();
  return {
    seal(value: SsoState): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    /** The state, or null when the cookie is missing, forged, or expired. */
    open(sealed: string | undefined, now = Date.now()): SsoState | null {
      if (!sealed) return null;
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
        const state = stateSchema.parse(JSON.parse(text));
        return state.expiresAt > now ? state : null;
      } catch {
        return null;
      }
    },
  };
}
