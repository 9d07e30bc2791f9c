// A webhook receiver as an integrator would write one (docs/webhooks.md), run as a process of its own by
// webhook-receiver.ts: it checks each delivery's Prova-Signature (HMAC-SHA256 of "<t>.<body>" with the secret, and t
// within the tolerance of its clock, so a replay is refused), answers 500 to the first FAIL_FIRST attempts of each
// event and 200 after, and tells the test what it got at GET /received. The test sets the secret at POST /secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.env.PORT);
const failFirst = Number(process.env.FAIL_FIRST ?? '2');
const toleranceSeconds = Number(process.env.TOLERANCE_SECONDS ?? '300');
let secret = process.env.SECRET ?? '';
const received = [];
const attemptsByEvent = new Map();

function verify(header, body) {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((p) => p.trim().split('=', 2)),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return 'malformed signature';
  if (Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return 'timestamp outside the window';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'bad signature';
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'POST' && req.url === '/secret') {
      secret = body;
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && req.url === '/received') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    const refused = verify(req.headers['prova-signature'], body);
    let event = null;
    try {
      event = JSON.parse(body);
    } catch {
      // refused below
    }
    const attempt = (attemptsByEvent.get(event?.id) ?? 0) + 1;
    attemptsByEvent.set(event?.id, attempt);
    const status = refused ? 401 : attempt <= failFirst ? 500 : 200;
    received.push({ at: Date.now(), status, refused, attempt, event, delivery: req.headers['prova-delivery'] ?? null });
    res.writeHead(status, { 'content-type': 'text/plain' }).end(refused ?? (status === 200 ? 'ok' : `failing on purpose (${attempt})`));
  });
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
