import type { DemoPost } from './types.ts'

// The demo's lessons in biology, chemistry, history and economics (see academic.ts).
export const LIFE_AND_SOCIETY_POSTS: DemoPost[] = [
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
