import {
  Subject,
  SubjectInput,
  SubjectList,
  SubjectSlugParams,
  SubjectWithCounts,
} from '#common/schemas/subjects.ts'
import type { App } from '#server/http/app-type.ts'
import { createSubject, deleteSubject, getSubject, listSubjects, updateSubject } from './subjects.service.ts'

export function subjectRoutes(app: App) {
  app.get(
    '/api/subjects',
    {
      schema: { operationId: 'listSubjects', summary: 'List the subjects', response: { 200: SubjectList } },
      config: { publicCache: true },
    },
    async () => listSubjects(app.ctx),
  )

  app.get(
    '/api/subjects/:slug',
    {
      schema: {
        operationId: 'getSubject',
        summary: 'Read a subject',
        params: SubjectSlugParams,
        response: { 200: SubjectWithCounts },
      },
      config: { publicCache: true },
    },
    async (req) => getSubject(app.ctx, req.params.slug),
  )
}

/** POST/PATCH/DELETE /api/admin/subjects[/:slug] (the admin scope: server/http/scopes.ts). */
export function subjectAdminRoutes(app: App) {
  app.post(
    '/api/admin/subjects',
    {
      schema: {
        operationId: 'createSubject',
        summary: 'Create a subject',
        body: SubjectInput,
        response: { 201: Subject },
      },
    },
    async (req, reply) => reply.code(201).send(await createSubject(app.ctx, req.body)),
  )

  app.patch(
    '/api/admin/subjects/:slug',
    {
      schema: {
        operationId: 'updateSubject',
        summary: 'Rename or describe a subject',
        params: SubjectSlugParams,
        body: SubjectInput,
        response: { 200: Subject },
      },
    },
    async (req) => updateSubject(app.ctx, req.params.slug, req.body),
  )

  app.delete(
    '/api/admin/subjects/:slug',
    {
      schema: {
        operationId: 'deleteSubject',
        summary: 'Delete a subject nothing is filed under',
        params: SubjectSlugParams,
      },
      config: { errors: [409] },
    },
    async (req, reply) => {
      await deleteSubject(app.ctx, req.params.slug)
      return reply.code(204).send()
    },
  )
}
