import { PenLine } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'

/** An empty list that asks readers to write the first post. */
export function WriteInvite({ title, children }: { title: string; children: string }) {
  return (
    <EmptyState icon={<PenLine className="size-8" aria-hidden />} title={title}>
      <p>{children}</p>
      <ButtonLink to="/post" className="mt-4">
        Write a post
      </ButtonLink>
    </EmptyState>
  )
}
