import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  formatVersus,
  formsOf,
  measureForms,
  measureLines,
  missedPersons,
  twinLines,
  type Figures,
  type Form,
} from '../../bench/ner-eval';
import { modelReading } from '../../bench/ner-reading';
import { loadCorpora } from '../../training/ner/corpora';
import { unitOf } from '../support/ner-units';

describe('npm run eval:ner measuring a tool’s output lines', () => {
  it('counts persons left whole or in part, private organisations left whole, and capitalised O words rewritten', () => {
    const units = [
      unitOf('Please call Priya/PER Raghunathan/PER today .'),
      unitOf('Will/PER met Ann/PER Lee/PER at Initech/ORG and Google/ORG in Paris/OTHER on Monday'),
      unitOf('The Court said Yes'),
    ];
    const out = [
      'Please call Kavya Iyer today .',
      // Ann kept, Lee replaced: a word left; Will kept whole; Initech kept; the public Google is not counted
      'Will met Ann Moss at Initech and Google in Paris on Monday',
      'The Acosta said Yes',
    ];
    expect(measureLines('t', 'x', units, out)).toEqual({
      corpus: 't',
      tool: 'x',
      lines: 3,
      persons: 3,
      personsWhole: 1,
      personsWord: 2,
      orgs: 1,
      orgsWhole: 1,
      // Monday (line 2), Court and Yes (line 3): `The` and `Please` open their lines
      capitalised: 3,
      rewritten: 1,
      lowerNames: 0,
      lowerRewritten: 0,
      lowerWords: 0,
      lowerWordsRewritten: 0,
    });
  });
});

describe('npm run eval:ner --misses', () => {
  it("lists the persons left whole, a line each: the mention, its forms, the model's reading and its line", () => {
    const units = [unitOf('Bryan/PER : hi Ann/PER Lee/PER'), unitOf('ping priya/PER about it')];
    const out = ['Bryan : hi Kim Moss', 'ping kavya about it'];
    expect(missedPersons(units, out)).toMatch(/^Bryan\tone word alone\tBryan\/[A-Z-]+:-?\d+\tBryan : hi Ann Lee\n$/);
  });

  it("gives the model's tag and margin of each word of a mention, read in its line, after a twin too", () => {
    // a twin first, as eval:ner --misses runs one: the engine's weights are decoded and their stored text let go
    expect(twinLines([unitOf('ping Ann/PER Lee/PER now')], 'ab'.repeat(32))).toHaveLength(1);
    const text = 'Julia was the niece of poet and critic Matthew Arnold .';
    const start = text.indexOf('Matthew');
    // a full name the model is sure of: a person's tags, each ahead of the others
    expect(modelReading(text, start, start + 'Matthew Arnold'.length)).toMatch(
      /^Matthew\/B-PER:\d+ Arnold\/I-PER:\d+$/,
    );
    expect(modelReading(text, 0, 0)).toBe('-');
  });
});

describe('npm run eval:ner against another tool', () => {
  const row = (corpus: string, tool: string, personsWhole: number, rewritten: number): Figures => ({
    corpus,
    tool,
    lines: 10,
    persons: 20,
    personsWhole,
    personsWord: personsWhole,
    orgs: 0,
    orgsWhole: 0,
    capitalised: 100,
    rewritten,
    lowerNames: 0,
    lowerRewritten: 0,
    lowerWords: 0,
    lowerWordsRewritten: 0,
  });

  it('puts each corpus’s persons left whole and damage of both tools side by side, with the damage ratio', () => {
    const rows = [
      row('a', 'tracetwin', 2, 1),
      row('a', 'presidio', 4, 10),
      row('b', 'tracetwin', 6, 3),
      row('b', 'presidio', 4, 0),
      // no row of the other tool: no comparison
      row('c', 'tracetwin', 0, 0),
    ];
    const lines = formatVersus(rows, 'presidio').split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^corpus\s+persons whole: tracetwin\s+presidio\s+fewer\?\s+damage: tracetwin\s+presidio\s+ratio$/,
    );
    expect(lines[2]!.split(/\s+/)).toEqual(['a', '10.0%', '20.0%', 'yes', '1.0%', '10.0%', '0.10']);
    expect(lines[3]!.split(/\s+/)).toEqual(['b', '30.0%', '20.0%', 'no', '3.0%', '0.0%', 'inf']);
  });
});

describe('npm run eval:ner by form of a person’s mention', () => {
  it('names each form a mention is written in', () => {
    const at = (text: string, surface: string): ReturnType<typeof formsOf> => {
      const start = text.indexOf(surface);
      return formsOf(surface, text, start, start + surface.length);
    };
    expect(at('follow up with patricia desrosiers soon', 'patricia desrosiers')).toEqual(['lower case']);
    expect(at('KWAME MENSAH paid', 'KWAME MENSAH')).toEqual(['ALL CAPS']);
    expect(at('Thanks , Bryan', 'Bryan')).toEqual(['one word alone']);
    expect(at('Mr A. B. Demetriades said', 'A. B. Demetriades')).toEqual(['initials and surname']);
    expect(at('by Harris, Steven today', 'Harris, Steven')).toEqual(['family name, given name']);
    expect(at('Ji-woo Park wrote', 'Ji-woo Park')).toEqual(['hyphenated given name']);
    expect(at("We will meet Rod 's team", 'Rod')).toEqual(['one word alone', 'possessive']);
    expect(at('née "Okonkwo" Smith', 'Okonkwo')).toEqual(['one word alone', 'in a quotation']);
    expect(at('Ειρήνη Γεωργίου wrote', 'Ειρήνη Γεωργίου')).toEqual(['no Latin letter']);
  });

  it('counts words in lower case that are names of the lists but no entity, and those the twin rewrote', () => {
    const units = [unitOf('the paz river and moreau skies')];
    const f = measureLines('t', 'x', units, ['the paz river and ford skies']);
    expect([f.lowerNames, f.lowerRewritten]).toEqual([2, 1]);
  });

  it('counts every word in lower case of no entity that is no English word, on the lists or not, and those rewritten', () => {
    // `the`, `and`, `river` are English words; `paz`, `moreau` are names of the lists, `kubelet` is on none
    const units = [unitOf('the paz river and moreau kubelet')];
    const f = measureLines('t', 'x', units, ['the paz river and ford kubelet']);
    expect([f.lowerWords, f.lowerWordsRewritten]).toEqual([3, 1]);
  });

  it('counts the mentions of each form and those left whole in the twin', () => {
    const units = [unitOf('spoke with priya/PER raman/PER today'), unitOf('Ask Bryan/PER now')];
    const forms = new Map<Form, [number, number]>();
    measureForms(units, ['spoke with priya raman today', 'Ask Kevin now'], forms);
    expect(forms.get('lower case')).toEqual([1, 1]);
    expect(forms.get('one word alone')).toEqual([1, 0]);
  });
});

describe('the labelled corpora read for evaluation', () => {
  it("count GUM's names only: a pronoun or a common noun opening its sentence is no person there, as training read it", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-gum-'));
    try {
      for (const kind of ['news', 'interview'])
        fs.mkdirSync(path.join(root, 'GUM/CONLL-format/data-by-corpustype', kind), { recursive: true });
      const rows = [
        'I\tperson',
        'met\tO',
        'Anna\tperson',
        'Berg\tperson',
        '.\tO',
        '',
        'People\tperson',
        'came\tO',
        'and\tO',
        'people\tperson',
        'left\tO',
        '.\tO',
        '',
      ];
      fs.writeFileSync(path.join(root, 'GUM/CONLL-format/data-by-corpustype/news/GUM_news_x.tsv'), rows.join('\n'));
      const persons = (names: boolean): string[] =>
        loadCorpora(root, ['gum'], { names })[0]!.units.flatMap((u) =>
          u.mentions.filter((m) => m.label === 'PER').map((m) => u.text.slice(u.starts[m.from], u.ends[m.to - 1])),
        );
      expect(persons(true)).toEqual(['Anna Berg']);
      expect(persons(false)).toEqual(['I', 'Anna Berg', 'People']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("count SEC's names only: a party's role that the agreements define between quotes is no person there", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-sec-'));
    try {
      const dir = path.join(root, 'SEC-filings/CONLL-format/data');
      fs.mkdirSync(path.join(dir, 'train'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'test'), { recursive: true });
      const doc = [
        '-DOCSTART- -X- O O',
        '',
        ...['Anna B-PER', 'Berg I-PER', '(" O', 'Lender B-PER', '") O', 'lends O', '. O'].map((r) =>
          r.replace(' ', ' X X '),
        ),
        '',
        ...['Lender B-PER', 'pays O', 'Anna B-PER', '. O'].map((r) => r.replace(' ', ' X X ')),
        '',
      ].join('\n');
      fs.writeFileSync(path.join(dir, 'train/FIN5.txt'), doc);
      fs.writeFileSync(path.join(dir, 'test/FIN3.txt'), doc);
      const persons = (names: boolean): string[] =>
        loadCorpora(root, ['sec'], { names })[0]!
          .units.filter((u) => u.split === 'test')
          .flatMap((u) =>
            u.mentions.filter((m) => m.label === 'PER').map((m) => u.text.slice(u.starts[m.from], u.ends[m.to - 1])),
          );
      expect(persons(true)).toEqual(['Anna Berg', 'Anna']);
      expect(persons(false)).toEqual(['Anna Berg', 'Lender', 'Lender', 'Anna']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
