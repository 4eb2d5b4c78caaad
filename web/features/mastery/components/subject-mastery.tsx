import { GraduationCap } from 'lucide-react'
import { SignInLink } from '#web/components/sign-in-link.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { useSession } from '#web/lib/session.ts'
import { useSubjectMastery } from '../api/mastery.ts'
import { MasteryLevelCard } from './mastery-level.tsx'

/**
 * A subject hub's "Your level in Physics" for a signed-in reader, an invitation to sign in for
 * anyone else. Nothing while the session is checked or the level is read: the page is the same
 * for every signed-out visitor, and a signed-in reader's level is theirs alone.
 */
export function SubjectMastery({ slug, name }: { slug: string; name: string }) {
  const { loggedIn, checkingStatus } = useSession()
  const mastery = useSubjectMastery(slug, loggedIn)
  if (checkingStatus) return null
  if (!loggedIn)
    return (
      <section
        aria-labelledby="subject-level-invite"
        className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-stone-200 bg-white p-6"
      >
        <div className="flex items-start gap-3">
          <GraduationCap className="mt-0.5 size-5 shrink-0 text-ink-700" aria-hidden />
          <div>
            <h2 id="subject-level-invite" className="font-semibold">
              Your level in {name}
            </h2>
            <p className="mt-1 text-sm text-stone-600">
              Sign in to see how far you have come: Attempted, Familiar, Proficient, Mastered.
            </p>
          </div>
        </div>
        <SignInLink variant="secondary">Sign in</SignInLink>
      </section>
    )
  if (mastery.isPending) return null
  if (mastery.isError)
    return (
      <QueryError
        what={`your level in ${name}`}
        error={mastery.error}
        onRetry={() => void mastery.refetch()}
      />
    )
  return <MasteryLevelCard mastery={mastery.data} />
}
