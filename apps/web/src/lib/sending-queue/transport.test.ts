import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchTransport } from './transport';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const task = {
  type: 'STATUS',
  campaignId: 7,
  testId: 12,
  userId: 40,
  version: 2,
  status: 'complete',
  retry: { type: 'none', attempt: 0 },
} as const;

describe('fetchTransport', () => {
  it('POSTs JSON with the session cookie and returns status and body', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ status: true }), { status: 200 }));
    await expect(fetchTransport(task)).resolves.toEqual({ status: 200, body: { status: true } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/tests/12/status/7/40');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ version: 2, status: 'complete' });
  });

  it('answers an empty or non-JSON body as undefined', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 502 }));
    await expect(fetchTransport(task)).resolves.toEqual({ status: 502, body: undefined });
  });

  it('gives up after 5 s', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const sent = fetchTransport(task);
    const outcome = expect(sent).rejects.toThrow('aborted');
    await vi.advanceTimersByTimeAsync(5_000);
    await outcome;
  });
});
