// robots.txt: crawlers may read every public page; the screens behind sign-in (web/app/router.tsx's
// signedInRoutes, the admin screen), the payment screens, the site search and the API stay out.
// Uploaded images under /api/files/ stay in, so covers and figures can be found. Rules match by
// prefix: /post covers /post, /postexam and /postbook, /exam the exam screens.

const DISALLOWED = [
  '/admin',
  '/dashboard',
  '/settings',
  '/welcome',
  '/notifications',
  '/post',
  '/pending',
  '/topics',
  '/earnings',
  '/overview',
  '/subscriptions',
  '/payment',
  '/exam',
  '/leaderboard/',
  '/forum',
  '/reset-password',
  '/search/',
  '/api/',
]

export function renderRobots(appUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /api/files/',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
