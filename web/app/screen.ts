import { type ComponentType, createElement, type FunctionComponent, lazy } from 'react'
import { LOADING_CHUNK_FAILED, SCREEN_LOAD_TIMEOUT_MS } from '#common/constants.ts'

type ScreenModule = { default: ComponentType }

/** A route's screen, loaded on demand: a component that suspends until its chunk is here. */
export type Screen = FunctionComponent & {
  /** Loads the chunk now (before hydrating, or ahead of a likely visit). */
  preload(): Promise<void>
}

/** How to load each screen whose chunk failed again, once asked (see retryFailedScreens). */
const failedScreens = new Set<() => void>()

/**
 * A screen whose chunk loads when it first renders (React.lazy: its Suspense boundary shows the
 * spinner meanwhile). A chunk that fails, or takes longer than the screen load timeout, raises
 * `Loading chunk failed` and the route's error page takes over.
 */
export function screen(load: () => Promise<ScreenModule>, timeoutMs = SCREEN_LOAD_TIMEOUT_MS): Screen {
  let loading: Promise<ScreenModule> | null = null
  // Once here, the screen renders as itself: no suspending, so a hydrated page is drawn at once.
  let Loaded: ComponentType | null = null
  const fetchChunk = () => {
    loading ??= loadChunk(load, timeoutMs).then(
      (module) => {
        Loaded = module.default
        return module
      },
      (error: unknown) => {
        failedScreens.add(() => {
          loading = null
          Lazy = lazy(fetchChunk)
        })
        throw error
      },
    )
    return loading
  }
  // React keeps a lazy component's failure: a retry makes a new one.
  let Lazy = lazy(fetchChunk)
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route when router.tsx loads, as React.lazy's components are
  const Screen = () => createElement(Loaded ?? Lazy)
  return Object.assign(Screen, { preload: () => fetchChunk().then(() => undefined) })
}

/** The error page's retry: every screen whose chunk failed is loaded anew when it next renders. */
export function retryFailedScreens() {
  for (const retry of failedScreens) retry()
  failedScreens.clear()
}

async function loadChunk(load: () => Promise<ScreenModule>, timeoutMs: number): Promise<ScreenModule> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(LOADING_CHUNK_FAILED)), timeoutMs)
  })
  try {
    return await Promise.race([load().catch(() => Promise.reject(new Error(LOADING_CHUNK_FAILED))), timeout])
  } finally {
    clearTimeout(timer)
  }
}
