#!/usr/bin/env python3
"""Trains the offline claims engine's pair verifier (backend/claims/verifier).

Reads the export of cmd/trainverdict (examples.jsonl, vocab.json, emb.f32,
meta.json), trains the model that backend/claims/verifier/forward.go runs,
cross-validates handbook-dev by document, chooses the temperature and the
two decision thresholds on development data only (the pairs dev split and
the handbook-dev out-of-fold predictions), prints every set's table, and
writes the weights with their manifest.

Held-out sets (SciFact test, VitaminC test, the pairs test and report
splits, the NLI test sets) are scored after everything is chosen and never
choose anything; TRAIN_SETS and DEV_SETS below are the only sets read for
training and choices, and the manifest lists them (a test checks it).

PyTorch is for training only (Debian's python3-torch, CPU); the product runs
the model in pure Go.
"""
import argparse
import copy
import json
import math
import os
import random
import subprocess
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

TRAIN_SETS = ["pairs-train", "aug-train", "nli-train", "nli-dev", "scifact-train", "vitaminc-train", "sample"]
CV_SET = "handbook"  # trained on by folds; its out-of-fold predictions are development data
CV_AUG = "handbook-aug"  # contradictions generated from its supported claims, kept in their claim's fold
DEV_SETS = ["pairs-dev"]  # with the handbook-dev out-of-fold predictions
HELD_OUT = ["pairs-test", "pairs-report", "nli-test", "scifact-test", "vitaminc-test"]
SET_WEIGHT = {"pairs-train": 1.0, "aug-train": 1.0, "nli-train": 0.4, "nli-dev": 0.6, "scifact-train": 1.0,
              "vitaminc-train": 1.0, "sample": 1.0, "handbook": 2.0, "handbook-aug": 2.0}
CLASSES = ["supported", "contradicted", "not_covered"]
S, C, N = 0, 1, 2


def log(msg):
    print("train_verifier: " + msg, file=sys.stderr, flush=True)


def load(data):
    meta = json.load(open(os.path.join(data, "meta.json")))
    emb = np.fromfile(os.path.join(data, "emb.f32"), dtype="<f4").reshape(meta["words"], meta["emb"])
    sets = {}
    with open(os.path.join(data, "examples.jsonl")) as f:
        for line in f:
            e = json.loads(line)
            sets.setdefault(e["set"], []).append(e)
    return meta, emb, sets


class Verifier(nn.Module):
    def __init__(self, emb, nflags, npair, hidden, mlp):
        super().__init__()
        e = emb.shape[1]
        table = np.zeros((emb.shape[0] + 3, e), dtype=np.float32)
        table[3:] = emb
        self.register_buffer("table", torch.from_numpy(table))
        self.special = nn.Parameter(torch.randn(2, e) * 0.1)
        self.conv = nn.Conv1d(e + nflags, hidden, 3, padding=1)
        self.cmp = nn.Linear(4 * hidden, hidden)
        self.mlp1 = nn.Linear(4 * hidden + npair, mlp)
        self.out = nn.Linear(mlp, 3)
        self.drop = nn.Dropout(0.1)
        self.nflags = nflags
        self.register_buffer("pmean", torch.zeros(npair))
        self.register_buffer("pstd", torch.ones(npair))

    def embed(self, ids, flags):
        x = self.table[ids]
        x = torch.where((ids == 1).unsqueeze(-1), self.special[0].expand_as(x), x)
        x = torch.where((ids == 2).unsqueeze(-1), self.special[1].expand_as(x), x)
        bits = ((flags.unsqueeze(-1) >> torch.arange(self.nflags)) & 1).float()
        x = torch.cat([x, bits], -1) * (ids > 0).unsqueeze(-1).float()
        return F.relu(self.conv(x.transpose(1, 2))).transpose(1, 2)

    def compare(self, h, a, mask):
        m = F.relu(self.cmp(torch.cat([h, a, h - a, h * a], -1))) * mask.unsqueeze(-1)
        n = mask.sum(1, keepdim=True).clamp(min=1)
        return torch.cat([m.sum(1) / n, m.max(1).values], -1)

    def forward(self, c, cf, u, uf, p):
        mc, mu = (c > 0).float(), (u > 0).float()
        hc, hu = self.embed(c, cf), self.embed(u, uf)
        e = torch.bmm(hc, hu.transpose(1, 2))
        ac = torch.bmm(torch.softmax(e.masked_fill(mu.unsqueeze(1) == 0, -1e9), 2), hu)
        au = torch.bmm(torch.softmax(e.transpose(1, 2).masked_fill(mc.unsqueeze(1) == 0, -1e9), 2), hc)
        pooled = torch.cat([self.compare(hc, ac, mc), self.compare(hu, au, mu)], -1)
        pooled = pooled * ((mc.sum(1) > 0) & (mu.sum(1) > 0)).float().unsqueeze(-1)
        z = torch.cat([pooled, (p - self.pmean) / self.pstd], -1)
        return self.out(self.drop(F.relu(self.mlp1(self.drop(z)))))


def pad(seqs):
    n = max(1, max(len(s) for s in seqs))
    out = np.zeros((len(seqs), n), dtype=np.int64)
    for i, s in enumerate(seqs):
        out[i, :len(s)] = s
    return torch.from_numpy(out)


def batch_tensors(examples):
    cands, owner = [], []
    for i, e in enumerate(examples):
        for cd in e["cands"]:
            cands.append(cd)
            owner.append(i)
    if not cands:
        return None
    c = pad([cd["c"] or [] for cd in cands])
    cf = pad([cd["cf"] or [] for cd in cands])
    u = pad([cd["u"] or [] for cd in cands])
    uf = pad([cd["uf"] or [] for cd in cands])
    p = torch.tensor([cd["p"] for cd in cands], dtype=torch.float32)
    sup = torch.tensor([cd["s"] for cd in cands], dtype=torch.bool)
    return c, cf, u, uf, p, sup, torch.tensor(owner)


def mil_loss(logits, sup, owner, labels, weights):
    lp = F.log_softmax(logits, -1)
    total = logits.new_zeros(())
    for i in range(len(labels)):
        k = owner == i
        if not k.any():
            continue
        l = lp[k]
        y = labels[i]
        if y == C:
            loss = -torch.clamp(torch.logsumexp(l[:, C], 0), max=0)
        elif y == S:
            s = sup[k]
            ls = l[s, S] if s.any() else l[:, S]
            loss = -torch.clamp(torch.logsumexp(ls, 0), max=0)
            loss = loss - 0.5 * torch.log1p(-l[:, C].exp().clamp(max=1 - 1e-6)).mean()
        else:
            loss = -l[:, N].mean()
        total = total + weights[i] * loss
    return total / max(1e-9, float(sum(weights)))


def longest(e):
    return max(max(len(cd["c"] or []), len(cd["u"] or [])) for cd in e["cands"])


def length_batches(examples, size, rng):
    """Batches of examples of similar length (little padding), in random order."""
    keyed = sorted(examples, key=lambda e: (longest(e), rng.random()))
    batches = [keyed[b:b + size] for b in range(0, len(keyed), size)]
    rng.shuffle(batches)
    return batches


def train(meta, emb, examples, args, seed, epochs=None, init=None):
    torch.manual_seed(seed)
    random.seed(seed)
    np.random.seed(seed)
    model = init
    lr = args.lr if init is None else args.lr / 2
    if model is None:
        model = Verifier(emb, meta["num_flags"], len(meta["pair_names"]), args.hidden, args.mlp)
        feats = np.array([cd["p"] for e in examples for cd in e["cands"]], dtype=np.float32)
        model.pmean.copy_(torch.from_numpy(feats.mean(0)))
        model.pstd.copy_(torch.from_numpy(np.maximum(feats.std(0), 1e-2)))
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=1e-5)
    rng = random.Random(seed)
    order = [e for e in examples if e["cands"]]
    epochs = args.epochs if epochs is None else epochs
    for epoch in range(epochs):
        model.train()
        t0, tot = time.time(), 0.0
        for chunk in length_batches(order, args.batch, rng):
            c, cf, u, uf, p, sup, owner = batch_tensors(chunk)
            logits = model(c, cf, u, uf, p)
            loss = mil_loss(logits, sup, owner, [e["label"] for e in chunk], [SET_WEIGHT.get(e["set"], 1.0) for e in chunk])
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += float(loss) * len(chunk)
        log(f"seed {seed} epoch {epoch + 1}/{epochs}: loss {tot / len(order):.4f} ({time.time() - t0:.0f} s)")
    model.eval()
    return model


@torch.no_grad()
def candidate_logits(model, examples, size=256):
    """Per example: (logits K×3, supportable K, pair features K×F) for its candidates."""
    out = []
    for b in range(0, len(examples), size):
        chunk = examples[b:b + size]
        t = batch_tensors(chunk)
        if t is None:
            out.extend((np.zeros((0, 3)), np.zeros(0, dtype=bool), np.zeros((0, 0))) for _ in chunk)
            continue
        c, cf, u, uf, p, sup, owner = t
        lg = model(c, cf, u, uf, p).numpy()
        for i in range(len(chunk)):
            k = (owner == i).numpy()
            out.append((lg[k], sup.numpy()[k], p.numpy()[k]))
    return out


def softmax(x, temp):
    z = x / temp
    z = z - z.max(-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(-1, keepdims=True)


SUPPORT_MARGIN = 0.1  # backend/claims/verify.go supportMargin
SCORE = 9  # index of the alignment score among the pair features
CUES = slice(24, 32)  # the rule cues among the pair features (cue_quantity .. cue_tense)


def decide(lg, sup, temp, tc, ts, pf=None, tcc=None):
    """The Go engine's rule (backend/claims/verify.go pick): verdict, confidence, pc, ps.

    Contradicted when a unit's P(contradicted) reaches tc, or reaches tcc
    on a unit where a rule cue named the conflicting slot; unless a unit
    that states the claim aligns clearly better."""
    if len(lg) == 0:
        return N, 1.0, 0.0, 0.0
    p = softmax(lg, temp)
    pcs = p[:, C]
    if pf is not None and tcc is not None:
        cue = pf[:, CUES].max(axis=1) > 0
        # A cue unit competes at the lower threshold: rescale its
        # probability so one comparison with tc decides both.
        pcs = np.where(cue & (pcs >= tcc), np.maximum(pcs, tc), pcs)
    ic = int(pcs.argmax())
    pc = float(p[ic, C])
    ps, js = 0.0, -1
    if sup.any():
        masked = np.where(sup, p[:, S], -1.0)
        js = int(masked.argmax())
        ps = float(masked[js])
    outweighed = pf is not None and js >= 0 and ps >= ts and pf[js, SCORE] > pf[ic, SCORE] + SUPPORT_MARGIN
    if float(pcs[ic]) >= tc and not outweighed:
        return C, pc, pc, ps
    if sup.any() and ps >= ts:
        return S, ps, pc, ps
    return N, 1 - max(pc, ps), pc, ps


def fit_temperature(preds, labels):
    """The temperature that minimises the log loss of the deciding unit's distribution."""
    best, best_t = None, 1.0
    for t in np.arange(0.5, 3.01, 0.1):
        nll = 0.0
        for (lg, sup, _), y in zip(preds, labels):
            if len(lg) == 0:
                continue
            p = softmax(lg, t)
            k = int(p[:, y].argmax()) if y != N else int(p[:, N].argmin())
            nll -= math.log(max(p[k, y], 1e-9))
        if best is None or nll < best:
            best, best_t = nll, float(t)
    return best_t


def scores(gold, got):
    out = {}
    for k, name in enumerate(CLASSES):
        tp = sum(1 for g, v in zip(gold, got) if g == k and v == k)
        npred = sum(1 for v in got if v == k)
        ngold = sum(1 for g in gold if g == k)
        p = tp / npred if npred else float("nan")
        r = tp / ngold if ngold else float("nan")
        f = 2 * p * r / (p + r) if npred and ngold and p + r > 0 else float("nan")
        out[name] = {"p": p, "r": r, "f1": f, "n": ngold}
    out["accuracy"] = sum(1 for g, v in zip(gold, got) if g == v) / max(1, len(gold))
    return out


def choose_thresholds(preds, labels, temp, min_precision_c, min_precision_s):
    """tc, then tcc (cue units, at most tc), then ts: each the best F1 at the precision floor."""
    grid = np.arange(0.30, 0.96, 0.01)
    def best(make, cls, floor, default):
        b, bf = default, -1
        for t in grid:
            got = [make(t, lg, s, pf) for lg, s, pf in preds]
            sc = scores(labels, got)[cls]
            if not math.isnan(sc["p"]) and sc["p"] >= floor and sc["f1"] > bf:
                b, bf = float(t), sc["f1"]
        return b
    tc = best(lambda t, lg, s, pf: decide(lg, s, temp, t, 2.0, pf)[0], "contradicted", min_precision_c, 0.95)
    tcc = best(lambda t, lg, s, pf: decide(lg, s, temp, tc, 2.0, pf, min(t, tc))[0], "contradicted", min_precision_c, tc)
    tcc = min(tcc, tc)
    ts = best(lambda t, lg, s, pf: decide(lg, s, temp, tc, t, pf, tcc)[0], "supported", min_precision_s, 0.95)
    return round(tc, 2), round(tcc, 2), round(ts, 2)


def fmt(v):
    return "—" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.2f}"


def table(rows):
    print("| set | n | accuracy | supported P/R | contradicted P/R | not covered P/R |")
    print("|---|---|---|---|---|---|")
    for name, sc, n in rows:
        cells = [f"{fmt(sc[c]['p'])} / {fmt(sc[c]['r'])}" for c in CLASSES]
        print(f"| {name} | {n} | {sc['accuracy']:.2f} | " + " | ".join(cells) + " |")
    print()


def kind_recall(name, examples, got):
    kinds = {}
    for e, v in zip(examples, got):
        if e["label"] == C:
            k = kinds.setdefault(e.get("kind") or "other", [0, 0])
            k[0] += v == C
            k[1] += 1
    print(f"contradicted recall by kind, {name}: " + ", ".join(f"{k} {a}/{b}" for k, (a, b) in sorted(kinds.items())))


def reliability(preds, labels, temp, tc, tcc, ts):
    bins = [[0, 0] for _ in range(5)]
    for (lg, s, sc), y in zip(preds, labels):
        v, conf, _, _ = decide(lg, s, temp, tc, ts, sc, tcc)
        b = min(4, int(conf * 5))
        bins[b][0] += v == y
        bins[b][1] += 1
    print("reliability (development data: verdict confidence bin → share correct):")
    for i, (ok, n) in enumerate(bins):
        print(f"  {i / 5:.1f}–{(i + 1) / 5:.1f}: " + (f"{ok / n:.2f} of {n}" if n else "— of 0"))
    print()


def hash_share(s):
    """A stable share in [0, 1) of a string (Python's hash() is salted per run)."""
    import zlib
    return (zlib.crc32(s.encode()) % 1000000) / 1000000


def folds_of(examples, k):
    groups = sorted({e["group"] for e in examples})
    rng = random.Random(7)
    rng.shuffle(groups)
    return {g: i % k for i, g in enumerate(groups)}


def export(model, meta, temp, tc, tcc, ts, manifest):
    sd = {k: v.detach().numpy().astype(np.float32) for k, v in model.state_dict().items()}
    flat = lambda a: [float(x) for x in a.reshape(-1)]
    return {
        "name": "verifier-v2", "emb": meta["emb"], "hidden": model.cmp.out_features, "mlp": model.mlp1.out_features,
        "pair_names": meta["pair_names"], "special": flat(sd["special"]),
        "conv_w": flat(sd["conv.weight"]), "conv_b": flat(sd["conv.bias"]),
        "cmp_w": flat(sd["cmp.weight"]), "cmp_b": flat(sd["cmp.bias"]),
        "mlp1_w": flat(sd["mlp1.weight"]), "mlp1_b": flat(sd["mlp1.bias"]),
        "out_w": flat(sd["out.weight"]), "out_b": flat(sd["out.bias"]),
        "pair_mean": flat(sd["pmean"]), "pair_std": flat(sd["pstd"]),
        "temperature": temp, "thresholds": {"contradicted": tc, "contradicted_cue": tcc, "supported": ts},
        "word_table": meta["word_table"], "manifest": manifest,
    }


def golden(model, meta, vocab, examples, temp, n=12):
    """A few candidates with the probabilities PyTorch gives them, for the Go test."""
    def words(ids):
        return ["<unk>" if i == 1 else "<num>" if i == 2 else vocab[i - 3] for i in ids]
    out = []
    for e in examples:
        for cd in e["cands"][:1]:
            if len(out) >= n or not cd["c"] or not cd["u"]:
                continue
            lg = candidate_logits(model, [{"cands": [cd]}])[0][0]
            out.append({"claim": words(cd["c"]), "claim_flags": cd["cf"], "unit": words(cd["u"]), "unit_flags": cd["uf"],
                        "features": cd["p"], "probs": softmax(lg, temp)[0].tolist()})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--out")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--hidden", type=int, default=48)
    ap.add_argument("--mlp", type=int, default=48)
    ap.add_argument("--batch", type=int, default=48)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--folds", type=int, default=4)
    ap.add_argument("--tune-epochs", type=int, default=2, help="epochs of each handbook-dev fine-tune")
    ap.add_argument("--tune-mix", type=int, default=1500, help="base examples mixed into each fine-tune")
    ap.add_argument("--nli-share", type=float, default=0.5, help="share of the NLI training rows used")
    ap.add_argument("--min-precision", type=float, default=0.85)
    ap.add_argument("--min-support-precision", type=float, default=0.90)
    ap.add_argument("--date", default="")
    ap.add_argument("--golden", help="write a few candidates with PyTorch's probabilities here")
    args = ap.parse_args()
    torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))
    meta, emb, sets = load(args.data)
    for s in sorted(sets):
        log(f"{s}: {len(sets[s])}")
    keep = lambda e: not e["set"].startswith("nli-") or (hash_share(e["id"]) < args.nli_share)
    base = [e for s in TRAIN_SETS for e in sets.get(s, []) if keep(e)]
    hb = sets.get(CV_SET, [])
    hb_aug = sets.get(CV_AUG, [])
    assert not set(TRAIN_SETS + DEV_SETS + [CV_SET]) & set(HELD_OUT)

    # One base model on the public sets, then handbook-dev by fine-tuning:
    # per fold on the other folds' documents (its out-of-fold predictions
    # are development data), and once on all of it for the shipped model.
    # Each fine-tune mixes in a sample of the base sets so it does not
    # forget them.
    fold = folds_of(hb, args.folds)
    rng = random.Random(11)
    def tune(model, extra, seed):
        m = copy.deepcopy(model)
        mix = extra + rng.sample(base, min(len(base), args.tune_mix))
        return train(meta, emb, mix, args, seed, args.tune_epochs, init=m)
    bases = {seed: train(meta, emb, base, args, seed) for seed in range(max(1, args.seeds))}
    oof = [None] * len(hb)
    for k in range(args.folds):
        m = tune(bases[0], [e for e in hb + hb_aug if fold.get(e["group"], -1) != k], 0)
        idx = [i for i, e in enumerate(hb) if fold[e["group"]] == k]
        for i, pr in zip(idx, candidate_logits(m, [hb[i] for i in idx])):
            oof[i] = pr
    dev = [e for s in DEV_SETS for e in sets.get(s, [])]
    results = {}
    for seed in range(max(1, args.seeds)):
        model = tune(bases[seed], hb + hb_aug, seed)
        dev_preds = candidate_logits(model, dev) + oof
        dev_labels = [e["label"] for e in dev] + [e["label"] for e in hb]
        temp = fit_temperature(dev_preds, dev_labels)
        tc, tcc, ts = choose_thresholds(dev_preds, dev_labels, temp, args.min_precision, args.min_support_precision)
        rows, per = [], {}
        for name in DEV_SETS + ["handbook (out of fold)"] + HELD_OUT + TRAIN_SETS:
            exs = hb if name.startswith("handbook") else sets.get(name, [])
            if not exs:
                continue
            preds = oof if name.startswith("handbook") else candidate_logits(model, exs)
            got = [decide(lg, s, temp, tc, ts, sc, tcc)[0] for lg, s, sc in preds]
            sc = scores([e["label"] for e in exs], got)
            per[name] = {"scores": sc, "got": got, "preds": preds, "examples": exs}
            rows.append((name + (" (trained on)" if name in TRAIN_SETS else ""), sc, len(exs)))
        results[seed] = {"model": model, "temp": temp, "tc": tc, "tcc": tcc, "ts": ts, "per": per}
        print(f"## seed {seed}: temperature {temp:.1f}, thresholds contradicted {tc:.2f} (with a rule cue {tcc:.2f}), supported {ts:.2f}\n")
        table(rows)
        if seed == 0:
            for name in ["handbook (out of fold)", "pairs-test", "pairs-report", "nli-test"]:
                if name in per:
                    kind_recall(name, per[name]["examples"], per[name]["got"])
            print()
            reliability(dev_preds, dev_labels, temp, tc, tcc, ts)
    if len(results) > 1:
        print("spread over seeds (contradicted P / R):")
        for name in ["handbook (out of fold)", "pairs-dev", "pairs-test", "pairs-report", "scifact-test", "vitaminc-test"]:
            vals = [(r["per"][name]["scores"]["contradicted"]["p"], r["per"][name]["scores"]["contradicted"]["r"]) for r in results.values() if name in r["per"]]
            if vals:
                print(f"  {name}: " + ", ".join(f"{fmt(p)} / {fmt(r)}" for p, r in vals))
        print("  thresholds (contradicted/with cue/supported): " + ", ".join(f"{r['tc']:.2f}/{r['tcc']:.2f}/{r['ts']:.2f}" for r in results.values()))
        print()
    r0 = results[0]
    if args.out:
        try:
            commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            commit = ""
        manifest = {
            "trained": args.date, "commit": commit, "trainer": "scripts/train_verifier.py (PyTorch " + torch.__version__ + ", CPU)",
            "train_sets": TRAIN_SETS + [CV_SET, CV_AUG], "threshold_sets": DEV_SETS + [CV_SET + " (out of fold)"],
            "held_out_sets": HELD_OUT,
            "counts": {s: len(sets.get(s, [])) for s in TRAIN_SETS + [CV_SET, CV_AUG] + DEV_SETS},
            "hyper": {"epochs": args.epochs, "tune_epochs": args.tune_epochs, "tune_mix": args.tune_mix, "nli_share": args.nli_share, "hidden": args.hidden, "mlp": args.mlp, "batch": args.batch, "lr": args.lr,
                      "folds": args.folds, "seed": 0, "set_weights": SET_WEIGHT,
                      "min_precision_contradicted": args.min_precision, "min_precision_supported": args.min_support_precision},
            "metrics": {name: {"accuracy": round(v["scores"]["accuracy"], 4),
                               "contradicted_p": round(v["scores"]["contradicted"]["p"], 4) if not math.isnan(v["scores"]["contradicted"]["p"]) else None,
                               "contradicted_r": round(v["scores"]["contradicted"]["r"], 4) if not math.isnan(v["scores"]["contradicted"]["r"]) else None}
                        for name, v in r0["per"].items()},
        }
        with open(args.out, "w") as f:
            json.dump(export(r0["model"], meta, r0["temp"], r0["tc"], r0["tcc"], r0["ts"], manifest), f, separators=(",", ":"))
        log(f"wrote {args.out}")
    if args.golden:
        vocab = json.load(open(os.path.join(args.data, "vocab.json")))
        mixed = [e for name in ["pairs-dev", "handbook"] for e in sets.get(name, [])][::7]
        with open(args.golden, "w") as f:
            json.dump(golden(r0["model"], meta, vocab, mixed, r0["temp"]), f, indent=1)
        log(f"wrote {args.golden}")


if __name__ == "__main__":
    main()
