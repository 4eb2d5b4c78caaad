import { gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { accepts } from '#server/http/compression.ts'
import { etagOf, matchesTag } from '#server/http/etag.ts'

// Conditional GET for generated documents: an ETag from the bytes (the documents hold no clock,
// so the same rows give the same tag), Last-Modified from the rows' newest change, and a 304
// without a body when the reader already has this version. Gzipped when the request allows it:
// a sitemap page of 10,000 addresses is about 1.5 MB of text and a fifth of that compressed, at
// about 15 ms.

export interface Document {
  body: string
  contentType: string
  cacheControl: string
  lastModified?: Date | null
}

/** HTTP dates have whole seconds: a change within the same second as the copy counts as seen. */
function notModifiedSince(header: string, lastModified: Date): boolean {
  const since = Date.parse(header)
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since
}

export function sendDocument(req: FastifyRequest, reply: FastifyReply, doc: Document) {
  const gzip = accepts(req.headers['accept-encoding'], 'gzip')
  // Each encoding is its own representation with its own tag.
  const etag = gzip ? etagOf(doc.body).replace(/"$/, '-gz"') : etagOf(doc.body)
  reply
    .header('content-type', doc.contentType)
    .header('cache-control', doc.cacheControl)
    .header('vary', 'Accept-Encoding')
    .header('etag', etag)
  if (doc.lastModified) reply.header('last-modified', doc.lastModified.toUTCString())
  const ifNoneMatch = req.headers['if-none-match']
  const ifModifiedSince = req.headers['if-modified-since']
  // If-None-Match wins when both are sent (RFC 9110 13.2.2).
  const fresh =
    ifNoneMatch !== undefined
      ? matchesTag(ifNoneMatch, etag)
      : ifModifiedSince !== undefined &&
        !!doc.lastModified &&
        notModifiedSince(ifModifiedSince, doc.lastModified)
  if (fresh) return reply.code(304).send()
  if (!gzip) return reply.send(doc.body)
  return reply.header('content-encoding', 'gzip').send(gzipSync(doc.body))
}
