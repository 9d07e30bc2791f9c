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

  it('serves the activities on another origin: the other local name on this machine, or the one given', () => {
    expect(loadEnv({})).toMatchObject({
      PUBLIC_URL: 'http://localhost:3000',
      ACTIVITIES_URL: 'http://127.0.0.1:3001',
      ACTIVITIES_PORT: 3001,
    });
    expect(loadEnv({ PUBLIC_URL: 'http://127.0.0.1:8080', ACTIVITIES_PORT: '9000' }).ACTIVITIES_URL).toBe('http://localhost:9000');
    expect(loadEnv({ PUBLIC_URL: 'https://prova.example.com', ACTIVITIES_URL: 'https://activities.example.net/' }).ACTIVITIES_URL).toBe(
      'https://activities.example.net',
    );
  });

  it('refuses activities on the origin of the app', () => {
    expect(() => loadEnv({ PUBLIC_URL: 'https://prova.example.com', ACTIVITIES_URL: 'https://prova.example.com/activities' })).toThrow(
      /ACTIVITIES_URL: must be another origin than PUBLIC_URL/,
    );
  });

  it("refuses, off this machine, activities without their own URL or on the app's host or site", () => {
    // Unset, the activities would be on the app's host: cookies are shared by port.
    expect(() => loadEnv({ PUBLIC_URL: 'https://prova.example.com', PORT: '4000' })).toThrow(
      /ACTIVITIES_URL: required when PUBLIC_URL \(https:\/\/prova\.example\.com\) is not local/,
    );
    for (const ACTIVITIES_URL of ['https://prova.example.com:4001', 'https://activities.example.com', 'https://example.com']) {
      expect(() => loadEnv({ PUBLIC_URL: 'https://prova.example.com', ACTIVITIES_URL })).toThrow(
        /ACTIVITIES_URL: .* is on the same site as PUBLIC_URL \(https:\/\/prova\.example\.com\)/,
      );
    }
    expect(() => loadEnv({ PUBLIC_URL: 'https://prova.example.co.uk', ACTIVITIES_URL: 'https://act.example.co.uk' })).toThrow(/same site/);
    expect(() => loadEnv({ PUBLIC_URL: 'http://10.0.0.5:3000', ACTIVITIES_URL: 'http://10.0.0.5:3001' })).toThrow(/same site/);
    // Another site is fine, as are two sites under one public suffix, and the local names on this machine.
    expect(loadEnv({ PUBLIC_URL: 'https://prova.example.com', ACTIVITIES_URL: 'https://activities.example.net' }).ACTIVITIES_URL).toBe(
      'https://activities.example.net',
    );
    expect(loadEnv({ PUBLIC_URL: 'https://prova.github.io', ACTIVITIES_URL: 'https://activities.github.io' }).ACTIVITIES_URL).toBe(
      'https://activities.github.io',
    );
    expect(loadEnv({ PUBLIC_URL: 'http://localhost:3000', ACTIVITIES_URL: 'http://localhost:3001' }).ACTIVITIES_URL).toBe(
      'http://localhost:3001',
    );
  });

  it("takes the operator's other activity origins, normalized, and none by default", () => {
    expect(loadEnv({}).ACTIVITY_ORIGINS).toEqual([]);
    expect(
      loadEnv({ ACTIVITY_ORIGINS: ' https://Quiz.Partner.example:443/ ,http://127.0.0.1:4000,https://quiz.partner.example' })
        .ACTIVITY_ORIGINS,
    ).toEqual(['https://quiz.partner.example', 'http://127.0.0.1:4000']);
  });

  it('refuses anything but origins in ACTIVITY_ORIGINS, more than 20, one longer than 100 characters, or the app', () => {
    for (const bad of [
      'https://a.example/path',
      'ftp://a.example',
      'a.example',
      'https://a;b.example',
      'https://a.example?x',
      'https://u@a.example',
      '*',
    ]) {
      expect(() => loadEnv({ ACTIVITY_ORIGINS: `https://ok.example,${bad}` })).toThrow(
        `ACTIVITY_ORIGINS: not an origin (http(s)://host[:port], nothing after it): ${bad}`,
      );
    }
    const many = Array.from({ length: 21 }, (_, i) => `https://a${i}.example`).join(',');
    expect(() => loadEnv({ ACTIVITY_ORIGINS: many })).toThrow('ACTIVITY_ORIGINS: at most 20 origins (21 given)');
    expect(loadEnv({ ACTIVITY_ORIGINS: many.split(',').slice(1).join(',') }).ACTIVITY_ORIGINS).toHaveLength(20);
    const long = `https://${'a'.repeat(85)}.example`;
    expect(long.length).toBe(101);
    expect(() => loadEnv({ ACTIVITY_ORIGINS: long })).toThrow(`ACTIVITY_ORIGINS: an origin is at most 100 characters: ${long}`);
    expect(loadEnv({ ACTIVITY_ORIGINS: long.replace('aa', 'a') }).ACTIVITY_ORIGINS).toHaveLength(1);
    expect(() => loadEnv({ ACTIVITY_ORIGINS: 'http://localhost:3000' })).toThrow(/ACTIVITY_ORIGINS: must not list PUBLIC_URL's origin/);
  });
});

describe('demoDecision', () => {
  const PUBLIC = { PUBLIC_URL: 'https://prova.example.com', ACTIVITIES_URL: 'https://activities.example.net' };

  it('loads the demo on a local address, or when DEMO=1 says so, and never with DEMO=0', () => {
    expect(demoDecision(loadEnv({}))).toEqual({ load: true });
    expect(demoDecision(loadEnv({ PUBLIC_URL: 'http://127.0.0.1:3000' }))).toEqual({ load: true });
    expect(demoDecision(loadEnv({ ...PUBLIC, DEMO: '1' }))).toEqual({ load: true });
    expect(demoDecision(loadEnv({ DEMO: '0' }))).toEqual({ load: false });
  });

  it('refuses it on a public address unless asked, and says why', () => {
    expect(demoDecision(loadEnv(PUBLIC))).toEqual({
      load: false,
      reason: 'Demo data not loaded: PUBLIC_URL https://prova.example.com is not a local address. Set DEMO=1 to load it anyway.',
    });
  });
});
