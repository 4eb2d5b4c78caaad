import type { UseFormRegisterReturn } from 'react-hook-form'
import { POST_CATEGORIES, POST_CATEGORY_LABELS } from '#common/constants.ts'

/**
 * The category a writer files a post or a book under: three radio buttons drawn as segments under
 * a visible legend, registered with the form (`register('category')`). `value` is the form's
 * current category, for the chosen segment's look.
 */
export function CategoryRadios({
  field,
  value,
  className = '',
}: {
  field: UseFormRegisterReturn
  value: string | undefined
  /** More classes for the row of segments (its width). */
  className?: string
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="block text-sm font-medium text-stone-800">Category</legend>
      <div className={`grid grid-cols-3 gap-1 rounded-lg bg-stone-100 p-1 ${className}`}>
        {POST_CATEGORIES.map((category) => (
          <label
            key={category}
            className={`cursor-pointer rounded-md px-2 py-1.5 text-center text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-600/30 ${value === category ? 'bg-white font-medium text-stone-900 shadow-sm' : 'text-stone-600'}`}
          >
            <input type="radio" value={category} className="sr-only" {...field} />
            {POST_CATEGORY_LABELS[category]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
