import { bundleSsoSchema } from '@prova/contract/bundle';
import { SsoError } from './sso-error';

export interface SsoSettings {
  slug: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  emailClaim: string;
}

/** A company's `sso` column (the bundle's companies.sso block), checked again on the way out. */
export function parseSsoSettings(json: string | null): SsoSettings {
  if (!json) throw new SsoError('NO_SSO', 'The company has no SSO');
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (cause) {
    throw new SsoError('NO_SSO', 'The company SSO settings are not JSON', { cause });
  }
  const parsed = bundleSsoSchema.safeParse(raw);
  if (!parsed.success) throw new SsoError('NO_SSO', `Invalid SSO settings: ${parsed.error.message}`);
  const { slug, issuer, clientId, clientSecret, emailClaim } = parsed.data;
  return { slug, issuer, clientId, clientSecret: clientSecret || undefined, emailClaim };
}
