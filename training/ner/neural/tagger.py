#!/usr/bin/env python3
"""A small neural person / organisation tagger, trained only to compare it with the linear model that ships
(training/ner/neural/README.md, docs/ner-comparison.md). Nothing here runs in the product.

Input: the folder that `node dist/training/ner/neural/prep.js --out DIR` wrote (every corpus's fixed splits with
the recogniser's lexicon flags per token, the gold BIO tags the linear model is trained on, and on the test splits
the linear model's own tags).

The model, per token of a sentence:
  - a word embedding learned from scratch (lower-case form; words seen fewer than twice in training share one row,
    and in training a word is dropped to that row with probability 0.1, so that the model learns what to do with a
    word it never saw: a name on no list);
  - a character CNN over the word as written (case kept), max-pooled;
  - the shape class of the word (lower, Capitalised, CAPS, mixed, digits, other) and the 13 lexicon flags of the
    engine (given name, surname, English word by band, place, public organisation, title, legal form, org head noun,
    particle), as the linear model sees them;
then a one-layer BiLSTM, and a linear layer to the five tags O, B-PER, I-PER, B-ORG, I-ORG (softmax, cross-entropy;
greedy decoding).

Trained on the train splits of the corpora whose licence lets weights ship (index.json `ships`), with Adam; after
each epoch the pooled dev splits of those corpora are tagged and the epoch with the best entity-token F1 (PER and
ORG, kind-level) is kept; training stops after `--patience` epochs without a better one, or after `--epochs`. CPU,
one thread, a pinned seed: the same data and seed give the same figures. `--minutes` is a safety stop only (a
slower machine would stop at another epoch: report.json says when it did).

Then every corpus's test split is scored, for this model and for the linear model's tags, by one scorer that
follows training/ner/score.ts `mentionScores` (a mention is found when every token of it with a letter is tagged as
its kind; a false positive is a capitalised token labelled O, not opening its unit, tagged as a name), plus
token-level recall. The figures, the speed (tokens/s on one thread: PyTorch eager, and onnxruntime on the exported
ONNX graph) and the sizes are written to OUT/report.json and printed as tables.

  python training/ner/neural/tagger.py --data DIR --out OUT [--seed 1] [--epochs 12] [--patience 3] [--minutes 25]
"""

import argparse
import json
import os
import random
import sys
import time
import unicodedata

import numpy as np
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

TAGS = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG"]
O, B_PER, I_PER, B_ORG, I_ORG = range(5)
FLAG_BITS = 13
MAX_CHARS = 20
PAD, UNK = 0, 1


def kind(tag):
    """0 none, 1 person, 2 organisation."""
    return 0 if tag == O else (1 if tag in (B_PER, I_PER) else 2)


def shape_class(w):
    letters = [c for c in w if c.isalpha()]
    if not letters:
        return 5 if any(c.isdigit() for c in w) else 6
    if all(c.islower() for c in letters):
        return 1
    if letters[0].isupper() and all(c.islower() for c in letters[1:]):
        return 2
    if all(c.isupper() for c in letters):
        return 3 if len(letters) > 1 else 2
    return 4


def read_split(data, name, split):
    path = os.path.join(data, f"{name}.{split}.jsonl")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


class Vocab:
    def __init__(self, units, seed):
        words, chars = {}, {}
        for u in units:
            for w in u["words"]:
                lw = w.lower()
                words[lw] = words.get(lw, 0) + 1
                for c in w[:MAX_CHARS]:
                    chars[c] = chars.get(c, 0) + 1
        self.words = {w: i + 2 for i, w in enumerate(sorted(w for w, n in words.items() if n >= 2))}
        self.chars = {c: i + 2 for i, c in enumerate(sorted(c for c, n in chars.items() if n >= 2))}

    def encode(self, u):
        words = u["words"]
        wid = [self.words.get(w.lower(), UNK) for w in words]
        cid = np.zeros((len(words), MAX_CHARS), dtype=np.int64)
        for i, w in enumerate(words):
            for j, c in enumerate(w[:MAX_CHARS]):
                cid[i, j] = self.chars.get(c, UNK)
        shape = [shape_class(w) for w in words]
        flags = np.array([[(f >> b) & 1 for b in range(FLAG_BITS)] for f in u["flags"]], dtype=np.float32)
        if flags.size == 0:
            flags = np.zeros((0, FLAG_BITS), dtype=np.float32)
        return {
            "wid": np.array(wid, dtype=np.int64),
            "cid": cid,
            "shape": np.array(shape, dtype=np.int64),
            "flags": flags,
            "gold": np.array(u["gold"], dtype=np.int64),
        }


class Tagger(nn.Module):
    def __init__(self, n_words, n_chars, word_dim=64, char_dim=24, char_filters=48, shape_dim=8, hidden=64, dropout=0.3):
        super().__init__()
        self.word = nn.Embedding(n_words, word_dim, padding_idx=PAD)
        self.char = nn.Embedding(n_chars, char_dim, padding_idx=PAD)
        self.conv = nn.Conv1d(char_dim, char_filters, kernel_size=3, padding=1)
        self.shape = nn.Embedding(7, shape_dim)
        self.drop = nn.Dropout(dropout)
        self.lstm = nn.LSTM(word_dim + char_filters + shape_dim + FLAG_BITS, hidden, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * hidden, len(TAGS))

    def features(self, wid, cid, shape, flags):
        b, t, l = cid.shape
        ch = self.char(cid.reshape(b * t, l)).transpose(1, 2)  # (b*t, char_dim, l)
        ch = torch.relu(self.conv(ch))
        # padded character positions are zeros after relu's floor: max over them is harmless
        ch = ch.max(dim=2).values.reshape(b, t, -1)
        return self.drop(torch.cat([self.word(wid), ch, self.shape(shape), flags], dim=2))

    def forward(self, wid, cid, shape, flags, lengths=None):
        x = self.features(wid, cid, shape, flags)
        if lengths is not None:
            packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
            h, _ = self.lstm(packed)
            h, _ = pad_packed_sequence(h, batch_first=True, total_length=x.shape[1])
        else:
            h, _ = self.lstm(x)
        return self.out(self.drop(h))


def batch_of(items, word_drop=0.0, rng=None):
    n = len(items)
    t = max(len(it["wid"]) for it in items)
    wid = np.zeros((n, t), dtype=np.int64)
    cid = np.zeros((n, t, MAX_CHARS), dtype=np.int64)
    shape = np.zeros((n, t), dtype=np.int64)
    flags = np.zeros((n, t, FLAG_BITS), dtype=np.float32)
    gold = np.full((n, t), -100, dtype=np.int64)
    lengths = []
    for k, it in enumerate(items):
        m = len(it["wid"])
        w = it["wid"].copy()
        if word_drop > 0:
            w[rng.random(m) < word_drop] = UNK
        wid[k, :m] = w
        cid[k, :m] = it["cid"]
        shape[k, :m] = it["shape"]
        flags[k, :m] = it["flags"]
        gold[k, :m] = it["gold"]
        lengths.append(m)
    return (
        torch.from_numpy(wid),
        torch.from_numpy(cid),
        torch.from_numpy(shape),
        torch.from_numpy(flags),
        torch.from_numpy(gold),
        torch.tensor(lengths),
    )


def batches(items, size, rng=None):
    """Batches of sentences of similar length (fewer pads); in a shuffled order when rng is given."""
    order = sorted(range(len(items)), key=lambda i: len(items[i]["wid"]))
    groups = [order[i : i + size] for i in range(0, len(order), size)]
    if rng is not None:
        rng.shuffle(groups)
    return groups


def decode(logits):
    """Greedy tags; an I- tag that does not continue a name of its kind becomes B-."""
    tags = logits.argmax(-1).tolist()
    prev = O
    for i, t in enumerate(tags):
        if t == I_PER and prev not in (B_PER, I_PER):
            tags[i] = B_PER
        elif t == I_ORG and prev not in (B_ORG, I_ORG):
            tags[i] = B_ORG
        prev = tags[i]
    return tags


def predict(model, items, size=64):
    model.eval()
    out = [None] * len(items)
    with torch.no_grad():
        for group in batches(items, size):
            wid, cid, shape, flags, _, lengths = batch_of([items[i] for i in group])
            logits = model(wid, cid, shape, flags, lengths)
            for k, i in enumerate(group):
                out[i] = decode(logits[k, : lengths[k]])
    return out


def token_f1(items, preds):
    tp = fp = fn = 0
    for it, p in zip(items, preds):
        for g, t in zip(it["gold"].tolist(), p):
            kg, kp = kind(g), kind(t)
            if kp and kp == kg:
                tp += 1
            else:
                if kp:
                    fp += 1
                if kg:
                    fn += 1
    return 2 * tp / max(1, 2 * tp + fp + fn)


def has_letter(w):
    return any(c.isalpha() for c in w)


def written_as(word):
    """How a person mention's first word is written: a handle (@name), lower case, capitals, or Capitalised."""
    if word.startswith("@"):
        return "handle"
    if word[:1].islower():
        return "lower"
    if len(word) > 1 and word.isupper():
        return "caps"
    return "cap"


def score(units, tags):
    """training/ner/score.ts `mentionScores` on a unit's own tokens, plus token-level recall and precision, and
    person mentions by how their first word is written (`written`: [mentions, found] per class)."""
    s = dict(per=0, perFound=0, org=0, orgFound=0, outsideTokens=0, falseTokens=0)
    s.update(perTokens=0, perTokensFound=0, orgTokens=0, orgTokensFound=0, tagged=0, taggedRight=0)
    s["written"] = {c: [0, 0] for c in ("cap", "caps", "lower", "handle")}
    for u, t in zip(units, tags):
        words = u["words"]
        for frm, to, label in u["mentions"]:
            want = 1 if label == "PER" else 2
            found = True
            for k in range(frm, to):
                if not has_letter(words[k]):
                    continue
                ok = kind(t[k]) == want
                found = found and ok
                s["perTokens" if want == 1 else "orgTokens"] += 1
                s["perTokensFound" if want == 1 else "orgTokensFound"] += ok
            s["per" if want == 1 else "org"] += 1
            s["perFound" if want == 1 else "orgFound"] += found
            if want == 1:
                w = s["written"][written_as(words[frm])]
                w[0] += 1
                w[1] += found
        for k in range(1, len(words)):
            if u["labels"][k] != "O" or not words[k] or unicodedata.category(words[k][0]) != "Lu":
                continue
            s["outsideTokens"] += 1
            s["falseTokens"] += t[k] != O
        # token precision: tokens tagged as a name whose kind is the gold label's (before align's ordinary-word rule)
        for k, tag in enumerate(t):
            if tag == O:
                continue
            s["tagged"] += 1
            s["taggedRight"] += (u["labels"][k] == "PER" and kind(tag) == 1) or (u["labels"][k] == "ORG" and kind(tag) == 2)
    return s


def pct(n, d):
    return "-" if d == 0 else f"{100 * n / d:.1f}%"


def speed_torch(model, items, runs=3):
    """Tokens/s, one sentence at a time (as a detector would call it), PyTorch eager, one thread."""
    model.eval()
    tensors = []
    for it in items:
        wid, cid, shape, flags, _, _ = batch_of([it])
        tensors.append((wid, cid, shape, flags))
    tokens = sum(len(it["wid"]) for it in items)
    best = float("inf")
    with torch.no_grad():
        for r in range(runs + 1):
            s = time.perf_counter()
            for x in tensors:
                model(*x).argmax(-1)
            if r > 0:
                best = min(best, time.perf_counter() - s)
    return tokens / best


def export_onnx(model, items, path):
    model.eval()
    wid, cid, shape, flags, _, _ = batch_of([items[0]])
    torch.onnx.export(
        model,
        (wid, cid, shape, flags),
        path,
        input_names=["words", "chars", "shape", "flags"],
        output_names=["logits"],
        dynamic_axes={
            "words": {0: "batch", 1: "tokens"},
            "chars": {0: "batch", 1: "tokens"},
            "shape": {0: "batch", 1: "tokens"},
            "flags": {0: "batch", 1: "tokens"},
            "logits": {0: "batch", 1: "tokens"},
        },
        opset_version=17,
        dynamo=False,
    )


def speed_onnx(path, items, runs=3, quantised=False):
    import onnxruntime as ort

    if quantised:
        from onnxruntime.quantization import QuantType, quantize_dynamic

        q = path.replace(".onnx", ".int8.onnx")
        quantize_dynamic(path, q, weight_type=QuantType.QInt8)
        path = q
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    sess = ort.InferenceSession(path, opts, providers=["CPUExecutionProvider"])
    feeds = []
    for it in items:
        wid, cid, shape, flags, _, _ = batch_of([it])
        feeds.append({"words": wid.numpy(), "chars": cid.numpy(), "shape": shape.numpy(), "flags": flags.numpy()})
    tokens = sum(len(it["wid"]) for it in items)
    best = float("inf")
    preds = []
    for r in range(runs + 1):
        s = time.perf_counter()
        out = [sess.run(None, f)[0] for f in feeds]
        if r > 0:
            best = min(best, time.perf_counter() - s)
        preds = out
    return tokens / best, os.path.getsize(path), preds


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--patience", type=int, default=3)
    ap.add_argument("--minutes", type=float, default=25.0)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-3)
    args = ap.parse_args()

    torch.set_num_threads(1)
    torch.set_num_interop_threads(1)
    torch.use_deterministic_algorithms(True)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    rng = np.random.RandomState(args.seed)

    with open(os.path.join(args.data, "index.json"), encoding="utf-8") as f:
        index = json.load(f)
    corpora = []
    for row in index:
        if row["corpus"] not in corpora:
            corpora.append(row["corpus"])
    ships = {row["corpus"] for row in index if row["ships"]}
    train_units = [u for c in corpora if c in ships for u in read_split(args.data, c, "train")]
    dev_units = [u for c in corpora if c in ships for u in read_split(args.data, c, "dev")]
    vocab = Vocab(train_units, args.seed)
    train = [vocab.encode(u) for u in train_units if u["words"]]
    dev = [vocab.encode(u) for u in dev_units if u["words"]]
    print(
        f"train: {len(train)} units, {sum(len(x['wid']) for x in train)} tokens from {', '.join(sorted(ships))}; "
        f"dev: {len(dev)} units; vocabulary {len(vocab.words)} words, {len(vocab.chars)} characters",
        file=sys.stderr,
    )

    model = Tagger(len(vocab.words) + 2, len(vocab.chars) + 2)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    loss_fn = nn.CrossEntropyLoss(ignore_index=-100)
    best_f1, best_state, best_epoch, stale = -1.0, None, 0, 0
    started = time.perf_counter()
    history = []
    for epoch in range(1, args.epochs + 1):
        model.train()
        total = 0.0
        for group in batches(train, args.batch, rng):
            wid, cid, shape, flags, gold, lengths = batch_of([train[i] for i in group], 0.1, rng)
            logits = model(wid, cid, shape, flags, lengths)
            loss = loss_fn(logits.reshape(-1, len(TAGS)), gold.reshape(-1))
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            total += loss.item()
        f1 = token_f1(dev, predict(model, dev))
        minutes = (time.perf_counter() - started) / 60
        history.append({"epoch": epoch, "loss": total, "dev_f1": f1, "minutes": minutes})
        print(f"epoch {epoch}: loss {total:.1f}, dev entity-token F1 {f1:.4f}, {minutes:.1f} min", file=sys.stderr)
        if f1 > best_f1:
            best_f1, best_epoch, stale = f1, epoch, 0
            best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
        else:
            stale += 1
        stopped_by = "patience" if stale >= args.patience else "minutes" if minutes >= args.minutes else "epochs"
        if stopped_by != "epochs":
            break
    train_minutes = (time.perf_counter() - started) / 60
    model.load_state_dict(best_state)
    os.makedirs(args.out, exist_ok=True)
    torch.save(best_state, os.path.join(args.out, "tagger.pt"))

    report = {
        "seed": args.seed,
        "torch": torch.__version__,
        "threads": torch.get_num_threads(),
        "trained_on": sorted(ships),
        "train_units": len(train),
        "train_tokens": int(sum(len(x["wid"]) for x in train)),
        "vocabulary": {"words": len(vocab.words), "chars": len(vocab.chars)},
        "parameters": int(sum(p.numel() for p in model.parameters())),
        "best_epoch": best_epoch,
        "epochs_run": len(history),
        "stopped_by": stopped_by,
        "best_dev_f1": best_f1,
        "train_minutes": train_minutes,
        "history": history,
        "test": {},
    }
    all_test = []
    for c in corpora:
        units = [u for u in read_split(args.data, c, "test")]
        if not units:
            continue
        items = [vocab.encode(u) for u in units]
        nonempty = [i for i, it in enumerate(items) if len(it["wid"])]
        preds = [[] for _ in units]
        for i, p in zip(nonempty, predict(model, [items[i] for i in nonempty])):
            preds[i] = p
        all_test.extend(items[i] for i in nonempty)
        with open(os.path.join(args.out, f"{c}.test.tags.json"), "w", encoding="utf-8") as f:
            json.dump(preds, f)
        linear_row = next(r for r in index if r["corpus"] == c and r["split"] == "test")
        report["test"][c] = {
            "ships": c in ships,
            "units": len(units),
            "neural": score(units, preds),
            "linear": score(units, [u["linear"] for u in units]),
            "linear_mentionScores": linear_row.get("linear"),
        }

    # speed: one thread, one sentence per call, on every test sentence (ort-speed.cjs reads the lengths)
    with open(os.path.join(args.out, "lengths.json"), "w", encoding="utf-8") as f:
        json.dump([len(it["wid"]) for it in all_test], f)
    report["speed"] = {"tokens": int(sum(len(it["wid"]) for it in all_test))}
    report["speed"]["torch_tokens_per_s"] = speed_torch(model, all_test)
    onnx_path = os.path.join(args.out, "tagger.onnx")
    try:
        export_onnx(model, all_test, onnx_path)
        tps, size, onnx_preds = speed_onnx(onnx_path, all_test)
        report["speed"]["onnxruntime_tokens_per_s"] = tps
        report["onnx_bytes"] = size
        # the exported graph tags as the PyTorch model does
        same = sum(
            int((o[0].argmax(-1) == model(*batch_of([it])[:4]).detach().numpy()[0].argmax(-1)).all())
            for o, it in zip(onnx_preds[:200], all_test[:200])
        )
        report["onnx_agrees_on_first_200"] = same
        tq, qsize, _ = speed_onnx(onnx_path, all_test, quantised=True)
        report["speed"]["onnxruntime_int8_tokens_per_s"] = tq
        report["onnx_int8_bytes"] = qsize
    except Exception as err:  # noqa: BLE001 - reported in the report, the figures above stand
        report["onnx_error"] = f"{type(err).__name__}: {err}"
    report["vocab_bytes_json"] = len(json.dumps({"words": list(vocab.words), "chars": list(vocab.chars)}, ensure_ascii=False).encode())
    with open(os.path.join(args.out, "report.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
    print_tables(report)


def print_tables(report):
    rows = []
    for c, r in report["test"].items():
        for model in ("linear", "neural"):
            s = r[model]
            rows.append(
                [
                    c + ("" if r["ships"] else " *"),
                    model,
                    str(s["per"]),
                    pct(s["perTokensFound"], s["perTokens"]),
                    pct(s["perFound"], s["per"]),
                    str(s["org"]),
                    pct(s["orgTokensFound"], s["orgTokens"]),
                    pct(s["orgFound"], s["org"]),
                    str(s["outsideTokens"]),
                    pct(s["falseTokens"], s["outsideTokens"]),
                    pct(s["taggedRight"], s["tagged"]),
                ]
            )
    header = ["corpus", "model", "PER", "PER tok rec", "PER mention rec", "ORG", "ORG tok rec", "ORG mention rec", "cap. O", "FP rate", "tok prec"]
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    fmt = lambda r: "  ".join(c.ljust(widths[i]) if i < 2 else c.rjust(widths[i]) for i, c in enumerate(r))  # noqa: E731
    print(fmt(header))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(fmt(r))
    print("(* evaluation only: not trained on)")
    print()
    print("Person mentions found, by how their first word is written (mentions: linear / neural):")
    classes = ("cap", "caps", "lower", "handle")
    rows = []
    for c, r in report["test"].items():
        row = [c + ("" if r["ships"] else " *")]
        for k in classes:
            n, a = r["linear"]["written"][k]
            _, b = r["neural"]["written"][k]
            row.append("-" if n == 0 else f"{n}: {pct(a, n)} / {pct(b, n)}")
        rows.append(row)
    header = ["corpus", "Capitalised", "CAPS", "lower case", "@handle"]
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    fmt = lambda r: "  ".join(c.ljust(widths[i]) if i < 1 else c.rjust(widths[i]) for i, c in enumerate(r))  # noqa: E731
    print(fmt(header))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(fmt(r))
    print(json.dumps({k: report[k] for k in ("best_epoch", "epochs_run", "stopped_by", "best_dev_f1", "train_minutes", "parameters", "speed") if k in report}, indent=1))


if __name__ == "__main__":
    main()
