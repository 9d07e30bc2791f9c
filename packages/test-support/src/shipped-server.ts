import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The server's package: its start script says how the server ships (`node <V8 flags> dist/server.js`). */
const SERVER_PACKAGE = resolve(import.meta.dirname, '../../../apps/server/package.json');

/** The V8 flags the server ships with, those of its package's start script: `node` gets them before the bundle. */
export function shippedNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(SERVER_PACKAGE, 'utf8')) as { scripts: { start: string } };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}
