import { authRoutes } from '#server/auth/auth.routes.ts'
import { signInMethodRoutes } from '#server/auth/sign-in-methods.routes.ts'
import type { Scopes } from '#server/http/scopes.ts'
import { adminRoutes } from '#server/modules/admin/index.ts'
import { bookAdminRoutes, bookRoutes } from '#server/modules/books/index.ts'
import { contactRoutes } from '#server/modules/contact/index.ts'
import { earningsRoutes, payoutAdminRoutes } from '#server/modules/earnings/index.ts'
import { examAdminRoutes, examRoutes } from '#server/modules/exams/index.ts'
import { syndicationRoutes } from '#server/modules/feeds/index.ts'
import { fileRoutes, uploadRoutes } from '#server/modules/files/index.ts'
import { forumAdminRoutes, forumRoutes } from '#server/modules/forums/index.ts'
import { healthRoutes } from '#server/modules/health/index.ts'
import { highlightRoutes } from '#server/modules/highlights/index.ts'
import { masteryRoutes } from '#server/modules/mastery/index.ts'
import { avatarRoutes, meRoutes } from '#server/modules/me/index.ts'
import { newsletterContactRoutes, newsletterRoutes } from '#server/modules/newsletters/index.ts'
import { notificationRoutes } from '#server/modules/notifications/index.ts'
import { overviewRoutes } from '#server/modules/overview/index.ts'
import { orderAdminRoutes, paymentRoutes } from '#server/modules/payments/index.ts'
import { featuredAdminRoutes, feedRoutes, postRoutes, reactionRoutes } from '#server/modules/posts/index.ts'
import { practiceRoutes } from '#server/modules/practice/index.ts'
import { readingListRoutes } from '#server/modules/reading-list/index.ts'
import { reportAdminRoutes, reportRoutes } from '#server/modules/reports/index.ts'
import { searchRoutes } from '#server/modules/search/index.ts'
import { subjectAdminRoutes, subjectRoutes } from '#server/modules/subjects/index.ts'
import { subscriptionRoutes } from '#server/modules/subscriptions/index.ts'
import { writerRoutes } from '#server/modules/writers/index.ts'

/** Every route of the API, by scope (server/http/scopes.ts registers them; tests walk them). */
export const ROUTES: Scopes = {
  open: [
    authRoutes,
    signInMethodRoutes,
    healthRoutes,
    meRoutes,
    subjectRoutes,
    contactRoutes,
    fileRoutes,
    notificationRoutes,
    postRoutes,
    reactionRoutes,
    feedRoutes,
    writerRoutes,
    subscriptionRoutes,
    searchRoutes,
    reportRoutes,
    examRoutes,
    practiceRoutes,
    masteryRoutes,
    forumRoutes,
    bookRoutes,
    highlightRoutes,
    readingListRoutes,
    paymentRoutes,
    earningsRoutes,
    overviewRoutes,
    // Its one-click unsubscribe (POST /unsubscribe) is outside /api too.
    newsletterRoutes,
    // A writer's imported subscribers, and the export of all of them.
    newsletterContactRoutes,
    // Feeds, sitemaps and robots.txt: outside /api, routes before the web app's fallback.
    syndicationRoutes,
  ],
  uploads: [uploadRoutes, avatarRoutes],
  admin: [
    adminRoutes,
    featuredAdminRoutes,
    reportAdminRoutes,
    subjectAdminRoutes,
    examAdminRoutes,
    forumAdminRoutes,
    bookAdminRoutes,
    orderAdminRoutes,
    payoutAdminRoutes,
  ],
}
