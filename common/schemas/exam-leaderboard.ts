import { z } from 'zod'
import { ExamCard } from './exams.ts'
import { PostAuthor } from './posts.ts'

// An exam's leaderboard: best attempt per person (the exams module keeps them on submit).

export const LeaderboardRow = z.object({
  rank: z.number().int(),
  user: PostAuthor,
  score: z.number(),
  percent: z.number(),
  durationSeconds: z.number().int(),
  submittedAt: z.string(),
})
export type LeaderboardRow = z.infer<typeof LeaderboardRow>

/** Best attempt per person, by score then time taken; ties share a rank. */
export const Leaderboard = z.object({
  exam: ExamCard,
  rows: z.array(LeaderboardRow),
  /** My row, also when outside the top LEADERBOARD_SIZE; null if I have no submitted attempt. */
  me: LeaderboardRow.nullable(),
  /** How many people have a submitted attempt. */
  total: z.number().int(),
})
export type Leaderboard = z.infer<typeof Leaderboard>
