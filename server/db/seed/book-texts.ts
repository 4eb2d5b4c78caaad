import type { BookCategory } from '#common/schemas/books.ts'
import type { DemoKey } from './types.ts'

// The demo books' text: real chapters, written as the editor stores them (paragraphs, headings,
// lists), so the reader, the EPUB and the catalogue have something worth reading on first start.

export interface DemoBook {
  key: 'mechanics' | 'salt-road' | 'cell' | 'recursion'
  author: DemoKey
  title: string
  subtitle: string
  description: string
  category: BookCategory
  subject?: string
  /** Minor units, USD; 0 is free. */
  price: number
  previewChapters: number
  daysAgo: number
  chapters: { title: string; body: string }[]
}

export const DEMO_BOOKS: DemoBook[] = [
  {
    key: 'mechanics',
    author: 'grace',
    title: 'Mechanics Without Tears',
    subtitle: 'Forces, motion and energy for the final year of school',
    description:
      'Four short chapters that take you from Newton’s laws to energy and momentum the way a good teacher would: one idea at a time, a worked example for each, and the mistakes examiners see every year.\n\nWritten by a physics teacher who has marked a great many exam scripts.',
    category: 'academic',
    subject: 'physics',
    price: 999,
    previewChapters: 1,
    daysAgo: 158,
    chapters: [
      {
        title: 'What a force really is',
        body: `
<p>Every mechanics problem you will ever meet begins with the same question: what is pushing or pulling on this object, and how hard? A force is nothing more mysterious than that — a push or a pull, with a size and a direction. The size we measure in newtons; the direction we draw as an arrow.</p>
<p>Students often lose marks not because the physics is hard but because they skip the drawing. Before you write a single equation, sketch the object as a dot and draw every force acting <em>on</em> it. Not the forces it exerts on other things: only the ones acting on it. This picture is called a free-body diagram, and it is the most useful habit in the subject.</p>
<h2>The usual suspects</h2>
<p>Near the surface of the Earth, the forces you will meet again and again are few:</p>
<ul>
<li><strong>Weight</strong>, the pull of gravity, straight down, equal to <em>mg</em>.</li>
<li><strong>The normal force</strong>, the push of a surface, at right angles to it.</li>
<li><strong>Friction</strong>, along the surface, against the sliding (or the attempt to slide).</li>
<li><strong>Tension</strong>, the pull of a string or rope, along it and away from the object.</li>
</ul>
<p>If a force in your diagram is not one of these, ask yourself what, exactly, is touching the object to produce it. "The force of motion" is not a force. Nothing touches the object to supply it, so it does not belong on the page.</p>
<h2>Adding arrows</h2>
<p>Forces add like arrows, not like numbers. Two people pulling a sledge with 30 N each, at right angles to one another, do not produce 60 N: they produce about 42 N along the diagonal. When forces are not in a line, split each one into a horizontal and a vertical part, add the parts separately, and only then put the answer back together with Pythagoras.</p>
<p>That is the whole method. In the next chapter we will use it to see what Newton meant when he said that force changes motion rather than causing it.</p>`,
      },
      {
        title: 'Newton’s three laws, without the fog',
        body: `
<p>The first law says that an object keeps doing what it is doing — resting, or moving in a straight line at a steady speed — unless a resultant force acts on it. This runs against everyday experience, where a pushed trolley slows down and stops. But the trolley stops because friction acts on it. Take friction away, as on an air track, and the trolley glides on.</p>
<h2>The second law is a recipe</h2>
<p>The second law tells you how much the motion changes: the resultant force equals mass times acceleration, <em>F = ma</em>. Read it as a recipe with three steps:</p>
<ol>
<li>Draw the free-body diagram.</li>
<li>Add the forces along the direction of motion to get the resultant.</li>
<li>Divide by the mass to get the acceleration.</li>
</ol>
<p>Worked example: a 1,200 kg car is pushed forward by a driving force of 3,000 N while air resistance and friction together push back with 600 N. The resultant is 2,400 N forward, so the acceleration is 2,400 ÷ 1,200 = 2 m/s². Notice that we never used the 3,000 N on its own: only the resultant moves things.</p>
<h2>The third law is about pairs</h2>
<p>When you push on a wall, the wall pushes back on you with a force of the same size in the opposite direction. The two forces act on <em>different</em> objects, which is why they never cancel. The most common examination error in all of mechanics is to call weight and the normal force a third-law pair. They are not: both act on the same object. The partner of your weight is the pull you exert on the Earth.</p>
<p>Keep the three laws apart in your head — one about staying the same, one about changing, one about pairs — and most of the fog lifts.</p>`,
      },
      {
        title: 'Energy: the accountant’s view',
        body: `
<p>Forces and accelerations tell you what happens from moment to moment. Energy lets you skip the middle and compare the beginning with the end. Think of it as bookkeeping: energy is never created or destroyed, only moved from one account to another.</p>
<h2>The accounts</h2>
<ul>
<li><strong>Kinetic energy</strong>, the energy of motion: ½<em>mv</em>².</li>
<li><strong>Gravitational potential energy</strong>, the energy of height: <em>mgh</em>.</li>
<li><strong>Elastic energy</strong>, stored in a stretched spring or a bent bow.</li>
<li><strong>Thermal energy</strong>, where friction quietly deposits what it takes.</li>
</ul>
<p>A ball dropped from 5 m loses <em>mgh</em> of potential energy and gains the same amount of kinetic energy, if air resistance is small. Set the two equal and the mass cancels: ½<em>v</em>² = <em>gh</em>, so <em>v</em> = √(2 × 9.8 × 5) ≈ 9.9 m/s. No times, no accelerations, no equations of motion.</p>
<h2>Work is the transfer</h2>
<p>Work is how energy moves between accounts by a force: force times the distance moved in the direction of the force. Push a box 3 m with 50 N and you have done 150 J of work. If the box ends up moving no faster, friction has carried those 150 J into the thermal account, and the floor is very slightly warmer.</p>
<p>When a question mentions heights and speeds but not times, reach for energy first. It is almost always the shorter road.</p>`,
      },
      {
        title: 'Momentum and collisions',
        body: `
<p>Momentum is mass times velocity, and unlike energy it has a direction. Its great property is that in a collision, with no outside force, the total momentum before equals the total momentum after. This holds even when the colliding objects crumple, stick together or bounce apart.</p>
<h2>A worked collision</h2>
<p>A 2 kg trolley moving at 3 m/s runs into a stationary 1 kg trolley and they couple together. Before: 2 × 3 = 6 kg m/s. After: the combined 3 kg moves at <em>v</em>, so 3<em>v</em> = 6 and <em>v</em> = 2 m/s.</p>
<p>Now check the energy. Before: ½ × 2 × 3² = 9 J. After: ½ × 3 × 2² = 6 J. Three joules have gone — into sound, heat and the bending of the coupling. Momentum is conserved; kinetic energy, in a collision like this, is not. Examiners love to ask which one, and now you know.</p>
<h2>Impulse</h2>
<p>A force acting for a time changes momentum by force × time, which we call impulse. That is why airbags, crumple zones and bent knees on landing all work the same way: they stretch the time over which your momentum changes, so the force on you is smaller.</p>
<ul>
<li>Same change in momentum.</li>
<li>Longer time.</li>
<li>Smaller force.</li>
</ul>
<p>With forces, energy and momentum in hand, you have the three tools that solve nearly every mechanics question on the paper. Practise choosing the right one before you start writing, and the rest is arithmetic.</p>`,
      },
    ],
  },
  {
    key: 'salt-road',
    author: 'tomas',
    title: 'The Salt Road',
    subtitle: 'A novel in three crossings',
    description:
      'Every spring, Inés Aranda drives the old salt road across the flats to the coast, carrying letters nobody else will carry. This year a stranger asks for a ride, and the road remembers things she has worked hard to forget.\n\nA short novel about distance, debts and the people who wait at the other end.',
    category: 'fiction',
    price: 499,
    previewChapters: 1,
    daysAgo: 121,
    chapters: [
      {
        title: 'The first crossing',
        body: `
<p>The flats were white before dawn, white the way a page is white before anyone has ruined it. Inés Aranda stood beside the truck with a mug of coffee going cold in her hand and watched the light come up behind the mountains, the way her father had watched it, as if the day needed supervising.</p>
<p>The letters were already in the cab. Forty-one of them this year, tied in bundles with kitchen string, each addressed in a hand that shook a little more than last year's. Nobody in San Aurelio trusted the post. The post went through the capital, and what went through the capital did not always come out again.</p>
<p>"You're the one who drives to the sea."</p>
<p>She had not heard him come. He was young, or young enough, with a canvas bag over one shoulder and the careful stillness of someone who had rehearsed the sentence. His boots were wrong for the flats. City boots.</p>
<p>"I'm the one who drives to Puerto Lindo," she said. "The sea is somebody else's business."</p>
<p>"I can pay."</p>
<p>"Everybody can pay. That isn't the question." She finished the coffee, because it was there, and looked at him properly. He had a face that was trying not to want anything. She knew the look. She had worn it herself, at his age, on the day she left.</p>
<h2>Rules of the road</h2>
<p>There were three, and her father had painted them on the inside of the glovebox, where only the driver would see them:</p>
<ul>
<li>Never leave the tracks after the rains.</li>
<li>Never drive the flats at noon.</li>
<li>Never ask a passenger why.</li>
</ul>
<p>She opened the passenger door. "It's two days," she said. "We sleep in the truck. If you talk, talk about something other than yourself."</p>
<p>He climbed in as if the seat might be taken back. Inés started the engine, and the salt road opened in front of them, straight and shining, all the way to the edge of the world.</p>`,
      },
      {
        title: 'Noon',
        body: `
<p>They broke the second rule on the first day, which was not the stranger's fault. A tyre went a little after eleven, and by the time Inés had the spare on and the jack stowed, the sun stood directly overhead and the flats had stopped being a place and become a kind of noise.</p>
<p>"We wait," she said, and lay down in the strip of shade the truck threw, and after a while he lay down beside her.</p>
<p>His name was Julián. He told her that much without being asked, and then, keeping the bargain, talked about other things: the price of bread in the capital, a dog that slept on the steps of the national library, a song his grandmother used to sing about a girl who married the wind. Inés knew the song. Everyone from the flats knew it. She said nothing, and he did not notice, or pretended not to.</p>
<p>The heat made the horizon swim. Out there, a mile off, the old salt works stood up out of the glare like a ship — the chimney, the long sheds, the wooden pier that reached out into nothing, built in the years when the lake still came that far. Her father had worked there. So, for one summer, had she.</p>
<h2>What the road keeps</h2>
<p>"Does anyone live there?" Julián asked.</p>
<p>"No."</p>
<p>"There's smoke."</p>
<p>She sat up. There was smoke: a thin grey thread from the chimney, straight up in the still air, the way smoke rises only when somebody is tending a fire and has nowhere to be.</p>
<p>The third rule said never ask a passenger why. It said nothing about asking yourself. Inés watched the smoke for a long time, until the sun had tipped past the top of the sky and the flats became a place again, and then she got up and started the truck and drove on towards the sea without turning her head.</p>
<p>Julián watched the salt works until it was gone. She felt him watching. She did not ask.</p>`,
      },
      {
        title: 'Puerto Lindo',
        body: `
<p>The coast arrived the way it always did, first as a smell and then as a colour, a band of darker blue laid along the bottom of the sky. Puerto Lindo was a harbour, a church and a street of houses painted the colours of sweets, and at the end of the street was the post office where Señora Ibáñez had waited for the salt road letters for thirty-one years.</p>
<p>Inés handed over the bundles one at a time. The Señora counted them twice, as she always did, and wrote the number in a ledger that was older than both of them.</p>
<p>"Forty-one," she said. "And one more, I think."</p>
<p>Julián was standing in the doorway with his canvas bag. He took out an envelope, soft with handling, and laid it on the counter. It was addressed in a hand Inés knew better than her own. Her father's.</p>
<h2>The last letter</h2>
<p>"He gave it to me in the capital," Julián said. "At the hospital. He said you would be driving, and that I should not say who it was from until we reached the sea. He said you would not take it otherwise."</p>
<p>She wanted to say that this was not true. She found she could not.</p>
<p>"He said the smoke would be the hardest part," Julián said. "He used to light the stove at the salt works, he told me, on the days he missed you. So that if you ever drove past, you would know somebody was home."</p>
<p>Inés picked up the letter. Outside, the fishing boats were coming in, and the gulls were arguing over them, and the light on the water was doing what light on water has always done, which is to make the distance look crossable.</p>
<p>"Next spring," she said, "you'll need better boots."</p>
<p>It was not forgiveness. It was a road. Sometimes, her father used to say, that is the same thing, only longer.</p>`,
      },
    ],
  },
  {
    key: 'cell',
    author: 'mei',
    title: 'The Cell, Explained',
    subtitle: 'A short guide to the machinery of life',
    description:
      'What a cell is made of, how it reads its own instructions and how it makes more of itself, in plain words and with as few acronyms as possible.\n\nFor students starting biology, and for anyone who has nodded along to the word "mitochondria" without being sure why.',
    category: 'academic',
    subject: 'biology',
    price: 699,
    previewChapters: 1,
    daysAgo: 96,
    chapters: [
      {
        title: 'A city in a droplet',
        body: `
<p>A cell is the smallest thing that is alive by itself. It takes in food, turns it into energy, repairs itself and, given the chance, makes copies of itself. Your body has around thirty trillion of them, and each one is busier than any city.</p>
<p>The city comparison is old, but it holds up well, so let us use it. Every city needs a boundary, a government, power stations, factories and a postal service. So does a cell.</p>
<h2>The parts, and their jobs</h2>
<ul>
<li><strong>The membrane</strong> is the city wall, though a wall with very fussy gates: it lets water and oxygen through freely and checks everything else.</li>
<li><strong>The nucleus</strong> is the library where the plans are kept — the DNA — and it never lends out the originals, only copies.</li>
<li><strong>Mitochondria</strong> are the power stations, turning sugar and oxygen into a small, portable energy currency the cell can spend anywhere.</li>
<li><strong>Ribosomes</strong> are the factories, building proteins from the copied plans.</li>
<li><strong>The endoplasmic reticulum and Golgi apparatus</strong> are the post office: they fold, label and ship the proteins to where they are needed.</li>
</ul>
<p>Plant cells add two more things: a rigid cell wall outside the membrane, and chloroplasts, which capture sunlight to make sugar in the first place. Bacteria manage without a nucleus at all; their DNA simply floats in the cell, like a library with no building.</p>
<h2>Why size matters</h2>
<p>Cells are small for a reason. Everything a cell needs comes in through its surface, and everything it uses is spread through its volume. When a cell doubles in width, its surface grows four times but its volume eight times, so the gates cannot keep up with the city. That is why big organisms are made of many small cells, not a few big ones.</p>`,
      },
      {
        title: 'Reading the instructions',
        body: `
<p>DNA is a very long message written with four letters: A, T, G and C. A gene is one sentence in that message, and most genes are instructions for building a single protein. But the nucleus never sends the DNA itself to the factory. It sends a copy.</p>
<h2>Two steps: copy, then translate</h2>
<ol>
<li><strong>Transcription.</strong> In the nucleus, an enzyme runs along the gene and builds a matching strand of RNA, a working copy. The copy is edited, capped and sent out through a pore in the nuclear membrane.</li>
<li><strong>Translation.</strong> At a ribosome, the RNA is read three letters at a time. Each three-letter word, called a codon, stands for one amino acid, and the ribosome links the amino acids in order into a chain.</li>
</ol>
<p>The chain then folds into a shape, and the shape is everything: an enzyme works because its pocket fits one molecule and not another, the way a key fits one lock.</p>
<h2>When a letter changes</h2>
<p>A mutation is a change in the letters. Many change nothing at all, because several codons can mean the same amino acid. Some change one amino acid and barely alter the shape. A few change the shape enough to matter. In sickle cell disease, a single letter in the gene for haemoglobin changes one amino acid out of nearly 150, and the protein clumps together when oxygen is low.</p>
<p>One letter out of three billion. It is a good reminder of how exact the machinery is, and how remarkable it is that it works as well as it does.</p>`,
      },
      {
        title: 'Making more cells',
        body: `
<p>You started as a single cell. Everything since has been division: one cell becoming two, two becoming four, and so on, about forty-odd rounds of doubling with a great deal of specialising along the way.</p>
<h2>Mitosis: an exact copy</h2>
<p>Before a cell divides, it copies all of its DNA. The copies coil up into the compact X-shapes you see in textbook pictures, line up across the middle of the cell, and are pulled apart to opposite ends by fibres like tiny ropes. The cell then pinches in two. Each daughter cell gets a complete and identical set of instructions.</p>
<p>The stages have names that examiners like:</p>
<ul>
<li><strong>Prophase</strong>: the DNA coils up and becomes visible.</li>
<li><strong>Metaphase</strong>: the chromosomes line up in the middle.</li>
<li><strong>Anaphase</strong>: the copies are pulled apart.</li>
<li><strong>Telophase</strong>: two new nuclei form, and the cell divides.</li>
</ul>
<p>A memory trick that works for most students: the chromosomes <em>p</em>repare, <em>m</em>eet in the middle, <em>a</em>part, and <em>t</em>wo.</p>
<h2>Meiosis: a shuffled half</h2>
<p>Eggs and sperm are made differently. In meiosis, the cell divides twice, and each resulting cell carries only half of the DNA — one copy of each chromosome instead of two. On the way, matching chromosomes swap pieces, so every egg and every sperm carries a different mixture of a parent's genes.</p>
<p>That shuffle is why siblings differ, and why a species can adapt. Mitosis keeps a body the same; meiosis keeps a population changing. Between them, they are most of what it means to be alive.</p>`,
      },
    ],
  },
  {
    key: 'recursion',
    author: 'priya',
    title: 'Thinking in Recursion',
    subtitle: 'A free pocket guide for programmers who find it strange',
    description:
      'Recursion feels like a trick until you see it as a way of trusting smaller problems. Three short chapters, with small examples in plain pseudocode, that make it feel ordinary.\n\nFree to read: add it to your library.',
    category: 'academic',
    subject: 'computer-science',
    price: 0,
    previewChapters: 1,
    daysAgo: 10,
    chapters: [
      {
        title: 'Trust the smaller problem',
        body: `
<p>Most people meet recursion through factorials and leave more confused than they arrived. The trouble is not the idea; it is that we try to follow every call in our heads, all the way down, like watching each domino fall. Stop watching the dominoes.</p>
<p>A recursive function solves a problem by assuming it can already solve a smaller version of the same problem. That is all. You do not trace the smaller call. You trust it, the way you trust a library function whose inside you have never read.</p>
<h2>Two questions</h2>
<p>Every recursive function answers two questions:</p>
<ol>
<li><strong>When is the problem so small that the answer is obvious?</strong> This is the base case.</li>
<li><strong>If someone handed me the answer to a slightly smaller problem, how would I finish the job?</strong> This is the recursive step.</li>
</ol>
<p>Take the sum of a list. The empty list sums to zero: that is obvious. For any other list, if someone gave me the sum of everything after the first item, I would add the first item to it. Written down, that is the whole function, and it is correct because both answers are correct — not because I traced it.</p>
<h2>Where people go wrong</h2>
<ul>
<li>Forgetting the base case, so the function never stops.</li>
<li>A "smaller" problem that is not actually smaller, with the same result.</li>
<li>Trying to trace the whole thing instead of checking the two answers.</li>
</ul>
<p>In the next chapter we will use the same two questions on something that is genuinely awkward without recursion: a tree.</p>`,
      },
      {
        title: 'Trees are recursive already',
        body: `
<p>A folder on your computer contains files and other folders, which contain files and other folders. That definition mentions itself, and so the code that works with folders can too. Data shaped like this is called a tree, and recursion is simply the natural way to walk one.</p>
<h2>Counting files</h2>
<p>Ask the two questions. When is it obvious? A file counts as one. Otherwise, for a folder: if someone told me how many files were in each folder inside it, I would add those numbers up, plus the plain files sitting at this level.</p>
<p>Notice that we never had to say how deep the folders go. A loop would need to keep a list of folders still to visit; the recursive version keeps that list for you, on the call stack, for free.</p>
<h2>The call stack</h2>
<p>Each call waits for the calls it made to come back, so the computer keeps a stack of unfinished work. That is fine for folders a few dozen levels deep. It is not fine for a chain a million items long, where the stack runs out. For such cases, the usual fixes are:</p>
<ul>
<li>turn the recursion into a loop with your own explicit stack;</li>
<li>rewrite it so the recursive call is the very last thing done, in languages that make that cheap.</li>
</ul>
<p>Knowing when not to recurse is part of thinking recursively.</p>`,
      },
      {
        title: 'Divide and conquer',
        body: `
<p>The most powerful use of recursion is to split a problem into halves, solve each half, and combine the results. Sorting is the classic example.</p>
<h2>Merge sort in three lines of thought</h2>
<ol>
<li>A list of zero or one items is already sorted.</li>
<li>Otherwise, split it in half and sort each half — trust the smaller problem.</li>
<li>Merge the two sorted halves by repeatedly taking the smaller front item.</li>
</ol>
<p>Because the list halves at every level, there are only about log₂ <em>n</em> levels, and each level does <em>n</em> steps of merging. That is why merge sort takes time proportional to <em>n</em> log <em>n</em>, which for a million items is some fifty times faster than the simple sorts that compare every pair.</p>
<h2>Recognising the pattern</h2>
<p>Divide and conquer turns up whenever a problem has the same shape at every size: searching a sorted list, multiplying huge numbers, finding the closest pair of points on a map, rendering a fractal. When you meet a new problem, ask whether half of it looks like the whole. If it does, you already know how to start.</p>
<p>That is the real lesson of recursion. It is not a trick for factorials. It is the habit of describing a thing in terms of smaller copies of itself — and then trusting the copies.</p>`,
      },
    ],
  },
]
