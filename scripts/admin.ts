// npm run admin -- grant you@example.com   (or: revoke you@example.com)
// Changes a user's role straight in the database. On the embedded database it refuses while a
// server holds the data directory, because PGlite is one process's database.
import { eq } from 'drizzle-orm'
import { migrateDatabase, openDatabase } from '#server/db/client.ts'
import { dataDirHolder } from '#server/db/data-dir-lock.ts'
import { user } from '#server/db/schema/index.ts'
import { readConfig } from '#server/env.ts'

const [command, email] = process.argv.slice(2)
if (!['grant', 'revoke'].includes(command) || !email) {
  console.error('Usage: npm run admin -- grant <email>   |   npm run admin -- revoke <email>')
  process.exit(2)
}

const config = readConfig()
if (!config.databaseUrl) {
  const holder = dataDirHolder(config.dataDir)
  if (holder) {
    console.error(
      `The Inkwell server (pid ${holder}) is using the embedded database in ${config.dataDir}.\n` +
        'Stop it first (Ctrl+C), run this command again, then start the server.\n' +
        'Or, while it runs, sign in as an admin and change the role on the Admin screen.',
    )
    process.exit(1)
  }
}

const database = await openDatabase(
  config.databaseUrl
    ? { driver: 'pg', url: config.databaseUrl, poolSize: 1 }
    : { driver: 'pglite', dataDir: `${config.dataDir}/pglite` },
)
try {
  await migrateDatabase(database)
  const role = command === 'grant' ? 'admin' : 'user'
  const rows = await database.db
    .update(user)
    .set({ role, updatedAt: new Date() })
    .where(eq(user.email, email.trim().toLowerCase()))
    .returning({ id: user.id })
  if (rows.length === 0) {
    console.error(`No account uses ${email}. Sign up first, then run this again.`)
    process.exitCode = 1
  } else {
    console.log(`${email} is now ${role === 'admin' ? 'an admin' : 'a regular user'}.`)
  }
} finally {
  await database.close()
}
