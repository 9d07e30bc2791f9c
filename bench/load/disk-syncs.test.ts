import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { describeDiskSyncs, type DiskSyncs, probeDiskSyncs, waitedForDisk } from './disk-syncs';

const dir = mkdtempSync(join(tmpdir(), 'disk-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the disk probe', () => {
  it('syncs its file until stopped, then removes it', async () => {
    const file = join(dir, 'probe');
    const probe = probeDiskSyncs(file, 5);
    // The thread makes its file as it starts, then syncs at once: a slow machine may take a while to start it.
    await vi.waitFor(() => expect(existsSync(file)).toBe(true), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const syncs = await probe.stop();
    expect(syncs.syncs).toBeGreaterThan(0);
    expect(syncs.p50).toBeGreaterThan(0);
    expect(syncs.p99).toBeGreaterThanOrEqual(syncs.p50);
    expect(existsSync(file)).toBe(false);
  });

  it('reports a probe that could not write when it is stopped', async () => {
    const probe = probeDiskSyncs(join(dir, 'no-such-folder', 'probe'), 5);
    // The scenario it runs beside goes on meanwhile: the failure must not end the run before then.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(probe.stop()).rejects.toThrow(/ENOENT/);
  });

  it('counts the slow requests that were in flight while a sync stalled', () => {
    const syncs: DiskSyncs = { syncs: 100, p50: 0.2, p99: 150, stalls: [{ at: 1_000, ms: 200 }] };
    const spans = [
      { at: 900, ms: 310 }, // waited through the stall
      { at: 1_150, ms: 60 }, // began during it
      { at: 1_300, ms: 40 }, // slow, after it ended
      { at: 1_000, ms: 3 }, // fast
    ];
    expect(waitedForDisk(spans, 25, syncs)).toEqual({ slow: 3, during: 2 });
    expect(describeDiskSyncs(syncs, 20, spans, 25)).toBe(
      'The disk meanwhile (4 KiB written beside the database and synced every 20 ms): 100 syncs, p50 0.20 ms, p99 150 ms, ' +
        '1 over 20 ms (the longest 200 ms); 3 saves over 25 ms, 2 in flight during a stall.',
    );
  });
});
