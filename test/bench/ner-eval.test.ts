import { formatVersus, measureLines, type Figures } from '../../bench/ner-eval';
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
    });
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
