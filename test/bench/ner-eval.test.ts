import { measureLines } from '../../bench/ner-eval';
import type { Label, Unit } from '../../training/ner/corpora';

/** A unit from `word/LABEL` tokens (LABEL after the last slash; none: O), mentions by runs of one label. */
function unit(spec: string): Unit {
  const starts: number[] = [];
  const ends: number[] = [];
  const labels: Label[] = [];
  let text = '';
  for (const item of spec.split(' ')) {
    const slash = item.lastIndexOf('/');
    const word = slash > 0 ? item.slice(0, slash) : item;
    const label = (slash > 0 ? item.slice(slash + 1) : 'O') as Label;
    if (text.length > 0) text += ' ';
    starts.push(text.length);
    text += word;
    ends.push(text.length);
    labels.push(label);
  }
  const mentions: Unit['mentions'] = [];
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (l !== 'PER' && l !== 'ORG') continue;
    let j = i + 1;
    while (j < labels.length && labels[j] === l) j++;
    mentions.push({ from: i, to: j, label: l });
    i = j - 1;
  }
  return { corpus: 't', split: 'test', text, starts, ends, labels, mentions, others: [] };
}

describe('npm run eval:ner measuring a tool’s output lines', () => {
  it('counts persons left whole or in part, private organisations left whole, and capitalised O words rewritten', () => {
    const units = [
      unit('Please call Priya/PER Raghunathan/PER today .'),
      unit('Will/PER met Ann/PER Lee/PER at Initech/ORG and Google/ORG in Paris/OTHER on Monday'),
      unit('The Court said Yes'),
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
    });
  });
});
