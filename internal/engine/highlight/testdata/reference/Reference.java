// Reference is a test tool, not part of the service. It answers highlight
// cases (testdata/golden/cases.jsonl) the way OpenSearch 3's default
// `unified` highlighter does, with Lucene's own UnifiedHighlighter, so that
// package highlight can be compared with it. It reads cases as JSON lines on
// stdin and writes {"id", "fragments"} (null when OpenSearch would leave the
// field out) or {"id", "error"} lines on stdout. Files named on the command
// line hold texts ({"id", "text"} lines) that cases use as values by id.
//
// Lucene here is 8.7 (Debian's liblucene8-java); OpenSearch 3 runs Lucene
// 10. The classes OpenSearch puts around Lucene's highlighter are ported
// below from OpenSearch's source (Apache License 2.0): CustomUnifiedHighlighter
// (term extraction flags, the value separator, the max_analyzed_offset
// check), CustomFieldHighlighter (its copy of the pre-LUCENE-9093
// highlightOffsetsEnums and no_match_size), BoundedBreakIteratorScanner,
// CustomPassageFormatter, and the fetch phase's UnifiedHighlighter (break
// iterator choice, snippet filtering, order: score). Where the Lucene 8.7
// code it relies on differs from Lucene 10's, the Lucene 10 behaviour is
// reproduced here (term extraction, terms queries, passage score sums; see
// docs/highlight.md).
//
// Run from the package directory (Java 21 or later, for the JDK's break
// iterator data that OpenSearch 3's bundled JDK has):
//
//	L=/usr/share/java; CP=$L/lucene-core-8.7.0.jar:$L/lucene-highlighter-8.7.0.jar:$L/lucene-memory-8.7.0.jar:$L/lucene-queries-8.7.0.jar:$L/lucene-analyzers-common-8.7.0.jar
//	java -cp $CP testdata/reference/Reference.java testdata/golden/texts.jsonl \
//	  < testdata/golden/cases.jsonl > testdata/golden/expected.jsonl
//
// (go test -update does the same.)
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.text.BreakIterator;
import java.text.CharacterIterator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.Predicate;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.DelegatingAnalyzerWrapper;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.uhighlight.CustomSeparatorBreakIterator;
import org.apache.lucene.search.uhighlight.FieldHighlighter;
import org.apache.lucene.search.uhighlight.FieldOffsetStrategy;
import org.apache.lucene.search.uhighlight.LabelledCharArrayMatcher;
import org.apache.lucene.search.uhighlight.NoOpOffsetStrategy;
import org.apache.lucene.search.uhighlight.OffsetsEnum;
import org.apache.lucene.search.uhighlight.Passage;
import org.apache.lucene.search.uhighlight.PassageFormatter;
import org.apache.lucene.search.uhighlight.PassageScorer;
import org.apache.lucene.search.uhighlight.PhraseHelper;
import org.apache.lucene.search.uhighlight.SplittingBreakIterator;
import org.apache.lucene.search.uhighlight.UHComponents;
import org.apache.lucene.search.uhighlight.UnifiedHighlighter;
import org.apache.lucene.util.BytesRef;

public class Reference {
  static final char MULTIVAL_SEP_CHAR = (char) 0;
  static final int MAX_ANALYZED_OFFSET = 1_000_000;

  // OpenSearch's `standard` analyzer as the mappings configure it, with a
  // text field's position_increment_gap.
  static final Analyzer STANDARD = new StandardAnalyzer(CharArraySet.EMPTY_SET);
  static final Analyzer TEXT = new DelegatingAnalyzerWrapper(Analyzer.PER_FIELD_REUSE_STRATEGY) {
    @Override
    protected Analyzer getWrappedAnalyzer(String fieldName) {
      return STANDARD;
    }

    @Override
    public int getPositionIncrementGap(String fieldName) {
      return 100;
    }
  };
  static final Analyzer KEYWORD = new KeywordAnalyzer();

  // Texts that cases name by id ("texts": [...]) instead of giving values.
  static final Map<String, String> TEXTS = new LinkedHashMap<>();

  public static void main(String[] args) throws Exception {
    ((StandardAnalyzer) STANDARD).setMaxTokenLength(255);
    for (String f : args) {
      for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of(f), StandardCharsets.UTF_8)) {
        if (line.isBlank()) continue;
        Map<String, Object> t = Json.obj(Json.parse(line));
        TEXTS.put((String) t.get("id"), (String) t.get("text"));
      }
    }
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    for (String line; (line = in.readLine()) != null; ) {
      if (line.isBlank()) continue;
      Map<String, Object> c = Json.obj(Json.parse(line));
      Map<String, Object> res = new LinkedHashMap<>();
      res.put("id", c.get("id"));
      try {
        res.put("fragments", highlight(c));
      } catch (IllegalArgumentException e) {
        res.put("error", e.getMessage());
      }
      out.print(Json.write(res));
      out.print('\n');
    }
    out.flush();
  }

  static int num(Map<String, Object> c, String k, int def) {
    Object v = c.get(k);
    return v == null ? def : ((Number) v).intValue();
  }

  /** The fetch phase's UnifiedHighlighter.highlight for one hit and field. */
  static List<String> highlight(Map<String, Object> c) throws IOException {
    String field = (String) c.get("field");
    boolean keyword = Boolean.TRUE.equals(c.get("keyword"));
    int fragmentSize = num(c, "fragment_size", 100);
    int numberOfFragments = num(c, "number_of_fragments", 5);
    int noMatchSize = num(c, "no_match_size", 0);
    boolean scoreOrdered = "score".equals(c.get("order"));
    String pre = c.containsKey("pre") ? (String) c.get("pre") : "<em>";
    String post = c.containsKey("post") ? (String) c.get("post") : "</em>";
    Query query = toQuery(Json.obj(c.get("query")));
    List<Object> values = new ArrayList<>(Json.list(c.get("values")));
    for (Object id : Json.list(c.get("texts"))) {
      values.add(TEXTS.get((String) id));
    }

    BreakIterator breakIterator;
    int maxPassages;
    if (numberOfFragments == 0 || keyword) {
      breakIterator = new CustomSeparatorBreakIterator(MULTIVAL_SEP_CHAR);
      maxPassages = numberOfFragments == 0 ? Integer.MAX_VALUE - 1 : numberOfFragments;
    } else {
      breakIterator = fragmentSize > 0
          ? BoundedBreakIteratorScanner.getSentence(Locale.ROOT, fragmentSize)
          : BreakIterator.getSentenceInstance(Locale.ROOT);
      maxPassages = numberOfFragments;
    }
    CustomUnifiedHighlighter h = new CustomUnifiedHighlighter(keyword ? KEYWORD : TEXT,
        new CustomPassageFormatter(pre, post), breakIterator, field, query, noMatchSize, maxPassages);
    if (values.isEmpty()) {
      return null;
    }
    StringBuilder joined = new StringBuilder();
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) joined.append(MULTIVAL_SEP_CHAR);
      joined.append((String) values.get(i));
    }
    Snippet[] fieldSnippets = h.highlightField(joined.toString());
    if (fieldSnippets == null || fieldSnippets.length == 0) {
      return null;
    }
    List<Snippet> snippets = new ArrayList<>();
    for (Snippet s : fieldSnippets) {
      if (hasText(s.text)) snippets.add(s);
    }
    if (snippets.isEmpty()) {
      return null;
    }
    if (scoreOrdered) {
      org.apache.lucene.util.CollectionUtil.introSort(snippets, (o1, o2) -> Double.compare(o2.score, o1.score));
    }
    List<String> out = new ArrayList<>();
    for (Snippet s : snippets) out.add(s.text);
    return out;
  }

  static boolean hasText(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isWhitespace(s.charAt(i))) return true;
    }
    return false;
  }

  /** Builds the Lucene query OpenSearch would build for a case's query. */
  static Query toQuery(Map<String, Object> q) {
    String kind = q.keySet().iterator().next();
    Map<String, Object> a = Json.obj(q.get(kind));
    Query out;
    switch (kind) {
      case "term":
        out = new TermQuery(new Term((String) a.get("field"), (String) a.get("term")));
        break;
      case "phrase": {
        List<Object> ts = Json.list(a.get("terms"));
        String[] terms = ts.toArray(new String[0]);
        out = new PhraseQuery(num(a, "slop", 0), (String) a.get("field"), terms);
        break;
      }
      case "prefix":
        out = new PrefixQuery(new Term((String) a.get("field"), (String) a.get("prefix")));
        break;
      case "fuzzy":
        out = new FuzzyQuery(new Term((String) a.get("field"), (String) a.get("term")), num(a, "max_edits", 2),
            num(a, "prefix_length", 0), num(a, "max_expansions", 50), !Boolean.FALSE.equals(a.get("transpositions")));
        break;
      case "terms": {
        List<BytesRef> terms = new ArrayList<>();
        for (Object t : Json.list(a.get("terms"))) terms.add(new BytesRef((String) t));
        out = new Lucene10TermInSetQuery((String) a.get("field"), terms);
        break;
      }
      case "dismax": {
        List<Query> ds = new ArrayList<>();
        for (Object d : Json.list(a.get("disjuncts"))) ds.add(toQuery(Json.obj(d)));
        out = new DisjunctionMaxQuery(ds, a.get("tie") == null ? 0f : ((Number) a.get("tie")).floatValue());
        break;
      }
      case "bool": {
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        String[] keys = {"must", "should", "filter", "must_not"};
        BooleanClause.Occur[] occurs = {BooleanClause.Occur.MUST, BooleanClause.Occur.SHOULD,
            BooleanClause.Occur.FILTER, BooleanClause.Occur.MUST_NOT};
        for (int i = 0; i < keys.length; i++) {
          if (a.get(keys[i]) == null) continue;
          for (Object cl : Json.list(a.get(keys[i]))) b.add(toQuery(Json.obj(cl)), occurs[i]);
        }
        b.setMinimumNumberShouldMatch(num(a, "msm", 0));
        out = b.build();
        break;
      }
      case "constant":
        out = new ConstantScoreQuery(toQuery(Json.obj(a.get("query"))));
        break;
      case "nested":
        // OpenSearch's block join query hands the highlighter its child
        // query (OpenSearchToParentBlockJoinQuery.visit, and
        // CustomUnifiedHighlighter.rewriteCustomQuery for phrases).
        out = toQuery(Json.obj(a.get("query")));
        break;
      case "match_all":
        out = new MatchAllDocsQuery();
        break;
      case "match_none":
        out = new MatchNoDocsQuery();
        break;
      default:
        throw new RuntimeException("unknown query " + kind);
    }
    if (a.get("boost") != null) {
      out = new BoostQuery(out, ((Number) a.get("boost")).floatValue());
    }
    return out;
  }

  /**
   * TermInSetQuery as Lucene 10 visits it. Lucene 8.7 compiles the terms into
   * a code point automaton from their UTF-8 bytes, so that a terms query of
   * several terms never highlights a non-ASCII term; Lucene 10 builds a
   * binary automaton (Automata.makeBinaryStringUnion) that does.
   */
  static final class Lucene10TermInSetQuery extends TermInSetQuery {
    final String field;
    final List<BytesRef> terms;

    Lucene10TermInSetQuery(String field, List<BytesRef> terms) {
      super(field, terms);
      this.field = field;
      this.terms = new ArrayList<>(new java.util.TreeSet<>(terms));
    }

    @Override
    public void visit(org.apache.lucene.search.QueryVisitor visitor) {
      if (visitor.acceptField(field) == false) {
        return;
      }
      if (terms.size() == 1) {
        visitor.consumeTerms(this, new Term(field, terms.get(0)));
      } else if (terms.size() > 1) {
        visitor.consumeTermsMatching(this, field, () -> {
          List<org.apache.lucene.util.automaton.Automaton> as = new ArrayList<>();
          for (BytesRef t : terms) as.add(org.apache.lucene.util.automaton.Automata.makeBinary(t));
          return new org.apache.lucene.util.automaton.ByteRunAutomaton(
              org.apache.lucene.util.automaton.Operations.union(as), true, 100000);
        });
      }
    }
  }

  /**
   * PassageScorer.score as in Lucene 10, which sums the terms' contributions
   * in a double (apache/lucene#12682, Lucene 9.9); Lucene 8.7 sums them in a
   * float. tf, weight and norm are unchanged.
   */
  static final PassageScorer LUCENE10_SCORER = new PassageScorer() {
    @Override
    public float score(Passage passage, int contentLength) {
      double score = 0d;
      org.apache.lucene.util.BytesRefHash termsHash = new org.apache.lucene.util.BytesRefHash();
      int hitCount = passage.getNumMatches();
      int[] termFreqsInPassage = new int[hitCount];
      int[] termFreqsInDoc = new int[hitCount];
      for (int i = 0; i < passage.getNumMatches(); i++) {
        int termIndex = termsHash.add(passage.getMatchTerms()[i]);
        if (termIndex < 0) {
          termIndex = -(termIndex + 1);
        } else {
          termFreqsInDoc[termIndex] = passage.getMatchTermFreqsInDoc()[i];
        }
        termFreqsInPassage[termIndex]++;
      }
      for (int i = 0; i < termsHash.size(); i++) {
        score += tf(termFreqsInPassage[i], passage.getLength()) * weight(contentLength, termFreqsInDoc[i]);
      }
      score *= norm(passage.getStartOffset());
      return (float) score;
    }
  };

  /** OpenSearch's Snippet. */
  static final class Snippet {
    final String text;
    final float score;
    final boolean highlighted;

    Snippet(String text, float score, boolean highlighted) {
      this.text = text;
      this.score = score;
      this.highlighted = highlighted;
    }
  }

  /** Port of OpenSearch's CustomUnifiedHighlighter (one field, one document). */
  static final class CustomUnifiedHighlighter extends UnifiedHighlighter {
    final PassageFormatter passageFormatter;
    final BreakIterator breakIterator;
    final String field;
    final int noMatchSize;
    final CustomFieldHighlighter fieldHighlighter;

    CustomUnifiedHighlighter(Analyzer analyzer, PassageFormatter passageFormatter, BreakIterator breakIterator,
        String field, Query query, int noMatchSize, int maxPassages) throws IOException {
      super(null, analyzer);
      this.passageFormatter = passageFormatter;
      this.breakIterator = breakIterator;
      this.field = field;
      this.noMatchSize = noMatchSize;
      this.fieldHighlighter = (CustomFieldHighlighter) getFieldHighlighter(field, query, visitTerms(query), maxPassages);
    }

    /**
     * Lucene 10's UnifiedHighlighter.extractTerms. Lucene 8.7's rewrites the
     * query against an empty index first, which drops a bool whose must_not
     * repeats a required clause and turns a terms query into term queries;
     * Lucene 9.5 stopped doing that (apache/lucene#11807).
     */
    static Set<Term> visitTerms(Query query) {
      Set<Term> terms = new java.util.HashSet<>();
      query.visit(org.apache.lucene.search.QueryVisitor.termCollector(terms));
      return terms;
    }

    Snippet[] highlightField(String fieldValue) throws IOException {
      if (fieldHighlighter.strategy() instanceof NoOpOffsetStrategy && noMatchSize == 0) {
        return new Snippet[0];
      }
      if (fieldValue.length() > MAX_ANALYZED_OFFSET) {
        throw new IllegalArgumentException("too_long");
      }
      Snippet[] result = (Snippet[]) fieldHighlighter.highlightFieldForDoc(null, 0, fieldValue);
      return result == null ? new Snippet[0] : result;
    }

    @Override
    protected BreakIterator getBreakIterator(String field) {
      return breakIterator;
    }

    @Override
    protected PassageFormatter getFormatter(String field) {
      return passageFormatter;
    }

    @Override
    protected PassageScorer getScorer(String field) {
      return LUCENE10_SCORER;
    }

    @Override
    protected OffsetSource getOffsetSource(String field) {
      return OffsetSource.ANALYSIS;
    }

    @Override
    protected Set<HighlightFlag> getFlags(String field) {
      // Lucene 10's defaults less WEIGHT_MATCHES, which OpenSearch removes.
      return EnumSet.of(HighlightFlag.MULTI_TERM_QUERY, HighlightFlag.PHRASES,
          HighlightFlag.PASSAGE_RELEVANCY_OVER_SPEED);
    }

    @Override
    protected FieldHighlighter getFieldHighlighter(String field, Query query, Set<Term> allTerms, int maxPassages) {
      Predicate<String> fieldMatcher = getFieldMatcher(field);
      BytesRef[] terms = filterExtractedTerms(fieldMatcher, allTerms);
      Set<HighlightFlag> highlightFlags = getFlags(field);
      PhraseHelper phraseHelper = getPhraseHelper(field, query, highlightFlags);
      LabelledCharArrayMatcher[] automata = getAutomata(field, query, highlightFlags);
      UHComponents components = new UHComponents(field, fieldMatcher, query, terms, phraseHelper, automata, false,
          highlightFlags);
      OffsetSource offsetSource = getOptimizedOffsetSource(components);
      BreakIterator bi = new SplittingBreakIterator(getBreakIterator(field), MULTIVAL_SEP_CHAR);
      FieldOffsetStrategy strategy = getOffsetStrategy(offsetSource, components);
      return new CustomFieldHighlighter(field, strategy, Locale.ROOT, bi, getScorer(field), maxPassages,
          noMatchSize > 0 ? 1 : 0, getFormatter(field), noMatchSize);
    }
  }

  /** Port of OpenSearch's CustomFieldHighlighter. */
  static final class CustomFieldHighlighter extends FieldHighlighter {
    final Locale breakIteratorLocale;
    final int noMatchSize;
    String fieldValue;

    CustomFieldHighlighter(String field, FieldOffsetStrategy fieldOffsetStrategy, Locale breakIteratorLocale,
        BreakIterator breakIterator, PassageScorer passageScorer, int maxPassages, int maxNoHighlightPassages,
        PassageFormatter passageFormatter, int noMatchSize) {
      super(field, fieldOffsetStrategy, breakIterator, passageScorer, maxPassages, maxNoHighlightPassages,
          passageFormatter);
      this.breakIteratorLocale = breakIteratorLocale;
      this.noMatchSize = noMatchSize;
    }

    FieldOffsetStrategy strategy() {
      return fieldOffsetStrategy;
    }

    @Override
    public Object highlightFieldForDoc(LeafReader reader, int docId, String content) throws IOException {
      this.fieldValue = content;
      try {
        return super.highlightFieldForDoc(reader, docId, content);
      } finally {
        fieldValue = null;
      }
    }

    @Override
    protected Passage[] getSummaryPassagesNoHighlight(int maxPassages) {
      if (noMatchSize > 0) {
        int pos = 0;
        while (pos < fieldValue.length() && fieldValue.charAt(pos) == MULTIVAL_SEP_CHAR) {
          pos++;
        }
        if (pos < fieldValue.length()) {
          int end = fieldValue.indexOf(MULTIVAL_SEP_CHAR, pos);
          if (end == -1) {
            end = fieldValue.length();
          }
          if (noMatchSize + pos < end) {
            BreakIterator bi = BreakIterator.getWordInstance(breakIteratorLocale);
            bi.setText(fieldValue);
            end = bi.following(noMatchSize + pos);
            if (end == BreakIterator.DONE) {
              end = fieldValue.length();
            }
          }
          Passage passage = new Passage();
          passage.setScore(Float.NaN);
          passage.setStartOffset(pos);
          passage.setEndOffset(end);
          return new Passage[] {passage};
        }
      }
      return new Passage[0];
    }

    @Override
    protected Passage[] highlightOffsetsEnums(OffsetsEnum off) throws IOException {
      final int contentLength = this.breakIterator.getText().getEndIndex();
      if (off.nextPosition() == false) {
        return new Passage[0];
      }
      PriorityQueue<Passage> passageQueue = new PriorityQueue<>(Math.min(64, maxPassages + 1), (left, right) -> {
        if (left.getScore() < right.getScore()) {
          return -1;
        } else if (left.getScore() > right.getScore()) {
          return 1;
        } else {
          return left.getStartOffset() - right.getStartOffset();
        }
      });
      Passage passage = new Passage();
      do {
        int start = off.startOffset();
        if (start == -1) {
          throw new IllegalArgumentException("field '" + field + "' was indexed without offsets, cannot highlight");
        }
        int end = off.endOffset();
        if (start < contentLength && end > contentLength) {
          continue;
        }
        if (start >= passage.getEndOffset()) {
          passage = maybeAddPassage(passageQueue, passageScorer, passage, contentLength);
          if (start >= contentLength) {
            break;
          }
          passage.setStartOffset(Math.max(this.breakIterator.preceding(start + 1), 0));
          passage.setEndOffset(Math.min(this.breakIterator.following(start), contentLength));
        }
        BytesRef term = off.getTerm();
        passage.addMatch(start, end, term, off.freq());
      } while (off.nextPosition());
      maybeAddPassage(passageQueue, passageScorer, passage, contentLength);
      Passage[] passages = passageQueue.toArray(new Passage[0]);
      Arrays.sort(passages, Comparator.comparingInt(Passage::getStartOffset));
      return passages;
    }

    private Passage maybeAddPassage(PriorityQueue<Passage> passageQueue, PassageScorer scorer, Passage passage,
        int contentLength) {
      if (passage.getStartOffset() == -1) {
        return passage;
      }
      passage.setScore(scorer.score(passage, contentLength));
      if (passageQueue.size() == maxPassages && passage.getScore() < passageQueue.peek().getScore()) {
        passage.reset();
      } else {
        passageQueue.offer(passage);
        if (passageQueue.size() > maxPassages) {
          passage = passageQueue.poll();
          passage.reset();
        } else {
          passage = new Passage();
        }
      }
      return passage;
    }
  }

  /** Port of OpenSearch's CustomPassageFormatter with the default encoder. */
  static final class CustomPassageFormatter extends PassageFormatter {
    final String preTag;
    final String postTag;

    CustomPassageFormatter(String preTag, String postTag) {
      this.preTag = preTag;
      this.postTag = postTag;
    }

    @Override
    public Snippet[] format(Passage[] passages, String content) {
      Snippet[] snippets = new Snippet[passages.length];
      int pos;
      for (int j = 0; j < passages.length; j++) {
        Passage passage = passages[j];
        StringBuilder sb = new StringBuilder();
        pos = passage.getStartOffset();
        for (int i = 0; i < passage.getNumMatches(); i++) {
          int start = passage.getMatchStarts()[i];
          sb.append(content, pos, start);
          int end = passage.getMatchEnds()[i];
          while (i + 1 < passage.getNumMatches() && passage.getMatchStarts()[i + 1] < end) {
            end = passage.getMatchEnds()[++i];
          }
          end = Math.min(end, passage.getEndOffset());
          sb.append(preTag);
          sb.append(content, start, end);
          sb.append(postTag);
          pos = end;
        }
        sb.append(content, pos, Math.max(pos, passage.getEndOffset()));
        if (sb.charAt(sb.length() - 1) == '\u2029') {
          sb.deleteCharAt(sb.length() - 1);
        } else if (sb.charAt(sb.length() - 1) == '\u0000') {
          sb.deleteCharAt(sb.length() - 1);
        }
        snippets[j] = new Snippet(sb.toString().trim(), passage.getScore(), passage.getNumMatches() > 0);
      }
      return snippets;
    }
  }

  /** Port of OpenSearch's BoundedBreakIteratorScanner. */
  static final class BoundedBreakIteratorScanner extends BreakIterator {
    private final BreakIterator mainBreak;
    private final BreakIterator innerBreak;
    private final int maxLen;
    private int lastPrecedingOffset = -1;
    private int windowStart = -1;
    private int windowEnd = -1;
    private int innerStart = -1;
    private int innerEnd = 0;

    private BoundedBreakIteratorScanner(BreakIterator mainBreak, BreakIterator innerBreak, int maxLen) {
      this.mainBreak = mainBreak;
      this.innerBreak = innerBreak;
      this.maxLen = maxLen;
    }

    static BreakIterator getSentence(Locale locale, int maxLen) {
      return new BoundedBreakIteratorScanner(BreakIterator.getSentenceInstance(locale),
          BreakIterator.getWordInstance(locale), maxLen);
    }

    @Override
    public CharacterIterator getText() {
      return mainBreak.getText();
    }

    @Override
    public void setText(CharacterIterator newText) {
      reset();
      mainBreak.setText(newText);
      innerBreak.setText(newText);
    }

    @Override
    public void setText(String newText) {
      reset();
      mainBreak.setText(newText);
      innerBreak.setText(newText);
    }

    private void reset() {
      lastPrecedingOffset = -1;
      windowStart = -1;
      windowEnd = -1;
      innerStart = -1;
      innerEnd = 0;
    }

    @Override
    public int preceding(int offset) {
      if (offset < lastPrecedingOffset) {
        throw new IllegalStateException("offset < lastPrecedingOffset");
      }
      if (offset > windowStart && offset < windowEnd) {
        innerStart = innerEnd;
        innerEnd = windowEnd;
      } else {
        windowStart = innerStart = mainBreak.preceding(offset);
        windowEnd = innerEnd = mainBreak.following(offset - 1);
        while (innerEnd - innerStart < maxLen) {
          int newEnd = mainBreak.following(innerEnd);
          if (newEnd == DONE || (newEnd - innerStart) > maxLen) {
            break;
          }
          windowEnd = innerEnd = newEnd;
        }
      }
      if (innerEnd - innerStart > maxLen) {
        if (offset - maxLen > innerStart) {
          innerStart = Math.max(innerStart, innerBreak.preceding(offset - maxLen));
        }
        int remaining = Math.max(0, maxLen - (offset - innerStart));
        if (offset + remaining < windowEnd) {
          innerEnd = Math.min(windowEnd, innerBreak.following(offset + remaining));
        }
      }
      lastPrecedingOffset = offset - 1;
      return innerStart;
    }

    @Override
    public int following(int offset) {
      if (offset != lastPrecedingOffset || innerEnd == -1) {
        throw new IllegalStateException("offset != lastPrecedingOffset");
      }
      return innerEnd;
    }

    @Override
    public int current() {
      return innerEnd;
    }

    @Override
    public int first() {
      throw new IllegalStateException("first() should not be called in this context");
    }

    @Override
    public int next() {
      throw new IllegalStateException("next() should not be called in this context");
    }

    @Override
    public int last() {
      throw new IllegalStateException("last() should not be called in this context");
    }

    @Override
    public int next(int n) {
      throw new IllegalStateException("next(n) should not be called in this context");
    }

    @Override
    public int previous() {
      throw new IllegalStateException("previous() should not be called in this context");
    }
  }

  /** A small JSON reader and writer (objects, arrays, strings, numbers, booleans, null). */
  static final class Json {
    private final String s;
    private int i;

    private Json(String s) {
      this.s = s;
    }

    static Object parse(String s) {
      Json j = new Json(s);
      Object v = j.value();
      j.ws();
      if (j.i != s.length()) throw new RuntimeException("trailing data at " + j.i);
      return v;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> obj(Object o) {
      return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) {
      return o == null ? List.of() : (List<Object>) o;
    }

    private void ws() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
    }

    private Object value() {
      ws();
      char c = s.charAt(i);
      switch (c) {
        case '{': {
          i++;
          Map<String, Object> m = new LinkedHashMap<>();
          ws();
          if (s.charAt(i) == '}') {
            i++;
            return m;
          }
          while (true) {
            ws();
            String k = string();
            ws();
            expect(':');
            m.put(k, value());
            ws();
            if (s.charAt(i) == ',') {
              i++;
              continue;
            }
            expect('}');
            return m;
          }
        }
        case '[': {
          i++;
          List<Object> l = new ArrayList<>();
          ws();
          if (s.charAt(i) == ']') {
            i++;
            return l;
          }
          while (true) {
            l.add(value());
            ws();
            if (s.charAt(i) == ',') {
              i++;
              continue;
            }
            expect(']');
            return l;
          }
        }
        case '"':
          return string();
        case 't':
          i += 4;
          return Boolean.TRUE;
        case 'f':
          i += 5;
          return Boolean.FALSE;
        case 'n':
          i += 4;
          return null;
        default: {
          int st = i;
          while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
          String n = s.substring(st, i);
          if (n.contains(".") || n.contains("e") || n.contains("E")) return Double.parseDouble(n);
          return Long.parseLong(n);
        }
      }
    }

    private void expect(char c) {
      if (s.charAt(i) != c) throw new RuntimeException("expected " + c + " at " + i);
      i++;
    }

    private String string() {
      expect('"');
      StringBuilder sb = new StringBuilder();
      while (true) {
        char c = s.charAt(i++);
        if (c == '"') return sb.toString();
        if (c != '\\') {
          sb.append(c);
          continue;
        }
        char e = s.charAt(i++);
        switch (e) {
          case 'n': sb.append('\n'); break;
          case 't': sb.append('\t'); break;
          case 'r': sb.append('\r'); break;
          case 'b': sb.append('\b'); break;
          case 'f': sb.append('\f'); break;
          case 'u': sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
          default: sb.append(e);
        }
      }
    }

    static String write(Object o) {
      StringBuilder sb = new StringBuilder();
      write(o, sb);
      return sb.toString();
    }

    static void write(Object o, StringBuilder sb) {
      if (o == null) {
        sb.append("null");
      } else if (o instanceof String) {
        String s = (String) o;
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
          char c = s.charAt(i);
          if (c == '"' || c == '\\') {
            sb.append('\\').append(c);
          } else if (c < 0x20 || c == 0x2028 || c == 0x2029
              || (Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < s.length()
                  && Character.isLowSurrogate(s.charAt(i + 1)))
                  && !(Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1))))) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
        sb.append('"');
      } else if (o instanceof Map) {
        sb.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
          if (!first) sb.append(',');
          first = false;
          write(e.getKey().toString(), sb);
          sb.append(':');
          write(e.getValue(), sb);
        }
        sb.append('}');
      } else if (o instanceof List) {
        sb.append('[');
        boolean first = true;
        for (Object v : (List<?>) o) {
          if (!first) sb.append(',');
          first = false;
          write(v, sb);
        }
        sb.append(']');
      } else {
        sb.append(o);
      }
    }
  }
}
