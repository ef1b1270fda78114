// The search page's script: reads the form, sends Form A requests to the
// search API with the token from sessionStorage, and renders the answer.
// Text from the API is only ever put into the page as text nodes (the
// highlighter's <b> marks become <mark> elements), never as markup.
'use strict';

(() => {
  const API = '/api/v1alpha/search';
  const TOKEN_KEY = 'contractsearch.token';
  const PAGE_SIZE = 10; // Form A's page size
  const MAX_WINDOW = 10000; // the deepest hit a search may reach (from + size)
  const INDEXES = [
    ['', 'All'], ['contract', 'Contracts'], ['clause', 'Clauses'], ['definition', 'Definitions'],
    ['company', 'Companies'], ['category', 'Categories'], ['jurisdiction', 'Jurisdictions'],
  ];
  // The URL parameters that hold the page's state (never the token).
  const PARAMS = ['q', 'index', 'p', 'category', 'jurisdiction', 'company', 'ymin', 'ymax', 'wk', 'wn', 'wt'];
  const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, ...children) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k.startsWith('data-') || k.startsWith('aria-') || k === 'href' || k === 'rel' || k === 'type' || k === 'lang') e.setAttribute(k, v);
      else e[k] = v;
    }
    for (const c of children) {
      if (c === undefined || c === null || c === '') continue;
      e.append(c instanceof Node ? c : String(c));
    }
    return e;
  };

  let token = sessionStorage.getItem(TOKEN_KEY) || '';
  let state = emptyState();
  let seq = 0; // the number of the latest search: older answers are dropped
  // Known attribute values: display name ↔ value, filled from the API.
  const known = { jurisdiction: new Map(), company: new Map(), category: new Map() };

  function emptyState() {
    return { q: '', index: '', p: 1, category: '', jurisdiction: '', company: '', ymin: '', ymax: '', wk: 'clause', wn: '', wt: '' };
  }

  // --- state ↔ address ---------------------------------------------------

  function stateFromURL() {
    const u = new URLSearchParams(location.search);
    const s = emptyState();
    for (const k of PARAMS) if (u.has(k)) s[k] = u.get(k);
    s.p = Math.max(1, parseInt(s.p, 10) || 1);
    if (!INDEXES.some(([k]) => k === s.index)) s.index = '';
    if (s.wk !== 'definition') s.wk = 'clause';
    return s;
  }

  function urlFromState(s) {
    const u = new URLSearchParams();
    const blank = emptyState();
    for (const k of PARAMS) if (String(s[k]) !== String(blank[k])) u.set(k, s[k]);
    const qs = u.toString();
    return location.pathname + (qs ? '?' + qs : '');
  }

  // --- state ↔ form ------------------------------------------------------

  // displayOf gives an attribute value's name when the page knows it.
  function displayOf(kind, value) {
    for (const [name, v] of known[kind]) if (v === value) return name;
    return value;
  }

  // valueOf resolves what was typed into an attribute filter: a known name,
  // or the value itself (a slug; digits for a company). null: unknown.
  function valueOf(kind, text) {
    text = text.trim();
    if (text === '') return '';
    for (const [name, v] of known[kind]) if (name.toLowerCase() === text.toLowerCase() || v === text) return v;
    if (kind === 'company') return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : null;
    return SLUG.test(text) ? text : null;
  }

  function stateToForm(s) {
    $('q').value = s.q;
    $('jurisdiction').value = displayOf('jurisdiction', s.jurisdiction);
    $('company').value = displayOf('company', s.company);
    $('year-min').value = s.ymin;
    $('year-max').value = s.ymax;
    $('within-kind').value = s.wk;
    $('within-name').value = s.wn;
    $('within-text').value = s.wt;
  }

  // formToState reads the form into a new state (page 1, same index and
  // category); it throws an Error whose message is shown on bad input.
  function formToState() {
    const s = { ...state, p: 1 };
    s.q = $('q').value;
    for (const kind of ['jurisdiction', 'company']) {
      const v = valueOf(kind, $(kind).value);
      if (v === null) {
        const hint = kind === 'company' ? 'a digits-only company identifier (CIK)' : 'its value, such as new-york-us';
        throw inputError(kind, `Unknown ${kind} “${$(kind).value.trim()}”: pick one from the list, or give ${hint}.`);
      }
      s[kind] = v;
    }
    for (const [key, id] of [['ymin', 'year-min'], ['ymax', 'year-max']]) {
      const v = $(id).value.trim();
      if (v !== '' && !/^\d{1,4}$/.test(v)) throw inputError(id, 'A filing year is a whole number, such as 2019.');
      s[key] = v;
    }
    if (s.ymin !== '' && s.ymax !== '' && +s.ymin > +s.ymax) throw inputError('year-min', 'The first filing year is after the last.');
    s.wk = $('within-kind').value === 'definition' ? 'definition' : 'clause';
    s.wn = $('within-name').value.trim();
    s.wt = $('within-text').value.trim();
    if (s.wn === '' && s.wt !== '') throw inputError('within-name', 'Give the clause heading or defined term to search within.');
    return s;
  }

  function inputError(id, message) {
    const e = new Error(message);
    e.field = id;
    return e;
  }

  // requestOf is the Form A body of a state.
  function requestOf(s) {
    const query = { q: s.q };
    if (s.index) query._index = s.index;
    if (s.p > 1) query.p = s.p;
    for (const kind of ['category', 'jurisdiction', 'company']) {
      if (s[kind]) query[kind] = { [s[kind]]: '' };
    }
    if (s.ymin !== '' || s.ymax !== '') {
      query.filing_year = {};
      if (s.ymin !== '') query.filing_year.min = +s.ymin;
      if (s.ymax !== '') query.filing_year.max = +s.ymax;
    }
    if (s.wn) query[s.wk] = { [s.wn]: s.wt };
    return { query };
  }

  // --- the API -----------------------------------------------------------

  class APIError extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  async function api(body) {
    let resp;
    try {
      resp = await fetch(API + '?token=' + encodeURIComponent(token), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
    } catch {
      throw new APIError(0, 'The gateway did not answer. Is it running?');
    }
    let data = null;
    try {
      data = await resp.json();
    } catch {
      // An answer that is not JSON is reported by its status below.
    }
    if (!resp.ok) {
      const reason = data && data.error && (data.error.reason || data.error.type);
      let msg = typeof reason === 'string' ? reason : `The gateway answered ${resp.status}.`;
      if (resp.status === 429) msg = 'Too many requests: wait a moment and search again. ' + msg;
      throw new APIError(resp.status, msg);
    }
    return data;
  }

  // --- token -------------------------------------------------------------

  function showTokenForm(message) {
    $('token-form').hidden = false;
    $('token-status').hidden = true;
    $('token-error').hidden = !message;
    $('token-error').textContent = message || '';
    $('token').value = '';
    $('token').focus();
  }

  function tokenReady() {
    $('token-form').hidden = true;
    $('token-status').hidden = false;
    loadJurisdictions();
  }

  function forgetToken() {
    token = '';
    sessionStorage.removeItem(TOKEN_KEY);
    clearResults();
    showTokenForm('');
  }

  // --- attribute values --------------------------------------------------

  async function loadJurisdictions() {
    // Form B: every jurisdiction record, up to the API's default size limit.
    let data;
    try {
      data = await api({ query: { match_all: {} }, post_filter: { term: { _index: 'jurisdiction' } }, size: 100, _source: ['name', 'group_id'] });
    } catch {
      return; // the filter still takes values (new-york-us) without the list
    }
    const opts = hitsOf(data).map((h) => h._source || {}).filter((s) => s.name && s.group_id);
    opts.sort((a, b) => a.name.localeCompare(b.name));
    fillList('jurisdiction', opts.map((s) => [s.name, s.group_id]));
    if (state.jurisdiction && document.activeElement !== $('jurisdiction')) $('jurisdiction').value = displayOf('jurisdiction', state.jurisdiction);
  }

  let companyTimer = 0;
  function suggestCompanies() {
    clearTimeout(companyTimer);
    const words = $('company').value.match(/[\p{L}\p{N}]+/gu);
    if (!words || /^\d+$/.test($('company').value.trim())) return;
    companyTimer = setTimeout(async () => {
      // Every word required, the last as a prefix: what is being typed.
      const q = words.map((w, i) => '+' + w + (i === words.length - 1 ? '*' : '')).join(' ');
      try {
        const data = await api({ query: { q, _index: 'company' } });
        fillList('company', hitsOf(data).map((h) => h._source || {}).filter((s) => s.name && s.group_id).map((s) => [s.name, s.group_id]));
      } catch {
        // Suggestions are a convenience; the search reports real errors.
      }
    }, 200);
  }

  function fillList(kind, pairs) {
    const list = $(kind + '-list');
    list.replaceChildren();
    for (const [name, value] of pairs) {
      known[kind].set(name, value);
      list.append(el('option', { value: name, label: kind === 'company' ? 'CIK ' + value : value }));
    }
  }

  // --- searching ---------------------------------------------------------

  async function search(push) {
    if (!token) {
      showTokenForm('');
      return;
    }
    if (push) history.pushState(null, '', urlFromState(state));
    const mine = ++seq;
    $('form-error').hidden = true;
    $('results').setAttribute('aria-busy', 'true');
    $('status').textContent = 'Searching…';
    let data;
    try {
      data = await api(requestOf(state));
    } catch (e) {
      if (mine !== seq) return;
      $('results').removeAttribute('aria-busy');
      $('status').textContent = '';
      if (e.status === 401) {
        token = '';
        sessionStorage.removeItem(TOKEN_KEY);
        clearResults();
        showTokenForm('The API refused this token. Check it and enter it again.');
        return;
      }
      showError(e.message);
      return;
    }
    if (mine !== seq) return;
    $('results').removeAttribute('aria-busy');
    render(data);
  }

  function showError(message, field) {
    $('form-error').textContent = message;
    $('form-error').hidden = false;
    if (field) $(field).focus();
  }

  function clearResults() {
    $('hits').replaceChildren();
    $('status').textContent = '';
    $('suggestion').hidden = true;
    $('tabs').hidden = true;
    $('facets').hidden = true;
    $('pager').hidden = true;
  }

  const hitsOf = (data) => (data && data.hits && Array.isArray(data.hits.hits) ? data.hits.hits : []);

  // --- rendering ---------------------------------------------------------

  // marked turns a highlight fragment into nodes: the text between <b> and
  // </b> in <mark>, everything else as plain text (so any other markup in
  // a record shows as the characters it is).
  function marked(fragment) {
    const out = document.createDocumentFragment();
    let mark = null;
    for (const part of String(fragment).split(/(<b>|<\/b>)/)) {
      if (part === '<b>') mark = el('mark');
      else if (part === '</b>') {
        if (mark) out.append(mark);
        mark = null;
      } else if (part !== '') (mark || out).append(part);
    }
    if (mark) out.append(mark);
    return out;
  }

  // docHref is the address of a record's document view: its url with the
  // token (the API requires it there) and the query, whose matches the
  // view marks; the #section anchor kept last.
  function docHref(url) {
    if (typeof url !== 'string' || url === '') return null;
    if (!url.startsWith('/contracts/')) return /^https?:\/\//.test(url) ? url : null;
    const [path, anchor] = url.split('#', 2);
    const u = new URLSearchParams({ token });
    if (state.q.trim() !== '') u.set('q', state.q);
    return path + '?' + u.toString() + (anchor ? '#' + anchor : '');
  }

  function render(data) {
    const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focus : undefined;
    const hits = hitsOf(data);
    const total = (data.hits && data.hits.total) || { value: hits.length, relation: 'eq' };
    const aggs = data.aggregations || {};
    for (const h of hits) {
      const c = h._source && h._source.category;
      if (c && c.value && c.name) known.category.set(c.name, c.value);
    }
    renderTabs(aggs._index);
    renderFacets(aggs.category);
    renderSuggestion(data.suggest);

    const first = (state.p - 1) * PAGE_SIZE + 1;
    const plus = total.relation === 'gte' ? '+' : '';
    $('status').textContent = total.value === 0
      ? 'No results.'
      : `${total.value}${plus} result${total.value === 1 && !plus ? '' : 's'}; showing ${first}–${first + hits.length - 1}.`;
    $('hits').replaceChildren(...hits.map(renderHit));
    $('hits').start = first;

    const pages = Math.max(1, Math.min(Math.ceil(total.value / PAGE_SIZE), Math.floor(MAX_WINDOW / PAGE_SIZE)));
    $('pager').hidden = total.value <= PAGE_SIZE && state.p === 1;
    $('prev').disabled = state.p <= 1;
    $('next').disabled = state.p >= pages;
    $('page-info').textContent = `Page ${state.p} of ${pages}${plus}`;
    if (focusKey) {
      const again = document.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
      if (again) again.focus();
    }
  }

  function renderTabs(agg) {
    const counts = new Map();
    let all = 0;
    for (const b of (agg && agg.buckets) || []) {
      counts.set(b.key, b.doc_count);
      all += b.doc_count;
    }
    const nav = $('tabs');
    nav.replaceChildren(...INDEXES.map(([key, label]) => {
      const n = key === '' ? all : counts.get(key) || 0;
      const b = el('button', { type: 'button', class: 'tab', 'data-index': key, 'data-focus': 'tab:' + key, 'aria-pressed': String(state.index === key) },
        label + ' ', el('span', { class: 'count' }, n));
      b.addEventListener('click', () => {
        state = { ...state, index: key, p: 1 };
        search(true);
      });
      return b;
    }));
    nav.hidden = false;
  }

  function renderFacets(agg) {
    const buckets = ((agg && agg.buckets) || []).slice();
    if (state.category && !buckets.some((b) => b.key === state.category)) buckets.unshift({ key: state.category, doc_count: 0 });
    const items = buckets.map((b) => {
      const on = b.key === state.category;
      const btn = el('button', { type: 'button', class: 'facet', 'data-category': b.key, 'data-focus': 'cat:' + b.key, 'aria-pressed': String(on) },
        categoryName(b.key) + ' ', el('span', { class: 'count' }, b.doc_count));
      btn.addEventListener('click', () => {
        state = { ...state, category: on ? '' : b.key, p: 1 };
        search(true);
      });
      return el('li', null, btn);
    });
    if (state.category) {
      const any = el('button', { type: 'button', class: 'facet any', 'data-focus': 'cat:' }, 'Any category');
      any.addEventListener('click', () => {
        state = { ...state, category: '', p: 1 };
        search(true);
      });
      items.unshift(el('li', null, any));
    }
    $('categories').replaceChildren(...items);
    $('facets').hidden = items.length === 0;
  }

  function categoryName(value) {
    const name = displayOf('category', value);
    if (name !== value) return name;
    return value.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  }

  // renderSuggestion offers the query with each misspelt word replaced by
  // the suggester's first option.
  function renderSuggestion(suggest) {
    const box = $('suggestion');
    const list = (suggest && suggest.suggestions) || [];
    let q = state.q;
    let changed = false;
    for (const s of list.slice().sort((a, b) => b.offset - a.offset)) {
      const opt = s.options && s.options[0];
      if (!opt || typeof opt.text !== 'string' || q.substr(s.offset, s.length) !== s.text) continue;
      q = q.slice(0, s.offset) + opt.text + q.slice(s.offset + s.length);
      changed = true;
    }
    box.hidden = !changed;
    if (!changed) return;
    const b = el('button', { type: 'button', class: 'link' }, q);
    b.addEventListener('click', () => {
      state = { ...state, q, p: 1 };
      $('q').value = q;
      search(true);
    });
    box.replaceChildren('Did you mean ', b, '?');
  }

  const INDEX_LABEL = { contract: 'Contract', clause: 'Clause', definition: 'Definition', company: 'Company', category: 'Category', jurisdiction: 'Jurisdiction' };

  function renderHit(h) {
    const src = h._source || {};
    const hl = h.highlight || {};
    const kind = h._index;
    const li = el('li', { class: 'hit', 'data-index': kind });
    const title = hl.name && hl.name[0] ? marked(hl.name[0]) : src.name || h._id;
    // A contract opens in the document view even when its url is the
    // filing's external address, which is linked beside it.
    const external = typeof src.url === 'string' && /^https?:\/\//.test(src.url) ? src.url : null;
    const href = kind === 'contract' && external ? docHref('/contracts/' + encodeURIComponent(String(h._id || '').replace(/^en\//, ''))) : docHref(src.url);
    const heading = el('h3', null, el('span', { class: 'kind' }, INDEX_LABEL[kind] || kind), ' ',
      href ? el('a', { class: 'title', href, rel: 'noreferrer' }, title) : el('span', { class: 'title' }, title));
    if (kind === 'contract' && external) heading.append(' ', el('a', { class: 'source', href: external, rel: 'noopener noreferrer' }, '(original filing)'));
    li.append(heading);

    const meta = [];
    const attr = (obj, highlighted) => (highlighted ? marked(highlighted) : obj && obj.name);
    if (src.category && src.category.name) meta.push(src.category.name);
    if (src.company && src.company.name) meta.push(src.company.name);
    if (src.jurisdiction && src.jurisdiction.name) meta.push(attr(src.jurisdiction, (hl['jurisdiction.name'] || [])[0]));
    if (src.filing_date) meta.push('filed ' + src.filing_date);
    if (kind === 'contract' && src.group_size > 1) meta.push(`${src.group_size} near-identical copies`);
    if ((kind === 'clause' || kind === 'definition') && src.group_size) meta.push(`wording found in ${src.group_size} contract${src.group_size === 1 ? '' : 's'}`);
    if (kind === 'company' && src.group_id) meta.push('CIK ' + src.group_id);
    if (kind === 'jurisdiction' && src.group_id) meta.push(src.group_id);
    if (meta.length) {
      const p = el('p', { class: 'meta' });
      meta.forEach((m, i) => {
        if (i) p.append(' · ');
        p.append(m);
      });
      li.append(p);
    }

    const frags = hl.body || hl.snippet || [];
    if (frags.length) li.append(el('ul', { class: 'fragments' }, ...frags.map((f) => el('li', null, marked(f)))));
    else if (src.snippet) li.append(el('p', { class: 'snippet' }, clip(src.snippet, 300)));

    for (const [name, inner] of Object.entries(h.inner_hits || {})) {
      const list = (inner.hits && inner.hits.hits) || [];
      if (!list.length) continue;
      const id = String(h._id || '').replace(/^en\//, '');
      const sections = list.map((ih) => {
        const s = ih._source || {};
        const off = ih._nested && ih._nested.offset;
        const link = docHref(`/contracts/${encodeURIComponent(id)}#section-${off}`);
        return el('li', null, el('a', { href: link, rel: 'noreferrer' }, s.name || name), s.snippet ? ' — ' + clip(s.snippet, 240) : '');
      });
      li.append(el('div', { class: 'sections' }, el('p', null, `Matching ${name.split(':')[0]}s (“${name.slice(name.indexOf(':') + 1)}”):`), el('ul', null, ...sections)));
    }

    const filter = { company: 'company', jurisdiction: 'jurisdiction', category: 'category' }[kind];
    const value = kind === 'category' ? src.value || src.group_id : src.group_id;
    if (filter && value) {
      if (src.name) known[filter].set(src.name, value);
      const b = el('button', { type: 'button', class: 'link' }, 'Show its contracts');
      b.addEventListener('click', () => {
        state = { ...state, [filter]: value, index: 'contract', p: 1 };
        stateToForm(state);
        search(true);
      });
      li.append(el('p', null, b));
    }
    return li;
  }

  function clip(s, n) {
    s = String(s);
    return s.length <= n ? s : s.slice(0, n).replace(/\s+\S*$/, '') + '…';
  }

  // --- wiring ------------------------------------------------------------

  function start() {
    state = stateFromURL();
    stateToForm(state);

    $('token-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      const t = $('token').value.trim();
      if (!t) {
        showTokenForm('Enter a token.');
        return;
      }
      token = t;
      sessionStorage.setItem(TOKEN_KEY, t);
      tokenReady();
      search(false);
      $('q').focus();
    });
    $('forget-token').addEventListener('click', forgetToken);

    $('search').addEventListener('submit', (ev) => {
      ev.preventDefault();
      try {
        state = formToState();
      } catch (e) {
        showError(e.message, e.field);
        return;
      }
      search(true);
    });
    $('clear').addEventListener('click', () => {
      state = { ...emptyState(), q: $('q').value, index: state.index };
      stateToForm(state);
      search(true);
    });
    $('company').addEventListener('input', suggestCompanies);

    const turn = (delta) => {
      state = { ...state, p: state.p + delta };
      search(true).then(() => {
        $('results').focus();
      });
    };
    $('prev').addEventListener('click', () => turn(-1));
    $('next').addEventListener('click', () => turn(1));

    window.addEventListener('popstate', () => {
      state = stateFromURL();
      stateToForm(state);
      search(false);
    });

    if (!token) {
      showTokenForm('');
      return;
    }
    tokenReady();
    search(false);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
