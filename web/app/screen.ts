import type { ComponentType } from 'react'
import { LOADING_CHUNK_FAILED, SCREEN_LOAD_TIMEOUT_MS } from '#common/constants.ts'

type ScreenModule = { default: ComponentType }

/**
 * A route's `lazy`: loads the screen's chunk on demand. A chunk that fails, or takes longer than
 * the screen load timeout, raises `Loading chunk failed` and the route's error page takes over.
 */
export function screen(load: () => Promise<ScreenModule>, timeoutMs = SCREEN_LOAD_TIMEOUT_MS) {
  return async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(LOADING_CHUNK_FAILED)), timeoutMs)
    })
    try {
      const module = await Promise.race([
        load().catch(() => Promise.reject(new Error(LOADING_CHUNK_FAILED))),
        timeout,
      ])
      return { Component: module.default }
    } finally {
      clearTimeout(timer)
    }
  }
}
