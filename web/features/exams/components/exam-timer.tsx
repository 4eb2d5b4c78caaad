import { Clock } from 'lucide-react'
import { type CountdownLevel, formatClock, levelOf } from '../lib/countdown.ts'

const LOOKS: Record<CountdownLevel, string> = {
  calm: 'bg-stone-100 text-stone-900',
  warning: 'bg-amber-100 text-amber-900 ring-1 ring-amber-300',
  urgent: 'bg-red-700 text-white',
}

const SPOKEN: Record<CountdownLevel, string> = {
  calm: '',
  warning: 'Less than 5 minutes left.',
  urgent: 'Less than 1 minute left.',
}

/** The time left, large and tabular; amber under 5 minutes, red under 1, each said once aloud. */
export function ExamTimer({ leftMs }: { leftMs: number }) {
  const level = levelOf(leftMs)
  return (
    <>
      <div
        role="timer"
        aria-label="Time left"
        className={`inline-flex h-10 items-center gap-2 rounded-lg px-3 font-mono text-lg font-semibold tabular-nums ${LOOKS[level]}`}
      >
        {/* Only the icon pulses: a pulsing box would fade the time itself to an unreadable pink. */}
        <Clock className={`size-4 ${level === 'urgent' ? 'motion-safe:animate-pulse' : ''}`} aria-hidden />
        {formatClock(leftMs)}
      </div>
      <p className="sr-only" aria-live="assertive">
        {SPOKEN[level]}
      </p>
    </>
  )
}
