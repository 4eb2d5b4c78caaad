import type { DemoKey } from './types.ts'

// What the demo's forum threads say: questions, answers, a quote, an edited and a deleted reply,
// a pinned guidelines thread, a locked one and an accepted answer, in several subjects. Written by
// seedForums() (forums.ts).

export interface DemoReply {
  by: DemoKey
  /** Hours after the thread was opened. */
  h: number
  body: string
  /** The reply it quotes, by its index in the thread's replies. */
  quotes?: number
  /** Hours after it was written that its author edited it. */
  editedAfter?: number
  /** Deleted by its author: the thread keeps its place, empty. */
  deleted?: boolean
}

export interface DemoThread {
  subject: string
  by: DemoKey
  title: string
  body: string
  daysAgo: number
  pinned?: boolean
  locked?: boolean
  /** The reply its author accepted as the answer, by index. */
  accepted?: number
  replies: DemoReply[]
  /** People who read it without replying, and how many replies they had seen. */
  readers?: Partial<Record<DemoKey, number>>
  /** People who chose to stop watching it. */
  unwatched?: DemoKey[]
}

export const DEMO_THREADS: DemoThread[] = [
  {
    subject: 'general',
    by: 'ada',
    title: 'Welcome to the forums: read this first',
    body: `<p>Hello everyone, and welcome! Each subject has its own forum: ask a question, share something you found, or help someone who is stuck.</p>
<p>A few guidelines:</p>
<ul><li><strong>Search first</strong>: your question may already have an answer.</li>
<li>Give your thread a title that says what you are asking, not just “Help!!”.</li>
<li>Be kind. Everyone here is learning something.</li>
<li>If your question is answered, mark the reply that helped as the answer so others find it.</li>
<li>Use the flag to report anything that breaks the rules; an administrator reads every report.</li></ul>
<p>Have fun, and see you around.</p>`,
    daysAgo: 30,
    pinned: true,
    replies: [
      {
        by: 'grace',
        h: 5,
        body: '<p>Lovely to have this. I will point my students here for homework questions.</p>',
      },
      {
        by: 'priya',
        h: 26,
        body: '<p>Is code formatting supported in replies? Asking for the Computer Science forum.</p>',
      },
      {
        by: 'ada',
        h: 29,
        quotes: 1,
        body: '<p>Yes: wrap it in backticks for <code>inline code</code>, or start a line with three backticks for a block.</p>',
      },
    ],
    readers: { tomas: 3, hannah: 2, mei: 3 },
  },
  {
    subject: 'mathematics',
    by: 'tomas',
    title: 'Why does 0.999… equal 1?',
    body: `<p>I write novels, not proofs, so go easy on me. My niece says 0.999… (nines forever) is <em>exactly</em> 1. It feels like it should be just a tiny bit less. Who is right?</p>`,
    daysAgo: 18,
    accepted: 1,
    replies: [
      {
        by: 'grace',
        h: 2,
        body: '<p>Your niece is right. Quick version: 1/3 = 0.333…, multiply both sides by 3 and you get 1 = 0.999…</p>',
      },
      {
        by: 'priya',
        h: 7,
        editedAfter: 1,
        body: `<p>The cleanest way I know: if two numbers are different, there is a number between them (their average, for example). Try to find a number between 0.999… and 1. Any decimal you write down is either less than 0.999… or at least 1. There is no gap, so they are the same number.</p>
<p>“0.999…” and “1” are two names for one number, like 1/2 and 0.5.</p>`,
      },
      {
        by: 'tomas',
        h: 9,
        quotes: 1,
        body: '<p>“Two names for one number”: that is the sentence that did it. Thank you both. Marking this as the answer.</p>',
      },
      {
        by: 'hannah',
        h: 50,
        body: '<p>Saving this thread for my students. The “find a number between them” trick is great.</p>',
      },
    ],
    readers: { grace: 4, mei: 1 },
  },
  {
    subject: 'mathematics',
    by: 'hannah',
    title: 'Good books for learning statistics as an adult?',
    body: '<p>I teach history and keep running into statistics in economic history papers. What would you read to learn it properly, without a classroom?</p>',
    daysAgo: 6,
    replies: [
      {
        by: 'priya',
        h: 3,
        body: '<p><strong>The Art of Statistics</strong> by David Spiegelhalter. Real questions first, formulas only when you need them.</p>',
      },
      {
        by: 'grace',
        h: 20,
        body: '<p>Seconding Spiegelhalter. Then try working through one real dataset you care about.</p>',
      },
    ],
    readers: { tomas: 1 },
  },
  {
    subject: 'physics',
    by: 'mei',
    title: 'If the Moon pulls the sea, why are there two high tides a day?',
    body: '<p>One bulge facing the Moon makes sense to me. But the far side of the Earth gets a high tide too. What is pulling <em>that</em> water?</p>',
    daysAgo: 12,
    replies: [
      {
        by: 'grace',
        h: 4,
        body: `<p>Nothing pulls it outward: it is left behind. The Moon pulls the near side of the Earth harder than the centre, and the centre harder than the far side. Relative to the centre, the near water is pulled ahead and the far water lags behind. Two bulges, and the Earth turns under both every day.</p>`,
      },
      {
        by: 'mei',
        h: 6,
        quotes: 0,
        body: '<p>“Left behind” makes it click. So it is the <em>difference</em> in pull that matters, not the pull itself?</p>',
      },
      {
        by: 'grace',
        h: 8,
        body: '<p>Exactly: the tidal force. It falls off with the cube of the distance, which is also why the Sun, far heavier, raises smaller tides than the Moon.</p>',
      },
      {
        by: 'hannah',
        h: 30,
        body: '<p>I never knew this and I grew up by the North Sea. Thank you!</p>',
        deleted: true,
      },
      {
        by: 'priya',
        h: 75,
        body: '<p>Related: is that also why the Moon always shows us the same face? Tides slowing its spin?</p>',
      },
    ],
    readers: { tomas: 2, ada: 5 },
  },
  {
    subject: 'physics',
    by: 'tomas',
    title: 'Does a heavier object really fall at the same speed?',
    body: '<p>For a scene in my novel: a hammer and a feather dropped on the Moon. I know the Apollo 15 video. But on Earth, in a room, would a bowling ball and a tennis ball land together?</p>',
    daysAgo: 3,
    replies: [
      {
        by: 'grace',
        h: 1,
        body: '<p>From a table, yes, near enough that you would not see the difference. From a tall building, air resistance starts to matter and the bowling ball wins.</p>',
      },
    ],
    readers: { mei: 0, priya: 1 },
  },
  {
    subject: 'computer-science',
    by: 'hannah',
    title: 'Recursion makes my head spin. How do you think about it?',
    body: '<p>My students are learning Python and asked me to help. Every explanation of recursion I read assumes you already understand recursion.</p>',
    daysAgo: 15,
    replies: [
      {
        by: 'priya',
        h: 3,
        editedAfter: 2,
        body: `<p>Two rules I give beginners:</p>
<ol><li>Trust that the function already works for smaller inputs. Do not trace it all the way down.</li>
<li>Make sure there is a smallest input it answers without calling itself (the base case).</li></ol>
<p>Then sum of a list is: the first item plus the sum of the rest, and the sum of an empty list is 0. That is the whole program.</p>`,
      },
      {
        by: 'hannah',
        h: 20,
        quotes: 0,
        body: '<p>“Trust that it already works for smaller inputs”: I tried this in class today and it worked. Thank you.</p>',
      },
      {
        by: 'tomas',
        h: 40,
        body: '<p>Writer’s version: a story about someone telling a story about someone telling a story, until one of them just tells it.</p>',
      },
    ],
    readers: { grace: 1, mei: 3 },
  },
  {
    subject: 'computer-science',
    by: 'priya',
    title: 'Show us your first program',
    body: '<p>Mine was a BASIC loop that printed my name forever on a school computer until the teacher pulled the plug. What was yours?</p>',
    daysAgo: 2,
    replies: [
      {
        by: 'mei',
        h: 2,
        body: '<p>A spreadsheet macro that coloured my lab results red. Does that count?</p>',
      },
      {
        by: 'priya',
        h: 3,
        quotes: 0,
        body: '<p>It absolutely counts. Automating the boring part is the whole job.</p>',
      },
      {
        by: 'grace',
        h: 20,
        body: '<p>A projectile simulator on a graphing calculator. The projectile went through the floor.</p>',
      },
    ],
    readers: { tomas: 0, hannah: 1 },
  },
  {
    subject: 'literature',
    by: 'mei',
    title: 'Is it worth reading Middlemarch in 2025?',
    body: '<p>It is on every “greatest novels” list, it is 800 pages, and I have a thesis to write. Convince me, or tell me to skip it.</p>',
    daysAgo: 20,
    replies: [
      {
        by: 'tomas',
        h: 6,
        body: '<p>Read it. It is a novel about people who wanted to do something great and ended up doing something smaller and real. You, a PhD student, are its ideal reader.</p>',
      },
      {
        by: 'hannah',
        h: 30,
        quotes: 0,
        body: '<p>Agreed. And the last paragraph alone is worth the 800 pages.</p>',
      },
      {
        by: 'mei',
        h: 200,
        body: '<p>Update: finished it on the train. You were both right. Dorothea forever.</p>',
      },
    ],
    readers: { grace: 2 },
  },
  {
    subject: 'history',
    by: 'grace',
    title: 'What actually caused the fall of the Roman Empire?',
    body: '<p>My class asked and I gave the textbook answer (barbarians, overspending). It felt thin. What do historians say now?</p>',
    daysAgo: 9,
    replies: [
      {
        by: 'hannah',
        h: 5,
        body: `<p>Short answer: which one? The western empire ended in 476; the eastern one lasted until 1453. Most historians now describe a slow transformation, not a single fall: climate, plague, civil wars and a shrinking tax base all weakened the west, and the “barbarians” were often Roman soldiers and allies already.</p>`,
      },
      {
        by: 'grace',
        h: 9,
        body: '<p>That is a much better answer than mine. Any one book you would give a sixteen-year-old?</p>',
      },
      {
        by: 'hannah',
        h: 26,
        editedAfter: 3,
        body: '<p><em>SPQR</em> by Mary Beard for the rise, then Peter Heather’s <em>The Fall of the Roman Empire</em>. Both are readable.</p>',
      },
    ],
    readers: { tomas: 1, priya: 3 },
  },
  {
    subject: 'history',
    by: 'ada',
    title: 'History exam dates for this term',
    body: '<p>The dates are on the Exams Room page. This thread is closed: ask your questions in a new thread so they do not get lost.</p>',
    daysAgo: 25,
    locked: true,
    replies: [{ by: 'hannah', h: 3, body: '<p>Thanks Ada. I have shared the link with my classes.</p>' }],
  },
  {
    subject: 'fiction',
    by: 'tomas',
    title: 'How do you keep going in the middle of a novel?',
    body: '<p>I am forty thousand words into a draft and every morning it feels worse than the day before. How do you get through the middle?</p>',
    daysAgo: 10,
    replies: [
      {
        by: 'hannah',
        h: 8,
        body: '<p>I am no novelist, but when I wrote my thesis I kept a list of scenes I was looking forward to, and allowed myself one when I finished a boring one.</p>',
      },
      {
        by: 'mei',
        h: 22,
        body: '<p>Same feeling in the lab, three years in. Everyone says the middle is the worst part of anything.</p>',
      },
      {
        by: 'tomas',
        h: 30,
        quotes: 0,
        body: '<p>A list of scenes to look forward to: stealing this. Twelve hundred words today.</p>',
      },
      { by: 'priya', h: 150, body: '<p>How is the draft going now?</p>' },
    ],
    readers: { grace: 2, ada: 4 },
    unwatched: ['mei'],
  },
]
