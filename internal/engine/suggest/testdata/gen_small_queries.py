# Generates small.queries.jsonl from small.ndjson (run in testdata/):
# python3 gen_small_queries.py
# Suggest requests for small.ndjson: snippets and names of clause, definition,
# company and category records, with the empty contract and jurisdiction
# indexes in some requests.
import json, random, re, collections
random.seed(7)
lines = open('small.ndjson').read().split('\n')
snip = collections.Counter(); name = collections.Counter()
for i in range(0, len(lines) - 1, 2):
    src = json.loads(lines[i+1])
    for w in sorted(set(re.findall(r"[a-z]+", (src.get('snippet') or '').lower()))): snip[w] += 1
    for w in sorted(set(re.findall(r"[a-z]+", (src.get('name') or '').lower()))): name[w] += 1
letters = 'abcdefghijklmnopqrstuvwxyz'
def edit(w, n):
    w = list(w)
    for _ in range(n):
        op = random.choice('dist'); i = random.randrange(1, len(w))
        if op == 'd' and len(w) > 2: del w[i]
        elif op == 'i': w.insert(i, random.choice(letters))
        elif op == 't' and i + 1 < len(w): w[i], w[i+1] = w[i+1], w[i]
        else: w[i] = random.choice(letters)
    return ''.join(w)
sw = sorted(w for w in snip if len(w) >= 4)
nw = sorted(w for w in name if len(w) >= 4)
allix = ['category', 'clause', 'company', 'contract', 'definition', 'jurisdiction']
out = []
def q(id, text, indexes, field, mode=None, size=None, max_edits=None):
    term = {'field': field}
    if mode: term['suggest_mode'] = mode
    if size: term['size'] = size
    if max_edits: term['max_edits'] = max_edits
    out.append({'id': id, 'indexes': indexes, 'suggest': {'text': text, 's': {'term': term}}})
modes = (None, 'missing', 'popular', 'always')
for n in range(50):
    ws = [edit(random.choice(sw), random.choice((0, 1, 1, 2))) for _ in range(random.randint(1, 3))]
    q(f'snippet-{n:02d}', ' '.join(ws), random.choice((['clause'], ['definition'], ['clause', 'definition'])), 'snippet',
      random.choice(modes), random.choice((None, 1, 3, 8)), random.choice((None, 1, 2)))
for n in range(40):
    ws = [edit(random.choice(nw), random.choice((0, 1, 1, 2))) for _ in range(random.randint(1, 2))]
    q(f'name-{n:02d}', ' '.join(ws), random.sample(allix, random.randint(2, 6)), 'name',
      random.choice(modes), random.choice((None, 2, 5)), random.choice((None, 1, 2)))
for n, w in enumerate(random.sample(sw, 10)):
    q(f'short-{n:02d}', w[:3], ['clause'], 'snippet', 'always')
for n in range(10):
    q(f'empty-index-{n:02d}', edit(random.choice(nw), 1), ['contract', 'jurisdiction'], 'name', random.choice(modes))
with open('small.queries.jsonl', 'w') as f:
    for o in out: f.write(json.dumps(o, ensure_ascii=False) + '\n')
print(len(out))
