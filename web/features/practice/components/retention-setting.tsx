import { type FormEvent, useId, useState } from 'react'
import {
  PRACTICE_RETENTION_MAX,
  PRACTICE_RETENTION_MIN,
  type PracticeSettings,
} from '#common/schemas/practice.ts'
import { Button } from '#web/components/ui/button.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { usePracticeSettings, useSavePracticeSettings } from '../api/practice.ts'

const percent = (retention: number) => Math.round(retention * 100)

/** Settings → Practice: the target retention FSRS schedules for, as a percentage with a slider. */
export function RetentionSetting() {
  const settings = usePracticeSettings()
  if (settings.isPending) return <Spinner label="Loading your practice settings…" />
  if (settings.isError)
    return (
      <QueryError
        what="your practice settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    )
  return <RetentionForm saved={settings.data} />
}

function RetentionForm({ saved }: { saved: PracticeSettings }) {
  const id = useId()
  const save = useSavePracticeSettings()
  const [value, setValue] = useState(percent(saved.targetRetention))
  const [error, setError] = useState<string | null>(null)
  const dirty = value !== percent(saved.targetRetention)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    save.mutate(
      { targetRetention: value / 100 },
      {
        onSuccess: (next) => toast.success(`Your target retention is ${percent(next.targetRetention)}%.`),
        onError: (failure) =>
          setError(failure instanceof ApiError ? (failure.fields?.targetRetention ?? failure.message) : null),
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-2">
        <label
          htmlFor={id}
          className="flex max-w-md items-baseline justify-between text-sm font-medium text-stone-800"
        >
          Target retention
          <output htmlFor={id} className="text-lg font-semibold text-stone-900 tabular-nums">
            {value}%
          </output>
        </label>
        <input
          id={id}
          type="range"
          min={percent(PRACTICE_RETENTION_MIN)}
          max={percent(PRACTICE_RETENTION_MAX)}
          step={1}
          value={value}
          aria-valuetext={`${value}%`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => setValue(Number(event.target.value))}
          className="block w-full max-w-md accent-ink-800"
        />
        <p className="flex max-w-md justify-between text-xs text-stone-500" aria-hidden="true">
          <span>{percent(PRACTICE_RETENTION_MIN)}%: fewer reviews</span>
          <span>{percent(PRACTICE_RETENTION_MAX)}%: more reviews</span>
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <p id={`${id}-hint`} className="max-w-xl text-sm text-stone-600">
        How likely you want to be to remember a card when it comes back. At 90% (the default) a card returns
        when you would still recall it nine times in ten. Higher means shorter gaps and more reviews each day;
        lower means fewer reviews and more forgetting. The change applies from your next answer.
      </p>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-stone-100 pt-5">
        {dirty && <span className="text-sm text-stone-500">You have unsaved changes.</span>}
        <Button type="submit" busy={save.isPending} disabled={!dirty}>
          Save target retention
        </Button>
      </div>
    </form>
  )
}
