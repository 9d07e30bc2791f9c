// Every text file of the players' build also as .br and .gz, written once after `vite build` rather than on each
// request: the activities origin (apps/server/src/activities-app.ts, @fastify/static's preCompressed) sends the one
// the browser accepts. On a slow phone the QTI player's script is most of its first item's wait (docs/performance.md).
// A variant no smaller than the file is not written, and the server then sends the file itself.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|html|svg|json)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

for (const path of files(dist)) {
  const bytes = readFileSync(path);
  const variants = {
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gz: gzipSync(bytes, { level: 9 }),
  };
  for (const [ext, compressed] of Object.entries(variants)) if (compressed.length < bytes.length) writeFileSync(`${path}.${ext}`, compressed);
}
