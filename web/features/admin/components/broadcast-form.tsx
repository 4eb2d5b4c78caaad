import { zodResolver } from '@hookform/resolvers/zod'
import { Megaphone, Send } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  BroadcastInput,
  NOTIFICATION_MESSAGE_MAX_LENGTH,
  NotificationLink,
} from '#common/schemas/notifications.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert, Card } from '#web/components/ui/card.tsx'
import { TextArea, TextField } from '#web/components/ui/field.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { applyServerErrors } from '#web/lib/form-errors.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { useUsers } from '../api/list-users.ts'
import { useSendBroadcast } from '../api/send-broadcast.ts'
import { SEARCH_DEBOUNCE_MS } from './users-table.tsx'

// The form's own shape (an empty link, a recipients choice), built from the shared rules and
// turned into a BroadcastInput on submit.
const BroadcastFields = z
  .object({
    message: BroadcastInput.shape.message,
    link: z.union([z.literal(''), NotificationLink]),
    audience: z.enum(['all', 'one']),
    userId: z.string(),
  })
  .refine((form) => form.audience === 'all' || form.userId !== '', {
    path: ['userId'],
    message: 'Choose who gets it',
  })
type FormInput = z.input<typeof BroadcastFields>
type FormOutput = z.output<typeof BroadcastFields>

export const sentText = (sent: number) =>
  `Sent to ${sent.toLocaleString('en-US')} ${sent === 1 ? 'person' : 'people'}`

const toInput = (form: FormOutput): BroadcastInput => ({
  message: form.message,
  ...(form.link ? { link: form.link } : {}),
  to: form.audience === 'all' ? 'all' : { userId: form.userId },
})

function RecipientPicker({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (id: string) => void
  error?: string
}) {
  const [q, setQ] = useState('')
  const search = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS)
  const users = useUsers(search)
  const people = users.data?.pages.flatMap((page) => page.items) ?? []

  return (
    <div className="grid gap-4 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200 sm:grid-cols-2">
      <TextField
        label="Find a person"
        type="search"
        placeholder="Name or e-mail"
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      <div className="space-y-1.5">
        <label htmlFor="broadcast-recipient" className="block text-sm font-medium text-stone-800">
          Recipient
        </label>
        <select
          id="broadcast-recipient"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'broadcast-recipient-error' : undefined}
          className={`block h-10.5 w-full rounded-lg border bg-white px-3 text-[15px] text-stone-900 shadow-xs focus:ring-2 focus:outline-none ${error ? 'border-red-600 focus:ring-red-600/30' : 'border-stone-300 focus:border-ink-600 focus:ring-ink-600/20'}`}
        >
          <option value="">{users.isPending ? 'Loading people…' : 'Choose a person'}</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name} — {person.email}
            </option>
          ))}
        </select>
        {error && (
          <p id="broadcast-recipient-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}

/** An admin's notification to everyone, or to one person. */
export function BroadcastForm() {
  const send = useSendBroadcast()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(BroadcastFields),
    defaultValues: { message: '', link: '', audience: 'all', userId: '' },
  })
  const length = watch('message')?.length ?? 0
  const audience = watch('audience')

  const onSubmit = (form: FormOutput) => {
    setFormError(null)
    send.mutate(toInput(form), {
      onSuccess: ({ sent }) => {
        toast.success(sentText(sent))
        reset({ message: '', link: '', audience: form.audience, userId: form.userId })
      },
      onError: (error) =>
        setFormError(
          applyServerErrors(error, setError, (key) =>
            key === 'message' || key === 'link' ? key : key.startsWith('to') ? 'userId' : undefined,
          ),
        ),
    })
  }

  const choice =
    'flex cursor-pointer items-center justify-center rounded-lg px-3 py-2 text-sm font-medium text-stone-600 has-checked:bg-white has-checked:text-stone-900 has-checked:shadow-sm has-checked:ring-1 has-checked:ring-stone-200 has-focus-visible:outline-2 has-focus-visible:outline-ink-600'

  return (
    <Card className="max-w-2xl">
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-labelledby="broadcast-title"
        className="space-y-5"
      >
        <div className="flex items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-400/25 text-stone-800">
            <Megaphone className="size-5" aria-hidden />
          </div>
          <div>
            <h2 id="broadcast-title" className="text-xl font-semibold">
              Send a notification
            </h2>
            <p className="mt-1 text-sm text-stone-600">
              It lands in the bell of everyone you choose, live, and stays on their notifications page.
            </p>
          </div>
        </div>

        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-stone-800">Recipients</legend>
          <div className="grid grid-cols-2 gap-1 rounded-xl bg-stone-100 p-1 sm:max-w-sm">
            <label className={choice}>
              <input type="radio" value="all" className="sr-only" {...register('audience')} />
              Everyone
            </label>
            <label className={choice}>
              <input type="radio" value="one" className="sr-only" {...register('audience')} />
              One person
            </label>
          </div>
        </fieldset>

        {audience === 'one' && (
          <RecipientPicker
            value={watch('userId')}
            onChange={(id) => setValue('userId', id, { shouldValidate: Boolean(errors.userId) })}
            error={errors.userId?.message}
          />
        )}

        <TextArea
          label="Message"
          rows={4}
          error={errors.message?.message}
          hint={`${length.toLocaleString('en-US')} / ${NOTIFICATION_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`}
          {...register('message')}
        />
        <TextField
          label="Link (optional)"
          placeholder="/books"
          spellCheck={false}
          error={errors.link?.message}
          hint="A page inside Inkwell, starting with /. Clicking the notification opens it."
          {...register('link')}
        />
        {formError && <Alert>{formError}</Alert>}
        <div className="flex justify-end">
          <Button type="submit" busy={send.isPending}>
            <Send className="size-4" aria-hidden />
            Send notification
          </Button>
        </div>
      </form>
    </Card>
  )
}
