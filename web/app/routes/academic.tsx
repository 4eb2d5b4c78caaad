import { CategoryPage } from '#web/features/discovery/components/category-page.tsx'

export default function Academic() {
  return <CategoryPage category="academic" />
}
