import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConll } from '../../bench/ner-eval';

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
