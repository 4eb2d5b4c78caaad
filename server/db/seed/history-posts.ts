import type { DemoPost } from './types.ts'

/**
 * Older posts by the paying writers, published months ago, so the demo's readership history
 * (views, likes and comments over half a year) stands on posts that existed at the time.
 */
export const HISTORY_POSTS: DemoPost[] = [
  {
    author: 'grace',
    category: 'academic',
    subject: 'physics',
    title: 'Why Units Are Half the Answer',
    excerpt:
      'Most lost marks in mechanics are not physics mistakes. They are unit mistakes, and they are easy to stop.',
    tags: ['physics', 'exam-technique'],
    daysAgo: 168,
    body: `
<p>Every year I mark scripts where the physics is right and the answer is wrong. The student knew which equation to use, substituted carefully, and then wrote 2400 where the answer was 2.4, because the mass was in grams.</p>
<h2>Convert first, then think</h2>
<p>Before you write a single equation, rewrite every quantity in SI units: kilograms, metres, seconds. It takes thirty seconds and it removes a whole family of errors.</p>
<h2>Let the units check you</h2>
<p>When you finish, work out the units of your answer from the units you put in. If you were finding a force and your units come out as kg m/s, you have found a momentum instead, and you know to look again.</p>
<p>Examiners give a mark for the unit. Take it every time.</p>`,
  },
  {
    author: 'grace',
    category: 'academic',
    subject: 'physics',
    title: 'Waves in Five Pictures',
    excerpt:
      'Wavelength, frequency, amplitude, phase and interference, each with one picture you can draw from memory.',
    tags: ['physics', 'waves'],
    daysAgo: 97,
    body: `
<p>Waves confuse students because the words arrive before the pictures. Here is the order I teach them in, one sketch each.</p>
<h2>The five sketches</h2>
<p>Draw a wave and mark one full wavelength from crest to crest. Draw two waves of the same length, one taller: that is amplitude. Draw a tight wave beside a loose one: that is frequency.</p>
<p>Then shift one wave along by a quarter of its length: that is a phase difference. Finally, add two waves point by point, and you have interference.</p>
<p>If you can draw these five from memory, the definitions in the exam become descriptions of pictures you already know.</p>`,
  },
  {
    author: 'tomas',
    category: 'fiction',
    title: 'The Night Bus to Valparaíso',
    excerpt: 'A driver, a sleeping child and a passenger who will not say where she is going.',
    tags: ['short-story'],
    daysAgo: 151,
    body: `
<p>The driver had made the run for eleven years and had learned not to ask. People took the night bus because something had ended or something was about to begin, and either way they did not want to talk about it.</p>
<p>The woman in the third row had a child asleep across her knees and a suitcase she would not let him put underneath. At the first stop she bought two coffees and gave him one without a word.</p>
<h2>The coast</h2>
<p>When the road dropped towards the sea and the lights of the port came up out of the dark, she woke the child and pointed. He did not know what she was showing him. The driver thought he did, and drove a little slower so they could look.</p>`,
  },
  {
    author: 'tomas',
    category: 'true-story',
    title: 'What the Night Editor Knew',
    excerpt: 'Twenty years ago a night editor taught me the only rule of journalism I still use.',
    tags: ['journalism', 'memoir'],
    daysAgo: 74,
    body: `
<p>My first newspaper job was on the night desk, where the stories nobody else wanted came to be finished. The night editor read everything twice, once fast and once slowly, and said almost nothing.</p>
<p>One night I handed him a piece about a fire. He read it, gave it back and asked me how I knew the building was empty. I said the fire chief had told me. He asked whether the fire chief had been inside.</p>
<h2>The rule</h2>
<p>He had not. The building was not empty. Nobody was hurt, but I have never again written a fact without asking who saw it with their own eyes.</p>`,
  },
  {
    author: 'mei',
    category: 'academic',
    subject: 'biology',
    title: 'Osmosis Without the Jargon',
    excerpt:
      'Water moves towards where it is scarcer. Everything else about osmosis follows from that one sentence.',
    tags: ['biology', 'cells'],
    daysAgo: 139,
    body: `
<p>Textbooks define osmosis with three technical terms in one sentence. Let us start with one idea instead: water moves from where there is more free water to where there is less.</p>
<h2>What "free water" means</h2>
<p>Dissolved sugar or salt holds some water molecules close. The more solute, the less water is free to move. So water drifts towards the salty side, across any membrane that lets water through but not the salt.</p>
<h2>Why cells care</h2>
<p>Put a red blood cell in pure water and water rushes in until it bursts. Put it in very salty water and it shrivels. Your kidneys spend all day keeping your blood in between.</p>`,
  },
  {
    author: 'mei',
    category: 'academic',
    subject: 'biology',
    title: 'Enzymes Are Picky Eaters',
    excerpt: 'Lock and key, induced fit, and why a fever can be dangerous, explained with one enzyme.',
    tags: ['biology', 'enzymes'],
    daysAgo: 63,
    body: `
<p>An enzyme is a protein folded into a shape with a pocket, the active site, where one particular molecule fits. That fit is why each enzyme does one job.</p>
<h2>Lock and key, then a handshake</h2>
<p>The old picture was a key in a lock. The better one is a handshake: the enzyme changes shape a little as the molecule arrives, gripping it and straining the bond that is about to break.</p>
<h2>Heat</h2>
<p>Warm an enzyme and it works faster, up to a point. Past that point its shape unravels and the pocket is gone. That is one reason a very high fever is dangerous.</p>`,
  },
]

/** What the readers say under those posts: general enough to fit any of them. */
export const HISTORY_COMMENTS = {
  academic: [
    'This is the explanation I needed the night before my exam. Thank you.',
    'I teach this too, and I am stealing your order of ideas for next term.',
    'Could you do a follow-up with a worked past-paper question?',
    'Finally clicked for me. The pictures in my head are much clearer now.',
    'Shared this with my study group. We all had the same misconception.',
    'Short and clear. More like this, please.',
  ],
  story: [
    'I read this twice. The ending stays with you.',
    'Beautifully written. I could see every scene.',
    'This is why I subscribe. Thank you for sharing it.',
    'The quiet details make it. Looking forward to the next one.',
    'I did not expect to be moved by this on a Tuesday morning.',
  ],
}
