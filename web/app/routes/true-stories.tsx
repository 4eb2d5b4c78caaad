import { CategoryPage } from '#web/features/discovery/components/category-page.tsx'

export default function TrueStories() {
  return <CategoryPage category="true-story" />
}
