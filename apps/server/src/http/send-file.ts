import type { FastifyReply } from 'fastify';

/** A generated file, offered for download under `filename` (ASCII fallback plus the UTF-8 name). */
export function sendDownload(reply: FastifyReply, body: Buffer, contentType: string, filename: string) {
  const ascii = filename.normalize('NFKD').replace(/[^\w.-]+/g, '-');
  return reply
    .type(contentType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .send(body);
}
