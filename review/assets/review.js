'use strict';
(() => {
  /** Lines shown side by side at most; counts always cover the whole file. */
  const MAX_ROWS = 3000;
  /** Characters shown per side at most. */
  const MAX_CHARS = 2000000;
  /** Edit distance (in tokens) past which a pair of lines is marked changed as one span. */
  const MAX_EDITS = 4000;
  const KINDS = ['name', 'email', 'username', 'phone', 'address', 'domain', 'ip', 'id', 'secret', 'other'];

  const $ = (id) => document.getElementById(id);
  const form = $('form');
  const traceBox = $('trace');
  const fileInput = $('file');
  const nameInput = $('name');
  const keyInput = $('apikey');
  const twinKeyInput = $('twinkey');
  const statusLine = $('status');
  const result = $('result');
  const counts = $('counts');
  const panes = $('panes');
  const truncated = $('truncated');
  const downloadButton = $('download');

  /** The API key: in this closure only (never in storage, a cookie or the URL). */
  let apiKey = '';
  let twinText = '';
  let twinName = 'twin.txt';
  let busy = false;

  function setStatus(text, error) {
    statusLine.textContent = text;
    statusLine.className = error ? 'error' : '';
  }

  // ---------------------------------------------------------------- input

  function guessName(text) {
    const t = text.trim();
    if (t.startsWith('{') || t.startsWith('[')) {
      try {
        JSON.parse(t);
        return 'trace.json';
      } catch {
        const lines = t.split('\n').filter((l) => l.trim() !== '');
        try {
          lines.forEach((l) => JSON.parse(l));
          return 'trace.jsonl';
        } catch {
          return 'trace.txt';
        }
      }
    }
    return 'trace.txt';
  }

  function safeName(name) {
    const n = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 255);
    return n === '' ? 'trace.txt' : n;
  }

  async function loadFile(file) {
    traceBox.value = await file.text();
    nameInput.value = safeName(file.name);
  }

  traceBox.addEventListener('input', () => {
    nameInput.value = guessName(traceBox.value);
  });
  fileInput.addEventListener('change', () => {
    if (fileInput.files && fileInput.files[0]) void loadFile(fileInput.files[0]);
  });
  for (const target of [traceBox, form]) {
    target.addEventListener('dragover', (e) => {
      e.preventDefault();
      traceBox.classList.add('over');
    });
    target.addEventListener('dragleave', () => traceBox.classList.remove('over'));
    target.addEventListener('drop', (e) => {
      e.preventDefault();
      traceBox.classList.remove('over');
      const f = e.dataTransfer && e.dataTransfer.files[0];
      if (f) void loadFile(f);
    });
  }

  // ---------------------------------------------------------------- API

  async function api(path, init) {
    const headers = Object.assign({ Authorization: `Bearer ${apiKey}` }, (init && init.headers) || {});
    const res = await fetch(path, {
      ...init,
      headers,
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    if (!res.ok) {
      let message = `${res.status} ${res.statusText}`;
      try {
        const body = await res.json();
        if (body && body.error) message = `${res.status} ${body.error.code}: ${body.error.message}`;
      } catch {
        /* not an error object */
      }
      throw new Error(message);
    }
    return res;
  }

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  async function createTwin(text, name, twinKey) {
    const body = new FormData();
    body.append('file', new Blob([text], { type: 'application/octet-stream' }), name);
    if (twinKey !== '') body.append('key', twinKey);
    const twin = await (await api('/v1/svc/twins', { method: 'POST', body })).json();
    setStatus(`Twin ${twin.id} ${twin.status}…`);
    let wait = 300;
    for (;;) {
      const t = await (await api(`/v1/svc/twins/${encodeURIComponent(twin.id)}`)).json();
      if (t.status === 'completed') break;
      if (t.status === 'failed') {
        const e = t.error || {};
        throw new Error(`the twin failed: ${e.code || 'error'}${e.message ? `: ${e.message}` : ''}`);
      }
      setStatus(`Twin ${twin.id} ${t.status}…`);
      await sleep(wait);
      wait = Math.min(2000, Math.round(wait * 1.5));
    }
    const content = await (await api(`/v1/svc/twins/${encodeURIComponent(twin.id)}/content`)).text();
    return { id: twin.id, content };
  }

  // ---------------------------------------------------------------- alignment

  const TOKEN = /[\p{L}\p{N}\p{M}_]+|[\s\S]/gu;

  function tokens(s) {
    const out = [];
    for (const m of s.matchAll(TOKEN)) out.push(m[0]);
    return out;
  }

  /**
   * Myers' O(ND) difference of two token lists: the changed regions, each
   * [aStart, aEnd, bStart, bEnd] in tokens; null past `limit` edits.
   */
  function myers(a, b, limit) {
    const n = a.length;
    const m = b.length;
    const max = n + m;
    const off = max + 1;
    const v = new Int32Array(2 * max + 3);
    const trace = [];
    let found = false;
    for (let d = 0; d <= max && !found; d++) {
      if (d > limit) return null;
      trace.push(v.slice(off - d - 1, off + d + 2));
      for (let k = -d; k <= d; k += 2) {
        let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
        let y = x - k;
        while (x < n && y < m && a[x] === b[y]) {
          x++;
          y++;
        }
        v[off + k] = x;
        if (x >= n && y >= m) {
          found = true;
          break;
        }
      }
    }
    // back from (n, m): one edit per step, diagonals between
    const edits = [];
    let x = n;
    let y = m;
    for (let d = trace.length - 1; d > 0; d--) {
      const t = trace[d];
      const at = (k) => t[k + d + 1];
      const k = x - y;
      const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
      const prevX = at(prevK);
      const prevY = prevX - prevK;
      while (x > prevX && y > prevY) {
        x--;
        y--;
      }
      edits.push([prevX, x, prevY, y]);
      x = prevX;
      y = prevY;
    }
    edits.reverse();
    const regions = [];
    for (const [a0, a1, b0, b1] of edits) {
      const last = regions[regions.length - 1];
      if (last && last[1] === a0 && last[3] === b0) {
        last[1] = a1;
        last[3] = b1;
      } else regions.push([a0, a1, b0, b1]);
    }
    return regions;
  }

  /** Changed character spans of a pair of texts: [aStart, aEnd, bStart, bEnd]. */
  function changes(a, b) {
    if (a === b) return [];
    const ta = tokens(a);
    const tb = tokens(b);
    let lo = 0;
    while (lo < ta.length && lo < tb.length && ta[lo] === tb[lo]) lo++;
    let ea = ta.length;
    let eb = tb.length;
    while (ea > lo && eb > lo && ta[ea - 1] === tb[eb - 1]) {
      ea--;
      eb--;
    }
    const pa = [0];
    for (const t of ta) pa.push(pa[pa.length - 1] + t.length);
    const pb = [0];
    for (const t of tb) pb.push(pb[pb.length - 1] + t.length);
    const regions = myers(ta.slice(lo, ea), tb.slice(lo, eb), MAX_EDITS) || [[0, ea - lo, 0, eb - lo]];
    const spans = regions.map(([a0, a1, b0, b1]) => [pa[a0 + lo], pa[a1 + lo], pb[b0 + lo], pb[b1 + lo]]);
    // one replaced value often differs in several tokens with a separator kept between (`John Smith`, `a.b@c.d`):
    // changed spans apart by at most two characters of a value's own punctuation are one
    const merged = [];
    for (const s of spans) {
      const last = merged[merged.length - 1];
      if (last && s[0] - last[1] <= 2 && /^[ .@_+\-/]*$/.test(a.slice(last[1], s[0]))) {
        last[1] = s[1];
        last[3] = s[3];
      } else merged.push(s.slice());
    }
    return merged;
  }

  /** The run of value characters around a span, for telling its kind. */
  function around(s, start, end) {
    const stop = /[\s"'<>(){}[\],;|\\`]/;
    let i = start;
    while (i > 0 && !stop.test(s[i - 1])) i--;
    let j = end;
    while (j < s.length && !stop.test(s[j])) j++;
    return s.slice(i, j);
  }

  /**
   * The kind of a replaced span, from the original text and the run of value
   * characters around it (a changed local part inside an unchanged domain is an
   * e-mail still).
   */
  function kindOf(original, context) {
    const o = original.trim();
    const c = context.replace(/[.:]+$/, '');
    const digits = (o.match(/\d/g) || []).length;
    const mixed = /\d/.test(o) && /[a-z]/i.test(o) && !/\s/.test(o);
    if (/^(sk|pk|rk|whsec|ghp|gho|xox[a-z])[_-]/i.test(o) || /^eyJ/.test(o)) return 'secret';
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(c)) return mixed && o.length >= 8 ? 'secret' : 'domain';
    if (/^[^\s@/]+@[^\s@]+\.[^\s@]+$/.test(c)) return 'email';
    if (/^(\d{1,3}\.){3}\d{1,3}$/.test(c) || /^[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}$/i.test(c)) return 'ip';
    if (/^([a-z0-9-]+\.)+[a-z]{2,}$/i.test(c)) return 'domain';
    if (/^\d{4}([ -]?\d{4}){2,3}$/.test(o) || /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(o)) return 'id';
    if (/^\+?[\d\s().-]+$/.test(o) && digits >= 7 && digits <= 15) return 'phone';
    if (/^[\d\s.-]+$/.test(o) || /^[a-z]{2,8}_[A-Za-z0-9]{6,}$/.test(o)) return 'id';
    if (mixed && o.length >= 12) return 'secret';
    if (/^\d+[a-z]?\s+\p{L}/u.test(o)) return 'address';
    if (/^[\p{Lu}][\p{L}\p{M}'’.-]*(\s+[\p{L}][\p{L}\p{M}'’.-]*)*$/u.test(o)) return 'name';
    if (/^[a-z][a-z0-9._-]{1,31}$/.test(o)) return 'username';
    return 'other';
  }

  /** Aligns the two texts: line by line when they have as many lines, else whole. */
  function align(orig, twin) {
    const la = orig.split('\n');
    const lb = twin.split('\n');
    const pairs = la.length === lb.length ? la.map((l, i) => [l, lb[i]]) : [[orig, twin]];
    return pairs.map(([a, b]) => {
      const spans = changes(a, b).map(([a0, a1, b0, b1]) => ({
        a0,
        a1,
        b0,
        b1,
        kind: kindOf(a.slice(a0, a1), around(a, a0, a1)),
      }));
      return { a, b, spans };
    });
  }

  // ---------------------------------------------------------------- rendering

  function cell(text, spans, side, budget) {
    const pre = document.createElement('pre');
    pre.className = `cell ${side}`;
    let at = 0;
    const shown = text.length > budget.left ? text.slice(0, Math.max(0, budget.left)) : text;
    budget.left -= shown.length;
    for (const s of spans) {
      const start = side === 'orig' ? s.a0 : s.b0;
      const end = side === 'orig' ? s.a1 : s.b1;
      if (start >= shown.length) break;
      if (start > at) pre.append(shown.slice(at, start));
      const mark = document.createElement('mark');
      mark.className = `k-${s.kind}`;
      mark.title = s.kind;
      mark.textContent = shown.slice(start, Math.min(end, shown.length));
      pre.append(mark);
      at = Math.min(end, shown.length);
    }
    if (at < shown.length) pre.append(shown.slice(at));
    return pre;
  }

  function render(rows) {
    const tally = new Map();
    for (const r of rows) for (const s of r.spans) tally.set(s.kind, (tally.get(s.kind) || 0) + 1);
    const total = [...tally.values()].reduce((x, y) => x + y, 0);
    counts.replaceChildren();
    const head = document.createElement('strong');
    head.id = 'total';
    head.textContent = `${total} replaced span${total === 1 ? '' : 's'}`;
    counts.append(head, ' ');
    for (const k of KINDS) {
      if (!tally.has(k)) continue;
      const chip = document.createElement('span');
      chip.className = `chip k-${k}`;
      chip.dataset.kind = k;
      chip.dataset.count = String(tally.get(k));
      chip.textContent = `${k} ${tally.get(k)}`;
      counts.append(chip);
    }
    panes.replaceChildren();
    const budgetA = { left: MAX_CHARS };
    const budgetB = { left: MAX_CHARS };
    const shownRows = rows.slice(0, MAX_ROWS);
    for (const r of shownRows) {
      if (budgetA.left <= 0 && budgetB.left <= 0) break;
      panes.append(cell(r.a, r.spans, 'orig', budgetA), cell(r.b, r.spans, 'twin', budgetB));
    }
    const cut = rows.length > shownRows.length || budgetA.left < 0 || budgetB.left < 0;
    truncated.hidden = !cut;
    truncated.textContent = cut
      ? 'Only the beginning is shown side by side; the counts and the download cover the whole twin.'
      : '';
    result.hidden = false;
  }

  // ---------------------------------------------------------------- download

  downloadButton.addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([twinText], { type: 'application/octet-stream' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = twinName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });

  // ---------------------------------------------------------------- run

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (busy) return;
    const text = traceBox.value;
    apiKey = keyInput.value.trim();
    if (text.trim() === '') return setStatus('Paste or drop a trace first.', true);
    if (!/^svc_sk_/.test(apiKey)) return setStatus('Give an API key (svc_sk_test_… or svc_sk_…).', true);
    // the twinning key, like the API key, is read when needed and kept nowhere
    const twinKey = twinKeyInput.value.trim();
    if (twinKey !== '' && !/^[0-9a-fA-F]{64}$/.test(twinKey))
      return setStatus('The twinning key is 64 hexadecimal characters (or leave it empty for a fresh one).', true);
    const name = safeName(nameInput.value || guessName(text));
    busy = true;
    result.hidden = true;
    setStatus('Uploading…');
    createTwin(text, name, twinKey)
      .then(({ id, content }) => {
        twinText = content;
        twinName = `${id}-${name}`;
        setStatus(`Twin ${id} completed: aligning…`);
        const rows = align(text, content);
        render(rows);
        setStatus(`Twin ${id} completed.`);
        document.body.dataset.state = 'done';
      })
      .catch((err) => {
        setStatus(err instanceof Error ? err.message : String(err), true);
        document.body.dataset.state = 'error';
      })
      .finally(() => {
        busy = false;
      });
  });
})();
