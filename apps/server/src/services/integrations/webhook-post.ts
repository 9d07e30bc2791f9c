import { lookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, privateAddressProblem } from './webhook-address';

// One webhook attempt over node:http(s) rather than fetch: the connection can then be made only to the addresses its
// own lookup checked (fetch resolves the name again by itself, and a name may answer differently the second time).
// Redirects are not followed (an answer of its own), and the answer is read up to `maxAnswerBytes`.

/** The connection was refused before it was made: the name resolved to an address a webhook may not reach. */
export class PrivateAddressError extends Error {}

/** A lookup that fails when any address of the name is not public (the name then gets no connection at all). */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new PrivateAddressError(privateAddressProblem(hostname, refused.address)), '', 0);
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  maxAnswerBytes: number;
  /** Connect to public addresses only (WEBHOOK_PRIVATE_ADDRESSES unset). */
  publicOnly: boolean;
}

/** Posts the body; its status and the start of its answer. Rejects when not reached (a PrivateAddressError: not sent). */
export function postWebhook(post: WebhookPost): Promise<{ status: number; answer: string }> {
  const target = new URL(post.url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        signal: AbortSignal.timeout(post.timeoutMs),
        ...(post.publicOnly ? { lookup: publicLookup } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < post.maxAnswerBytes) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, answer: Buffer.concat(chunks).subarray(0, post.maxAnswerBytes).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(post.body);
  });
}
