import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureSynth, readConll } from '../../bench/ner-eval';

describe('npm run eval:ner reading CoNLL files', () => {
  it('reads IOB1 and IOB2 person spans, and joins the `@` the tweet corpora cut off a handle', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-ner-')), 'a.conll');
    fs.writeFileSync(
      file,
      [
        '-DOCSTART- -X- O O',
        '',
        'Jane I-PER',
        'Doe I-PER',
        'met O',
        'Ann B-PER',
        'Lee I-PER',
        'B-PER B-PER',
        '',
        'thanks\tO',
        '@\tO',
        'janedoe\tB-person',
        'and\tO',
        'Seoul\tB-location',
        '',
      ].join('\n'),
    );
    const s = readConll(file);
    expect(s).toHaveLength(2);
    expect(s[0]!.tokens).toEqual(['Jane', 'Doe', 'met', 'Ann', 'Lee', 'B-PER']);
    expect(s[0]!.persons).toEqual([
      [0, 2],
      [3, 5],
      [5, 6],
    ]);
    expect(s[1]!.tokens).toEqual(['thanks', '@janedoe', 'and', 'Seoul']);
    expect(s[1]!.persons).toEqual([[1, 2]]);
    expect(s[1]!.outside).toEqual([true, false, true, false]);
  });
});

describe('npm run eval:ner on labelled synthetic sentences', () => {
  it('counts the spans of each type still standing in their line of the twin', () => {
    const rows = measureSynth(
      [
        {
          full_text: 'Please call Priya Raghunathan today.',
          spans: [{ entity_type: 'PERSON', entity_value: 'Priya Raghunathan' }],
        },
        // labelled a person here, an ordinary word to the twin: counted as left
        { full_text: 'Will the build pass?', spans: [{ entity_type: 'PERSON', entity_value: 'Will' }] },
        {
          full_text: 'She works at Initech LLC.',
          spans: [{ entity_type: 'ORGANIZATION', entity_value: 'Initech LLC' }],
        },
      ],
      '5a'.repeat(32),
    );
    expect(rows).toEqual([
      { type: 'PERSON', spans: 2, leakedWhole: 1, leakedWord: 1 },
      { type: 'ORGANIZATION', spans: 1, leakedWhole: 0, leakedWord: null },
    ]);
  });
});
