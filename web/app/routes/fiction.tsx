import { CategoryPage } from '#web/features/discovery/components/category-page.tsx'

export default function Fiction() {
  return <CategoryPage category="fiction" />
}
