import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'

export interface AdminTab<K extends string> {
  key: K
  label: string
  /** A small count after the label, for sighted users; the same number is in the totals above. */
  badge?: number
  panel: ReactNode
}

interface AdminTabsProps<K extends string> {
  tabs: AdminTab<K>[]
  selected: K
  onSelect: (key: K) => void
  label: string
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active tab is in the tab order. */
export function AdminTabs<K extends string>({ tabs, selected, onSelect, label }: AdminTabsProps<K>) {
  const baseId = useId()
  const refs = useRef(new Map<K, HTMLButtonElement>())

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key]
    if (target === undefined) return
    event.preventDefault()
    const next = tabs[target].key
    onSelect(next)
    refs.current.get(next)?.focus()
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-stone-200">
        {tabs.map((tab, index) => {
          const active = tab.key === selected
          return (
            <button
              key={tab.key}
              ref={(node) => {
                if (node) refs.current.set(tab.key, node)
                else refs.current.delete(tab.key)
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium transition-colors ${
                active
                  ? 'border-ink-800 text-ink-900'
                  : 'border-transparent text-stone-500 hover:text-stone-800'
              }`}
            >
              {tab.label}
              {tab.badge ? (
                <span
                  aria-hidden="true"
                  className="rounded-full bg-accent-400 px-1.5 text-xs leading-5 font-semibold text-stone-900 tabular-nums"
                >
                  {tab.badge}
                </span>
              ) : null}
            </button>
          )
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={tab.key !== selected}
          className="pt-6"
        >
          {tab.key === selected && tab.panel}
        </div>
      ))}
    </div>
  )
}
