import { schemasOf } from '#web/lib/api-client.ts'

/**
 * The notification schemas, loaded with the first event or answer that needs them: the bell is
 * part of the app shell, and zod stays out of the first load (see api() in api-client).
 * The stream takes the module; requests take one schema of it.
 */
export const notificationSchemas = () => import('#common/schemas/notifications.ts')
export const notifications = schemasOf(notificationSchemas)
