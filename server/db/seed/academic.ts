import type { DemoPost } from './types.ts'

// Lessons and explainers, written the way the demo writers would write them.
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
  {
    author: 'mei',
    category: 'academic',
    subject: 'biology',
    title: 'What Your Mitochondria Are Actually Doing',
    excerpt:
      '"The powerhouse of the cell" is the line everyone remembers. Here is what it means, step by step, and why it needs the oxygen you breathe.',
    tags: ['cells', 'respiration', 'energy'],
    daysAgo: 20,
    comments: [
      { by: 'grace', body: 'The hydroelectric dam analogy is spot on. Physics and biology meet!' },
      { by: 'hannah', body: 'I will never hear "powerhouse of the cell" the same way again.' },
    ],
    body: `
<p>Everyone remembers one line from school biology: <em>the mitochondrion is the powerhouse of the cell</em>. It is true, but it hides the interesting part. What power? Made how? And why does it need the oxygen you are breathing right now?</p>
<h2>The currency: ATP</h2>
<p>Cells do not run on glucose directly. They run on a small molecule called <strong>ATP</strong> (adenosine triphosphate). Breaking off one of its phosphate groups releases a little energy, just enough to power a muscle fibre's twitch or pump an ion across a membrane. You recycle roughly your own body weight of ATP every day.</p>
<p>The mitochondrion's job is to recharge it: to turn ADP back into ATP, using the energy stored in food.</p>
<h2>Three stages</h2>
<ol>
<li><strong>Glycolysis</strong>, in the cytoplasm, splits glucose into two smaller molecules and makes a little ATP. No oxygen needed.</li>
<li><strong>The Krebs cycle</strong>, inside the mitochondrion, strips those pieces down to carbon dioxide, which you breathe out. Along the way it loads high-energy electrons onto carrier molecules.</li>
<li><strong>The electron transport chain</strong>, in the folded inner membrane, is where most of the ATP is made.</li>
</ol>
<h2>The dam in the membrane</h2>
<p>The carriers hand their electrons to a chain of proteins in the inner membrane. As electrons pass along, the proteins use their energy to pump protons (hydrogen ions) to one side of the membrane. Protons pile up, like water behind a dam.</p>
<p>The only way back is through an enzyme called <strong>ATP synthase</strong>, which is a genuine rotary motor. As protons flow through, it spins, and each turn presses phosphate onto ADP. Hydroelectric power, at the scale of molecules.</p>
<h2>Where oxygen comes in</h2>
<p>At the end of the chain, the spent electrons need somewhere to go. Oxygen takes them, combining with protons to make water. Without oxygen the chain backs up, the pumping stops, and the dam runs dry. That is why cyanide, which blocks the last protein in the chain, is so quickly lethal.</p>
<blockquote><p>Every breath you take ends its journey as the last stop of an electron, deep inside a mitochondrion.</p></blockquote>
<h2>A strange history</h2>
<p>Mitochondria have their own small loop of DNA and divide on their own, like bacteria. Because that is probably what they once were: free-living bacteria, swallowed by another cell about two billion years ago, which never left. Every cell in your body carries the descendants of that partnership.</p>
`,
  },
  {
    author: 'mei',
    category: 'academic',
    subject: 'biology',
    title: 'How Vaccines Teach the Immune System',
    excerpt:
      'A vaccine is a rehearsal. What the immune system learns from it, why the memory lasts, and why some vaccines need a booster.',
    tags: ['immunology', 'health', 'vaccines'],
    daysAgo: 11,
    comments: [
      { by: 'priya', body: 'The rehearsal metaphor made the booster part finally make sense to me.' },
    ],
    body: `
<p>Your immune system is very good at learning, but it learns slowly. The first time it meets a new germ, it can take a week or two to build a strong response, and a dangerous germ may do a lot of harm in that time. A vaccine gives the immune system the lesson in advance, without the illness.</p>
<h2>Recognising the enemy</h2>
<p>Immune cells recognise germs by their <strong>antigens</strong>: particular shapes on their surface, usually bits of protein. Among your billions of B cells and T cells, a few happen to carry receptors that fit any given antigen. The trick is finding them and multiplying them.</p>
<h2>The first encounter</h2>
<ol>
<li>Cells that patrol the body swallow the intruder and display its antigens.</li>
<li>Helper T cells that recognise those antigens are activated and raise the alarm.</li>
<li>Matching B cells multiply and start producing <strong>antibodies</strong>, proteins that stick to the germ and mark it for destruction.</li>
<li>Killer T cells find and destroy the body's own cells that have been infected.</li>
</ol>
<p>Crucially, some of these cells become long-lived <strong>memory cells</strong>. They stay in the body for years, sometimes for life.</p>
<h2>What a vaccine contains</h2>
<p>A vaccine shows the immune system the antigen without the danger. Different kinds do it differently:</p>
<ul>
<li><strong>Inactivated</strong> vaccines contain the killed germ.</li>
<li><strong>Live attenuated</strong> vaccines contain a weakened form that cannot cause serious illness in healthy people.</li>
<li><strong>Subunit</strong> vaccines contain just the antigen protein.</li>
<li><strong>mRNA</strong> vaccines deliver instructions that let your own cells make the antigen for a short while.</li>
</ul>
<h2>Why boosters?</h2>
<p>Some lessons need repeating. A second dose, weeks or months later, triggers the memory cells, which respond faster and harder, and the antibodies they produce fit better each round. For germs that change their antigens over time, like flu, the lesson also needs updating every year.</p>
<blockquote><p>A vaccine does not fight the disease. It trains the one thing in your body that can.</p></blockquote>
<p>When enough people in a community are immune, a germ struggles to find new hosts, which protects the people who cannot be vaccinated: newborns, and those whose immune systems are too weak to learn. That shared protection is called herd immunity, and it is one of the quiet triumphs of modern medicine.</p>
`,
  },
  {
    author: 'mei',
    category: 'academic',
    subject: 'chemistry',
    title: 'Why Ice Floats',
    excerpt:
      'Almost every solid sinks in its own liquid. Water does the opposite, and lakes, fish and the climate depend on it.',
    tags: ['water', 'hydrogen-bonds', 'states-of-matter'],
    daysAgo: 14,
    body: `
<p>Drop a cube of solid wax into molten wax and it sinks. The same goes for most substances: when a liquid freezes, its molecules usually pack closer together, so the solid is denser. Water is the famous exception. Ice floats, and that oddity has shaped life on Earth.</p>
<h2>A bent molecule</h2>
<p>A water molecule is one oxygen atom bonded to two hydrogens, in a V shape. Oxygen pulls the shared electrons towards itself, so it carries a slight negative charge and the hydrogens a slight positive one. Water is <strong>polar</strong>.</p>
<h2>Hydrogen bonds</h2>
<p>The positive hydrogen of one molecule is attracted to the negative oxygen of a neighbour. These attractions are called <strong>hydrogen bonds</strong>. They are much weaker than the bonds inside the molecule, but there are a great many of them.</p>
<ul>
<li>In <strong>liquid water</strong>, hydrogen bonds form and break constantly, and molecules jostle close together.</li>
<li>In <strong>ice</strong>, each molecule is locked into four hydrogen bonds, arranged in a rigid hexagonal lattice.</li>
</ul>
<p>That lattice is full of open space. The molecules in ice are, on average, further apart than in the liquid, so ice is about 9% less dense than water. That is why roughly a tenth of an iceberg shows above the surface.</p>
<h2>Why it matters</h2>
<ol>
<li><strong>Lakes freeze from the top down.</strong> The ice layer floats and insulates the water beneath, so fish survive the winter.</li>
<li><strong>Water is densest at 4 °C.</strong> In winter, the coldest water rises and the 4 °C water sinks to the bottom, where life waits for spring.</li>
<li><strong>Rocks crack.</strong> Water seeps into cracks, freezes, expands and prises them apart, slowly turning mountains into soil.</li>
<li><strong>Pipes burst</strong>, for the same reason.</li>
</ol>
<h2>Try this</h2>
<p>Fill a plastic bottle to the brim, cap it, and leave it in the freezer overnight. The bulging, perhaps split, bottle in the morning is the hexagonal lattice making its case.</p>
<blockquote><p>If ice sank, oceans would freeze from the bottom up, and much of the planet's water might be locked in ice for good.</p></blockquote>
`,
  },
  {
    author: 'hannah',
    category: 'academic',
    subject: 'history',
    title: 'The Printing Press and the First Information Overload',
    excerpt:
      'Within fifty years of Gutenberg, Europe had millions of books and scholars complaining they could not keep up. The fifteenth century had our problem first.',
    tags: ['early-modern', 'media', 'reformation'],
    daysAgo: 24,
    featured: true,
    comments: [
      {
        by: 'tomas',
        body: 'Conrad Gessner complaining about too many books is the most relatable thing I have read this year.',
      },
      { by: 'priya', body: 'Indexes as a response to overload! Search engines have a long family tree.' },
    ],
    body: `
<p>Around 1450, in Mainz, a goldsmith named Johannes Gutenberg combined movable metal type, an oil-based ink and a press adapted from winemaking. Within a generation, Europe's relationship with the written word had changed beyond recognition. And almost at once, people began to complain that there was far too much to read.</p>
<h2>From hundreds to millions</h2>
<p>Before print, a book was copied by hand, often over months. A large monastery library might hold a few hundred volumes. By 1500, just fifty years after Gutenberg, presses in more than 250 European towns had produced something like twenty million copies. Prices fell, and books reached merchants, lawyers and craftsmen, not only clergy and nobles.</p>
<h2>The speed of ideas</h2>
<p>In 1517, Martin Luther wrote his Ninety-five Theses in Latin for scholarly debate. Printers translated them into German and within weeks they were being read across the German lands. Over the following years Luther's pamphlets sold in hundreds of thousands. The Reformation was, among other things, the first media campaign of the print age.</p>
<h2>"A confusing and harmful abundance"</h2>
<p>The Swiss scholar Conrad Gessner spent years trying to list every book in print. In 1545 he warned of the "confusing and harmful abundance of books". Others worried that printing spread error as fast as truth, and that readers would skim instead of study. The arguments will sound familiar to anyone who has read an essay about smartphones.</p>
<blockquote><p>Too much to know is not a new problem. What changes is the tools we build to cope with it.</p></blockquote>
<h2>The tools they built</h2>
<p>Readers and printers responded with inventions we still rely on:</p>
<ul>
<li><strong>Title pages</strong>, so a book could be identified at a glance.</li>
<li><strong>Page numbers</strong> and <strong>alphabetical indexes</strong>, so a reader could find a passage without reading everything.</li>
<li><strong>Bibliographies</strong> and catalogues, like Gessner's, to map what existed.</li>
<li><strong>Reference works</strong>: dictionaries, encyclopaedias and commonplace books of gathered quotations.</li>
</ul>
<h2>What historians take from it</h2>
<p>It is tempting to say the press "caused" the Reformation or the Scientific Revolution. Historians are more careful. Print made some things much easier, such as copying identical texts, comparing them and arguing in public, but people chose what to do with it. The technology opened doors; it did not decide who walked through them.</p>
<p>Next time you feel buried by your reading list, remember Gessner at his desk in Zurich, building an index against the flood. You are in good company.</p>
`,
  },
  {
    author: 'hannah',
    category: 'academic',
    subject: 'economics',
    title: 'What the Black Death Did to Wages',
    excerpt:
      'The plague killed perhaps a third of Europe. For the labourers who survived, wages rose sharply, and the law struggled to push them back down.',
    tags: ['economic-history', 'labour', 'medieval'],
    daysAgo: 15,
    comments: [
      {
        by: 'mei',
        body: 'A biology event with an economics aftermath. I love posts that cross subjects like this.',
      },
    ],
    body: `
<p>Between 1347 and 1351, the Black Death swept across Europe and killed somewhere between a third and a half of its people. It was a human catastrophe. It was also, in the grim logic of supply and demand, one of the clearest natural experiments in economic history.</p>
<h2>Fewer hands, the same land</h2>
<p>The plague killed people but left fields, mills and tools standing. Landlords still needed crops harvested and sheep sheared, but there were far fewer workers to do it. When something becomes scarce and demand for it stays the same, its price rises. Labour was no exception.</p>
<p>In England, records from manors show wages for farm workers rising by around half within a few years, and for some skilled trades even more. Labourers began to move between villages in search of better pay, something the old feudal order had tried hard to prevent.</p>
<h2>The law tries to hold the line</h2>
<p>Landowners, who also sat in Parliament, were alarmed. In 1349 the English Crown issued the <strong>Ordinance of Labourers</strong>, followed in 1351 by the <strong>Statute of Labourers</strong>. They ordered that:</p>
<ul>
<li>wages be fixed at their pre-plague levels;</li>
<li>able-bodied people without land must accept work when offered;</li>
<li>workers could not leave their employers before their term was up.</li>
</ul>
<p>The laws were enforced, sometimes harshly, yet wages kept rising. When the price set by law is below the price the market will pay, employers who need workers find ways around it, with bonuses, food and drink, or simply by breaking the rules.</p>
<h2>Consequences</h2>
<ol>
<li><strong>Living standards rose</strong> for ordinary survivors. Diets included more meat, ale and wheat bread.</li>
<li><strong>Serfdom weakened</strong> in western Europe, as lords competed for tenants.</li>
<li><strong>Tension grew</strong>. The attempts to cap wages, plus new poll taxes, fed into the Peasants' Revolt of 1381.</li>
</ol>
<blockquote><p>A price ceiling does not make something cheaper. It makes it harder to buy at the official price.</p></blockquote>
<h2>A lesson for today</h2>
<p>Economists still point to the plague when they discuss labour shortages, migration and price controls. The setting is medieval, but the mechanism is the one in any textbook: when supply falls and demand does not, the price rises, and laws that forbid it tend to push the rise out of sight rather than stop it.</p>
`,
  },
  {
    author: 'hannah',
    category: 'academic',
    subject: 'economics',
    title: 'Opportunity Cost: The Price Tag You Never See',
    excerpt:
      'Every choice costs the best thing you gave up for it. The single most useful idea in economics, in five everyday examples.',
    tags: ['microeconomics', 'decision-making', 'beginners'],
    daysAgo: 2,
    comments: [
      { by: 'grace', body: 'Sending this to every student who says revision "costs nothing".' },
      { by: 'tomas', body: 'The bit about free concert tickets is painfully accurate.' },
    ],
    body: `
<p>If you could remember only one idea from economics, it should be this one. The real cost of anything is not the money you pay. It is <strong>the best alternative you give up</strong> to have it. Economists call it <em>opportunity cost</em>.</p>
<h2>A free ticket is not free</h2>
<p>A friend gives you a ticket to a concert on Saturday night. The ticket cost you nothing, but going to the concert still costs something: the evening you would otherwise have spent. If your best alternative was a dinner you were looking forward to, the dinner is what the concert costs you.</p>
<h2>Five everyday examples</h2>
<ol>
<li><strong>University.</strong> The cost of a degree is not only the fees. It is also the wages you do not earn for three or four years.</li>
<li><strong>Your savings.</strong> Money kept under the mattress costs the interest it could have earned.</li>
<li><strong>A shop's floor space.</strong> A supermarket that gives a shelf to one brand gives up the profit another brand would have made there.</li>
<li><strong>A government budget.</strong> A new motorway costs the hospitals, schools or tax cuts the same money could have paid for.</li>
<li><strong>Your time.</strong> An hour queueing for a bargain costs whatever else that hour was worth to you.</li>
</ol>
<h2>Why it matters</h2>
<p>Opportunity cost is easy to state and hard to practise, because the thing you gave up is invisible. A price tag is printed; the alternative is not. People routinely undervalue their own time, hoard things "because they were cheap", or keep going with a failing plan because they have already spent money on it.</p>
<blockquote><p>There is no such thing as a free lunch: not because someone always pays, but because every lunch is eaten instead of something else.</p></blockquote>
<h2>Sunk costs are not costs</h2>
<p>The mirror image of opportunity cost is the <strong>sunk cost</strong>: money or time already spent that you cannot get back. It should not affect your next decision, because no choice you make now changes it. If a film is dreadful after half an hour, the ticket price is gone whether you stay or leave. The only question is whether the next ninety minutes are better spent in the cinema or elsewhere.</p>
<h2>Using it</h2>
<p>Next time you decide something, try asking three questions:</p>
<ul>
<li>What are my real alternatives?</li>
<li>Which one is the best of them?</li>
<li>Is what I am choosing worth more than that?</li>
</ul>
<p>It feels slow at first. After a while, it becomes the way you see every price tag, including the ones nobody prints.</p>
`,
  },
]
