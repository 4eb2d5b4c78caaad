import { LIFE_AND_SOCIETY_POSTS } from './academic-life-and-society.ts'
import type { DemoPost } from './types.ts'

// Lessons and explainers, written the way the demo writers would write them: physics, mathematics
// and computer science here, biology, chemistry, history and economics beside it.
export const ACADEMIC_POSTS: DemoPost[] = [
  {
    author: 'grace',
    category: 'academic',
    subject: 'physics',
    title: 'Why a Hammer and a Feather Land Together',
    excerpt:
      'Heavier things do not fall faster. Here is the experiment Galileo imagined, the one an astronaut did on the Moon, and the one-line reason behind both.',
    tags: ['gravity', 'mechanics', 'exam-prep'],
    daysAgo: 26,
    featured: true,
    keyIdeas: [
      {
        front: 'In a vacuum, does a heavier object fall faster?',
        back: 'No: every object falls with the same acceleration, g ≈ 9.8 m/s².',
      },
      {
        front: 'Why does the mass cancel in free fall?',
        back: 'Gravity pulls with F = m g, and a = F / m, so a = g whatever the mass.',
      },
      {
        front: 'Terminal velocity',
        back: 'The speed at which drag has grown to match the weight: the object stops speeding up.',
      },
      {
        front: 'Who dropped a hammer and a feather on the Moon?',
        back: 'David Scott, at the end of Apollo 15 (1971).',
      },
    ],
    comments: [
      { by: 'priya', body: 'The Apollo 15 clip gets me every time. Great way to open a lesson.' },
      {
        by: 'hannah',
        body: 'I finally understand why my physics teacher kept saying "ignore air resistance".',
      },
    ],
    body: `
<p>Ask a class which lands first, a hammer or a feather, and almost every hand goes up for the hammer. It is a good guess: it is what we see every day. It is also wrong, and finding out why is one of the best first lessons in mechanics.</p>
<h2>The thought experiment</h2>
<p>Galileo argued it without dropping anything. Suppose heavy things fall faster. Tie a heavy stone to a light one. The light stone should drag on the heavy one, so the pair falls <em>slower</em> than the heavy stone alone. But the pair is heavier than either stone, so it should fall <em>faster</em>. Both cannot be true, so the assumption must be false.</p>
<h2>The experiment on the Moon</h2>
<p>In 1971, at the end of the Apollo 15 mission, astronaut David Scott held a geological hammer and a falcon feather at the same height and let go. With no air to push against the feather, they reached the dust at the same moment. Mission control cheered.</p>
<blockquote><p>"How about that! Mr. Galileo was correct in his findings." — David Scott, on the Moon</p></blockquote>
<h2>The one-line reason</h2>
<p>Newton's second law says the acceleration of an object is the force on it divided by its mass: <code>a = F / m</code>. The force of gravity near the Earth is <code>F = m g</code>. Put one into the other and the mass cancels:</p>
<pre><code>a = (m g) / m = g ≈ 9.8 m/s²</code></pre>
<p>A heavier object is pulled harder, but it is also harder to get moving, by exactly the same factor. The two effects cancel perfectly.</p>
<h2>So why does the feather lose on Earth?</h2>
<p>Air. A falling object pushes air out of its way, and the air pushes back. That drag force depends on the object's shape and speed, not on its mass. For a hammer, drag is tiny compared with its weight. For a feather, drag quickly grows to match its weight, and it stops speeding up: it has reached its <strong>terminal velocity</strong>.</p>
<h3>What to write in the exam</h3>
<ul>
<li>In a vacuum, all objects fall with the same acceleration, <em>g</em>, whatever their mass.</li>
<li>In air, the resultant force is weight minus drag; objects with a large area for their weight reach terminal velocity sooner.</li>
<li>Always say which forces you are including. "Neglecting air resistance" is a statement, not a shrug.</li>
</ul>
<p>Try it at home: drop a book and a sheet of paper side by side. Then put the paper flat on top of the book and drop them again. The paper rides down with the book, because the book is clearing the air out of its way. Galileo would have enjoyed that one.</p>
`,
  },
  {
    author: 'grace',
    category: 'academic',
    subject: 'physics',
    title: 'Standing Waves on a Guitar String',
    excerpt:
      'Pluck a string and only certain notes come out. Nodes, antinodes and harmonics, explained with the instrument in your cupboard.',
    tags: ['waves', 'sound', 'harmonics'],
    daysAgo: 18,
    comments: [
      {
        by: 'tomas',
        body: 'I have played guitar for twenty years and never knew why the 12th fret chimes. Thank you.',
      },
    ],
    body: `
<p>A guitar string is fixed at both ends: at the nut and at the bridge. That simple fact decides which notes it can play, and it is the key to one of the most examined topics in A-level physics: standing waves.</p>
<h2>Two waves, one pattern</h2>
<p>When you pluck the string, waves run along it in both directions and reflect from the fixed ends. The reflected waves overlap with the incoming ones. At most frequencies they cancel out in a messy way and die. At a few special frequencies they add up into a steady pattern that seems to stand still: a <strong>standing wave</strong>.</p>
<p>The pattern has two kinds of points:</p>
<ul>
<li><strong>Nodes</strong>, where the string never moves. The two fixed ends are always nodes.</li>
<li><strong>Antinodes</strong>, halfway between nodes, where the string swings the most.</li>
</ul>
<h2>The harmonics</h2>
<p>The simplest pattern has a node at each end and one antinode in the middle. The string holds half a wavelength, so <code>λ = 2L</code>, where <em>L</em> is the length of the string. This is the <em>fundamental</em>, or first harmonic.</p>
<p>The next pattern fits a whole wavelength, with a node in the middle: <code>λ = L</code>. Then one and a half wavelengths, and so on. In general:</p>
<pre><code>λₙ = 2L / n     fₙ = n v / 2L     (n = 1, 2, 3 …)</code></pre>
<p>Every allowed frequency is a whole-number multiple of the fundamental. That is why a plucked string sounds like a note and not like noise.</p>
<h2>The trick at the 12th fret</h2>
<p>Touch the string lightly, right above the 12th fret, and pluck. Your finger forces a node at the exact middle of the string. The fundamental, which needs an antinode there, is silenced; the second harmonic, which has a node there anyway, rings on. You hear a clear, bell-like note an octave higher. Guitarists call it a harmonic, and now you know why.</p>
<h2>What changes the pitch</h2>
<ol>
<li><strong>Length.</strong> Pressing a fret shortens <em>L</em>, so the frequency rises.</li>
<li><strong>Tension.</strong> Tightening the peg increases the wave speed <em>v</em>, so the frequency rises.</li>
<li><strong>Mass per length.</strong> Thick strings carry waves more slowly, so they play lower notes.</li>
</ol>
<p>In the exam, draw the pattern first, count the half-wavelengths, and only then reach for the formula. Most lost marks come from skipping the drawing.</p>
`,
  },
  {
    author: 'grace',
    category: 'academic',
    subject: 'mathematics',
    title: 'Why You Cannot Divide by Zero',
    excerpt:
      'It is not a rule teachers made up to be difficult. Three ways of seeing why division by zero has no sensible answer.',
    tags: ['arithmetic', 'limits', 'foundations'],
    daysAgo: 5,
    comments: [
      {
        by: 'priya',
        body: 'My favourite bit is the "fake proof" that 1 = 2. Every programmer should see it once.',
      },
      { by: 'mei', body: 'Sharing this with my little brother, who asked me exactly this last week.' },
    ],
    body: `
<p>Every student meets the rule: you cannot divide by zero. Calculators print an error, spreadsheets show <code>#DIV/0!</code>, and teachers say "it is undefined" and move on. But the rule is not arbitrary. Here are three ways to see it.</p>
<h2>1. Division undoes multiplication</h2>
<p>Saying <code>12 ÷ 3 = 4</code> means exactly this: 4 is the number that, multiplied by 3, gives 12. So what would <code>5 ÷ 0</code> be? It would be a number that, multiplied by 0, gives 5. But anything multiplied by 0 is 0. No such number exists.</p>
<p>And <code>0 ÷ 0</code> is broken the other way: <em>every</em> number times 0 gives 0, so there is no single answer to choose.</p>
<h2>2. Sharing sweets</h2>
<p>Division can mean sharing. Twelve sweets shared among three friends gives four each. Twelve sweets shared among zero friends… gives what, to whom? The question has no meaning, and that is the honest answer.</p>
<h2>3. Getting closer and closer</h2>
<p>Try dividing 1 by smaller and smaller numbers:</p>
<ul>
<li>1 ÷ 0.1 = 10</li>
<li>1 ÷ 0.001 = 1,000</li>
<li>1 ÷ 0.000001 = 1,000,000</li>
</ul>
<p>The answers grow without limit. Now come from the other side: 1 ÷ −0.001 = −1,000. Approaching zero from the left, the answers plunge towards minus infinity. There is no single value both sides agree on, so there is no value to assign.</p>
<h2>The fake proof</h2>
<p>Here is why mathematicians guard the rule so carefully. Let <em>a</em> = <em>b</em>. Then:</p>
<pre><code>a² = ab
a² − b² = ab − b²
(a + b)(a − b) = b(a − b)
a + b = b
2b = b
2 = 1</code></pre>
<p>Every step looks innocent, except one: dividing both sides by <code>(a − b)</code>, which is zero. Allow division by zero once, and you can prove anything.</p>
<blockquote><p>A rule in mathematics is usually a scar left by a contradiction someone once found.</p></blockquote>
<p>So when your calculator refuses, it is not being fussy. It is protecting the whole of arithmetic.</p>
`,
  },
  {
    author: 'grace',
    category: 'academic',
    subject: 'physics',
    title: 'Projectile Motion in Three Steps',
    excerpt:
      'A method that works for every projectile question: split the motion, list what you know, and let time connect the two.',
    tags: ['mechanics', 'kinematics', 'exam-prep'],
    daysAgo: 9,
    access: 'subscribers',
    comments: [
      { by: 'hannah', body: 'The table of knowns is such a simple habit. Wish I had learnt it at school.' },
    ],
    body: `
<p>Projectile questions look different every time: a ball kicked off a cliff, a parcel dropped from a plane, a basketball shot at an angle. Underneath, they are the same question. Here is the method I teach, in three steps.</p>
<h2>Step 1: split the motion</h2>
<p>Horizontal and vertical motion are independent. Gravity pulls down; nothing pushes sideways (we ignore air resistance). So:</p>
<ul>
<li><strong>Horizontally</strong>, the velocity is constant: <code>x = uₓ t</code>.</li>
<li><strong>Vertically</strong>, the acceleration is constant, <em>g</em> downwards: use the SUVAT equations.</li>
</ul>
<p>If the launch is at an angle θ with speed <em>u</em>, split it first: <code>uₓ = u cos θ</code> and <code>u_y = u sin θ</code>.</p>
<h2>Step 2: make a table of what you know</h2>
<p>Draw two columns, horizontal and vertical, and fill in s, u, v, a and t for each. Write a question mark for what you need. Almost always you will find that one column has enough to work out the time.</p>
<h2>Step 3: time connects the two</h2>
<p>Time is the only quantity the two columns share. Find it in the column where you can, then carry it to the other.</p>
<h3>A worked example</h3>
<p>A ball is kicked horizontally at 12 m/s from a cliff 20 m high. How far from the foot of the cliff does it land?</p>
<ol>
<li>Vertical: s = 20 m, u = 0, a = 9.8 m/s², t = ? From <code>s = ut + ½at²</code>: <code>20 = 4.9 t²</code>, so t ≈ 2.02 s.</li>
<li>Horizontal: <code>x = 12 × 2.02 ≈ 24 m</code>.</li>
</ol>
<p>That is the whole question. The horizontal speed never changed the time in the air: a ball dropped from the same cliff lands at the same moment.</p>
<h2>Common mistakes</h2>
<ul>
<li>Using the full launch speed in a vertical equation. Only the vertical component belongs there.</li>
<li>Forgetting signs. Choose "up is positive" or "down is positive" and stick to it.</li>
<li>Rounding too early. Keep three significant figures until the final answer.</li>
</ul>
<p>Practise with five questions tonight, and write the table every time, even when it feels slow. It is the table that makes it fast.</p>
`,
  },
  {
    author: 'priya',
    category: 'academic',
    subject: 'computer-science',
    title: 'Big-O Notation Without the Fear',
    excerpt:
      'Big-O is not about exact speed. It answers one question: what happens when the input gets much bigger? A gentle tour with everyday examples.',
    tags: ['algorithms', 'complexity', 'beginners'],
    daysAgo: 22,
    comments: [
      { by: 'grace', body: 'The phone book analogy is perfect. I will borrow it for my maths club.' },
      { by: 'tomas', body: 'As a words person, this is the first explanation I followed to the end.' },
      { by: 'mei', body: 'Could you do one on space complexity next?' },
    ],
    body: `
<p>Big-O notation scares people because it looks like maths. It is really a way of answering one practical question: <strong>if my input gets ten times bigger, how much slower does my program get?</strong></p>
<h2>It is about growth, not seconds</h2>
<p>Big-O ignores the speed of your laptop, the language you used and small constant costs. It only describes the <em>shape</em> of the growth. Two programs can both be O(n) while one is twice as fast as the other; Big-O does not care. It cares whether doubling the input doubles the work, or squares it.</p>
<h2>The common shapes</h2>
<ul>
<li><strong>O(1), constant.</strong> Looking up the first name in a list. However long the list, it is one step.</li>
<li><strong>O(log n), logarithmic.</strong> Finding a name in a phone book by opening it in the middle, then the middle of the correct half, and so on. A million names take about twenty steps.</li>
<li><strong>O(n), linear.</strong> Reading every name to find the one you want. Twice the names, twice the work.</li>
<li><strong>O(n log n).</strong> Good sorting algorithms, like merge sort.</li>
<li><strong>O(n²), quadratic.</strong> Comparing every name with every other name to find duplicates. Twice the names, four times the work.</li>
</ul>
<h2>A tiny example</h2>
<pre><code>function hasDuplicate(items) {
  for (let i = 0; i &lt; items.length; i++)
    for (let j = i + 1; j &lt; items.length; j++)
      if (items[i] === items[j]) return true
  return false
}</code></pre>
<p>Two nested loops over the same list: O(n²). On 1,000 items that is about half a million comparisons. On a million items, half a trillion. Now compare:</p>
<pre><code>function hasDuplicate(items) {
  return new Set(items).size !== items.length
}</code></pre>
<p>Building a set is O(n) on average. The same million items now take about a million steps. Same answer, wildly different future.</p>
<h2>How to read it in the wild</h2>
<ol>
<li>Look for loops. One loop over the input is usually O(n); a loop inside a loop is usually O(n²).</li>
<li>Look for halving. If each step throws away half of what is left, think O(log n).</li>
<li>Keep the biggest term. O(n² + n) is just O(n²): for large inputs, the square wins.</li>
</ol>
<blockquote><p>Premature optimisation is the root of all evil, but knowing your Big-O is not optimisation. It is knowing what you built.</p></blockquote>
<p>Next time you write a loop inside a loop, ask yourself how big the list could ever be. That question alone will save you more time than any micro-optimisation.</p>
`,
  },
  {
    author: 'priya',
    category: 'academic',
    subject: 'computer-science',
    title: 'How a Hash Table Finds Anything in One Step',
    excerpt:
      'Dictionaries, sets, caches and database indexes all lean on the same idea: turn a key into a number, and use the number as an address.',
    tags: ['data-structures', 'hashing', 'algorithms'],
    daysAgo: 6,
    comments: [
      { by: 'grace', body: 'The cloakroom picture is lovely. My students will get it straight away.' },
    ],
    body: `
<p>Every modern language has a dictionary: <code>dict</code> in Python, <code>Map</code> in JavaScript, <code>HashMap</code> in Java. You put a key in, you get a value out, and it takes about the same time whether there are ten entries or ten million. How?</p>
<h2>The cloakroom</h2>
<p>Picture a theatre cloakroom with 100 numbered hooks. When you hand in your coat, the attendant does not search for an empty hook; she looks at your ticket number and goes straight to it. A hash table works the same way, except it has to invent the ticket number from the key.</p>
<h2>The hash function</h2>
<p>A <strong>hash function</strong> turns a key, such as the word <code>"mango"</code>, into a number. A good one is fast, always gives the same number for the same key, and spreads different keys evenly. Take that number modulo the number of slots, and you have an address:</p>
<pre><code>slot = hash("mango") % 16   // say, 11</code></pre>
<p>To look <code>"mango"</code> up later, compute the same hash, go to slot 11, and there it is. One step.</p>
<h2>Collisions</h2>
<p>With more keys than slots, or just bad luck, two keys will land in the same slot. This is a <strong>collision</strong>, and every hash table has a plan for it:</p>
<ul>
<li><strong>Chaining</strong>: each slot holds a short list, and you search that list.</li>
<li><strong>Open addressing</strong>: if the slot is taken, try the next one along, by some fixed rule.</li>
</ul>
<p>Either way, as long as the lists stay short, a lookup is still a handful of steps.</p>
<h2>Keeping it fast</h2>
<p>The table watches its <em>load factor</em>: entries divided by slots. When it passes a threshold (often around 0.75), the table doubles its slots and moves every entry to its new address. That move is expensive, but it happens rarely enough that the average insert stays cheap. This is called <em>amortised</em> constant time.</p>
<h2>Where you meet them</h2>
<ol>
<li>Counting words in a book: one dictionary from word to count.</li>
<li>Caches: remember the answer for a URL so the second request is instant.</li>
<li>Sets: "have I seen this before?" in one step.</li>
<li>Databases: hash indexes and hash joins.</li>
</ol>
<p>The catch? Hash tables keep no order. If you need keys sorted, or "everything between A and F", reach for a tree instead. Choosing between the two is one of the most common design decisions you will make.</p>
`,
  },
  {
    author: 'priya',
    category: 'academic',
    subject: 'mathematics',
    title: 'The Birthday Paradox, Explained',
    excerpt:
      'In a room of just 23 people, there is a better than even chance that two share a birthday. Why our intuition gets this so wrong.',
    tags: ['probability', 'puzzles', 'statistics'],
    daysAgo: 3,
    comments: [
      {
        by: 'hannah',
        body: 'We tested it in the staff room: two colleagues share 14 March. Thirty-one of us.',
      },
      { by: 'grace', body: 'Counting the pairs is the part that makes it click. Beautifully put.' },
    ],
    body: `
<p>How many people do you need in a room before it is more likely than not that two of them share a birthday? Most people guess around 180, half of 365. The answer is <strong>23</strong>.</p>
<h2>Why our intuition fails</h2>
<p>When we imagine the problem, we think about <em>ourselves</em>: what are the chances someone shares <em>my</em> birthday? With 22 other people, that chance is small, about 6%. But the question is about <em>any</em> two people. And 23 people make a lot of pairs:</p>
<pre><code>23 × 22 / 2 = 253 pairs</code></pre>
<p>253 chances for a match is a very different story from 22.</p>
<h2>The calculation</h2>
<p>It is easier to compute the chance that nobody shares a birthday, then subtract from 1. Ignore leap years and assume every day is equally likely.</p>
<ol>
<li>The first person can have any birthday: 365/365.</li>
<li>The second must avoid the first: 364/365.</li>
<li>The third must avoid both: 363/365.</li>
<li>…and so on, down to the 23rd: 343/365.</li>
</ol>
<p>Multiply these together and you get about 0.493. So the chance of at least one shared birthday is about <strong>0.507</strong>, just over half.</p>
<h2>How fast it grows</h2>
<ul>
<li>10 people: about 12%</li>
<li>23 people: about 51%</li>
<li>40 people: about 89%</li>
<li>70 people: about 99.9%</li>
</ul>
<h2>Why programmers care</h2>
<p>The same maths decides how often two different inputs to a hash function produce the same output. If a hash has <em>N</em> possible values, you should expect your first collision after roughly √N inputs, not N. That is why security engineers insist on long hashes: a 64-bit hash, with 18 quintillion values, gives a likely collision after only about 5 billion items.</p>
<blockquote><p>Probability is the part of mathematics where common sense is most often wrong, and where checking the sums matters most.</p></blockquote>
<p>Try it: count the people in your class or office, work out the probability, and then go and ask. Being right about a paradox is very satisfying.</p>
`,
  },
  ...LIFE_AND_SOCIETY_POSTS,
]
