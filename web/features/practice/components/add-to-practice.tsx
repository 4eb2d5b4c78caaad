import { CheckCircle2, GraduationCap } from 'lucide-react'
import { SignInLink } from '#web/components/sign-in-link.tsx'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { countOf } from '#web/lib/format.ts'
import { useChangeLessonPractice, useLessonPractice } from '../api/practice.ts'

/**
 * A lesson's Key ideas into the reader's practice with one click (decision 052); once in, a way to
 * practise them, to add the writer's new ones, or to take them out. Signed out: sign in first.
 */
export function AddToPractice({ postId, signedIn }: { postId: string; signedIn: boolean }) {
  const lesson = useLessonPractice(postId, signedIn)
  const change = useChangeLessonPractice(postId)
  if (!signedIn)
    return (
      <SignInLink variant="secondary">
        <GraduationCap className="size-4" aria-hidden />
        Sign in to add them to your practice
      </SignInLink>
    )
  if (!lesson.data) return null
  const { keyIdeas, inPractice } = lesson.data
  const last = change.data
  const newOnes = keyIdeas - inPractice
  const message =
    last && change.variables === 'POST'
      ? last.changed > 0
        ? `Added ${countOf(last.changed, 'card')} to your practice.`
        : 'Already in your practice: nothing new to add.'
      : last && change.variables === 'DELETE'
        ? `Took ${countOf(last.changed, 'card')} out of your practice.`
        : ''

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      {inPractice === 0 ? (
        <Button onClick={() => change.mutate('POST')} busy={change.isPending}>
          <GraduationCap className="size-4" aria-hidden />
          Add to practice
        </Button>
      ) : (
        <>
          <p className="flex items-center gap-2 text-[15px] font-medium text-stone-800">
            <CheckCircle2 className="size-4 text-emerald-700" aria-hidden />
            In your practice
            <span aria-hidden="true" className="text-stone-400">
              ·
            </span>
            <ButtonLink to="/practice" size="sm">
              Practise now
            </ButtonLink>
          </p>
          {newOnes > 0 && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => change.mutate('POST')}
              busy={change.isPending}
            >
              Add {countOf(newOnes, 'new card')}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => change.mutate('DELETE')}
            disabled={change.isPending}
          >
            Remove from practice
          </Button>
        </>
      )}
      <p role="status" className="w-full text-sm text-stone-600 empty:hidden">
        {message}
      </p>
    </div>
  )
}
