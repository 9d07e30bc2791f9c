import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('believes no forwarding header by default', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or the proxies addresses', () => {
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).TRUST_PROXY).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: not a hop count or proxy addresses: true/);
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
