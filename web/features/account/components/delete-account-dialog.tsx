import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { TriangleExclamationPoint } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from 'react-toastify'
import { z } from 'zod'
import { DeleteAccountInput } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { useDeleteAccount } from '../api/delete-account.ts'
import { applyServerErrors, sameNames } from '../form-errors.ts'

// The shared schema wants the literal DELETE; the field holds whatever was typed until then.
const DeleteAccountForm = DeleteAccountInput.extend({
  confirm: z.string().pipe(DeleteAccountInput.shape.confirm),
})
type DeleteAccountFormInput = z.input<typeof DeleteAccountForm>

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([hidden]), textarea, select, [tabindex]:not([tabindex="-1"])'

/** A modal frame: focus moves in, Tab stays inside, Escape closes, focus returns where it was. */
function Modal({
  labelledBy,
  describedBy,
  onClose,
  children,
}: {
  labelledBy: string
  describedBy: string
  onClose: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    const node = ref.current
    if (!node) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    node.querySelector<HTMLElement>('input:not([hidden])')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onCloseRef.current()
        return
      }
      if (event.key !== 'Tab') return
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)]
      if (items.length === 0) return
      const first = items[0]
      const last = items[items.length - 1]
      if (event.shiftKey && (document.activeElement === first || !node.contains(document.activeElement))) {
        event.preventDefault()
        last.focus()
      } else if (
        !event.shiftKey &&
        (document.activeElement === last || !node.contains(document.activeElement))
      ) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      previous?.focus()
    }
  }, [])

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-stone-900/50 p-4 sm:items-center">
      {/* A click on the backdrop closes, like Escape; keyboard users have Escape and the Cancel button. */}
      <div aria-hidden="true" className="absolute inset-0" onClick={() => onCloseRef.current()} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-7"
      >
        {children}
      </div>
    </div>,
    document.body,
  )
}

/**
 * The last step of deleting an account: the password and the word DELETE. The button stays
 * disabled until both are there. On success the cache is cleared and the person lands on /.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const id = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remove = useDeleteAccount()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountFormInput, unknown, DeleteAccountInput>({
    resolver: zodResolver(DeleteAccountForm),
    defaultValues: { password: '', confirm: '' },
  })
  const [password, confirm] = useWatch({ control, name: ['password', 'confirm'] })
  const ready = password.length > 0 && confirm === 'DELETE'

  const onSubmit = handleSubmit(({ password }) => {
    setFormError(null)
    remove.mutate(
      { password },
      {
        onSuccess: async () => {
          await navigate('/', { replace: true })
          queryClient.clear()
          toast.success('Your account has been deleted. Thank you for being part of Inkwell.')
        },
        onError: (error) =>
          setFormError(applyServerErrors(error, setError, sameNames<DeleteAccountFormInput>(['password']))),
      },
    )
  })

  const close = () => {
    if (!remove.isPending) onClose()
  }

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-description`} onClose={close}>
      <div className="mb-4 flex size-10 items-center justify-center rounded-full bg-red-50 text-red-700">
        <TriangleExclamationPoint className="size-5" aria-hidden />
      </div>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Delete your account?
      </h2>
      <p id={`${id}-description`} className="mt-2 text-sm text-stone-600">
        This cannot be undone. Your profile, photo and sign-in details are removed at once, and you are signed
        out everywhere.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Type DELETE to confirm"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!ready} busy={remove.isPending}>
            Delete my account
          </Button>
        </div>
      </form>
    </Modal>
  )
}

/** Settings → Delete account: what goes, and the button that opens the confirmation. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false)
  return (
    <div className="rounded-xl border border-red-200 bg-red-50/50 p-5">
      <p className="text-[15px] text-stone-700">Deleting your account permanently removes:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-[15px] text-stone-700">
        <li>your profile: name, bio, photo, links and interests;</li>
        <li>your sign-in details and every session, on every device;</li>
        <li>everything else tied to your account.</li>
      </ul>
      <p className="mt-3 text-sm text-stone-600">
        There is no undo, and we cannot restore a deleted account.
      </p>
      <Button variant="danger" className="mt-5" onClick={() => setOpen(true)}>
        Delete account…
      </Button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </div>
  )
}
