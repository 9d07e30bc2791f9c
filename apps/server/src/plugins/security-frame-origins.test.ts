import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFrameOrigins, FRAME_ORIGINS_TTL_MS, frameOriginOf } from './security-frame-origins';

const BASE = 'https://prova.example';

describe('frameOriginOf', () => {
  it.each([
    ['https://Partner.Example:443/a?b=c', 'https://partner.example'],
    ['http://127.0.0.1:3500/activities/', 'http://127.0.0.1:3500'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example'],
    ['//cdn.example/x', 'https://cdn.example'],
  ])('%s is framed from %s', (url, origin) => {
    expect(frameOriginOf(url, BASE)).toBe(origin);
  });

  it.each([
    'https://a;b.example/',
    'https://a,b.example/',
    "https://a'b.example/",
    'https://[::1]:8080/',
    'https://no host/',
    'javascript:alert(1)',
    'data:text/html,x',
  ])('skips %s', (url) => {
    expect(frameOriginOf(url, BASE)).toBeNull();
  });
});

describe('createFrameOrigins', () => {
  const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads once per TTL, sharing one read between concurrent requests', async () => {
    const load = vi.fn().mockResolvedValue(['https://b.example/x', 'https://a.example/', 'https://b.example/y']);
    const origins = createFrameOrigins({ load, base: BASE });
    await Promise.all([origins.refresh(log), origins.refresh(log)]);
    expect(origins.current()).toEqual(['https://a.example', 'https://b.example']);
    expect(load).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + FRAME_ORIGINS_TTL_MS - 1);
    await origins.refresh(log);
    expect(load).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 1);
    await origins.refresh(log);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the last list when a read fails', async () => {
    const load = vi.fn().mockResolvedValueOnce(['https://a.example/']).mockRejectedValueOnce(new Error('database down'));
    const origins = createFrameOrigins({ load, base: BASE });
    await origins.refresh(log);
    vi.setSystemTime(Date.now() + FRAME_ORIGINS_TTL_MS);
    await origins.refresh(log);
    expect(load).toHaveBeenCalledTimes(2);
    expect(origins.current()).toEqual(['https://a.example']);
    expect(log.warn).toHaveBeenCalledOnce();
  });
});
