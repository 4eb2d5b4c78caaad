import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'

interface Tab<K extends string> {
  key: K
  label: string
  /** A small count after the label, for sighted users; the screen must say the number elsewhere too. */
  badge?: number
  panel: ReactNode
}

const LOOKS = {
  /**
   * A row of sections under a line. A row wider than the screen scrolls inside its frame instead of
   * widening the page; the line sits on the row (min-w-max) so it runs under every tab. The focus
   * ring is drawn inside each tab, where the scrolling frame cannot clip it.
   */
  underline: {
    frame: 'overflow-x-auto',
    list: 'flex min-w-max gap-1 border-b border-stone-200',
    tab: '-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 whitespace-nowrap focus-visible:-outline-offset-2 sm:px-4',
    active: 'border-ink-800 text-ink-900',
    inactive: 'border-transparent text-stone-500 hover:text-stone-800',
    panel: 'pt-6',
  },
  /** Equal buttons in a tray: two ways to do the same thing. */
  segmented: {
    frame: '',
    list: 'mb-6 grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-stone-100 p-1',
    tab: 'h-9 rounded-lg',
    active: 'bg-white text-stone-900 shadow-sm ring-1 ring-stone-200',
    inactive: 'text-stone-600 hover:text-stone-900',
    panel: '',
  },
}

interface TabsProps<K extends string> {
  /** Names the tab list for screen readers. */
  label: string
  tabs: Tab<K>[]
  selected: K
  onSelect: (key: K) => void
  look?: keyof typeof LOOKS
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active tab is in the tab order. */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  look = 'underline',
}: TabsProps<K>) {
  const baseId = useId()
  const refs = useRef(new Map<K, HTMLButtonElement>())
  const style = LOOKS[look]

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
      <div className={style.frame}>
        <div role="tablist" aria-label={label} className={style.list}>
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
                className={`${style.tab} text-sm font-medium transition-colors ${active ? style.active : style.inactive}`}
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
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          // Only the shown panel is named: a hidden one must not answer to its tab's label.
          aria-labelledby={tab.key === selected ? `${baseId}-tab-${tab.key}` : undefined}
          hidden={tab.key !== selected}
          className={style.panel}
        >
          {tab.key === selected && tab.panel}
        </div>
      ))}
    </div>
  )
}
