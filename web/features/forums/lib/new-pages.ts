import { useState } from 'react'

/**
 * Whether replies have spilled onto a page after the one being read since it was opened (the
 * thread grows live): the reader is told, rather than moved. Opening another page starts afresh.
 */
export function useNewPagesSince(page: number, pageCount: number | undefined) {
  const [seen, setSeen] = useState({ page, pageCount })
  if (seen.page !== page || (seen.pageCount === undefined && pageCount !== undefined)) {
    setSeen({ page, pageCount })
    return false
  }
  return (
    seen.pageCount !== undefined && pageCount !== undefined && pageCount > seen.pageCount && page < pageCount
  )
}
