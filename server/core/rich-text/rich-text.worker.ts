import { parentPort } from 'node:worker_threads'
import { sanitizeRichText } from './sanitize.ts'

// One of the sanitizer's worker threads (rich-text.ts starts them): jobs arrive one message at a
// time and are answered in order.

export interface RichTextJob {
  id: number
  html: string
  maxLength: number
}

parentPort?.on('message', ({ id, html, maxLength }: RichTextJob) => {
  try {
    parentPort?.postMessage({ id, outcome: sanitizeRichText(html, { maxLength }) })
  } catch (error) {
    parentPort?.postMessage({ id, error: (error as Error).stack ?? String(error) })
  }
})
