import { useInfiniteQuery } from '@tanstack/react-query'
import { adminQueries, type MessageFilter } from './admin-queries.ts'

/** Messages from the contact form, newest first. */
export const useContactMessages = (filter: MessageFilter) => useInfiniteQuery(adminQueries.messages(filter))
