/**
 * People and organisations, and the resolution of their mentions into one
 * entity (full name, first name, initials, e-mail local part, user name,
 * home directory; organisation, short name, domain).
 *
 * - detect: key-path evidence (people/keys.ts), then one scan of the chunk's
 *   capitalised words (people/scan.ts); confidential organisations are added
 *   in every form that names them.
 * - resolve: links parts, lone names, logins and domains to their entity
 *   and pins their stand-ins (people/resolve.ts).
 */
import type { Chunk, Detector, DetectContext, FindingSink, Keyed, ResolveSink } from '../types';
import { MIN_GLOBAL_SURFACE } from '../registry';
import { stateOf, type PeopleState } from './people/state';
import { letterTable } from './people/text';
import { scanKeys } from './people/keys';
import { scanNames } from './people/scan';
import { scanCjk } from './people/cjk';
import { scanLearned } from './people/learned/detect';
import { resolvePeople } from './people/resolve';
import { reportOrg } from './people/report';
import { orgCanonical } from '../standins/people';
import { publicSuffixOf, registrableDomain } from './accounts/lists';

/** Every written form of a confidential organisation's name. */
export function confidentialForms(entry: string): { canonical: string; forms: string[]; short: string[] } | null {
  let name = entry.trim();
  if (name.length === 0) return null;
  if (/^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(name) && !/\s/.test(name)) {
    // a domain: its label names the organisation
    const reg = registrableDomain(name.toLowerCase());
    const suffix = publicSuffixOf(reg);
    name = reg.slice(0, reg.length - suffix.length - 1);
  }
  const canonical = orgCanonical(name);
  if (canonical.length < 2) return null;
  // names shorter than a global surface (`HP`) are replaced where they stand, in the letter case given
  const short = [...new Set([entry.trim(), name])].filter((f) => f.length < MIN_GLOBAL_SURFACE);
  const forms = new Set<string>([entry.trim(), name]);
  const core = canonical;
  forms.add(core);
  const words = core.split(' ').filter((w) => w.length > 0);
  if (words.length > 1) {
    forms.add(words.join(''));
    forms.add(words.join('-'));
    forms.add(words.join('_'));
  }
  return { canonical, forms: [...forms].filter((f) => f.length >= MIN_GLOBAL_SURFACE), short };
}

/** Letters, digits and `_`: what may not touch a short name on either side. */
function wordCode(c: number, letters: Uint8Array): boolean {
  return letters[c] === 1 || (c >= 48 && c <= 57) || c === 95;
}

/** Every case-sensitive whole-word occurrence of the short confidential names, as place-only findings. */
function scanShortConfidential(chunk: Chunk, sink: FindingSink, st: PeopleState): void {
  const text = chunk.corpus;
  const letters = letterTable();
  for (const { form, canonical } of st.shortConfidential) {
    for (let i = text.indexOf(form); i >= 0; i = text.indexOf(form, i + 1)) {
      const end = i + form.length;
      if (i > 0 && wordCode(text.charCodeAt(i - 1), letters)) continue;
      if (end < text.length && wordCode(text.charCodeAt(end), letters)) continue;
      sink.add({ kind: 'organisation', surface: form, canonical, at: { start: i, end } });
    }
  }
}

export const peopleDetector: Detector = {
  name: 'people',
  detect(chunk: Chunk, sink: FindingSink, ctx: DetectContext): void {
    const st = stateOf(sink);
    if (!st.confidentialReady) {
      st.confidentialReady = true;
      for (const entry of ctx.confidential) {
        const c = confidentialForms(entry);
        if (!c) continue;
        for (const form of c.forms) reportOrg(sink, st, form, c.canonical, true);
        if (c.short.length > 0) {
          // known to the resolver, so that the organisation's domains (`hp.com`) take a matching stand-in
          if (!st.orgs.has(c.canonical))
            st.orgs.set(c.canonical, { canonical: c.canonical, surfaces: new Set(), confidential: true });
          for (const form of c.short) st.shortConfidential.push({ form, canonical: c.canonical });
        }
      }
    }
    if (st.shortConfidential.length > 0) scanShortConfidential(chunk, sink, st);
    scanKeys(chunk, sink, st);
    // the name scan passes every character once: it says where the runs of CJK characters start
    const cjk = scanNames(chunk, sink, st);
    scanCjk(chunk, sink, st, ctx, cjk);
    scanLearned(chunk, sink, st);
  },
  resolve(sink: ResolveSink, keyed: Keyed, ctx: DetectContext): void {
    resolvePeople(stateOf(sink), sink, keyed, ctx);
  },
};

export const peopleDetectors: readonly Detector[] = [peopleDetector];
