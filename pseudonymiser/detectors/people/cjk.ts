/**
 * People named in a CJK script (`王翔太`, `鈴木小明`, `김민준`). Such a name
 * has no capital letters and no spaces, so the Latin scan cannot see it: a
 * run of 2 to 5 CJK characters that stands alone (not inside longer CJK
 * prose) and starts with a known surname is a person when
 *
 * - it is the value of a person field (`name`, `customer`, `author`, …), or
 * - the words around it say person (`Escalate to …`, `Thank you, …`,
 *   `… <jane@…>`, `…さん`), or
 * - it has three or more characters and its given name is on a locale list,
 *   or it stands on a line of its own (a signature).
 *
 * A given name alone (no known surname) counts only after a greeting or an
 * introduction, or before an honorific (`Thank you, 小明.`, `陽菜さん`).
 * Found once, a name is replaced everywhere (pass two), and resolution adds
 * its given name and a surname of two or more characters as forms of it.
 */
import type { Chunk, DetectContext, FindingSink } from '../../types';
import { CJK_RUN, splitCjkName } from '../../standins/cjk';
import { lastKey, roleOf } from './keys';
import { reportLone, reportPerson } from './report';
import type { PeopleState } from './state';

/** Any character of a CJK script but `々` (global: searched from where the first run starts). */
const ANY_CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/g;

/** Words just before a name that say person. */
const BEFORE =
  /(?:^|[^\p{L}])(?:to|for|from|by|with|dear|hi|hello|hey|thanks|thank you|this is|i'm|i am|name is|named|look up|contact|contacted|ping|cc|author|user|customer|client|agent|assignee|owner|reporter|requester|passenger|patient|escalate to|assigned to|signed)[,:]?\s*$/iu;
/** Greetings and introductions before a given name alone. */
const LONE_BEFORE = /(?:^|[^\p{L}])(?:dear|hi|hello|hey|thanks|thank you|name is|this is|i'm|i am)[,:!]?\s*$/iu;
/** An honorific at the end of a run of CJK characters. */
const HONORIFIC_END = /(?:さん|様|先生|ちゃん|くん|씨|님)$/u;
/** Honorifics after a given name alone. */
const HONORIFIC = /^(?:さん|様|先生|ちゃん|くん|씨|님)/u;
/** What may follow a name: an address in angle brackets, a role in brackets, an honorific, a speech verb. */
const AFTER =
  /^(?:\s*<[^<>\s]+@|\s+\(|\s*[:：]|さん|様|先生|氏|씨|님|\s+(?:here|said|says|wrote|asked|replied|commented)\b)/u;

/**
 * `starts`: where each run of CJK characters in the corpus starts, in order (as the name scan found them); without
 * it, the corpus is searched for them.
 */
export function scanCjk(
  chunk: Chunk,
  sink: FindingSink,
  st: PeopleState,
  ctx: DetectContext,
  starts?: readonly number[],
): void {
  if (starts !== undefined && starts.length === 0) return;
  const text = chunk.corpus;
  let k = 0;
  const nextRun = (): RegExpExecArray | null => {
    if (starts === undefined) return CJK_RUN.exec(text);
    if (k >= starts.length) return null;
    CJK_RUN.lastIndex = starts[k++]!;
    return CJK_RUN.exec(text);
  };
  // one search finds the first run, or that there is none (most chunks); nothing of a CJK script lies before it,
  // and a chunk whose only such character is `々` holds no names
  CJK_RUN.lastIndex = 0;
  let m = nextRun();
  if (m === null) return;
  ANY_CJK.lastIndex = m.index;
  if (!ANY_CJK.test(text)) return;
  for (; m !== null; m = nextRun()) {
    // an honorific is part of the run (`陽菜さん`, `민준님`) but not of the name
    const honorific = HONORIFIC_END.exec(m[0]);
    const run = honorific ? m[0].slice(0, honorific.index) : m[0];
    if (run.length < 2 || run.length > 5) continue;
    const start = m.index;
    const end = start + run.length;
    const name = splitCjkName(run);
    if (!name) {
      // a given name alone (`Thank you, 小明.`): only after a greeting or before an honorific
      if (
        run.length <= 3 &&
        (LONE_BEFORE.test(text.slice(Math.max(0, start - 16), start)) || HONORIFIC.test(text.slice(end, end + 4)))
      )
        reportLone(sink, st, run, 'given', run, false, start);
      continue;
    }
    // a line of its own (a signature) or a known given name: three characters or more say person
    const lineAlone =
      (start === 0 || text.charCodeAt(start - 1) === 10) && (end === text.length || text.charCodeAt(end) === 10);
    let person = run.length >= 3 && (name.knownGiven || lineAlone);
    if (!person) {
      const seg = ctx.segmentAt(chunk, start);
      const role = seg.isKey ? null : roleOf(lastKey(seg.path));
      person =
        (role !== null && role !== 'org' && text.slice(seg.start, seg.end).trim() === run) ||
        BEFORE.test(text.slice(Math.max(0, start - 24), start)) ||
        AFTER.test(text.slice(end, end + 24));
    }
    if (person) reportPerson(sink, st, run, name.given, name.family);
  }
}
