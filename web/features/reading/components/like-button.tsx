import { Heart } from 'lucide-react'
import type { PublicPost } from '#common/schemas/posts.ts'
import { SignInLink } from '#web/components/sign-in-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { countOf } from '#web/lib/format.ts'
import { useLikePost } from '../api/like-post.ts'

/** Like or unlike; signed-out readers are sent to sign in and brought back here. */
export function LikeButton({ post, signedIn }: { post: PublicPost; signedIn: boolean }) {
  const like = useLikePost(post)
  const icon = <Heart className={`size-4 ${post.liked ? 'fill-current text-red-600' : ''}`} aria-hidden />
  return (
    <div className="flex items-center gap-3">
      {signedIn ? (
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={post.liked}
          onClick={() => like.mutate(!post.liked)}
        >
          {icon}
          {post.liked ? 'Liked' : 'Like'}
        </Button>
      ) : (
        <SignInLink variant="secondary" size="sm">
          {icon}
          Sign in to like
        </SignInLink>
      )}
      <span className="text-sm text-stone-600">{countOf(post.likes, 'like')}</span>
    </div>
  )
}
