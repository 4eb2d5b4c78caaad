import { useInfiniteQuery, useIsFetching } from '@tanstack/react-query'
import { writerKeys, writerQueries } from '#web/data/writers.ts'

/** The directory: writers by name, or those whose name or bio contains `q`, a page at a time. */
export const useWriters = (q: string) => useInfiniteQuery(writerQueries.directory(q))

/** Whether a directory page is loading (for the search field's spinner). */
export const useWritersFetching = () => useIsFetching({ queryKey: writerKeys.directory }) > 0
