// Every Exams Room endpoint the web app calls, in one place (the server's routes live in
// server/modules/exams/exams.routes.ts): if a path changes there, it changes here only.
const seg = encodeURIComponent

export const examPaths = {
  /** POST: create (SaveExamInput → AuthorExam). GET with a query: published exams (ExamCardPage). */
  exams: '/api/exams',
  /** GET: the intro (ExamIntro). PUT: save (SaveExamInput → AuthorExam). DELETE: remove. */
  exam: (examId: string) => `/api/exams/${seg(examId)}`,
  /** GET: the author's full exam (AuthorExam). */
  edit: (examId: string) => `/api/exams/${seg(examId)}/edit`,
  /** POST: to the review queue, or published at once for an admin (→ AuthorExam). */
  submit: (examId: string) => `/api/exams/${seg(examId)}/submit`,
  /** GET: the author's statistics (ExamStats). */
  stats: (examId: string) => `/api/exams/${seg(examId)}/stats`,
  /** GET: the author's item statistics (ExamStatistics); `.csv` the same as a download. */
  statistics: (examId: string) => `/api/exams/${seg(examId)}/statistics`,
  statisticsCsv: (examId: string) => `/api/exams/${seg(examId)}/statistics.csv`,
  /** POST: start an attempt (→ AttemptState). */
  start: (examId: string) => `/api/exams/${seg(examId)}/attempts`,
  /** GET: my attempts and the latest one reviewed (ExamResults). */
  results: (examId: string) => `/api/exams/${seg(examId)}/results`,
  /** GET: best attempt per person (Leaderboard). */
  leaderboard: (examId: string) => `/api/exams/${seg(examId)}/leaderboard`,
  leaderboardStream: (examId: string) => `/api/exams/${seg(examId)}/leaderboard/stream`,
  /** GET: the exams I wrote (MyExamPage). */
  myExams: '/api/me/exams',
  /** GET: the attempts I submitted (MyAttemptPage). */
  myAttempts: '/api/me/exam-attempts',
  /** GET: a running or finished attempt (AttemptState). */
  attempt: (attemptId: string) => `/api/attempts/${seg(attemptId)}`,
  /** PUT: one answer (SaveAnswerInput → SavedAnswer); 409 once time is up. */
  answer: (attemptId: string, questionId: string) =>
    `/api/attempts/${seg(attemptId)}/answers/${seg(questionId)}`,
  /** POST: the taker left the tab or window (204). */
  tabSwitch: (attemptId: string) => `/api/attempts/${seg(attemptId)}/tab-switches`,
  /** POST: hand in (→ AttemptResult); a second call answers the same result. */
  submitAttempt: (attemptId: string) => `/api/attempts/${seg(attemptId)}/submit`,
  /** Admins: GET the exams waiting for review; POST approve / reject ({ reason }). */
  reviewQueue: '/api/admin/exams/review',
  approve: (examId: string) => `/api/admin/exams/${seg(examId)}/approve`,
  reject: (examId: string) => `/api/admin/exams/${seg(examId)}/reject`,
}

/** A path with its query string; empty values are left out. */
export function withQuery(path: string, query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value))
  const search = params.toString()
  return search ? `${path}?${search}` : path
}
