import type { Label, Split, Unit } from '../../training/ner/corpora';

/** A labelled unit from `word/LABEL` items separated by spaces (no label: O); a mention is a run of one label. */
export function unitOf(spec: string, split: Split = 'test'): Unit {
  const starts: number[] = [];
  const ends: number[] = [];
  const labels: Label[] = [];
  let text = '';
  for (const item of spec.split(' ')) {
    const slash = item.lastIndexOf('/');
    const word = slash > 0 ? item.slice(0, slash) : item;
    if (text.length > 0) text += ' ';
    starts.push(text.length);
    text += word;
    ends.push(text.length);
    labels.push((slash > 0 ? item.slice(slash + 1) : 'O') as Label);
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
  return { corpus: 't', split, text, starts, ends, labels, mentions, others: [] };
}
