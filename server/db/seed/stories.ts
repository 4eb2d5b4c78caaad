import type { DemoPost } from './types.ts'

// Fiction and true stories, plus one post waiting for review and one draft.
export const STORY_POSTS: DemoPost[] = [
  {
    author: 'tomas',
    category: 'fiction',
    title: 'The Lighthouse Keeper’s Last Letter',
    excerpt:
      'The lamp was automated in the spring. Before he left the island, Elias wrote one more entry in the log, addressed to whoever came next.',
    tags: ['short-story', 'sea', 'solitude'],
    daysAgo: 21,
    featured: true,
    comments: [
      { by: 'hannah', body: 'That last line. I had to put my phone down for a minute.' },
      { by: 'mei', body: 'The detail about counting the seconds between flashes is so quietly sad.' },
      { by: 'grace', body: 'Beautiful. More like this, please.' },
    ],
    body: `
<p>The men from the authority came in April with a crate of electronics and a cheerful young engineer named Petra, who called the lamp "she" and the island "the site". By the end of the week the light would turn itself on at dusk and off at dawn, and would report its own faults by radio to an office in the city. Elias Varga, keeper of the Skarv Point light for thirty-one years, would be driven to the mainland on the Friday boat.</p>
<p>He did not argue. He made them coffee. He showed Petra where the damp came in under the lantern-room door and which step on the spiral stair had been loose since 1987. She wrote it all down on a tablet and thanked him, and he could tell she meant it.</p>
<h2>The log</h2>
<p>On the Thursday night, after the engineers had gone to bed in the old store room, Elias climbed the stair one last time with the logbook under his arm. It was the ninth volume. The first had been started by a keeper called Andersen in 1894, in a hand like copperplate, and every night since, someone had written the weather, the visibility, the ships that passed and the hour the lamp was lit.</p>
<p>He sat on the iron bench under the lens, where he had sat through gales and through summer nights so bright the lamp seemed pointless, and he wrote:</p>
<blockquote><p>22:00. Wind SW 4. Sea moderate. Visibility good. Light exhibited 20:41. One trawler passed north at 21:15, the <em>Marit</em>, which I have watched come home for nineteen years. I do not think her skipper knows my name. That is how it should be.</p></blockquote>
<p>Then he turned the page and kept writing, which no keeper had ever done.</p>
<h2>To whoever comes next</h2>
<p>He wrote that the light was four seconds on and eleven off, and that in fog he used to count the eleven out loud, so as not to feel alone. He wrote that the gulls nested on the north wall and would shriek at anyone who came near in June, and that they were not to be blamed for it. He wrote that the light did not need a keeper any more; it had not needed one, strictly, for years. But the island did.</p>
<p>"Someone ought to notice," he wrote, "when the eider ducks come back, and when the first swallow sits on the rail. Someone ought to see the light from outside, from the rocks, on a clear night, and think: there it is. It does not mind being unseen. But it is better seen."</p>
<h2>The boat</h2>
<p>On Friday Petra carried his bag down to the jetty. He gave her the logbook and asked her to keep it somewhere dry. She looked at the last pages and started to say something, then didn't.</p>
<p>The boat pulled away. Elias did not look back until they were round the headland, and by then it was dusk, and the lamp was turning on its own: four seconds on, eleven off.</p>
<p>He counted the eleven out loud. The skipper pretended not to hear.</p>
`,
  },
  {
    author: 'tomas',
    category: 'fiction',
    title: 'Tuesday at the Laundromat',
    excerpt:
      'Two strangers, one broken dryer and forty minutes with nothing to do but talk. A short story about the conversations we only have with people we will never see again.',
    tags: ['short-story', 'city', 'strangers'],
    daysAgo: 8,
    comments: [{ by: 'priya', body: 'The bit about folding a stranger’s socks is perfect. So specific.' }],
    body: `
<p>The dryer at the end, number nine, had eaten three of Nour's coins and given nothing back. She hit it with the flat of her hand, which did not help, and then sat down on the plastic bench to wait for number four, which an old man in a tweed cap had just loaded.</p>
<p>"Nine is a liar," he said, not looking up from his newspaper. "It's been a liar since the Olympics."</p>
<p>"Which Olympics?"</p>
<p>"Does it matter? A liar is a liar."</p>
<h2>Forty minutes</h2>
<p>His name was Aurelio. He came every Tuesday, he said, because his wife had always done the washing on Tuesdays and he saw no reason to change the day just because she had died. He said it plainly, the way you might say it was raining.</p>
<p>Nour told him she had moved to the city in January for a job she did not like yet. She told him things she had not told her sister: that she ate dinner standing up, that she had not unpacked the box marked <em>BOOKS</em>, that she sometimes walked home the long way to be near other people without having to speak to them.</p>
<p>"Ah," said Aurelio. "The laundromat method."</p>
<p>"The what?"</p>
<p>"You come here, you are near people, nobody expects anything. Everybody's socks go round together. Very democratic."</p>
<h2>The socks</h2>
<p>When his dryer stopped, he did something she did not expect. He emptied it onto the folding table and began pairing socks, slowly, with great care, and after a moment he pushed half the pile towards her.</p>
<p>"My eyes," he said. "Blue and black. Tell me which is which."</p>
<p>So she stood beside a stranger and folded his socks, and they did not talk much. It was the most ordinary thing she had done in months, and the least lonely.</p>
<p>When he left, he nodded at number four. "It's yours now. It is honest. Tuesdays, it's always free at this time."</p>
<p>She put her coins in. The drum began to turn. Through the window the street lights came on, one by one, and she realised she had already decided she would come back next Tuesday, and that she would bring the box marked <em>BOOKS</em> to read while she waited.</p>
`,
  },
  {
    author: 'tomas',
    category: 'fiction',
    title: 'The Cartographer’s Daughter',
    excerpt:
      'Her father mapped every street in the city except one. The first chapter of a longer story, for subscribers.',
    tags: ['serial', 'mystery', 'maps'],
    daysAgo: 4,
    access: 'subscribers',
    comments: [{ by: 'hannah', body: 'Subscribed just for this. When is chapter two?' }],
    body: `
<p>My father made maps of Valdora for forty years, and every one of them had the same mistake in it.</p>
<p>Between Calle del Pozo and the old tram depot, where the hill begins, there is a short street with a fountain, a bakery and six narrow houses with green shutters. I walked it every morning to school. It is on no map my father ever drew. Where it should be, his maps show the depot wall running straight and unbroken, as if the street had never existed.</p>
<h2>The drawer</h2>
<p>I did not ask him about it while he was alive. Children accept that their parents have quirks, and mine had many: he ironed his handkerchiefs, he would not use a red pen, and he spoke to his drawing table as if it were a horse that needed calming.</p>
<p>It was only after the funeral, clearing his workroom, that I found the drawer. It was the bottom drawer of the plan chest, and it was locked, and the key was taped to the underside of his table where only someone sitting in his chair would ever feel it.</p>
<p>Inside were forty maps. One for every year he had worked. Each one showed the street.</p>
<h2>Forty versions</h2>
<p>They were not copies. In the first, from 1979, the street had four houses, not six, and the fountain was a well. Over the years the houses multiplied, the bakery appeared, the shutters were coloured in with a green pencil I recognised from his desk. In the most recent map, finished a month before he died, there was a seventh house at the top of the street, drawn in faint pencil, with no door.</p>
<p>In the margin, in his small, square handwriting, he had written:</p>
<blockquote><p>For Inés, when she is ready to look.</p></blockquote>
<p>I am Inés. I was not ready. I put the maps back, locked the drawer and walked home the long way, so as not to pass the street with the green shutters.</p>
<p>The next morning I went back, with the newest map folded in my coat pocket, and I counted the houses.</p>
<p>There were seven.</p>
`,
  },
  {
    author: 'hannah',
    category: 'fiction',
    title: 'The Clockmaker of Lindenstraße',
    excerpt:
      'In 1989 a clockmaker in Leipzig stopped every clock in his shop at the same minute, and refused to say why. A story about waiting for history.',
    tags: ['historical-fiction', 'leipzig', 'short-story'],
    daysAgo: 12,
    comments: [
      { by: 'tomas', body: 'Historical fiction that wears its research this lightly is rare. Lovely work.' },
      { by: 'mei', body: 'I got goosebumps when the clocks started again.' },
    ],
    body: `
<p>Herr Albrecht's shop on the Lindenstraße held a hundred and twelve clocks, and for as long as anyone could remember, all of them had told the right time. People set their watches by his window. Schoolchildren ran past it to see whether they were late.</p>
<p>So when, one Monday evening in October 1989, every clock in the shop stopped at exactly 18:35, the street noticed.</p>
<h2>The question</h2>
<p>Frau Weber from the pharmacy asked first. Was he unwell? Had the mechanisms failed? He said he was perfectly well, thank you, and the mechanisms were in excellent order. He had stopped them himself.</p>
<p>"But why?"</p>
<p>He smiled and wound his own wristwatch, which was still running, and said nothing.</p>
<p>The rumours began at once. He had lost his mind. He was sending a signal to someone. He had been told to, by the people in the grey building on the Dittrichring, who told everyone to do things. A man from that building came to look at the clocks and went away again, puzzled, because there is no law against a stopped clock.</p>
<h2>Mondays</h2>
<p>Every Monday evening that autumn, the crowds gathered after the prayers for peace at the Nikolaikirche, and walked the ring road with candles. Every week there were more of them. People who walked past Herr Albrecht's window on the way noticed that the hands still pointed at 18:35, the minute when, on the first of those Mondays, he had locked his door and joined them.</p>
<p>"I am waiting," he finally told Frau Weber, when she pressed him. "I am waiting to see what time it really is."</p>
<h2>November</h2>
<p>On the night of the ninth of November, the news came over the television that the border was open. The street filled with people who did not know whether to laugh or cry and did both. Somebody knocked on the shop window and pointed.</p>
<p>Inside, Herr Albrecht was moving from clock to clock, setting each one, starting each pendulum with a small, careful push. It took him more than an hour. When he had finished, a hundred and twelve clocks ticked together, and the street outside applauded as if at the end of a concert.</p>
<p>He came to the door, a little embarrassed, and bowed.</p>
<blockquote><p>"There," he said. "Now it is the right time."</p></blockquote>
`,
  },
  {
    author: 'priya',
    category: 'fiction',
    title: 'Merge Conflict',
    excerpt:
      'A software engineer discovers that someone has been committing code to her project at 3 a.m. under her own name. Very short fiction for very tired developers.',
    tags: ['flash-fiction', 'software', 'speculative'],
    daysAgo: 1,
    comments: [{ by: 'grace', body: 'I laughed, and then I felt slightly unsettled. Well done.' }],
    body: `
<p>The first commit appeared on a Wednesday, timestamped 03:12, with the message <code>fix off-by-one in pagination</code>. It was authored by Anjali Rao. Anjali Rao had been asleep at 03:12. She was sure of it, because she had been dreaming about pagination.</p>
<p>She read the diff on her phone on the train. It was a good fix. It was, in fact, exactly the fix she had been trying to find for three days, and it was written in her style, down to the habit of naming loop variables after rivers.</p>
<h2>The pattern</h2>
<p>There were more. Thursday, 02:47: <code>handle empty cursor</code>. Friday, 03:30: <code>remove dead code (sorry)</code>. The "sorry" was very much her. She checked the logs: the commits came from her laptop, which had been closed on her kitchen table, charging, while she slept twelve feet away.</p>
<p>She told nobody at first. She reviewed the commits the way she would review a colleague's, leaving polite comments, and by morning each comment had a reply. <em>Good catch.</em> <em>Agreed, will rename.</em> <em>No, the river names stay.</em></p>
<p>Her manager said it was probably a scheduled script. Her partner said it was probably her, sleepwalking. Her cat said nothing, but looked guilty in the way cats always do.</p>
<h2>Saturday</h2>
<p>On Saturday night she stayed up. She made a pot of tea, opened the laptop and watched the repository. At 03:05 her eyes closed for what felt like a second.</p>
<p>When she opened them, there was a new branch called <code>note-to-self</code>. It contained a single file.</p>
<pre><code># README
You keep solving it in your sleep and forgetting by morning.
I am just writing it down.
Please go to bed earlier.
— A.</code></pre>
<p>She sat looking at it for a long time. Then she approved the pull request, closed the laptop, and went to bed at eleven every night for a month.</p>
<p>The bugs, oddly, got harder to fix. But she felt much better.</p>
`,
  },
  {
    author: 'tomas',
    category: 'true-story',
    title: 'The Night the Newsroom Went Dark',
    excerpt:
      'A power cut, an hour to deadline and forty journalists with one working typewriter. How a regional paper made it to press anyway.',
    tags: ['journalism', 'memoir', 'teamwork'],
    daysAgo: 17,
    comments: [
      { by: 'hannah', body: 'The sports editor dictating by candlelight deserves a film.' },
      { by: 'priya', body: 'This is the best argument for keeping old equipment I have ever read.' },
    ],
    body: `
<p>At 21:04 on a Thursday in February 2003, every light on the third floor of the <em>Diario del Sur</em> went out at once. So did every computer, every phone and the coffee machine, which for some of us was the real tragedy. The first edition had to be at the printing plant, twelve kilometres away, by 22:30.</p>
<p>I was twenty-six and on the night desk. It is the only deadline from those years I remember minute by minute.</p>
<h2>What we had</h2>
<p>Somebody found torches. Somebody else found candles, left over from the editor's birthday. The emergency generator, we learned, powered the lifts and the security office, and nothing else. We took stock:</p>
<ul>
<li>Most of the stories were finished, but they were on the server, which was dead.</li>
<li>The printing plant had power and a fax machine.</li>
<li>Our own fax had no power.</li>
<li>In a cupboard, under a pile of old phone books, there was an Olivetti typewriter that belonged to the obituaries editor, who refused to throw it away.</li>
</ul>
<h2>The plan</h2>
<p>Luisa, the chief sub-editor, stood on a desk with a torch under her chin and gave orders like a ship's captain. Reporters would rewrite their stories from their notebooks and from memory, shorter than before. Three people would type, in turns, on the Olivetti. A motorbike courier, who happened to be downstairs waiting to collect an envelope, would carry the pages to the plant.</p>
<p>The sports editor could not wait for the typewriter, so he went down to the security office, where the phone still worked, and dictated the football report to the plant's night foreman, who typed it himself. He read every score twice, slowly, by candlelight.</p>
<blockquote><p>"Short sentences," Luisa kept saying. "Nobody has ever complained that a paper was too clear."</p></blockquote>
<h2>22:26</h2>
<p>The courier left with the last pages at 22:11 and rang from the plant at 22:26. The first edition went out eighteen minutes late, with fewer pages, no photographs and, a reader later wrote to tell us, the cleanest prose the paper had printed in years.</p>
<p>The power came back at half past midnight. Nobody cheered. We were too tired. But the next morning the obituaries editor found a small bunch of flowers on his Olivetti, and a note, signed by the whole night desk, that said simply: <em>Never throw it away.</em></p>
`,
  },
  {
    author: 'tomas',
    category: 'true-story',
    title: 'My Grandmother’s Recipe Box',
    excerpt:
      'Ninety-one index cards, a lifetime of handwriting and one recipe that was never about food. What I found when I finally opened it.',
    tags: ['family', 'memoir', 'food'],
    daysAgo: 10,
    featured: true,
    comments: [
      { by: 'mei', body: 'My grandmother wrote "enough" instead of amounts too. This made me cry a little.' },
      { by: 'grace', body: 'The last card. Oh.' },
    ],
    body: `
<p>After my grandmother died, the family divided her things in the way families do: carefully, politely and with a few old arguments nobody mentioned. I asked for one thing only, a battered tin box with a picture of a windmill on the lid. It held her recipes, and it sat on my shelf for three years before I could open it.</p>
<h2>Ninety-one cards</h2>
<p>There were ninety-one index cards, written in blue ink that had faded to grey. The earliest were in careful, schoolroom handwriting; the later ones grew looser, slanted, sometimes written in a hurry on the back of an envelope and tucked in with the rest.</p>
<p>Almost none of them had proper quantities. "Flour, enough." "Sugar, less than you think." "Bake until it smells done." One card, for a lentil soup, said only: <em>Like your mother makes it, but with more patience.</em></p>
<h2>The notes in the margins</h2>
<p>What I had not expected were the notes. She had written beside the recipes who she made them for, and when:</p>
<ul>
<li>Beside the almond cake: <em>Tomás's first birthday. He ate the candle.</em></li>
<li>Beside the rice pudding: <em>For Rafael, the winter he was ill. Twice a day for a month.</em></li>
<li>Beside a fish stew: <em>The night the factory closed. Everyone came. Nobody talked about it.</em></li>
</ul>
<p>The box was not a cookbook. It was a diary, kept in the only place she ever had time to write.</p>
<h2>The last card</h2>
<p>The final card was at the back, in the shaky hand of her last year. At the top it said <em>Sunday lunch</em>, and underneath, instead of ingredients, it said:</p>
<blockquote><p>Call everyone. Make too much. Let them take the rest home. It does not matter what you cook.</p></blockquote>
<p>Last month I made her almond cake for the first time. It came out dense and slightly burnt, because "bake until it smells done" assumes a nose I do not yet have. My daughter ate two slices anyway, and then, without anyone telling her to, tried to eat the candle.</p>
<p>I wrote it in the margin.</p>
`,
  },
  {
    author: 'priya',
    category: 'true-story',
    title: 'I Deleted the Production Database on My Second Day',
    excerpt:
      'A junior engineer, a terminal window in the wrong tab and a very long afternoon. What my team did next taught me more than any course.',
    tags: ['career', 'software', 'mistakes'],
    daysAgo: 7,
    comments: [
      {
        by: 'grace',
        body: 'Your lead is a role model. "What did the system let you do" is the right question.',
      },
      { by: 'tomas', body: 'Every profession needs a story like this told this honestly.' },
      { by: 'hannah', body: 'The cake with DROP TABLE on it is wonderful.' },
    ],
    body: `
<p>It was my second day at my first real job. I had a laptop with stickers still on it, a checklist for setting up my development environment, and two terminal windows open: one connected to my local database, one, for reasons I still cannot fully explain, connected to production.</p>
<p>The checklist said: <em>drop and recreate your local database</em>. I typed the command into the wrong window.</p>
<h2>The silence</h2>
<p>For about four seconds nothing happened. Then the team chat lit up. Orders were failing. The dashboard was empty. Someone in support asked, politely, whether the website was meant to say "relation does not exist".</p>
<p>I remember the feeling exactly: cold, then hot, then a sort of floating calm, as if I were watching it happen to someone else. I walked to my team lead's desk and said, "I think I deleted production."</p>
<h2>What she did</h2>
<p>Meera did not raise her voice. She said, "Okay. Thank you for telling me straight away. That is the most important thing you will do today." Then she did three things, in order:</p>
<ol>
<li>She put the site into maintenance mode, so no more orders would fail half-way.</li>
<li>She started restoring last night's backup, plus the transaction logs since then.</li>
<li>She sat me down next to her and asked me to write down, minute by minute, exactly what I had done.</li>
</ol>
<p>We were back in two hours and forty minutes. We lost eleven minutes of data, which the support team recovered from emails by hand.</p>
<h2>The review</h2>
<p>The next week there was a review meeting. I expected to be fired. Instead, the first question Meera asked the room was: <em>"Why was a new starter's laptop able to connect to the production database with permission to drop it?"</em></p>
<p>Nobody talked about me at all. They talked about access rights, about colour-coding production terminals red, about making the setup script refuse to run against any host but localhost. All of it was done within a fortnight.</p>
<blockquote><p>People make mistakes. Systems decide how much those mistakes cost.</p></blockquote>
<p>On my first anniversary at the company, the team gave me a cake with <code>DROP TABLE</code> piped on it in icing. I have since been on the other side of that desk, when a new engineer walked up white-faced. I said the same words Meera said to me. They worked just as well the second time.</p>
`,
  },
  {
    author: 'grace',
    category: 'true-story',
    title: 'The Day My Students Built a Clock',
    excerpt:
      'No lab budget, forty students and a pendulum made from a shoelace and a padlock. The best physics lesson I never planned.',
    tags: ['teaching', 'lagos', 'experiments'],
    daysAgo: 13,
    comments: [
      { by: 'priya', body: 'The padlock pendulum is genius. Teachers like you are why people love science.' },
      { by: 'mei', body: 'Timing it against the call to prayer is such a wonderful detail.' },
    ],
    body: `
<p>The school where I teach in Lagos has many good things: bright students, patient colleagues and a mango tree that shades half the yard. It does not have a physics laboratory budget. So when my class asked, the week before their exams, whether the time period of a pendulum really did not depend on its mass, I had no stopwatches, no clamp stands and no brass weights to show them.</p>
<h2>The inventory</h2>
<p>I asked them to empty their bags onto the desks. Within a few minutes we had:</p>
<ul>
<li>a shoelace, a length of string and a phone charging cable;</li>
<li>two padlocks of different sizes, a stone and a key ring;</li>
<li>a metre rule with the first ten centimetres snapped off;</li>
<li>eleven phones, every one of which had a stopwatch.</li>
</ul>
<p>We tied the shoelace to the window bars and hung a padlock from it. Adaeze, who is quiet in class but very precise, took charge of timing. We agreed to time twenty swings and divide, because one swing is too short to time accurately. They knew this rule from the textbook. Now they understood why.</p>
<h2>The experiments</h2>
<p>First, the big padlock, then the small padlock, then the stone. The times for twenty swings came out within half a second of each other. Someone accused Adaeze of cheating. She made him time it himself. Same answer.</p>
<p>Then we shortened the shoelace to a quarter of its length, and the swings came twice as fast. A boy at the back said, "So it is the length, not the weight," and then, after a pause, "It's a square root, isn't it?" The whole class turned to look at him as if he had performed a magic trick.</p>
<h2>The clock</h2>
<p>By the end of the double lesson they had decided to build a clock. They calculated that a pendulum about a metre long swings once every second, cut the string to length, and counted swings for a full five minutes against the phone, then against the call to prayer from the mosque across the road, which everyone agreed was the most reliable clock in the district.</p>
<blockquote><p>"Ma, we don't need a lab," Adaeze told me. "We need a window and a padlock."</p></blockquote>
<p>Every student in that class answered the pendulum question correctly in the exam. I have taught that lesson the same way every year since. The padlock lives in my drawer, with a label on it in Adaeze's handwriting: <em>Property of the Physics Department.</em></p>
`,
  },
  {
    author: 'mei',
    category: 'academic',
    subject: 'biology',
    title: 'CRISPR in Plain Words',
    excerpt:
      'Bacteria invented a way to cut DNA at a chosen spot. Scientists borrowed it. What gene editing can do, what it cannot, and the questions it raises.',
    tags: ['genetics', 'biotechnology', 'ethics'],
    daysAgo: 0,
    status: 'pending',
    body: `
<p>CRISPR is often described as "molecular scissors". It is a good start, but the really clever part is not the cutting. It is the way the scissors find the right spot among three billion letters of DNA.</p>
<h2>A bacterial immune system</h2>
<p>Bacteria are attacked by viruses constantly. Some of them keep a record: when they survive an infection, they store a short snippet of the virus's DNA in their own genome, in a region with a peculiar repeated pattern. Biologists named it <em>clustered regularly interspaced short palindromic repeats</em>: CRISPR.</p>
<p>If the same virus attacks again, the bacterium makes an RNA copy of the stored snippet. That RNA guides a protein, Cas9, to any DNA that matches it, and Cas9 cuts it.</p>
<h2>Borrowing the tool</h2>
<p>In 2012, Jennifer Doudna and Emmanuelle Charpentier showed that you can write your own guide RNA. Give Cas9 a guide that matches a human gene, and it will cut that gene. The cell then repairs the cut, and scientists can steer the repair:</p>
<ul>
<li>to disable a gene, by letting the repair make small errors;</li>
<li>to correct a gene, by supplying a healthy template to copy.</li>
</ul>
<h2>What it can and cannot do</h2>
<p>CRISPR therapies have already treated sickle cell disease by editing patients' own blood stem cells. But it is not a magic wand: cuts sometimes happen at the wrong place, delivering the tool to the right cells is hard, and most traits depend on many genes at once.</p>
<blockquote><p>The hardest questions about CRISPR are not scientific. They are about who decides what to change.</p></blockquote>
`,
  },
  {
    author: 'tomas',
    category: 'fiction',
    title: 'Notes on a Harbour Town',
    excerpt: 'Working notes for a novel set in a fishing town that is slowly emptying.',
    tags: ['work-in-progress'],
    daysAgo: 1,
    status: 'draft',
    body: `
<p>Opening image: the ferry arrives and nobody gets off. The harbour master writes it in his book anyway.</p>
<ul>
<li>Characters: the harbour master; his niece, back from the city; the last net-mender.</li>
<li>The town counts its people every New Year. Each chapter is one year, one fewer.</li>
</ul>
`,
  },
]
