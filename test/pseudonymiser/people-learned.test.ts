/**
 * The learned person and organisation recogniser (pseudonymiser/detectors/people/learned): its tokens, its stored
 * weights, training that gives the same weights twice, and what it finds and leaves through the whole engine.
 */
import { twin } from '../../pseudonymiser';
import { LINK, NUMBER, PUNCT, WORD, newTokens, tokenize } from '../../pseudonymiser/detectors/people/learned/tokens';
import { BUCKETS, TAG_COUNT } from '../../pseudonymiser/detectors/people/learned/features';
import { decodeWeights, encodeWeights } from '../../pseudonymiser/detectors/people/learned/weights';
import { scanLearned, thresholds } from '../../pseudonymiser/detectors/people/learned/detect';
import { stateOf } from '../../pseudonymiser/detectors/people/state';
import { endRun } from '../../pseudonymiser/memo';
import type { Finding } from '../../pseudonymiser/types';
import { train } from '../../training/ner/train';
import type { Corpus } from '../../training/ner/corpora';
import { unitOf } from '../support/ner-units';
import { ordinaryWord } from '../../pseudonymiser/detectors/people/score';
import { clusterOf, coarseOf, nameShareOf } from '../../pseudonymiser/detectors/people/learned/clusters';

const KEY = '5a'.repeat(32);

function text(input: string): string {
  return twin(Buffer.from(input), { key: KEY, format: 'text' }).output.toString();
}

function tokensOf(s: string): [string, number][] {
  const t = newTokens(s);
  tokenize(t, 0, s.length);
  const out: [string, number][] = [];
  for (let i = 0; i < t.count; i++) out.push([s.slice(t.start[i]!, t.end[i]!), t.kind[i]!]);
  return out;
}

describe('learned recogniser tokens', () => {
  it('keeps initials whole, splits a possessive and punctuation off, and reads an address as one token', () => {
    expect(tokensOf("Mr H.İ. Er's claim (a.b@c.io).")).toEqual([
      ['Mr', WORD],
      ['H.İ.', WORD],
      ['Er', WORD],
      ["'", PUNCT],
      ['s', WORD],
      ['claim', WORD],
      ['(', PUNCT],
      ['a.b@c.io', LINK],
      [')', PUNCT],
      ['.', PUNCT],
    ]);
  });
  it('reads letters run together with digits or underscores as one identifier, never a word', () => {
    expect(tokensOf('KC18K6 user_id Ye-jin')).toEqual([
      ['KC18K6', NUMBER],
      ['user_id', NUMBER],
      ['Ye-jin', WORD],
    ]);
  });
});

describe('learned recogniser weights', () => {
  it('store each row less its mean, to a step of the largest weight over 32767', () => {
    const w = new Float64Array(BUCKETS * TAG_COUNT);
    w[0] = 1.5; // a row with one weight: the others go to -0.3 after its mean is taken away
    w[7 * TAG_COUNT + 2] = -3;
    w[(BUCKETS - 1) * TAG_COUNT + 4] = 800;
    const { json, weights: steps } = encodeWeights(w, { trainedOn: [], epochs: 1, seed: 1 });
    const weights = Array.from(steps, (v) => v * json.step);
    expect(json.rows).toBe(3);
    const mean = 1.5 / TAG_COUNT;
    expect(weights[0]).toBeCloseTo(1.5 - mean, 1);
    expect(weights[1]).toBeCloseTo(-mean, 1);
    // the differences between tags, all the decoder reads, are kept
    expect(weights[0]! - weights[1]!).toBeCloseTo(1.5, 1);
    expect(weights[(BUCKETS - 1) * TAG_COUNT + 4]! - weights[(BUCKETS - 1) * TAG_COUNT]!).toBeCloseTo(800, 0);
    expect(decodeWeights(json)).toEqual(steps);
  });
  it('refuse a stored model of another shape', () => {
    const { json } = encodeWeights(new Float64Array(BUCKETS * TAG_COUNT), { trainedOn: [], epochs: 1, seed: 1 });
    expect(() => decodeWeights({ ...json, tags: ['O', 'B-PER'] })).toThrow(/train:ner/);
  });
  it('refuse weights that end before their rows do (emptied once decoded, or cut short), never reading past them', () => {
    const w = new Float64Array(BUCKETS * TAG_COUNT);
    w[3 * TAG_COUNT] = 2;
    w[9 * TAG_COUNT + 1] = -2;
    const { json } = encodeWeights(w, { trainedOn: [], epochs: 1, seed: 1 });
    expect(() => decodeWeights({ ...json, data: '' })).toThrow(/end before their rows/);
    const cut = Buffer.from(json.data, 'base64').subarray(0, 5).toString('base64');
    expect(() => decodeWeights({ ...json, data: cut })).toThrow(/end before their rows/);
  });
});

describe('npm run train:ner', () => {
  const corpus: Corpus = {
    name: 'toy',
    title: 'toy',
    ships: true,
    licence: 'test',
    units: [
      unitOf('Yesterday Anna/PER Kowalski/PER met Bruno/PER Diaz/PER at Quillon/ORG Health/ORG .', 'train'),
      unitOf('The report from Ravi/PER Menon/PER reached Okafor/ORG Logistics/ORG today .', 'train'),
      unitOf('Mark the ticket as solved .', 'train'),
    ],
  };
  it('gives byte-identical weights for the same corpora and seed, and others for another seed', () => {
    const a = encodeWeights(train([corpus], { epochs: 3, seed: 7 }), { trainedOn: [], epochs: 3, seed: 7 }).json;
    const b = encodeWeights(train([corpus], { epochs: 3, seed: 7 }), { trainedOn: [], epochs: 3, seed: 7 }).json;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.rows).toBeGreaterThan(0);
    // the seed orders the units each epoch, and the averaged weights follow the order
    const c = encodeWeights(train([corpus], { epochs: 3, seed: 8 }), { trainedOn: [], epochs: 3, seed: 8 }).json;
    expect(c.data).not.toBe(a.data);
  });
  it('with word dropout (--unknown), gives byte-identical weights again, and others than without it', () => {
    const opts = { epochs: 3, seed: 7, unknown: 0.5 };
    const meta = { trainedOn: [], epochs: 3, seed: 7, unknown: 0.5 };
    const a = encodeWeights(train([corpus], opts), meta).json;
    const b = encodeWeights(train([corpus], opts), meta).json;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.unknown).toBe(0.5);
    const none = encodeWeights(train([corpus], { epochs: 3, seed: 7 }), { trainedOn: [], epochs: 3, seed: 7 }).json;
    expect(a.data).not.toBe(none.data);
    expect(none.unknown).toBeUndefined();
  });
  it('learns nothing from a corpus whose licence does not let weights ship', () => {
    const w = train([{ ...corpus, ships: false }], { epochs: 2, seed: 1 });
    expect(w.every((x) => x === 0)).toBe(true);
  });
});

describe('the learned recogniser in the engine', () => {
  it.each([
    ['initials and surname after a title', 'The claim by Mr A. Demetriades was rejected.', 'Demetriades'],
    ['dotted initials in another script', 'Counsel for Mr H.İ. Er replied on Monday.', 'Er'],
    ['a hyphenated given name, family name first', 'The ticket was closed by Hwang Ye-jin yesterday.', 'Ye-jin'],
    ['a name on no list, by its context', 'Please ask Chidinma Okonkwo-Eze about the refund.', 'Okonkwo-Eze'],
    ['family name first with a comma, in capitals', 'The report was filed by KOWALSKI, Anna on Monday.', 'KOWALSKI'],
    ['a row of a table', '| id | name |\n| 1 | Tobias Lindqvist |\n', 'Lindqvist'],
    ['a name written in lower case', 'ping valentina moreau about the invoice', 'moreau'],
  ])('replaces %s', (_form, input, name) => {
    expect(text(input)).not.toContain(name);
  });

  it('replaces a name alone on its line, as a greeting or a sign-off writes it, and leaves other lines alone', () => {
    // a given name that is also an English word, before a comma on a line of its own: a greeting
    const out = text('Victor,\nthe report is attached.\nSummary\nKubernetes\n');
    expect(out).not.toMatch(/^Victor,/);
    expect(out).toContain('\nthe report is attached.\nSummary\nKubernetes\n');
    // a given name that is an English word too, alone on its line, where its vector stands among names: a sign-off
    // (`Mike`); an English word that stands among words stays (`Hope`)
    expect(text('Thanks for the help.\nMike')).not.toContain('Mike');
    expect(text('See you soon.\nHope')).toBe('See you soon.\nHope');
  });

  it('replaces every part of a name the model tagged in part: a name of the lists beside it belongs to it', () => {
    const out = text('The ticket was closed by Hwang Ye-jin yesterday.');
    expect(out).not.toContain('Hwang');
    expect(out).not.toContain('Ye-jin');
  });

  it.each([
    ['a court and a state', 'The Court held that the Federal Republic of Germany had violated Article 6.'],
    ['places whose words are also names', 'She lived in Sierra Leone and later in Los Angeles.'],
    ['an English word opening a sentence', 'Mark the ticket as solved once the refund clears.'],
    ['an identifier made of letters and digits', 'Your reservations are KC18K6 and MN9QX1.'],
    ['a code word', 'The InvoiceService failed with a timeout.'],
    ['a public company and its division', 'We moved the billing service to Amazon Web Services last week.'],
    ['lower-case words that are no names', 'we deployed kafka and redis with nginx on the cluster'],
  ])('keeps %s', (_what, input) => {
    expect(text(input)).toBe(input);
  });

  it('writes a name of a script with combining marks as whole words, never a mark on a Latin letter', () => {
    for (const input of ['राहुल शर्मा called back.', 'สมชาย ใจดี replied.']) {
      const out = text(input);
      expect(out).not.toBe(input);
      expect(out).not.toMatch(/[A-Za-z]\p{M}/u);
    }
  });

  it('reads a compound of English words on no name list as an ordinary word, a compound of names not', () => {
    expect(ordinaryWord('set-cookie')).toBe(true);
    expect(ordinaryWord('follow-up')).toBe(true);
    expect(ordinaryWord('ye-jin')).toBe(false);
    expect(ordinaryWord('anne-marie')).toBe(false);
  });

  it('leaves a hyphenated word alone that has a common English word and no given name in it (a header’s name)', () => {
    const doc = '{"headers":[{"name":"X-Api-Key","value":"1"},{"name":"Cache-Control","value":"1"}]}';
    expect(twin(Buffer.from(doc), { key: KEY, format: 'json' }).output.toString()).toBe(doc);
  });

  it('never renames an object key, whatever it reads like', () => {
    const input = '{"Iban": "x", "Mark": "y"}';
    expect(twin(Buffer.from(input), { key: KEY, format: 'json' }).output.toString()).toBe(input);
  });
});

/** What scanLearned alone reports of a text (one segment of plain text). */
function learnedFindings(input: string): Finding[] {
  const out: Finding[] = [];
  const sink = { add: (f: Finding) => out.push(f), has: () => false };
  scanLearned({ corpus: input, segments: [] }, sink, stateOf(sink));
  return out;
}

describe('the learned recogniser’s remembered regions', () => {
  afterEach(() => endRun());

  it('reports a region read again at its own place', () => {
    // `Rose` is an English word too: reported where it stands only, each time its line is read again
    const line = 'Signed off by Rose on Monday.';
    expect(learnedFindings(`12345\n${line}`).map((f) => f.at)).toEqual([{ start: 20, end: 24 }]);
    expect(learnedFindings(`${line}\n${line}`).map((f) => f.at)).toEqual([
      { start: 14, end: 18 },
      { start: line.length + 15, end: line.length + 19 },
    ]);
  });

  it('reads a region again when what it reported depended on the text after it', () => {
    // an airport code after a word makes it a place's name: here on the next line, past the region
    expect(learnedFindings('Thanks, Rose\n(ORD) now.')).toEqual([]);
    expect(learnedFindings('Thanks, Rose\nnow.').map((f) => f.at)).toEqual([{ start: 8, end: 12 }]);
  });

  it('reads a region again when the margins change', () => {
    const saved = { ...thresholds };
    try {
      expect(learnedFindings('Signed off by Rose on Monday.')).toHaveLength(1);
      thresholds.word = 1e9; // no English word alone is margin enough
      expect(learnedFindings('Signed off by Rose on Monday.')).toHaveLength(0);
    } finally {
      Object.assign(thresholds, saved);
    }
    expect(learnedFindings('Signed off by Rose on Monday.')).toHaveLength(1);
  });
});

describe('the word clusters of pre-trained vectors', () => {
  it('put a word with the words its vector is near, at two granularities, and know no word the vectors lack', () => {
    expect(clusterOf('gudmundsson')).toBeGreaterThan(0);
    expect(clusterOf('gudmundsson')).toBe(clusterOf('sigurdsson'));
    expect(clusterOf('drogba')).toBe(clusterOf('lampard'));
    expect(clusterOf('yelled')).toBe(clusterOf('shouted'));
    expect(clusterOf('gary')).not.toBe(clusterOf('shouted'));
    // the coarse clusters group surnames of several origins
    expect(clusterOf('gudmundsson')).not.toBe(clusterOf('drogba'));
    expect(coarseOf(clusterOf('gudmundsson'))).toBe(coarseOf(clusterOf('drogba')));
    expect(clusterOf('zorblaxian')).toBe(0);
    expect(coarseOf(0)).toBe(0);
  });

  it('say how far the words of a cluster are names of the lists and no English words', () => {
    expect(nameShareOf(clusterOf('maria'))).toBeGreaterThanOrEqual(50);
    expect(nameShareOf(clusterOf('leon'))).toBeGreaterThanOrEqual(50);
    expect(nameShareOf(clusterOf('rose'))).toBeLessThan(50);
    expect(nameShareOf(clusterOf('paris'))).toBeLessThan(50);
    expect(nameShareOf(0)).toBe(0);
  });

  it('let an English word or a town’s name that is written as a name more often than not be one alone', () => {
    // `maria` and `leon` stand among names; `rose`, `may` and `mark` do not (nor does a word opening its sentence)
    expect(text('I saw Maria yesterday.')).not.toContain('Maria');
    expect(text('Leon shouted at Russell: "What are you doing here?"')).not.toContain('Leon');
    expect(text('We flew to Leon last May.')).toBe('We flew to Leon last May.');
    expect(text('Rose gold is the default.')).toBe('Rose gold is the default.');
    expect(text('Mark the ticket as solved.')).toBe('Mark the ticket as solved.');
  });

  // dev-split sentences (presidio-research, BTC) whose names no train split holds: the clusters read them as names
  it('let the model read a name the labelled corpora never held as one', () => {
    expect(text('Have you been to a Pálmi Einarsson concert before?')).not.toMatch(/Pálmi|Einarsson/);
    expect(text('Speaker contradicts Mulcair on NDP bulk mailings , satellite offices')).not.toContain('Mulcair');
    expect(text('Player ratings , as Drogba struggles at the Bridge')).not.toContain('Drogba');
  });
});

describe('what the words around a name say of it', () => {
  it('reads a rare English word after a given name as the surname, in every mention', () => {
    const out = text('The panel was chaired by Susan Bittern last year, and Bittern spoke first.');
    expect(out).not.toContain('Bittern');
    expect(out).not.toContain('Susan');
  });

  it('reads a word after a personal title as a surname, though it is an English word, unless one of the commonest', () => {
    expect(text('Governor Bush signed the bill on Tuesday.')).not.toContain('Bush');
    expect(text('We watched Dr. Strange Love again.')).toContain('Strange Love');
  });

  it('reads a full name the model took for another kind of named thing as a person’s, a place’s words not', () => {
    // `Saddam Hussein`: a given name and a surname of the lists, tagged as a named thing (UNER EWT's dev split)
    expect(text('The former Iraqi leader Saddam Hussein is refusing to enter the courtroom.')).not.toMatch(
      /Saddam|Hussein/,
    );
    expect(text('The former Iraqi leader Saddam Hussein is refusing to enter the courtroom.')).toContain('Iraqi');
  });

  it('reads one word the model took for another named thing by a little as a person where it is a given name', () => {
    // presidio-research's and BTC's dev splits: after `at`, a given name reads like a club's or a place's
    expect(text('Zak shouted at Scott: "What are you doing here?"')).not.toContain('Scott');
    expect(text('Look at Kris new hair')).not.toContain('Kris');
    // a common surname, and a full name whose surname is on no list where a person was nearly chosen at each word
    expect(text('Canucks confirm settlement in Moore, Bertuzzi case')).not.toContain('Moore');
    expect(text('The Journal is live blogging the fight between Manny Pacquiao and Tim Bradley.')).not.toMatch(
      /Manny|Pacquiao/,
    );
    // a place, a public name or an English word stays what it is
    expect(text('We met at Chelsea: the match was late.')).toContain('Chelsea');
    expect(text('She shouted at Google: "Why?"')).toContain('Google');
  });

  it('reads an English word the model read as a name by a little in several texts of the trace as a name', () => {
    // UNER EWT's dev split: `Bush`, whose vector stands among plants, read weakly in each sentence
    const lines = [
      'While there was speculation about the Bush administration naming a replacement, no nominee was declared.',
      'Bush nominated Jennifer M. Anderson for a 15-year term as associate judge.',
      'This is one example of what happens when Bush gets a question that he has not anticipated.',
      'One of the questions was about whether Bush has any thoughts about his memoirs.',
    ];
    const out = text([...lines, 'A bush grew by the gate.'].join('\n') + '\n');
    expect(out).not.toContain('Bush');
    expect(out).toContain('A bush grew by the gate.');
    // one text, or one text written again and again, is one reading: too weak alone
    expect(text(lines[2]! + '\n')).toContain('Bush');
    expect(text(`${lines[2]!}\n`.repeat(4))).toContain('Bush');
  });

  it('reads a list of given names in lower case as persons, a list of other words not', () => {
    // presidio-research's train split: the model tags some items of such a list, not all
    const out = text('they had 6: silvana, adam, christopher, kristina, chad and caleb.\n');
    expect(out).not.toMatch(/silvana|kristina|caleb/);
    expect(out).toMatch(/^they had 6: \S+, \S+, \S+, \S+, chad and \S+\.\n$/);
    expect(text('pip install flask, django and celery\n')).toBe('pip install flask, django and celery\n');
  });

  it('reads the names of a line written without capitals as the line would read capitalised', () => {
    // UNER EWT's, presidio-research's and WNUT17's dev splits: names on no list or English words, in lower case
    expect(text('max and jen are looking for you.')).not.toMatch(/max|jen/);
    expect(text('follow up with monika žilková in a couple of months.')).not.toMatch(/monika|žilková/);
    expect(text('I swear freddie laughs at everything')).not.toContain('freddie');
    // a line with a capitalised word inside a sentence is no such line; nor a technical one, whose words on no list
    // are no names
    expect(text('we saw Max and jen at the door.')).toContain('jen');
    for (const line of [
      'error: failed to connect to redis on port 6379, retrying in 5s',
      'installing numpy scipy and pandas for the notebook',
      'the kubelet restarted the pod after the oom kill on the node',
    ])
      expect(text(line)).toBe(line);
  });

  it('reads a lower-case word that is a place too as no place before a name (`reading Molière`)', () => {
    // CrossNER's dev split: `reading` is a town's name (Reading), but a place's name is written capitalised
    expect(text('Spengler spent his final years in Munich , reading Molière and Shakespeare .')).not.toContain(
      'Molière',
    );
    expect(text("We landed at Chicago O'Hare on Monday .")).toContain("Chicago O'Hare");
  });

  it('reads a capitalised word on no list that the model nearly tagged a person as a surname', () => {
    // CrossNER's dev split: surnames on no list opening or inside a sentence, the model's O ahead by a little
    expect(text('In 1973 , Sakharov was nominated for the Nobel Peace Prize .')).not.toContain('Sakharov');
    expect(
      text('Sycara served as the program chair of the Second International Semantic Web Conference .'),
    ).not.toContain('Sycara');
    // or another named thing, alone (CrossNER's dev split)
    expect(
      text(
        'Lieberthal has consulted widely on Chinese and Asian affairs and has advised the U.S. Departments of State .',
      ),
    ).not.toContain('Lieberthal');
    // words on no list that the model reads as no one's stay
    for (const l of ['Then Traefik showed the spike in the logs.', 'Yesterday Pydantic raised a validation error.'])
      expect(text(l)).toBe(l);
  });

  it('reads a common given name or surname that names a public organisation too as the person the model reads', () => {
    // CrossNER's and presidio-research's dev splits: a language, a static site generator, a publisher's name
    expect(text('Julia was the niece of poet and critic Matthew Arnold .')).not.toContain('Julia');
    expect(text('In 1962 , Percy was awarded the National Book Award for Fiction .')).not.toContain('Percy');
    expect(text('Jones supports a number of other charities , including the NAACP .')).not.toContain('Jones');
    // the organisation's own name beside another capitalised word, or its product where the trace writes it in
    // lower case as a command, a package or a host, stays
    for (const l of [
      'Hand-made Claude Code JSONL fixtures (no real PII).',
      'We use Hugo for the docs site; run hugo server to preview.',
      'I asked Jenkins to rerun the job at https://jenkins.example.com/job/1',
    ])
      expect(text(l)).toBe(l);
  });

  it('reads a line that capitalises only the first words of its sentences as a line without capitals', () => {
    // BTC's and WNUT17's dev splits: a phone's keyboard capitalises a sentence's first word, the writer no name
    const line = 'Does anyone know the brand n style name of the sunglasses chloe is wearing at 3 : 33';
    expect(text(line)).not.toContain('chloe');
    expect(
      text('@BoomerandCarton forsure not tiki , he trashed the giants b4 we won in 07 . Spags or coughlin .'),
    ).not.toContain('coughlin');
    // words of technical text stay
    for (const l of [
      'So my suggestion is to use for example regex before you will perform parsing :',
      'The kubelet restarted the pod after the oom kill. Then nginx came back.',
    ])
      expect(text(l)).toBe(l);
  });

  it('reads a common English word misspelt in a line without capitals as that word, not as a name', () => {
    // WNUT17's train split: `weard` (`weird`, one letter changed), a word with no vector, read as a name capitalised
    const line =
      "btw , i called him kitty boy ' cause my friend always says that 's maa kitty when she sees him :D it 's kinda weard but cute at the same time";
    expect(text(line)).toBe(line);
  });

  it('reads no name in code words, two English words run together or words of another script in lower case', () => {
    // the agent traces written in lower case (a stress of the quiet lines): an exception's name, a language's
    for (const line of [
      'then attributeerror was raised by the loader',
      'the run raised `valueerror` because the `framecount` field was missing',
      'supported languages: english, français, русский and more',
      // in backticks, a word is code (`fenwick`, a surname of the lists, is read as a name written bare)
      'please run `fenwick` before the release',
    ])
      expect(text(line)).toBe(line);
  });

  it('reads a name with a middle initial as a person, capitalised or in lower case, words and vowels alone not', () => {
    // presidio-research's dev split: names on no list around an initial with or without its dot
    expect(text('Have you been to a Ravil G Yefimov concert before?')).not.toMatch(/Ravil|Yefimov/);
    expect(text('name:    hyuuma t. maida')).not.toMatch(/hyuuma|maida/);
    expect(text('emidio p lombardo')).not.toMatch(/emidio|lombardo/);
    // English words around a letter, and a lower-case vowel, which is a word of many languages
    expect(text('Buy the Model T Ford and Plan B Pharma shares.')).toContain('Model T Ford and Plan B Pharma');
    expect(text('honnick y ree')).toBe('honnick y ree');
  });

  it('leaves a common English word opening the sentence out of the given name after it, unless a given name', () => {
    // an instruction's verb (`Call`, a surname of the lists too) is no part of the name it addresses
    expect(text('Call Jack tomorrow.')).toMatch(/^Call (?!Jack)\S+ tomorrow\.$/);
    expect(text('Will Smith said hi.')).not.toMatch(/Will|Smith/);
  });

  it('reads a family name with the Arabic article as part of the name before it, found by the model or not', () => {
    // UNER EWT's and CrossNER's dev splits: `Muqtada` tagged as another named thing, `Loujain` as a person alone
    expect(text('Radical Shiite cleric Muqtada al-Sadr said the attack was criminal.')).not.toMatch(/Muqtada|Sadr/);
    expect(text('The arrests included Loujain al-Hathloul and others.')).not.toMatch(/Loujain|Hathloul/);
    expect(text('Ash-Sharq al-Awsat reports that the city was closed.')).toContain('Ash-Sharq al-Awsat');
  });

  it('reads a name named with a person in one breath as a person', () => {
    expect(text('Both Tina and Vicky are excellent.')).not.toMatch(/Tina|Vicky/);
  });

  it('reads the other items of a list that names a person as persons, and a place’s name among them too', () => {
    const out = text(
      [
        'The on-call engineers this week - Brattli, Kaspersen, Maren Holt - share the pager.',
        'The approvers - Oyelaran, Tuckwell, Margarethe Brannagh - signed.',
        'The founders are Torpy and Salinas, both engineers.',
      ].join('\n'),
    );
    expect(out).not.toMatch(/Brattli|Kaspersen|Oyelaran|Tuckwell|Salinas/);
    // not a word a comma alone sets before a name that opens the sentence (a greeting), nor letters after a name
    expect(text('Hulloa, Emma! Where are you going?')).toContain('Hulloa, ');
    expect(text('He quoted Barry Lyndon, Esq. in the letter.')).toContain(', Esq.');
    expect(text('Paris, London and Rome were on the itinerary of Mariana Lopes.')).toContain('Paris, London and Rome');
  });

  it('reads a given name that names a town too as a person where the model is sure of it, there only', () => {
    const out = text(
      [
        'Charlotte had made too great an impression on his mind.',
        'At the lab, Norman was a founder of the reading group.',
        'We flew to Charlotte on Monday for the conference.',
        'The office in Hamilton closed last year.',
      ].join('\n'),
    ).split('\n');
    expect(out[0]).not.toContain('Charlotte');
    expect(out[1]).not.toContain('Norman');
    expect(out[2]).toBe('We flew to Charlotte on Monday for the conference.');
    expect(out[3]).toBe('The office in Hamilton closed last year.');
  });

  it('reads the speaker of a transcript’s line as a person, a town’s name or a rare English word too', () => {
    const out = text(
      ['Mary: Are you coming tonight?', 'John: I think so.', '[10:32] Bryan: Count me in.', 'Florence: Snacks.'].join(
        '\n',
      ),
    ).split('\n');
    expect(out[0]).not.toMatch(/^Mary:/);
    expect(out[1]).not.toMatch(/^John:/);
    expect(out[2]).toMatch(/^\[10:32\] (?!Bryan:)\S+: Count me in\.$/);
    expect(out[3]).not.toMatch(/^Florence:/);
    // not a label that is a common English word or no given name, nor a town elsewhere in the trace
    const kept = text('Note: the meeting moved.\nWill: I can drive.\nHunter: 3\nMary: hi\nWe met in Mary last year.');
    expect(kept).toContain('Note: the meeting moved.\nWill: I can drive.\nHunter: 3\n');
    expect(kept).toContain('We met in Mary last year.');
  });

  it('takes the rest of a name into the span the model tagged: a word on no list, a lower-case surname', () => {
    expect(text('The chair, Datuk Wilfred Madius Tangau, opened the session.')).not.toMatch(/Wilfred|Madius|Tangau/);
    expect(text('i miss kevin smith so much')).not.toMatch(/kevin|smith/);
    // a word on no list that opens the sentence before a name is more often a greeting than a name
    expect(text('Congrats Mark Selby on the title!')).toContain('Congrats ');
  });

  it('reads a capitalised word on no list that owns something (possessive) as a surname, everywhere it stands', () => {
    expect(text("The plan follows Brzeczyk's advice; Brzeczyk wrote it.")).not.toContain('Brzeczyk');
    expect(text("It uses Oyelowo's method for the proof.")).not.toContain('Oyelowo');
    // not after a determiner (`the Kremlin's`), a capitalised word, or opening the sentence
    expect(text("The memo says the Kremlin's line held.")).toContain("the Kremlin's line");
    expect(text("Visit Brightwave's booth.")).toContain("Brightwave's");
  });

  it('reads a title, initials written without spaces and a capitalised word as a name', () => {
    const out = text('Counsel for Mr H.I. Er replied on Monday. Mr H.İ. Er did not.');
    expect(out).not.toMatch(/\bEr\b/);
    expect(out).toMatch(/^Counsel for Mr [A-Z]\.[A-Z]\. \S+ replied on Monday\./);
  });
});

describe('an organisation’s stand-in', () => {
  it('keeps the words that say what kind of organisation it is, in its name and its domain', () => {
    const out = text('Rahul from Zentrix Labs called. Pinewood Dental Clinic LLC signed. Mail ops@zentrix-labs.io.');
    const m = /from (\S+) Labs called\. (\S+) Dental Clinic LLC signed\. Mail ops@([a-z-]+)\.io\./.exec(out);
    expect(m).not.toBeNull();
    expect(m![1]).not.toBe('Zentrix');
    expect(m![2]).not.toBe('Pinewood');
    expect(m![3]).toBe(`${m![1]!.toLowerCase()}-labs`);
  });

  it('gives the word that says which organisation, written alone, the stand-in of the name it comes from', () => {
    const out = text('Zentrix Labs Ltd signed the order. Later Zentrix said no.');
    const m = /^(\S+) Labs Ltd signed the order\. Later (\S+) said no\.$/.exec(out);
    expect(m).not.toBeNull();
    expect(m![1]).not.toBe('Zentrix');
    expect(m![2]).toBe(m![1]);
    // an English word that says which one is replaced in the name only: alone it is the word (`the summit`)
    expect(text('Summit Consulting LLC signed. We reached the summit.')).toMatch(/We reached the summit\.$/);
  });
});
