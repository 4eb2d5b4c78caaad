import { Star } from 'lucide-react'
import type { PublicPost } from '#common/schemas/posts.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useFeaturePost } from '../api/feature-post.ts'

/** Admins only (the page decides): put a published post in the featured picks, or take it out. */
export function FeatureToggle({ post }: { post: PublicPost }) {
  const feature = useFeaturePost(post)
  return (
    <Button
      variant="secondary"
      size="sm"
      busy={feature.isPending}
      onClick={() => feature.mutate(!post.featured)}
    >
      <Star className={`size-4 ${post.featured ? 'fill-accent-400 text-accent-500' : ''}`} aria-hidden />
      {post.featured ? 'Unfeature' : 'Feature'}
    </Button>
  )
}
