import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shippedNodeFlags } from '@prova/test-support/shipped-server';
import { builtServer } from './faults/built-server';

// The server package's start script says which V8 flags the server ships with (the bench, the fault tests and the
// browser tests start it with them); every other way of starting it that the project gives must say the same.

const repo = resolve(import.meta.dirname, '../../..');
const flagsOf = (command: string) => command.split(/\s+/).filter((word) => word.startsWith('--'));

describe('the server as it ships', () => {
  it("starts with the same V8 flags from the repository's root and in the deployment guide's systemd unit", () => {
    const flags = shippedNodeFlags();
    expect(flags.length).toBeGreaterThan(0);
    const { scripts } = JSON.parse(readFileSync(resolve(repo, 'package.json'), 'utf8')) as { scripts: { start: string } };
    expect(flagsOf(scripts.start)).toEqual(flags);
    const execStart = /^ExecStart=(.*)$/m.exec(readFileSync(resolve(repo, 'docs/deployment.md'), 'utf8'))?.[1];
    expect(execStart).toMatch(/apps\/server\/dist\/server\.js$/);
    expect(flagsOf(execStart!)).toEqual(flags);
  });
});

describe('the server at start', () => {
  it("refuses to start, saying why, when the activities share the app's site off this machine", async () => {
    const { server } = builtServer();
    const started = spawnSync(process.execPath, [server], {
      env: {
        PATH: process.env.PATH,
        PUBLIC_URL: 'https://prova.example.com',
        ACTIVITIES_URL: 'https://activities.example.com',
        // Never reached: the settings are checked before anything is opened.
        DATABASE_URL: 'sqlite:/nonexistent/prova.db',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(
      'ACTIVITIES_URL: https://activities.example.com is on the same site as PUBLIC_URL (https://prova.example.com)',
    );
    expect(started.stderr).not.toMatch(/\n\s+at /);
  });
});
