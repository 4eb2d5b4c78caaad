import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react'

export type SignInMethod = 'password' | 'link'

const METHODS: { id: SignInMethod; label: string }[] = [
  { id: 'password', label: 'Password' },
  { id: 'link', label: 'E-mail link' },
]

interface SignInMethodTabsProps {
  initial?: SignInMethod
  password: ReactNode
  link: ReactNode
}

/** The two ways to sign in, as an ARIA tab list (arrow keys, Home and End move between tabs). */
export function SignInMethodTabs({ initial = 'password', password, link }: SignInMethodTabsProps) {
  const [selected, setSelected] = useState<SignInMethod>(initial)
  const baseId = useId()
  const tabs = useRef<Record<SignInMethod, HTMLButtonElement | null>>({ password: null, link: null })
  const tabId = (method: SignInMethod) => `${baseId}-tab-${method}`
  const panelId = (method: SignInMethod) => `${baseId}-panel-${method}`

  const select = (method: SignInMethod) => {
    setSelected(method)
    tabs.current[method]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const index = METHODS.findIndex((m) => m.id === selected)
    const next: Record<string, number> = {
      ArrowRight: (index + 1) % METHODS.length,
      ArrowLeft: (index - 1 + METHODS.length) % METHODS.length,
      Home: 0,
      End: METHODS.length - 1,
    }
    if (!(event.key in next)) return
    event.preventDefault()
    select(METHODS[next[event.key]].id)
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label="Sign-in method"
        onKeyDown={onKeyDown}
        className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-stone-100 p-1"
      >
        {METHODS.map((method) => {
          const active = method.id === selected
          return (
            <button
              key={method.id}
              ref={(node) => {
                tabs.current[method.id] = node
              }}
              id={tabId(method.id)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={active ? panelId(method.id) : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(method.id)}
              className={`h-9 rounded-lg text-sm font-medium transition-colors ${
                active
                  ? 'bg-white text-stone-900 shadow-sm ring-1 ring-stone-200'
                  : 'text-stone-600 hover:text-stone-900'
              }`}
            >
              {method.label}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)}>
        {selected === 'password' ? password : link}
      </div>
    </div>
  )
}
