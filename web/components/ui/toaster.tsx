import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { TOAST_AUTO_CLOSE_MS } from '#common/constants.ts'

// The app's toasts: short news at the top right, dark, gone after TOAST_AUTO_CLOSE_MS (the
// original's constants). Our own, in place of react-toastify: the container is in the first load,
// and this is a tenth of its weight. A toast waits while it is hovered or focused, so no
// one loses a message they are reading (WCAG 2.2.1), and it can be dismissed at once.

type Kind = 'success' | 'error' | 'info'

interface Toast {
  id: string
  kind: Kind
  message: string
}

interface ToastOptions {
  /** One toast per id: showing it again while it is up does nothing. */
  toastId?: string
}

let shown: Toast[] = []
let counter = 0
const listeners = new Set<() => void>()

function update(next: Toast[]) {
  shown = next
  for (const listener of listeners) listener()
}

function show(kind: Kind, message: string, { toastId }: ToastOptions = {}): string {
  counter += 1
  const id = toastId ?? `toast-${counter}`
  if (!shown.some((toast) => toast.id === id)) update([...shown, { id, kind, message }])
  return id
}

/** Shows news to whoever is on the page: `toast.success('Saved')`. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  /** Takes one toast down, or every toast without an id. */
  dismiss: (id?: string) => update(id === undefined ? [] : shown.filter((toast) => toast.id !== id)),
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
const snapshot = () => shown

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info }
const ICON_COLOURS = { success: 'text-emerald-400', error: 'text-rose-400', info: 'text-sky-400' }

function ToastItem({ toast: { id, kind, message } }: { toast: Toast }) {
  const [held, setHeld] = useState(false)
  useEffect(() => {
    if (held) return
    const timer = setTimeout(() => toast.dismiss(id), TOAST_AUTO_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [held, id])
  const Icon = ICONS[kind]
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: its role is status or alert; hover and focus inside only hold it
    <div
      // An error interrupts; other news waits its turn (the region around them is polite).
      role={kind === 'error' ? 'alert' : 'status'}
      className="pointer-events-auto flex items-start gap-3 rounded-xl bg-stone-900 px-4 py-3 text-sm text-white shadow-lg ring-1 ring-white/10"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <Icon aria-hidden className={`mt-0.5 size-5 shrink-0 ${ICON_COLOURS[kind]}`} />
      <p className="min-w-0 flex-1 leading-snug">{message}</p>
      <button
        type="button"
        aria-label="Dismiss"
        className="-mr-1 -mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-stone-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        onClick={() => toast.dismiss(id)}
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  )
}

/** Where toasts appear: once, at the root of the app. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, snapshot, snapshot)
  return (
    <section
      aria-live="polite"
      aria-label="Updates"
      className="pointer-events-none fixed top-4 right-4 left-4 z-50 flex flex-col items-stretch gap-2 sm:left-auto sm:w-96"
    >
      {toasts.map((item) => (
        <ToastItem key={item.id} toast={item} />
      ))}
    </section>
  )
}
