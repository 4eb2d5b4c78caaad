import { useQueryClient } from '@tanstack/react-query'
import { LogOut } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Avatar, initialsOf } from '#web/components/ui/avatar.tsx'
import { CountBadge } from '#web/components/ui/count-badge.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { useAdminWaiting } from '#web/features/admin/api/get-waiting.ts'
import { usePracticeSummary } from '#web/features/practice/api/practice.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { useMe, useSession } from '#web/lib/session.ts'
import { workplacesFor } from '../workplaces.ts'
import { useDisclosure } from './use-disclosure.ts'

/** Where the arrow keys, Home and End move focus among the items (null: not theirs to handle). */
function nextIndex(key: string, current: number, count: number): number | null {
  if (key === 'ArrowDown') return current < 0 ? 0 : (current + 1) % count
  if (key === 'ArrowUp') return current < 0 ? count - 1 : (current - 1 + count) % count
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return null
}

const itemsOf = (panel: HTMLElement | null) => [
  ...(panel?.querySelectorAll<HTMLElement>('a[href], button') ?? []),
]

/**
 * The button's name begins with the text it shows, the initials (a picture shows none), so someone
 * using speech input can say what they see (WCAG 2.5.3, Label in Name).
 */
const accountMenuName = (me: { name: string; image: string | null } | undefined) =>
  me && !me.image ? `${initialsOf(me.name)}, account menu` : 'Account menu'

/**
 * The signed-in person's menu: every place they work (with what waits, for admins) and sign out.
 *
 * A disclosure with a plain list of links (WAI-ARIA disclosure pattern), not role="menu": it is
 * site navigation, and a menu role would switch screen readers into application mode, where
 * links stop behaving as links and the list is walked only with the arrow keys. As a disclosure,
 * Tab and Shift+Tab walk its links like any others; Escape, or focus or a press leaving it, closes
 * it. The arrow keys, Home and End move between its items as a shortcut, and ArrowDown or ArrowUp
 * on the closed button opens it at the first or last item, for those used to menus.
 */
export function UserMenu() {
  const [open, setOpen] = useState(false)
  const { role } = useSession()
  const { data: me } = useMe()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  // Which item to focus once the panel opens from the keyboard.
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last' | null>(null)
  const dismiss = useDisclosure({ open, setOpen, button, parts: [root] })
  // Read each time the menu opens, so the counts follow decisions made since.
  const { data: waiting } = useAdminWaiting(open && role === 'admin')
  const { data: practice } = usePracticeSummary(open)

  useEffect(() => {
    if (!open || !focusOnOpen) return
    const all = itemsOf(panel.current)
    all[focusOnOpen === 'first' ? 0 : all.length - 1]?.focus()
    setFocusOnOpen(null)
  }, [open, focusOnOpen])

  const onKeyDown = (event: KeyboardEvent) => {
    dismiss.onKeyDown(event)
    if (event.isDefaultPrevented()) return
    if (!open) {
      if (event.target === button.current && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        event.preventDefault()
        setFocusOnOpen(event.key === 'ArrowDown' ? 'first' : 'last')
        setOpen(true)
      }
      return
    }
    const all = itemsOf(panel.current)
    const next = nextIndex(event.key, all.indexOf(document.activeElement as HTMLElement), all.length)
    if (next === null) return
    event.preventDefault()
    all[next]?.focus()
  }

  const signOut = async () => {
    setOpen(false)
    await authClient.signOut()
    queryClient.clear()
    toast.success('You are signed out. See you soon!')
    navigate('/')
  }

  const item =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-stone-700 hover:bg-stone-100'
  return (
    // On a phone the panel is placed against the mobile menu, across its width, so it never runs
    // past the screen's edge and scrolls with it; on a desktop it hangs from the avatar.
    // biome-ignore lint/a11y/noStaticElementInteractions: listens for the keys and focus of the button and links inside
    <div className="md:relative" ref={root} onKeyDown={onKeyDown} onBlur={dismiss.onBlur}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={accountMenuName(me)}
        onClick={() => setOpen((v) => !v)}
        className="rounded-full"
      >
        <Avatar name={me?.name ?? ''} image={me?.image} size="sm" />
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          className="absolute z-40 mt-2 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg max-md:inset-x-4 md:right-0 md:w-56"
        >
          {me && (
            <div className="border-b border-stone-100 px-3 pt-1 pb-2">
              <p className="truncate text-sm font-medium">{me.name}</p>
              <p className="truncate text-xs text-stone-500">{me.email}</p>
            </div>
          )}
          <ul aria-label="Your places" className="pt-1">
            {workplacesFor(role).map((place) => (
              <li key={place.to}>
                <Link to={place.to} className={item} onClick={() => setOpen(false)}>
                  <place.icon className="size-4" aria-hidden /> {place.label}
                  {place.practiceDue ? (
                    <CountBadge count={practice?.due} label="due" />
                  ) : (
                    <CountBadge count={waiting && place.waiting?.(waiting)} />
                  )}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-1 border-t border-stone-100 pt-1">
            <button type="button" className={item} onClick={signOut}>
              <LogOut className="size-4" aria-hidden /> Sign out
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
