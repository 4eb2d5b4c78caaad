import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { ApiError, api, schemasOf } from './api-client.ts'

const Post = z.object({ id: z.string(), title: z.string() })

/** What the API rejected with, for assertions on its fields. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('api', () => {
  it('parses a successful answer with the schema', async () => {
    stubFetch({ '/api/posts/p1': () => jsonResponse({ id: 'p1', title: 'On ink', internal: 'dropped' }) })
    const post = await api('/api/posts/p1', Post)
    // The schema decides the shape: unknown keys are stripped.
    expect(post).toEqual({ id: 'p1', title: 'On ink' })
  })

  it('takes a schema that loads beside the request (schemasOf)', async () => {
    stubFetch({ '/api/posts/p1': () => jsonResponse({ id: 'p1', title: 'On ink' }) })
    const schemas = schemasOf(async () => ({ Post }))
    expect(
      await api(
        '/api/posts/p1',
        schemas((m) => m.Post),
      ),
    ).toEqual({ id: 'p1', title: 'On ink' })
  })

  it('fails once when the request and the loading of its schema both fail (offline)', async () => {
    stubFetch({
      '/api/posts/p1': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const schemas = schemasOf(() => Promise.reject(new TypeError('Failed to fetch a module')))
    expect(
      (
        await failure(
          api(
            '/api/posts/p1',
            schemas(() => Post),
          ),
        )
      ).status,
    ).toBe(0)
    // An unhandled rejection of the schema's load would fail this run after the test.
    await new Promise((resolve) => setTimeout(resolve, 10))
  })

  it('rejects an answer that does not match the schema', async () => {
    stubFetch({ '/api/posts/p1': () => jsonResponse({ id: 1 }) })
    await expect(api('/api/posts/p1', Post)).rejects.toBeInstanceOf(z.ZodError)
  })

  it('sends a GET with same-origin cookies and no body by default', async () => {
    const fetch = stubFetch({ '/api/posts/p1': () => jsonResponse({ id: 'p1', title: 'On ink' }) })
    await api('/api/posts/p1', Post)
    const [url, init] = fetch.mock.calls[0]
    expect(url).toBe('/api/posts/p1')
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' })
    expect(init?.body).toBeUndefined()
  })

  it('sends a body as JSON, with POST unless told otherwise', async () => {
    const fetch = stubFetch({
      'POST /api/posts': () => jsonResponse({ id: 'p2', title: 'New' }, 201),
      'PATCH /api/posts/p2': () => jsonResponse({ id: 'p2', title: 'Renamed' }),
    })
    await expect(api('/api/posts', Post, { body: { title: 'New' } })).resolves.toEqual({
      id: 'p2',
      title: 'New',
    })
    const [, init] = fetch.mock.calls[0]
    expect(init?.method).toBe('POST')
    expect(init?.headers).toEqual({ 'content-type': 'application/json' })
    expect(init?.body).toBe(JSON.stringify({ title: 'New' }))

    await api('/api/posts/p2', Post, { method: 'PATCH', body: { title: 'Renamed' } })
    expect(fetch.mock.calls[1][1]?.method).toBe('PATCH')
  })

  it('sends a form as multipart, letting the browser set its content type', async () => {
    const fetch = stubFetch({ 'POST /api/me/avatar': () => jsonResponse({ id: 'p1', title: 'x' }) })
    const form = new FormData()
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png')
    await api('/api/me/avatar', Post, { form })
    const [, init] = fetch.mock.calls[0]
    expect(init?.method).toBe('POST')
    expect(init?.body).toBe(form)
    expect(init?.headers).toBeUndefined()
  })

  it('hands the schema null for 204 No Content', async () => {
    stubFetch({ 'DELETE /api/posts/p1': () => new Response(null, { status: 204 }) })
    await expect(api('/api/posts/p1', z.null(), { method: 'DELETE' })).resolves.toBeNull()
  })

  it('maps { error: { code, message, fields } } to an ApiError', async () => {
    stubFetch({
      'POST /api/posts': () =>
        jsonResponse(
          {
            error: {
              code: 'bad_request',
              message: 'Check the highlighted fields',
              fields: { title: 'Add a title' },
            },
          },
          400,
        ),
    })
    const error = await failure(api('/api/posts', Post, { body: {} }))
    expect(error.status).toBe(400)
    expect(error.code).toBe('bad_request')
    expect(error.message).toBe('Check the highlighted fields')
    expect(error.fields).toEqual({ title: 'Add a title' })
  })

  it('keeps the status and code of other API errors', async () => {
    stubFetch({
      '/api/admin/users': () => jsonResponse({ error: { code: 'forbidden', message: 'Admins only' } }, 403),
    })
    const error = await failure(api('/api/admin/users', z.unknown()))
    expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'Admins only' })
    expect(error.fields).toBeUndefined()
  })

  it('turns a network failure into a friendly ApiError', async () => {
    stubFetch({ '/api/posts': () => Promise.reject(new TypeError('Failed to fetch')) })
    const error = await failure(api('/api/posts', z.unknown()))
    expect(error.status).toBe(0)
    expect(error.code).toBe('internal')
    expect(error.message).toBe('Inkwell cannot be reached. Check your connection and try again.')
  })

  it('lets an abort through as it is, not as a failure to show', async () => {
    stubFetch({
      '/api/posts': () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
    })
    const error = await api('/api/posts', z.unknown(), { signal: new AbortController().signal }).catch(
      (e: unknown) => e,
    )
    expect(error).not.toBeInstanceOf(ApiError)
    expect((error as Error).name).toBe('AbortError')
  })

  it('gives a generic message for an error that is not JSON', async () => {
    stubFetch({
      '/api/posts': () =>
        new Response('<html>502 Bad Gateway</html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    })
    const error = await failure(api('/api/posts', z.unknown()))
    expect(error.status).toBe(502)
    expect(error.code).toBe('internal')
    expect(error.message).toBe('Something went wrong on our side. Please try again.')
  })

  it("keeps the server's message on a 429 and reads how long to wait from Retry-After", async () => {
    stubFetch({
      'POST /api/contact': () =>
        new Response(
          JSON.stringify({
            error: { code: 'rate_limited', message: 'Too many attempts. Try again in 5 minutes.' },
          }),
          { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '281' } },
        ),
    })
    const error = await failure(api('/api/contact', z.unknown(), { body: {} }))
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Too many attempts. Try again in 5 minutes.',
      retryAfterSeconds: 281,
    })
  })

  it('says when to try again on a 429 that is not in our shape (a proxy in front)', async () => {
    stubFetch({
      '/api/posts': () => new Response('slow down', { status: 429, headers: { 'retry-after': '30' } }),
    })
    const error = await failure(api('/api/posts', z.unknown()))
    expect(error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many attempts. Try again in 30 seconds.',
      retryAfterSeconds: 30,
    })
    stubFetch({ '/api/posts': () => new Response('slow down', { status: 429 }) })
    expect((await failure(api('/api/posts', z.unknown()))).message).toBe(
      'Too many attempts. Please wait a minute and try again.',
    )
  })

  it('gives the generic message for JSON that is not the error shape', async () => {
    stubFetch({ '/api/posts': () => jsonResponse({ message: 'nope' }, 500) })
    const error = await failure(api('/api/posts', z.unknown()))
    expect(error).toMatchObject({
      status: 500,
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    })
  })
})
