import { IMAGE_MAX_BYTES } from '#common/constants.ts'
import { Me, UpdateProfileInput, WelcomeInput } from '#common/schemas/profile.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { readUpload } from '#server/http/upload.ts'
import { completeWelcome, getMe, removeAvatar, setAvatar, updateProfile } from './me.service.ts'

export function meRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.get(
    '/api/me',
    {
      ...guarded,
      schema: { operationId: 'getMe', summary: 'Read my account and profile', response: { 200: Me } },
    },
    async (req) => getMe(app.ctx, actor(req)),
  )

  app.patch(
    '/api/me',
    {
      ...guarded,
      schema: {
        operationId: 'updateMe',
        summary: 'Update my profile',
        body: UpdateProfileInput,
        response: { 200: Me },
      },
    },
    async (req) => updateProfile(app.ctx, actor(req), req.body),
  )

  app.post(
    '/api/me/welcome',
    {
      ...guarded,
      schema: {
        operationId: 'completeWelcome',
        summary: 'Finish the welcome steps of a new account',
        body: WelcomeInput,
        response: { 200: Me },
      },
    },
    async (req) => completeWelcome(app.ctx, actor(req), req.body),
  )

  app.delete(
    '/api/me/avatar',
    {
      ...guarded,
      schema: { operationId: 'deleteMyAvatar', summary: 'Remove my picture', response: { 200: Me } },
    },
    async (req) => removeAvatar(app.ctx, actor(req)),
  )
}

/** PUT /api/me/avatar: registered in the scope that reads multipart bodies (app.ts). */
export function avatarRoutes(app: App) {
  // Read from the multipart body, which no schema checks: no file (400), too large, not an image.
  app.put(
    '/api/me/avatar',
    {
      onRequest: requireUser,
      schema: { operationId: 'uploadMyAvatar', summary: 'Upload my picture', response: { 200: Me } },
      config: { errors: [400, 413, 415] },
    },
    async (req) => setAvatar(app.ctx, actor(req), await readUpload(req, IMAGE_MAX_BYTES)),
  )
}
