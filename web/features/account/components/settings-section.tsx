import type { ReactNode } from 'react'
import { Card } from '#web/components/ui/card.tsx'

/** One settings card: a serif h2, a line on what it covers, then its controls. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <Card className="sm:p-8">
        <h2 id={`${id}-title`} className="text-2xl font-semibold">
          {title}
        </h2>
        {description && <p className="mt-1.5 text-[15px] text-stone-600">{description}</p>}
        <div className="mt-6">{children}</div>
      </Card>
    </section>
  )
}
