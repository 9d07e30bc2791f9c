import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logLine, ShippedServer, shippedNodeFlags } from '@prova/test-support/shipped-server';

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
    const server = await ShippedServer.create({
      publicUrl: 'https://prova.example.com',
      env: { ACTIVITIES_URL: 'https://activities.example.com' },
      // Never reached: the settings are checked before anything is opened.
      databaseUrl: 'sqlite:/nonexistent/prova.db',
    });
    await expect(server.start()).rejects.toThrow('stopped while starting');
    expect(server.crashes).toEqual(['run 1 ended by itself (exit code 1, signal null)']);
    const output = server.log.map(logLine).join('\n');
    expect(output).toContain(
      'ACTIVITIES_URL: https://activities.example.com is on the same site as PUBLIC_URL (https://prova.example.com)',
    );
    expect(output).not.toMatch(/(^|\n)\s+at /);
  });
});
