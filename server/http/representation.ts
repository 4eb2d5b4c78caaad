import type { FastifyReply, FastifyRequest } from 'fastify'
import { COMPRESS_MIN_BYTES, type Coding, compress, preferredCoding, varyOnEncoding } from './compression.ts'
import { etagOf, matchesTag } from './etag.ts'

// A body the server sends as it is or compressed, with an ETag per coding (each coding is its own
// representation, RFC 9110 8.8.3) and conditional GET: a 304 without a body when the reader
// already has this version. The public reads' cache and the kept pages hold one per answer, so a
// hit neither hashes nor compresses again; generated documents (feeds, sitemaps) make one per
// request.

export interface Representation {
  readonly body: string
  readonly contentType: string
  /** What goes out for `coding`: the body itself, or its compressed copy (made once, then kept). */
  bytes(coding: Coding | null): string | Buffer
  etag(coding: Coding | null): string
  /** The coding this Accept-Encoding gets: none for a body too small to gain from one. */
  codingFor(acceptEncoding: string | undefined): Coding | null
}

export function representation(body: string, contentType: string): Representation {
  const compressible = Buffer.byteLength(body) >= COMPRESS_MIN_BYTES
  const encoded = new Map<Coding, Buffer>()
  let tag: string | undefined
  return {
    body,
    contentType,
    bytes(coding) {
      if (coding === null) return body
      let bytes = encoded.get(coding)
      if (!bytes) {
        bytes = compress(body, coding)
        encoded.set(coding, bytes)
      }
      return bytes
    },
    etag(coding) {
      tag ??= etagOf(body)
      return coding === null ? tag : `${tag.slice(0, -1)}-${coding}"`
    },
    codingFor: (acceptEncoding) => (compressible ? preferredCoding(acceptEncoding) : null),
  }
}

export interface Freshness {
  cacheControl: string
  /** The newest change in what the body shows, for If-Modified-Since. */
  lastModified?: Date | null
  /** Request headers besides Accept-Encoding that choose the body (e.g. Cookie). */
  vary?: string
}

/** HTTP dates have whole seconds: a change within the same second as the copy counts as seen. */
function notModifiedSince(header: string, lastModified: Date): boolean {
  const since = Date.parse(header)
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since
}

/**
 * Sets `rep`'s headers on the answer for this request and returns what to send: its bytes, or
 * null when the reader's copy is current (the answer is then a 304).
 */
export function negotiate(
  req: FastifyRequest,
  reply: FastifyReply,
  rep: Representation,
  freshness: Freshness,
): string | Buffer | null {
  const coding = rep.codingFor(req.headers['accept-encoding'])
  const etag = rep.etag(coding)
  reply
    .header('content-type', rep.contentType)
    .header('cache-control', freshness.cacheControl)
    .header('etag', etag)
  if (freshness.vary) reply.header('vary', freshness.vary)
  varyOnEncoding(reply)
  const { lastModified } = freshness
  if (lastModified) reply.header('last-modified', lastModified.toUTCString())
  const ifNoneMatch = req.headers['if-none-match']
  const ifModifiedSince = req.headers['if-modified-since']
  // If-None-Match wins when both are sent (RFC 9110 13.2.2).
  const fresh =
    ifNoneMatch !== undefined
      ? matchesTag(ifNoneMatch, etag)
      : ifModifiedSince !== undefined && !!lastModified && notModifiedSince(ifModifiedSince, lastModified)
  if (fresh) {
    reply.code(304)
    return null
  }
  if (coding) reply.header('content-encoding', coding)
  return rep.bytes(coding)
}

/** Sends `rep` for this request (see `negotiate`). */
export function sendRepresentation(
  req: FastifyRequest,
  reply: FastifyReply,
  rep: Representation,
  freshness: Freshness,
) {
  return reply.send(negotiate(req, reply, rep, freshness) ?? undefined)
}

/** A body made for this one request (a feed, a sitemap). */
export interface Document extends Freshness {
  body: string
  contentType: string
}

export const sendDocument = (req: FastifyRequest, reply: FastifyReply, doc: Document) =>
  sendRepresentation(req, reply, representation(doc.body, doc.contentType), doc)
