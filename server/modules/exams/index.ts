// What the exams module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { buildSnapshot } from './attempts.service.ts'
export { disclosureFor } from './disclosure.ts'
export { examAdminRoutes, examRoutes } from './exams.routes.ts'
export { createExam, questionsOf } from './exams.service.ts'
export { finalizeAttempt, finalizeExpiredAttempts } from './finalize.service.ts'
export { listExams } from './finding.service.ts'
export { scoreQuestion } from './scoring.ts'
export { getExamStatistics } from './statistics.service.ts'
