import { zodResolver } from '@hookform/resolvers/zod'
import { type KeyboardEvent, useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { SuspendInput } from '#common/schemas/admin.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TextArea } from '#web/components/ui/field.tsx'

const ReasonForm = SuspendInput.pick({ reason: true })
type ReasonForm = z.input<typeof ReasonForm>

const FOCUSABLE = 'button:not([disabled]), textarea:not([disabled]), input:not([disabled]), a[href]'

interface SuspendDialogProps {
  name: string
  busy?: boolean
  /** Called with the trimmed reason, or undefined when none was given. */
  onConfirm: (reason: string | undefined) => void
  onClose: () => void
}

/** Asks for an optional reason before suspending someone; a modal that keeps focus inside it. */
export function SuspendDialog({ name, busy = false, onConfirm, onClose }: SuspendDialogProps) {
  const titleId = useId()
  const descriptionId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ReasonForm, unknown, z.output<typeof ReasonForm>>({
    resolver: zodResolver(ReasonForm),
    defaultValues: { reason: '' },
  })
  const length = watch('reason')?.length ?? 0

  // Focus goes back to whatever opened the dialog, and the page behind it stops scrolling.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      opener?.focus()
    }
  }, [])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation()
      onClose()
    }
    if (event.key !== 'Tab' || !panel.current) return
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = items[0]
    const last = items.at(-1)
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  }

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div
        className="absolute inset-0 bg-stone-900/40 backdrop-blur-[1px]"
        aria-hidden
        onClick={busy ? undefined : onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={onKeyDown}
        className="relative w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-xl font-semibold">
          Suspend {name}?
        </h2>
        <p id={descriptionId} className="mt-2 text-sm text-stone-600">
          They are signed out everywhere at once and cannot sign in until an admin restores the account. Their
          published work stays where it is.
        </p>
        <form
          className="mt-5 space-y-5"
          noValidate
          onSubmit={handleSubmit(({ reason }) => onConfirm(reason ? reason : undefined))}
        >
          <TextArea
            label="Reason (optional)"
            rows={3}
            autoFocus
            placeholder="For example: repeated spam in the forums"
            hint={`Other admins see this next to the account. ${length}/300`}
            error={errors.reason?.message}
            {...register('reason')}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={busy}>
              Suspend account
            </Button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  )
}
