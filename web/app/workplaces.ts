import {
  BarChart3,
  Bell,
  Bookmark,
  BookOpen,
  Brain,
  ClipboardList,
  FileText,
  Highlighter,
  Hourglass,
  Inbox,
  type LucideIcon,
  PenLine,
  Settings,
  Shield,
  Users,
  Wallet,
} from 'lucide-react'
import type { AdminWaiting } from '#common/schemas/admin.ts'

/** A place where a person works: in the account menu and on the dashboard, from this one list. */
export interface Workplace {
  to: string
  label: string
  /** What the place holds, said on the dashboard's card. */
  description: string
  icon: LucideIcon
  /** Admins: what waits there, counted by GET /api/admin/waiting. */
  waiting?: (waiting: AdminWaiting) => number
  /** Its count is the practice cards due now (GET /api/practice/summary). */
  practiceDue?: true
  /** A writer's tool: on the dashboard of someone who reads, gathered in one row. */
  writing?: true
}

const MY_POSTS: Workplace = {
  to: '/topics',
  label: 'My posts',
  description: 'Drafts, posts in review and published ones.',
  icon: FileText,
  writing: true,
}
const WRITE: Workplace = {
  to: '/post',
  label: 'Write a post',
  description: 'A lesson, a story or something true.',
  icon: PenLine,
  writing: true,
}
const MY_BOOKS: Workplace = {
  to: '/postbook',
  label: 'My books',
  description: 'Write a book chapter by chapter and sell it.',
  icon: BookOpen,
  writing: true,
}
const POST_EXAM: Workplace = {
  to: '/postexam',
  label: 'Post an exam',
  description: 'Timed questions, marked for you.',
  icon: ClipboardList,
  writing: true,
}
const PRACTICE: Workplace = {
  to: '/practice',
  label: 'Practice',
  description: 'Questions you missed in exams and lessons’ Key ideas, asked again when due.',
  icon: Brain,
  practiceDue: true,
}
const HIGHLIGHTS: Workplace = {
  to: '/highlights',
  label: 'My highlights',
  description: 'Passages you highlighted in books and posts, with your private notes.',
  icon: Highlighter,
}
const READING_LIST: Workplace = {
  to: '/reading-list',
  label: 'Reading list',
  description: 'Posts you saved for later, kept on this device to read offline.',
  icon: Bookmark,
}
const PENDING: Workplace = {
  to: '/pending',
  label: 'Pending',
  description: 'Posts in review or needing changes.',
  icon: Hourglass,
  writing: true,
}
// The same screen: an admin's holds the review queues above their own pending posts.
const REVIEW_QUEUE: Workplace = {
  to: '/pending',
  label: 'Review queue',
  description: 'Posts, exams and books to approve or send back.',
  icon: Inbox,
  waiting: (w) => w.posts + w.exams + w.books,
}
const NOTIFICATIONS: Workplace = {
  to: '/notifications',
  label: 'Notifications',
  description: 'Comments, replies and reviews.',
  icon: Bell,
}
const SUBSCRIPTIONS: Workplace = {
  to: '/subscriptions',
  label: 'Subscriptions',
  description: 'Writers you follow or support, and your subscribers.',
  icon: Users,
}
const OVERVIEW: Workplace = {
  to: '/overview',
  label: 'Overview',
  description: 'Views, likes, subscribers and sales over time.',
  icon: BarChart3,
  writing: true,
}
const EARNINGS: Workplace = {
  to: '/earnings',
  label: 'Earnings',
  description: 'Balances, sales history and payouts.',
  icon: Wallet,
  writing: true,
}
const SETTINGS: Workplace = {
  to: '/settings',
  label: 'Settings',
  description: 'Profile, e-mail and password.',
  icon: Settings,
}
// Only what /admin's tabs hold (Users, Totals, Reports, Orders, Payouts, Messages, Subjects, Notify): no queue.
// Its count: open reports and payout requests.
const ADMIN: Workplace = {
  to: '/admin',
  label: 'Admin',
  description:
    'Users, totals, reports, orders and refunds, payouts, contact messages, subjects and notices to everyone.',
  icon: Shield,
  waiting: (w) => w.reports + w.payouts,
}

/** Every place a person works, in order; admins see the review queue and the admin area too. */
export function workplacesFor(role: string | null | undefined): Workplace[] {
  return role === 'admin'
    ? [
        MY_POSTS,
        WRITE,
        MY_BOOKS,
        POST_EXAM,
        PRACTICE,
        HIGHLIGHTS,
        READING_LIST,
        REVIEW_QUEUE,
        OVERVIEW,
        EARNINGS,
        NOTIFICATIONS,
        SUBSCRIPTIONS,
        SETTINGS,
        ADMIN,
      ]
    : [
        MY_POSTS,
        WRITE,
        MY_BOOKS,
        POST_EXAM,
        PRACTICE,
        HIGHLIGHTS,
        READING_LIST,
        PENDING,
        OVERVIEW,
        EARNINGS,
        NOTIFICATIONS,
        SUBSCRIPTIONS,
        SETTINGS,
      ]
}

/** Everything waiting for an admin: posts, exams and books in review, open reports and payout requests. */
export const waitingTotal = (w: AdminWaiting) => w.posts + w.exams + w.books + w.reports + w.payouts
