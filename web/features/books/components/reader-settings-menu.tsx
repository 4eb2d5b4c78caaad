import { Minus, Plus, Type } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { READER_FONT_SIZES, READER_LINE_WIDTHS, READER_THEMES } from '#common/constants.ts'
import type { LineWidth, ReaderSettings, ReaderTheme } from '#common/schemas/reader-settings.ts'
import { useSession } from '#web/lib/session.ts'
import { BAR_CONTROL, THEME_CLASSES } from '../lib/reader-settings.ts'

const THEME_LABELS: Record<ReaderTheme, { label: string; swatch: string }> = {
  light: { label: 'Light', swatch: 'bg-white ring-stone-300' },
  sepia: { label: 'Sepia', swatch: 'bg-[#f6efdf] ring-[#d8c7a3]' },
  dark: { label: 'Dark', swatch: 'bg-stone-900 ring-stone-600' },
}
const WIDTH_LABELS: Record<LineWidth, string> = { narrow: 'Narrow', medium: 'Medium', wide: 'Wide' }

const CHOICE =
  'inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium transition-colors aria-pressed:bg-white aria-pressed:text-stone-900 aria-pressed:shadow-sm aria-pressed:ring-1 aria-pressed:ring-stone-300 text-stone-600 hover:text-stone-900'

interface ReaderSettingsMenuProps {
  settings: ReaderSettings
  onChange: (patch: Partial<ReaderSettings>) => void
}

/** "Aa": text size, theme and line width, in a panel under the button; Escape or a click away closes it. */
export function ReaderSettingsMenu({ settings, onChange }: ReaderSettingsMenuProps) {
  const { loggedIn } = useSession()
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  const size = READER_FONT_SIZES[settings.fontStep]
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
        className={`${BAR_CONTROL} ${THEME_CLASSES[settings.theme].control}`}
      >
        <Type className="size-4" aria-hidden />
        <span className="sr-only sm:not-sr-only">Reading settings</span>
      </button>
      {open && (
        <section
          id={`${id}-panel`}
          aria-label="Reading settings"
          className="absolute right-0 bottom-full z-30 mb-2 w-72 max-w-[calc(100vw-2rem)] space-y-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xl"
        >
          <fieldset>
            <legend className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
              Text size
            </legend>
            <div className="mt-2 flex items-center gap-2">
              <button
                type="button"
                aria-label="Smaller text"
                disabled={settings.fontStep === 0}
                onClick={() => onChange({ fontStep: settings.fontStep - 1 })}
                className="inline-flex size-9 items-center justify-center rounded-lg ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-40"
              >
                <Minus className="size-4" aria-hidden />
              </button>
              <output aria-live="polite" className="flex-1 text-center text-sm tabular-nums text-stone-800">
                {size} px
              </output>
              <button
                type="button"
                aria-label="Larger text"
                disabled={settings.fontStep === READER_FONT_SIZES.length - 1}
                onClick={() => onChange({ fontStep: settings.fontStep + 1 })}
                className="inline-flex size-9 items-center justify-center rounded-lg ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-40"
              >
                <Plus className="size-4" aria-hidden />
              </button>
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Theme</legend>
            <div className="mt-2 flex gap-1 rounded-xl bg-stone-100 p-1">
              {READER_THEMES.map((theme) => (
                <button
                  key={theme}
                  type="button"
                  aria-pressed={settings.theme === theme}
                  onClick={() => onChange({ theme })}
                  className={CHOICE}
                >
                  <span
                    aria-hidden="true"
                    className={`size-3.5 rounded-full ring-1 ${THEME_LABELS[theme].swatch}`}
                  />
                  {THEME_LABELS[theme].label}
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
              Line width
            </legend>
            <div className="mt-2 flex gap-1 rounded-xl bg-stone-100 p-1">
              {READER_LINE_WIDTHS.map((width) => (
                <button
                  key={width}
                  type="button"
                  aria-pressed={settings.width === width}
                  onClick={() => onChange({ width })}
                  className={CHOICE}
                >
                  {WIDTH_LABELS[width]}
                </button>
              ))}
            </div>
          </fieldset>
          <p className="text-xs text-stone-500">
            {loggedIn ? 'Kept with your account, on every device.' : 'Kept in this browser.'}
          </p>
        </section>
      )}
    </div>
  )
}
