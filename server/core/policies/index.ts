// Who may do what, one file per resource. Services ask first (`authorize(bookPolicy.submit, …)`,
// or `bookPolicy.manage(actor, row)` where a refusal is a 404), and the flags each resource sends
// (`capabilities(...)`: canEdit, canDelete…) come from the same rules, so the web never guesses.
export { accountPolicy } from './account.ts'
export { bookPolicy } from './book.ts'
export { contributionPolicy, threadPolicy } from './discussion.ts'
export { examPolicy } from './exam.ts'
export { highlightPolicy } from './highlight.ts'
export { type Actor, authorize, capabilities, isAdmin, isAuthor, type Rule } from './policy.ts'
export { postPolicy } from './post.ts'
export { practicePolicy } from './practice.ts'
export { reportPolicy } from './report.ts'
