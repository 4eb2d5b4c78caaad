import { useQuery } from '@tanstack/react-query'
import { postQueries } from '#web/data/posts.ts'

/** A post as this reader may see it: the body is null (and `locked` true) when they may not read it. */
export const usePost = (writerId: string, slug: string) => useQuery(postQueries.post(writerId, slug))
