import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { assertKey, type Storage } from './storage.ts'

export interface S3Options {
  bucket: string
  region: string
  /** For S3-compatible services (MinIO, R2, …); AWS itself needs none. */
  endpoint?: string
  forcePathStyle?: boolean
  accessKeyId?: string
  secretAccessKey?: string
}

/** Any S3-compatible bucket, through the official SDK. Credentials fall back to the SDK's usual chain. */
export function s3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  })
  return {
    async put(key, body, contentType) {
      assertKey(key)
      await client.send(
        new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: body, ContentType: contentType }),
      )
    },
    async get(key) {
      assertKey(key)
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }))
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 }
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null
        throw error
      }
    },
    async delete(key) {
      assertKey(key)
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }))
    },
  }
}
