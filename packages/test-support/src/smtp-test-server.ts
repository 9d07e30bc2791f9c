import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the test server received it, decoded enough to read it and follow its links. */
export interface ReceivedMail {
  /** Envelope sender and recipients. */
  from: string;
  to: string[];
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  /** Every http(s) link in the text and HTML parts, in order, without duplicates. */
  links: string[];
  raw: string;
}

export interface SmtpTestServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  /** Everything received so far, oldest first. */
  mails: ReceivedMail[];
  /** The first mail (already received or still to come) that matches; rejects after timeoutMs. */
  waitForMail(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Forgets the mails received so far. */
  clear(): void;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 and a random port (or the one given), without TLS or authentication. */
export async function startSmtpTestServer(opts: { port?: number } = {}): Promise<SmtpTestServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        mails.push(mail);
        for (const waiter of waiters) {
          if (waiter.match(mail)) {
            waiters.delete(waiter);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitForMail(match = () => true, timeoutMs = 5_000) {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (mail: ReceivedMail) => (clearTimeout(timer), resolve(mail)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${mails.length})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear: () => void mails.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// A small MIME reader: enough for what nodemailer writes (multipart, base64, quoted-printable,
// encoded-word headers). Also reads the .eml files of the MAIL_DIR fallback.

export function parseMail(raw: string): Omit<ReceivedMail, 'from' | 'to'> {
  const part = parsePart(raw.replace(/\r\n/g, '\n'));
  const text: string[] = [];
  const html: string[] = [];
  collect(part, text, html);
  const joined = { text: text.join('\n'), html: html.join('\n') };
  const hrefs = [...joined.html.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]));
  const bare = [...`${joined.text}\n${joined.html}`.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => decodeEntities(m[0]));
  return {
    subject: decodeWords(part.headers.subject ?? ''),
    headers: part.headers,
    ...joined,
    links: [...new Set([...hrefs, ...bare])],
    raw,
  };
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function parsePart(source: string): Part {
  const split = source.indexOf('\n\n');
  const head = split === -1 ? source : source.slice(0, split);
  const body = split === -1 ? '' : source.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collect(part: Part, text: string[], html: string[]) {
  const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1];
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(parsePart(section.replace(/^\n/, '')), text, html);
    }
    return;
  }
  const decoded = decodeBody(part.body, (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase());
  if (type.startsWith('text/html')) html.push(decoded);
  else if (type.startsWith('text/plain')) text.push(decoded);
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body.replace(/\n$/, '');
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\n$/, '');
}

/** RFC 2047 encoded words, e.g. `=?UTF-8?Q?restablece_tu_contrase=C3=B1a?=`. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
