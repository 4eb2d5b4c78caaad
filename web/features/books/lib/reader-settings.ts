import { useMutation, useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { READER_FONT_SIZES, READER_LINE_WIDTHS, READER_THEMES } from '#common/constants.ts'
import type { LineWidth, ReaderSettings, ReaderTheme } from '#common/schemas/reader-settings.ts'
import { ApiError, api, schemasOf } from '#web/lib/api-client.ts'
import { useSession } from '#web/lib/session.ts'

// How the reader sets the page, kept per person: on their profile on the server, so it
// follows them to another device, and in this browser's localStorage, so the reader opens set at
// once (and for someone signed out). A change is saved to both; the server's copy, once read, wins
// over this browser's until the person changes something here.

export const READER_SETTINGS_KEY = 'inkwell:reader-settings'
/** Loaded beside the request (decision 032): the book page's first task has no zod. */
const readerSettings = schemasOf(() => import('#common/schemas/reader-settings.ts'))
const SERVER_KEY = ['me', 'reader-settings'] as const
/** Changes in quick succession (Larger text, Larger text…) are saved once. */
export const READER_SETTINGS_SAVE_MS = 600

export const DEFAULT_READER_SETTINGS: ReaderSettings = { fontStep: 1, theme: 'light', width: 'medium' }

/** What was kept, each setting checked on its own (a bad or old value falls back to its default). */
export function readReaderSettings(): ReaderSettings {
  let stored: Partial<Record<keyof ReaderSettings, unknown>> = {}
  try {
    stored = JSON.parse(localStorage.getItem(READER_SETTINGS_KEY) ?? '{}') ?? {}
  } catch {
    // Not JSON: start from the defaults.
  }
  const fontStep =
    typeof stored.fontStep === 'number' && Number.isInteger(stored.fontStep)
      ? Math.min(Math.max(stored.fontStep, 0), READER_FONT_SIZES.length - 1)
      : DEFAULT_READER_SETTINGS.fontStep
  const theme = READER_THEMES.find((t) => t === stored.theme) ?? DEFAULT_READER_SETTINGS.theme
  const width = READER_LINE_WIDTHS.find((w) => w === stored.width) ?? DEFAULT_READER_SETTINGS.width
  return { fontStep, theme, width }
}

/** Set while a change made here has not reached the server (offline): sent on start and on `online`. */
export const READER_SETTINGS_UNSENT_KEY = 'inkwell:reader-settings-unsent'

function unsent() {
  try {
    return localStorage.getItem(READER_SETTINGS_UNSENT_KEY) !== null
  } catch {
    return false
  }
}

function markUnsent(waiting: boolean) {
  try {
    if (waiting) localStorage.setItem(READER_SETTINGS_UNSENT_KEY, '1')
    else localStorage.removeItem(READER_SETTINGS_UNSENT_KEY)
  } catch {
    // Storage refused: the change still reaches the server if the network is up.
  }
}

const putReaderSettings = async (settings: ReaderSettings) =>
  api(
    '/api/me/reader-settings',
    readerSettings((m) => m.MyReaderSettings),
    { method: 'PUT', body: settings },
  )

/**
 * On start and when the network returns: a change made offline goes to the server, this browser's
 * settings as they are now (the latest wins). A refusal (signed out) drops it; a failure keeps it.
 */
export async function sendUnsentReaderSettings() {
  if (!unsent()) return
  try {
    await putReaderSettings(readReaderSettings())
    markUnsent(false)
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) markUnsent(false)
  }
}

function keepHere(settings: ReaderSettings) {
  try {
    localStorage.setItem(READER_SETTINGS_KEY, JSON.stringify(settings))
  } catch {
    // Storage full or refused (private mode): the setting still applies until the tab closes.
  }
}

/** The reader's settings, and a change that keeps them (here, and on the server when signed in). */
export function useReaderSettings() {
  const { loggedIn } = useSession()
  const [settings, setSettings] = useState(readReaderSettings)
  const current = useRef(settings)
  const changedHere = useRef(false)
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const kept = useQuery({
    queryKey: SERVER_KEY,
    queryFn: ({ signal }) =>
      api(
        '/api/me/reader-settings',
        readerSettings((m) => m.MyReaderSettings),
        { signal },
      ),
    enabled: loggedIn,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const save = useMutation({
    mutationFn: putReaderSettings,
    onSuccess: (_, sent) => {
      if (sent === current.current) markUnsent(false)
    },
  })
  const saveMutate = save.mutate

  // What the person chose on another device, unless they have changed something here since.
  const fromServer = kept.data?.settings
  useEffect(() => {
    if (!fromServer || changedHere.current || unsent()) return
    current.current = fromServer
    setSettings(fromServer)
    keepHere(fromServer)
  }, [fromServer])

  useEffect(() => () => clearTimeout(saveTimer.current), [])

  const change = useCallback(
    (patch: Partial<ReaderSettings>) => {
      const next = { ...current.current, ...patch }
      current.current = next
      changedHere.current = true
      setSettings(next)
      keepHere(next)
      // Offline the session is not read: the change waits for the network (a reload would lose a
      // paused save), and is dropped then if no one is signed in.
      if (loggedIn || !navigator.onLine) markUnsent(true)
      if (!loggedIn) return
      clearTimeout(saveTimer.current)
      saveTimer.current = setTimeout(() => saveMutate(next), READER_SETTINGS_SAVE_MS)
    },
    [loggedIn, saveMutate],
  )
  return [settings, change] as const
}

/**
 * Each theme's colours for the reading area, the page behind it and the reader's bar. Text on
 * background: light 15.1:1 (stone-900 on white), sepia 8.1:1 (#433422 on #f6efdf), dark 13.4:1
 * (#e7e5e4 on #1c1917); muted text and links at least 4.5:1 on each.
 */
export const THEME_CLASSES: Record<
  ReaderTheme,
  { page: string; muted: string; link: string; rule: string; bar: string; control: string }
> = {
  light: {
    page: 'bg-white text-stone-900',
    muted: 'text-stone-600',
    link: '[&_a]:text-ink-700',
    rule: 'border-stone-200',
    bar: 'border-stone-200 bg-white/95 text-stone-700',
    control: 'ring-stone-300 hover:bg-stone-100 aria-expanded:bg-stone-100',
  },
  sepia: {
    page: 'bg-[#f6efdf] text-[#433422]',
    muted: 'text-[#6b5840]',
    link: '[&_a]:text-[#7a3d12]',
    rule: 'border-[#e3d6ba]',
    bar: 'border-[#e3d6ba] bg-[#f6efdf]/95 text-[#433422]',
    control: 'ring-[#d3c19c] hover:bg-[#ece1c8] aria-expanded:bg-[#ece1c8]',
  },
  dark: {
    page: 'bg-stone-900 text-stone-200',
    muted: 'text-stone-400',
    link: '[&_a]:text-ink-200',
    rule: 'border-stone-700',
    bar: 'border-stone-700 bg-stone-900/95 text-stone-200',
    control: 'ring-stone-600 hover:bg-stone-800 aria-expanded:bg-stone-800',
  },
}

/** A button on the reader's bar; its colours come from the theme's `control`. */
export const BAR_CONTROL =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium ring-1'

export const WIDTH_CLASSES: Record<LineWidth, string> = {
  narrow: 'max-w-[32rem]',
  medium: 'max-w-[38rem]',
  wide: 'max-w-[46rem]',
}
