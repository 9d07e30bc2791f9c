#!/usr/bin/env node
// Try an activity locally: node packages/activity-sdk/mock/serve.mjs <activity-dir> [port] [options]
// The mock host page runs on http://localhost:<port> and the activity on http://localhost:<port+1>,
// two origins as on the platform, so the origin checks are real. Data stays in the page's
// localStorage. An optional <activity-dir>/mock.json sets { session, testData, samples, timeLimitMinutes }.
// Options, for a page that needs more of the activities origin (the players and their packages):
//   --mount <url-prefix>=<dir>  also serve <dir> under <url-prefix> (e.g. /packages/<hash>/=course)
//   --open <path>               the page to frame, with its query (default /)
//   --config <file>             the mock.json to use instead of <activity-dir>/mock.json
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from '../build.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = resolve(here, '../dist');
const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { mount: { type: 'string', multiple: true, default: [] }, open: { type: 'string', default: '/' }, config: { type: 'string' } },
});
const [dirArg, portArg] = positionals;
if (!dirArg) {
  console.error(
    'usage: node packages/activity-sdk/mock/serve.mjs <activity-dir> [port] [--mount <url-prefix>=<dir>]... [--open <path>] [--config <file>]',
  );
  process.exit(1);
}
const activityDir = resolve(dirArg);
// Longest prefix first, so /packages/a/b/ wins over /packages/.
const mounts = flags.mount
  .map((spec) => {
    const at = spec.indexOf('=');
    return { prefix: spec.slice(0, at).replace(/\/?$/, '/'), dir: resolve(spec.slice(at + 1)) };
  })
  .sort((a, b) => b.prefix.length - a.prefix.length);
const hostPort = Number(portArg ?? process.env.PORT ?? 4400);
const activityPort = hostPort + 1;
const hostOrigin = `http://localhost:${hostPort}`;
const activityOrigin = `http://localhost:${activityPort}`;

await build();

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.map': 'application/json',
};

function sendFile(res, file, method = 'GET') {
  if (!existsSync(file) || !statSync(file).isFile()) return notFound(res);
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  res.end(method === 'HEAD' ? undefined : readFileSync(file));
}

function notFound(res) {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found');
}

/** A file under root, or undefined when the path escapes it. */
function inside(root, urlPath) {
  const file = normalize(join(root, decodeURIComponent(urlPath)));
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  return existsSync(file) && statSync(file).isDirectory() ? join(file, 'index.html') : file;
}

function mockConfig() {
  const file = flags.config ? resolve(flags.config) : join(activityDir, 'mock.json');
  const config = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  return { ...config, name: basename(activityDir), activityUrl: new URL(flags.open, activityOrigin).href, activityOrigin };
}

createServer((req, res) => {
  const path = new URL(req.url ?? '/', hostOrigin).pathname;
  if (path === '/') return sendFile(res, join(here, 'index.html'));
  if (path === '/prova-mock-host.js') return sendFile(res, join(dist, 'prova-mock-host.js'));
  if (path === '/mock.json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(mockConfig()));
  }
  notFound(res);
}).listen(hostPort, 'localhost');

createServer((req, res) => {
  const path = new URL(req.url ?? '/', activityOrigin).pathname;
  if (path.startsWith('/sdk/')) {
    const file = inside(dist, path.slice('/sdk'.length));
    return file ? sendFile(res, file) : notFound(res);
  }
  const mount = mounts.find((m) => path.startsWith(m.prefix));
  if (mount) {
    const file = inside(mount.dir, path.slice(mount.prefix.length - 1));
    return file ? sendFile(res, file, req.method) : notFound(res);
  }
  const file = inside(activityDir, path);
  return file ? sendFile(res, file, req.method) : notFound(res);
}).listen(activityPort, 'localhost');

console.log(`Mock host: ${hostOrigin}/  (activity ${activityDir} served at ${activityOrigin}/)`);
for (const m of mounts) console.log(`  ${m.dir} served at ${activityOrigin}${m.prefix}`);
