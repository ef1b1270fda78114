# Generates cuad.queries.jsonl from the CUAD bulk file (/tmp/o/cuad_conv.ndjson,
# docs/suggest.md): misspellings of frequent and rare contract words with one or
# two edits, correct words in every suggest_mode, short words, numbers, several
# words, several indexes (name, snippet), size/max_edits/shard_size, Unicode,
# several named suggesters with a global text, tokenless texts, and words with
# dense one-edit neighbourhoods. Deterministic: python3 gen_queries.py
import json, random, re, collections
random.seed(20250517)
body = collections.Counter(); name = collections.Counter(); snip = collections.Counter()
with open('/tmp/o/cuad_conv.ndjson') as f:
    lines = f.read().split('\n')
for i in range(0, len(lines) - 1, 2):
    meta = json.loads(lines[i]); src = json.loads(lines[i+1])
    ix = meta['index']['_index']
    if ix == 'contract':
        for w in sorted(set(re.findall(r"[a-z]+", src.get('body', '').lower()))): body[w] += 1
    for w in sorted(set(re.findall(r"[a-z]+", (src.get('name') or '').lower()))): name[w] += 1
    for w in sorted(set(re.findall(r"[a-z]+", (src.get('snippet') or '').lower()))): snip[w] += 1
letters = 'abcdefghijklmnopqrstuvwxyz'
def edit(w, n, keep_first=True):
    w = list(w)
    for _ in range(n):
        lo = 1 if keep_first and len(w) > 1 else 0
        op = random.choice('dist')
        i = random.randrange(lo, len(w))
        if op == 'd' and len(w) > 2: del w[i]
        elif op == 'i': w.insert(i, random.choice(letters))
        elif op == 's': w[i] = random.choice(letters)
        elif op == 't' and i + 1 < len(w): w[i], w[i+1] = w[i+1], w[i]
        else: w[i] = random.choice(letters)
    return ''.join(w)
common = [w for w, c in body.most_common(3000) if len(w) >= 5]
mid = [w for w, c in body.items() if 3 <= c <= 40 and len(w) >= 6]
mid.sort()
rare = sorted(w for w, c in body.items() if c == 1 and len(w) >= 5)
out = []
def q(id, text, indexes=('contract',), field='body', mode=None, size=None, max_edits=None, name='suggestions', extra=None):
    term = {'field': field}
    if mode: term['suggest_mode'] = mode
    if size: term['size'] = size
    if max_edits: term['max_edits'] = max_edits
    s = {'text': text, name: {'term': term}}
    if extra: s.update(extra)
    out.append({'id': id, 'indexes': list(indexes), 'suggest': s})
# 1. misspellings of frequent contract words (1 and 2 edits)
for n, w in enumerate(random.sample(common, 70)):
    q(f'miss1-{n:02d}', edit(w, 1))
for n, w in enumerate(random.sample(common, 40)):
    q(f'miss2-{n:02d}', edit(w, 2))
for n, w in enumerate(random.sample(mid, 20)):
    q(f'missmid-{n:02d}', edit(w, random.choice((1, 2))))
# first letter changed (prefix_length 1 forbids it)
for n, w in enumerate(random.sample(common, 8)):
    q(f'missfirst-{n:02d}', random.choice(letters) + w[1:])
# 2. correct words in every mode
for n, w in enumerate(random.sample(common[:300], 8) + random.sample(mid, 8) + random.sample(rare, 6)):
    for mode in ('missing', 'popular', 'always'):
        q(f'correct-{mode}-{n:02d}', w, mode=mode)
# 3. short words
for n, w in enumerate(['the', 'lw', 'act', 'agre', 'tem', 'fee', 'a', 'dat', 'ipo', 'usa']):
    q(f'short-{n:02d}', w, mode=random.choice(('missing', 'always')))
# 4. numbers
for n, t in enumerate(['2019', '20l9', '1,000,000', '10.27', '2o14', '100000', '12345678', '3.1415', '0001', 'section 12.3(b)', '$5,000', '2020-01-01']):
    q(f'num-{n:02d}', t, mode=random.choice(('missing', 'always')))
# 5. several words
for n in range(24):
    ws = random.sample(common, random.randint(2, 6))
    ws = [edit(w, random.choice((0, 1, 1, 2))) for w in ws]
    if n % 3 == 0: ws = [w.capitalize() for w in ws]
    sep = random.choice([' ', ', ', ' - ', '  ', '\n', ' (', '; '])
    q(f'multi-{n:02d}', sep.join(ws), mode=random.choice((None, 'always', 'popular')))
# 6. several indexes
alln = ['category', 'clause', 'company', 'contract', 'definition', 'jurisdiction']
nw = [w for w, c in name.most_common(800) if len(w) >= 5]
for n, w in enumerate(random.sample(nw, 20)):
    q(f'name-{n:02d}', edit(w, random.choice((1, 2))), indexes=alln, field='name', mode=random.choice((None, 'always', 'popular')))
sw = [w for w, c in snip.most_common(2000) if len(w) >= 5]
for n, w in enumerate(random.sample(sw, 20)):
    q(f'snippet-{n:02d}', edit(w, random.choice((1, 2))), indexes=['clause', 'contract', 'definition'], field='snippet', mode=random.choice((None, 'always', 'popular')))
for n, w in enumerate(random.sample(nw, 6)):
    q(f'name2-{n:02d}', w + ' ' + edit(random.choice(nw), 1), indexes=random.sample(alln, 3), field='name', mode='always')
# 7. size and max_edits
for n, w in enumerate(random.sample(common, 16)):
    q(f'opts-{n:02d}', edit(w, random.choice((1, 2))), size=random.choice((1, 2, 3, 8, 10, 20)), max_edits=random.choice((None, 1, 2)), mode=random.choice((None, 'always')))
for n, w in enumerate(random.sample(sw, 6)):
    q(f'optsmulti-{n:02d}', edit(w, 1), indexes=['clause', 'contract', 'definition'], field='snippet', size=random.choice((1, 3, 10)), max_edits=random.choice((1, 2)), mode='always')
# 8. unicode
for n, t in enumerate(['Licensée', 'confidentialité', 'agreement’s', 'naïve façade', '日本語 契約', 'Ⅻ agreemenT', 'ﬁnancial', 'straße', 'ＡＧＲＥＥＭＥＮＴ', '𝒜greement', 'agreement🙂indemnity', 'ΟΔΟΣ', '\ue000abc agrement']):
    q(f'uni-{n:02d}', t, mode=random.choice((None, 'always')))
# 9. several named suggesters with a global text
for n in range(6):
    t = ' '.join(edit(w, 1) for w in random.sample(common, 3))
    s = {'text': t,
         'b': {'term': {'field': 'body'}},
         'a': {'term': {'field': 'snippet', 'suggest_mode': 'always', 'size': 3}},
         'c': {'text': edit(random.choice(common), 1), 'term': {'field': 'name', 'max_edits': 1}}}
    out.append({'id': f'named-{n:02d}', 'indexes': ['contract'], 'suggest': s})
# 10. empty and tokenless texts
for n, t in enumerate(['', '   ', '!!! ---', '§ 5']):
    q(f'empty-{n:02d}', t)
with open('cuad.queries.jsonl', 'w') as f:
    for o in out: f.write(json.dumps(o, ensure_ascii=False) + '\n')
print(len(out))

# 11. dense neighbourhoods: short words with the most one-edit neighbours
# (prefix 1), so that the first pass fills its queue of 25 and ties on
# score are cut by term order before the final sort by frequency.
def neighbours(w, vocab):
    out = 0
    for v in vocab:
        if v[0] != w[0] or abs(len(v) - len(w)) > 1 or v == w: continue
        a, b = w[1:], v[1:]
        # OSA distance ≤ 1
        if len(a) == len(b):
            diff = [i for i in range(len(a)) if a[i] != b[i]]
            if len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]): out += 1
        else:
            s, l = (a, b) if len(a) < len(b) else (b, a)
            if any(l[:i] + l[i+1:] == s for i in range(len(l))): out += 1
    return out
short = [w for w in body if 4 <= len(w) <= 5]
byfirst = collections.defaultdict(list)
for w in body: byfirst[w[0]].append(w)
cands = random.sample(short, 1500)
dense = sorted(cands, key=lambda w: -neighbours(w, byfirst[w[0]]))[:30]
extra = []
for n, w in enumerate(dense):
    mode = ('always', 'missing', 'popular')[n % 3]
    size = (None, 1, 3, 10)[n % 4]
    text = w if mode != 'missing' else w[:-1] + random.choice('xyzq')
    term = {'field': 'body', 'suggest_mode': mode}
    if size: term['size'] = size
    extra.append({'id': f'dense-{n:02d}', 'indexes': ['contract'], 'suggest': {'text': text, 'suggestions': {'term': term}}})
for n, w in enumerate(dense[:10]):
    extra.append({'id': f'densemulti-{n:02d}', 'indexes': ['clause', 'contract', 'definition'], 'suggest': {'text': w, 's': {'term': {'field': 'snippet', 'suggest_mode': 'always', 'size': (1, 5, 10)[n % 3]}}}})
with open('cuad.queries.jsonl', 'a') as f:
    for o in extra: f.write(json.dumps(o, ensure_ascii=False) + '\n')
print('dense', [(w, neighbours(w, byfirst[w[0]])) for w in dense[:8]])
extra = []
for n, w in enumerate(dense[:12]):
    term = {'field': 'body', 'suggest_mode': 'always', 'size': 1 + n % 2, 'shard_size': 1 + n % 3}
    extra.append({'id': f'shardsize-{n:02d}', 'indexes': ['contract'], 'suggest': {'text': w, 'suggestions': {'term': term}}})
with open('cuad.queries.jsonl', 'a') as f:
    for o in extra: f.write(json.dumps(o, ensure_ascii=False) + '\n')
