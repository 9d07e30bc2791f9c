#!/usr/bin/env node
// Try an activity locally: node packages/activity-sdk/mock/serve.mjs <activity-dir> [port] [--config <mock.json>]
// The mock host page runs on http://localhost:<port> and the activity on http://localhost:<port+1>,
// two origins as on the platform, so the origin checks are real. Data stays in the page's
// localStorage. An optional <activity-dir>/mock.json (or the --config file) sets { session, testData,
// samples, timeLimitMinutes, path, mount }: `path` is the page the frame opens (default the folder's
// index.html, e.g. "qti/?package=<hash>" for a built player), `mount` serves other folders or files on the
// activity's origin ({ "/packages/<hash>/": "../fixture" }, relative to the config file), as the platform
// serves a package beside its player.
import { createServer } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../build.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = resolve(here, '../dist');
const args = process.argv.slice(2);
const configAt = args.indexOf('--config');
const configArg = configAt >= 0 ? args.splice(configAt, 2)[1] : undefined;
const [dirArg, portArg] = args;
if (!dirArg) {
  console.error('usage: node packages/activity-sdk/mock/serve.mjs <activity-dir> [port]');
  process.exit(1);
}
const activityDir = resolve(dirArg);
const hostPort = Number(portArg ?? process.env.PORT ?? 4400);
const activityPort = hostPort + 1;
const hostOrigin = `http://localhost:${hostPort}`;
const activityOrigin = `http://localhost:${activityPort}`;

// Built only when the SDK's sources or kit are newer than dist/: a rebuild empties dist/ first, and the platform
// serves /sdk/ from there, so two hosts started side by side (the browser tests) must not rebuild under a server.
if (isStale()) await build();

function isStale() {
  const built = join(dist, 'prova-mock-host.js');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return ['../src', '../kit'].some((folder) =>
    readdirSync(resolve(here, folder), { recursive: true, withFileTypes: true }).some(
      (entry) => entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > builtAt,
    ),
  );
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.xml': 'application/xml',
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

const configFile = configArg ? resolve(configArg) : join(activityDir, 'mock.json');

function readConfig() {
  return existsSync(configFile) ? JSON.parse(readFileSync(configFile, 'utf8')) : {};
}

function mockConfig() {
  const { mount: _mount, path = '', ...config } = readConfig();
  return { ...config, name: basename(activityDir), activityUrl: `${activityOrigin}/${path}`, activityOrigin };
}

/** The mounted file for a path (the longest mounted prefix wins), or undefined when none is mounted there. */
function mounted(urlPath) {
  const mounts = Object.entries(readConfig().mount ?? {}).sort(([a], [b]) => b.length - a.length);
  const hit = mounts.find(([prefix]) => (prefix.endsWith('/') ? urlPath.startsWith(prefix) : urlPath === prefix));
  if (!hit) return undefined;
  const [prefix, target] = hit;
  const root = resolve(dirname(configFile), target);
  return prefix.endsWith('/') ? (inside(root, urlPath.slice(prefix.length)) ?? null) : root;
}

const listening = (server, port) => new Promise((done) => server.listen(port, 'localhost', done));

const hostServer = createServer((req, res) => {
  const path = new URL(req.url ?? '/', hostOrigin).pathname;
  if (path === '/') return sendFile(res, join(here, 'index.html'));
  if (path === '/prova-mock-host.js') return sendFile(res, join(dist, 'prova-mock-host.js'));
  if (path === '/mock.json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(mockConfig()));
  }
  notFound(res);
});

const activityServer = createServer((req, res) => {
  const path = new URL(req.url ?? '/', activityOrigin).pathname;
  if (path.startsWith('/sdk/')) {
    const file = inside(dist, path.slice('/sdk'.length));
    return file ? sendFile(res, file) : notFound(res);
  }
  const mount = mounted(path);
  if (mount !== undefined) return mount ? sendFile(res, mount, req.method) : notFound(res);
  const file = inside(activityDir, path);
  return file ? sendFile(res, file, req.method) : notFound(res);
});

// Said once both accept connections: the browser tests open the page as soon as this line comes.
await Promise.all([listening(hostServer, hostPort), listening(activityServer, activityPort)]);
console.log(`Mock host: ${hostOrigin}/  (activity ${activityDir} served at ${activityOrigin}/)`);
