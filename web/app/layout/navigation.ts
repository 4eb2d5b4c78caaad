/** The main navigation, in the original's order and wording. */
export const NAV_ITEMS = [
  { label: 'Home', to: '/' },
  { label: 'Academic', to: '/academic' },
  { label: 'Fictions', to: '/fiction' },
  { label: 'True Stories', to: '/truestories' },
  { label: 'Books Store', to: '/books' },
  { label: 'Exams Room', to: '/exams' },
  { label: "Writer's Profile", to: '/profile' },
  { label: 'Forums', to: '/forum' },
] as const
