import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateAddressError, postWebhook } from './webhook-post';

// The connection itself checks the addresses it is made to: a name resolving to a private one gets none, whatever an
// earlier look-up said.

let server: Server;
let port: number;
const heard: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      heard.push(`${request.headers['prova-event']} ${body}`);
      response.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end('moved'.repeat(10));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

const post = (publicOnly: boolean) =>
  postWebhook({
    url: `http://localhost:${port}/hook`,
    body: '{"a":1}',
    headers: { 'content-type': 'application/json', 'Prova-Event': 'ping' },
    timeoutMs: 5_000,
    maxAnswerBytes: 12,
    publicOnly,
  });

describe('a webhook attempt', () => {
  it('is not connected to a name that resolves to a private address, when only public ones may be reached', async () => {
    const refused = await post(true).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PrivateAddressError);
    expect((refused as Error).message).toMatch(/^localhost \((127\.0\.0\.1|::1)\) is a loopback, private or link-local address/);
    expect(heard).toEqual([]);
  });

  it('reaches it when the operator allows private addresses, follows no redirect and keeps the start of the answer', async () => {
    expect(await post(false)).toEqual({ status: 302, answer: 'movedmovedmo' });
    expect(heard).toEqual(['ping {"a":1}']);
  });
});
