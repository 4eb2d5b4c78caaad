import type { DemoPerson } from './types.ts'

// The first three accounts are the ones the end-to-end journeys sign in as: keep their emails.
export const DEMO_PEOPLE: DemoPerson[] = [
  {
    key: 'ada',
    name: 'Ada Admin',
    email: 'admin@inkwell.test',
    role: 'admin',
    bio: 'Keeps Inkwell tidy: reviews submissions, answers messages and looks after the subjects.',
    intent: 'both',
    interests: ['general'],
  },
  {
    key: 'grace',
    name: 'Grace Okafor',
    email: 'grace@inkwell.test',
    role: 'user',
    bio: 'Physics teacher in Lagos. I write short, exam-focused lessons on mechanics and waves.',
    intent: 'write',
    interests: ['physics', 'mathematics'],
  },
  {
    key: 'tomas',
    name: 'Tomás Reyes',
    email: 'tomas@inkwell.test',
    role: 'user',
    bio: 'Novelist and former journalist. Fiction on Mondays, true stories when they find me.',
    intent: 'write',
    interests: ['fiction', 'true-stories', 'literature'],
  },
  {
    key: 'mei',
    name: 'Mei Lin Chen',
    email: 'mei@inkwell.test',
    role: 'user',
    bio: 'PhD student in cell biology. I explain the living world one molecule at a time, with as few acronyms as I can manage.',
    intent: 'write',
    interests: ['biology', 'chemistry'],
  },
  {
    key: 'hannah',
    name: 'Hannah Brandt',
    email: 'hannah@inkwell.test',
    role: 'user',
    bio: 'History teacher in Leipzig with a soft spot for economic history. I read old ledgers so you do not have to.',
    intent: 'both',
    interests: ['history', 'economics', 'fiction'],
  },
  {
    key: 'priya',
    name: 'Priya Raman',
    email: 'priya@inkwell.test',
    role: 'user',
    bio: 'Software engineer in Bengaluru. I write the computer science explanations I wish I had read at university.',
    intent: 'both',
    interests: ['computer-science', 'mathematics', 'true-stories'],
  },
]
