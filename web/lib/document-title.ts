import { useEffect } from 'react'

/** Sets the tab title to "<title> · Inkwell" while the screen is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Inkwell` : 'Inkwell'
  }, [title])
}
