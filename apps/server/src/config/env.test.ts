import { describe, expect, it } from 'vitest';
import { demoDecision, loadEnv } from './env';

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

  it('serves the activities on another origin: the other local name, or the same host on the next port', () => {
    expect(loadEnv({})).toMatchObject({
      PUBLIC_URL: 'http://localhost:3000',
      ACTIVITIES_URL: 'http://127.0.0.1:3001',
      ACTIVITIES_PORT: 3001,
    });
    expect(loadEnv({ PUBLIC_URL: 'http://127.0.0.1:8080', ACTIVITIES_PORT: '9000' }).ACTIVITIES_URL).toBe('http://localhost:9000');
    expect(loadEnv({ PUBLIC_URL: 'https://prova.example.com', PORT: '4000' }).ACTIVITIES_URL).toBe('https://prova.example.com:4001');
    expect(loadEnv({ PUBLIC_URL: 'https://prova.example.com', ACTIVITIES_URL: 'https://activities.example.net/' }).ACTIVITIES_URL).toBe(
      'https://activities.example.net',
    );
  });

  it('refuses activities on the origin of the app', () => {
    expect(() => loadEnv({ PUBLIC_URL: 'https://prova.example.com', ACTIVITIES_URL: 'https://prova.example.com/activities' })).toThrow(
      /ACTIVITIES_URL: must be another origin than PUBLIC_URL/,
    );
  });
});

describe('demoDecision', () => {
  it('loads the demo on a local address, or when DEMO=1 says so, and never with DEMO=0', () => {
    expect(demoDecision(loadEnv({}))).toEqual({ load: true });
    expect(demoDecision(loadEnv({ PUBLIC_URL: 'http://127.0.0.1:3000' }))).toEqual({ load: true });
    expect(demoDecision(loadEnv({ PUBLIC_URL: 'https://prova.example.com', DEMO: '1' }))).toEqual({ load: true });
    expect(demoDecision(loadEnv({ DEMO: '0' }))).toEqual({ load: false });
  });

  it('refuses it on a public address unless asked, and says why', () => {
    expect(demoDecision(loadEnv({ PUBLIC_URL: 'https://prova.example.com' }))).toEqual({
      load: false,
      reason: 'Demo data not loaded: PUBLIC_URL https://prova.example.com is not a local address. Set DEMO=1 to load it anyway.',
    });
  });
});
