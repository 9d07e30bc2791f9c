import type { FastifyRequest } from 'fastify';

// What never goes into a log: reset tokens (the e-mailed link is a page path), and whole e-mail addresses.

const RESET_LINK = /^(\/new_password)\/[^/?#]+(?:\/[^/?#]+)?/;
const SECRET_QUERY = /([?&](?:token|code|state|email)=)[^&#]*/gi;

/** The request path as it may be logged: the reset link's token and address, and secret query values, hidden. */
export function redactUrl(url: string): string {
  return url.replace(RESET_LINK, '$1/[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/** `g***@lanificio.example`: enough to tell deliveries apart, not to learn who has an account. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '[redacted]';
  return `${address[0]}***${address.slice(at)}`;
}

/** Fastify's request serializer with the path redacted. */
export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});
