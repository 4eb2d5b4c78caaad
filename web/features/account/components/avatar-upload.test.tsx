import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { IMAGE_MAX_BYTES } from '#common/constants.ts'
import { sessionQueries } from '#web/lib/session-queries.ts'
import { meBody } from '#web/test/builders.ts'
import { callsTo, deferred, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { AvatarUpload } from './avatar-upload.tsx'

const photo = (bytes = 1024) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' })

beforeEach(() => {
  // jsdom has no object URLs; the preview only needs a string.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() })
})

describe('AvatarUpload', () => {
  it("shows the server's message when it refuses the file, and keeps the old picture", async () => {
    const fetch = stubFetch({
      'PUT /api/me/avatar': jsonResponse(
        {
          error: {
            code: 'unsupported_media_type',
            message: 'Upload a PNG, JPEG or WebP image',
            fields: { file: 'This file is not a PNG, JPEG or WebP image' },
          },
        },
        415,
      ),
    })
    const { user } = renderAt(<AvatarUpload name="Grace Okafor" image={null} />)

    await user.upload(screen.getByLabelText('Upload a photo'), photo())

    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a PNG, JPEG or WebP image')
    expect(screen.getByLabelText('Upload a photo')).toHaveAccessibleDescription(
      'This file is not a PNG, JPEG or WebP image',
    )
    expect(screen.queryByRole('img', { name: /photo/ })).not.toBeInTheDocument()
    expect(callsTo(fetch, '/api/me/avatar')).toHaveLength(1)
  })

  it('previews the picked file while it uploads, then stores the new profile', async () => {
    const answer = deferred<Response>()
    const fetch = stubFetch({ 'PUT /api/me/avatar': () => answer.promise })
    const { user, queryClient } = renderAt(<AvatarUpload name="Grace Okafor" image={null} />)

    const file = photo()
    await user.upload(screen.getByLabelText('Upload a photo'), file)

    expect(screen.getByRole('img', { name: 'Preview of your new photo' })).toHaveAttribute(
      'src',
      'blob:preview',
    )
    expect(screen.getByRole('status')).toHaveTextContent('Uploading your photo')
    const [, init] = callsTo(fetch, '/api/me/avatar')[0]
    expect((init!.body as FormData).get('file')).toBe(file)

    answer.resolve(jsonResponse(meBody({ image: '/api/files/avatars/new.png' })))
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(sessionQueries.me().queryKey)).toMatchObject({
        image: '/api/files/avatars/new.png',
      }),
    )
    expect(screen.queryByRole('img', { name: 'Preview of your new photo' })).not.toBeInTheDocument()
  })

  it('refuses a file over the size limit without sending it', async () => {
    const fetch = stubFetch({})
    const { user } = renderAt(<AvatarUpload name="Grace Okafor" image={null} />)

    await user.upload(screen.getByLabelText('Upload a photo'), photo(IMAGE_MAX_BYTES + 1))

    expect(screen.getByRole('alert')).toHaveTextContent('larger than 5 MB')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('removes the current photo', async () => {
    const fetch = stubFetch({ 'DELETE /api/me/avatar': jsonResponse(meBody({ image: null })) })
    const { user, queryClient } = renderAt(
      <AvatarUpload name="Grace Okafor" image="/api/files/avatars/old.png" />,
    )

    expect(screen.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      '/api/files/avatars/old.png',
    )
    expect(screen.getByLabelText('Change photo')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove photo' }))

    await vi.waitFor(() =>
      expect(queryClient.getQueryData(sessionQueries.me().queryKey)).toMatchObject({ image: null }),
    )
    expect(callsTo(fetch, '/api/me/avatar')).toHaveLength(1)
  })
})
