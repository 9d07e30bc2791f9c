import { describe, expect, it } from 'vitest';
import { maskEmail, redactUrl } from './log-redaction';

describe('log redaction', () => {
  it('hides the token and address of the reset link, and secret query values', () => {
    expect(redactUrl('/new_password/4f9c1e0d2b/giulia%40lanificio.example')).toBe('/new_password/[redacted]');
    expect(redactUrl('/api/v2/auth/sso/acme/callback?code=abc&state=xyz&x=1')).toBe(
      '/api/v2/auth/sso/acme/callback?code=[redacted]&state=[redacted]&x=1',
    );
    expect(redactUrl('/api/tests/101/data/5/9')).toBe('/api/tests/101/data/5/9');
  });

  it('masks an e-mail address', () => {
    expect(maskEmail('giulia.ferri@lanificio.example')).toBe('g***@lanificio.example');
    expect(maskEmail('nonsense')).toBe('[redacted]');
  });
});
