import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2, Send } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_RATE_LIMIT } from '#common/constants.ts'
import { waitText } from '#common/retry-after.ts'
import { ContactInput } from '#common/schemas/contact.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { EmailField, TextArea, TextField } from '#web/components/ui/field.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { applyServerErrors, sameNames } from '#web/lib/form-errors.ts'
import { useSendContactMessage } from '../api/send-contact-message.ts'

type FormValues = z.input<typeof ContactInput>
const FIELDS = ['name', 'email', 'subject', 'message'] as const

const windowHours = CONTACT_RATE_LIMIT.windowSeconds / 3600
const windowText = windowHours === 1 ? 'an hour' : `${windowHours} hours`
/** The 429 explained, with the wait from the server's Retry-After when it gave one. */
export const rateLimitedMessage = (retryAfterSeconds?: number) =>
  `You have reached the limit of ${CONTACT_RATE_LIMIT.max} messages in ${windowText}. Your message is still here: ${
    retryAfterSeconds ? `try again in ${waitText(retryAfterSeconds)}` : 'please try again a little later'
  }.`

interface ContactFormProps {
  /** The signed-in person, to fill in their name and e-mail. */
  sender?: { name: string; email: string }
}

export function ContactForm({ sender }: ContactFormProps) {
  const send = useSendContactMessage()
  const [sent, setSent] = useState<ContactInput | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const thanksRef = useRef<HTMLHeadingElement>(null)
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    getFieldState,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, ContactInput>({
    resolver: zodResolver(ContactInput),
    defaultValues: { name: sender?.name ?? '', email: sender?.email ?? '', subject: '', message: '' },
  })
  const messageLength = watch('message')?.length ?? 0

  // The profile can arrive after the form is on screen; fill only what the person has not typed.
  const senderName = sender?.name
  const senderEmail = sender?.email
  useEffect(() => {
    if (senderName && !getFieldState('name').isDirty && !getValues('name')) setValue('name', senderName)
    if (senderEmail && !getFieldState('email').isDirty && !getValues('email')) setValue('email', senderEmail)
  }, [senderName, senderEmail, getFieldState, getValues, setValue])

  useEffect(() => {
    if (sent) thanksRef.current?.focus()
  }, [sent])

  const onSubmit = (values: ContactInput) => {
    setFormError(null)
    send.mutate(values, {
      onSuccess: () => setSent(values),
      onError: (error) =>
        setFormError(
          error instanceof ApiError && error.status === 429
            ? rateLimitedMessage(error.retryAfterSeconds)
            : applyServerErrors(error, setError, sameNames<FormValues>(FIELDS)),
        ),
    })
  }

  const sendAnother = () => {
    // The cleaned-up name and address that went out, ready for the next message.
    reset({ name: sent?.name ?? '', email: sent?.email ?? '', subject: '', message: '' })
    setSent(null)
    send.reset()
  }

  if (sent) {
    return (
      <div className="py-6 text-center" role="status">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <CheckCircle2 className="size-6" aria-hidden />
        </div>
        <h2 ref={thanksRef} tabIndex={-1} className="mt-4 text-2xl font-semibold focus:outline-none">
          Thanks — your message is on its way
        </h2>
        <p className="mx-auto mt-2 max-w-sm text-stone-600">
          It is in the Inkwell team’s inbox. If it needs an answer, we will write to{' '}
          <span className="font-medium break-all text-stone-800">{sent.email}</span>.
        </p>
        <Button variant="secondary" className="mt-6" onClick={sendAnother}>
          Send another message
        </Button>
      </div>
    )
  }

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-labelledby="contact-form-title"
      className="space-y-5"
    >
      <h2 id="contact-form-title" className="text-2xl font-semibold">
        Send us a message
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <EmailField error={errors.email?.message} {...register('email')} />
      </div>
      <TextField label="Subject" error={errors.subject?.message} {...register('subject')} />
      <TextArea
        label="Message"
        rows={7}
        error={errors.message?.message}
        hint={`${messageLength.toLocaleString('en-US')} / ${CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`}
        {...register('message')}
      />
      {formError && <Alert>{formError}</Alert>}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-500">
          {sender
            ? 'Sent from your account, so we can find it quickly.'
            : 'Only the Inkwell team reads these messages.'}
        </p>
        <Button type="submit" size="lg" busy={send.isPending}>
          <Send className="size-4" aria-hidden />
          Send message
        </Button>
      </div>
    </form>
  )
}
