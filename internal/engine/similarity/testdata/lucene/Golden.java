import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.FeatureAccess;
import org.apache.lucene.document.FeatureField;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.search.similarities.Similarity.SimScorer;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.SmallFloat;
import org.apache.lucene.util.Version;

/**
 * Prints, with Lucene's own classes, the numbers package similarity must reproduce bit for bit.
 * One JSON object per line; every float is printed as its IEEE-754 bits (unsigned decimal).
 *
 * <p>Usage: java -cp lucene-core.jar:. Golden golden|floats
 *
 * <p>"golden" prints everything but Float.toString (testdata/lucene/golden.jsonl); "floats" prints
 * Float.toString of a set of floats (testdata/lucene/floatstring.jsonl), which depends on the JDK:
 * its first line records the JDK's feature version.
 */
public class Golden {
  static final StringBuilder out = new StringBuilder();

  static String bits(float f) {
    return Integer.toUnsignedString(Float.floatToRawIntBits(f));
  }

  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c == '\n') b.append("\\n");
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }

  /** An explanation as {"match","value" (Number.toString),"description","details"}. */
  static String json(Explanation e) {
    StringBuilder b = new StringBuilder();
    b.append("{\"match\":").append(e.isMatch());
    b.append(",\"value\":").append(quote(e.getValue().toString()));
    b.append(",\"description\":").append(quote(e.getDescription()));
    b.append(",\"details\":[");
    Explanation[] d = e.getDetails();
    for (int i = 0; i < d.length; i++) {
      if (i > 0) b.append(',');
      b.append(json(d[i]));
    }
    return b.append("]}").toString();
  }

  /** A line: kind, then alternating keys and raw JSON values. */
  static void line(String kind, Object... kv) {
    out.append("{\"kind\":").append(quote(kind));
    for (int i = 0; i < kv.length; i += 2) {
      out.append(',').append(quote((String) kv[i])).append(':').append(kv[i + 1]);
    }
    out.append("}\n");
  }

  static String ints(long[] v) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < v.length; i++) {
      if (i > 0) b.append(',');
      b.append(v[i]);
    }
    return b.append(']').toString();
  }

  static String floats(float[] v) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < v.length; i++) {
      if (i > 0) b.append(',');
      b.append(bits(v[i]));
    }
    return b.append(']').toString();
  }

  static String strings(String[] v) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < v.length; i++) {
      if (i > 0) b.append(',');
      b.append(quote(v[i]));
    }
    return b.append(']').toString();
  }

  static long[] toArray(List<Long> l) {
    long[] a = new long[l.size()];
    for (int i = 0; i < a.length; i++) a[i] = l.get(i);
    return a;
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 1 && args[0].equals("golden")) {
      line("meta", "lucene", quote(Version.LATEST.toString()),
          "java_feature_version", Runtime.version().feature());
      smallFloat();
      idfAndAvgdl();
      bm25();
      indexExplain();
      features();
    } else if (args.length == 1 && args[0].equals("floats")) {
      floatStrings();
    } else {
      System.err.println("usage: Golden golden|floats");
      System.exit(2);
    }
    System.out.print(out);
  }

  // --- SmallFloat ---

  static void smallFloat() {
    for (int b = 0; b < 256; b++) {
      line("byte4", "norm", b, "length", SmallFloat.byte4ToInt((byte) b));
    }
    List<Long> lengths = new ArrayList<>();
    for (long i = 0; i < 1024; i++) lengths.add(i);
    for (int k = 10; k <= 30; k++) {
      for (long d = -2; d <= 2; d++) lengths.add((1L << k) + d);
    }
    Random r = new Random(20250101);
    for (int i = 0; i < 8900; i++) lengths.add((long) r.nextInt(Integer.MAX_VALUE));
    lengths.add((long) Integer.MAX_VALUE - 1);
    lengths.add((long) Integer.MAX_VALUE);
    for (int from = 0; from < lengths.size(); from += 500) {
      List<Long> chunk = lengths.subList(from, Math.min(lengths.size(), from + 500));
      long[] norms = new long[chunk.size()];
      for (int i = 0; i < norms.length; i++) {
        norms[i] = Byte.toUnsignedInt(SmallFloat.intToByte4((int) (long) chunk.get(i)));
      }
      line("int4", "lengths", ints(toArray(chunk)), "norms", ints(norms));
    }
    List<Long> longs = new ArrayList<>();
    for (long i = 0; i < 64; i++) longs.add(i);
    for (int k = 6; k <= 62; k++) {
      for (long d = -1; d <= 1; d++) longs.add((1L << k) + d);
    }
    longs.add(Long.MAX_VALUE);
    for (int i = 0; i < 200; i++) longs.add(r.nextLong() & Long.MAX_VALUE);
    long[] values = toArray(longs);
    long[] encoded = new long[values.length];
    long[] decoded = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      encoded[i] = SmallFloat.longToInt4(values[i]);
      decoded[i] = SmallFloat.int4ToLong((int) encoded[i]);
    }
    line("long4", "values", ints(values), "encoded", ints(encoded), "decoded", ints(decoded));
  }

  // --- idf and avgdl, through BM25Similarity's protected methods ---

  static final class Sim extends BM25Similarity {
    Sim(float k1, float b) {
      super(k1, b);
    }

    float idfOf(long docFreq, long docCount) {
      return idf(docFreq, docCount);
    }

    float avgdlOf(long sumTotalTermFreq, long docCount) {
      return avgFieldLength(
          new CollectionStatistics("f", docCount, docCount, sumTotalTermFreq, docCount));
    }
  }

  static void idfAndAvgdl() {
    Sim sim = new Sim(1.2f, 0.75f);
    Random r = new Random(7);
    List<Long> dfs = new ArrayList<>(), ns = new ArrayList<>();
    for (long n = 1; n <= 40; n++) {
      for (long df = 1; df <= n; df++) {
        ns.add(n);
        dfs.add(df);
      }
    }
    for (int i = 0; i < 3000; i++) {
      long n = 1 + (i % 3 == 0 ? r.nextInt(1000) : i % 3 == 1 ? r.nextInt(1_000_000) : r.nextInt(Integer.MAX_VALUE));
      long df = 1 + (long) (r.nextDouble() * n);
      if (df > n) df = n;
      ns.add(n);
      dfs.add(df);
    }
    long[] df = toArray(dfs), n = toArray(ns);
    for (int from = 0; from < df.length; from += 1000) {
      int to = Math.min(df.length, from + 1000);
      long[] d = java.util.Arrays.copyOfRange(df, from, to), c = java.util.Arrays.copyOfRange(n, from, to);
      float[] idf = new float[d.length];
      for (int i = 0; i < d.length; i++) idf[i] = sim.idfOf(d[i], c[i]);
      line("idf", "docFreq", ints(d), "docCount", ints(c), "idf", floats(idf));
    }
    List<Long> sttfs = new ArrayList<>(), counts = new ArrayList<>();
    for (long c = 1; c <= 30; c++) {
      for (long s = c; s <= c * 12; s += 1 + c / 7) {
        counts.add(c);
        sttfs.add(s);
      }
    }
    for (int i = 0; i < 2000; i++) {
      long c = 1 + r.nextInt(i % 2 == 0 ? 100_000 : Integer.MAX_VALUE);
      long s = c + (long) (r.nextDouble() * c * 3000);
      counts.add(c);
      sttfs.add(s);
    }
    long[] s = toArray(sttfs), c = toArray(counts);
    float[] avg = new float[s.length];
    for (int i = 0; i < s.length; i++) avg[i] = sim.avgdlOf(s[i], c[i]);
    line("avgdl", "sumTotalTermFreq", ints(s), "docCount", ints(c), "avgdl", floats(avg));
  }

  // --- BM25 scores, norm caches and explanations through the SimScorer API ---

  static SimScorer scorer(
      float k1, float b, float boost, long docFreq, long docCount, long sumTotalTermFreq, long... moreDocFreqs) {
    BM25Similarity sim = new BM25Similarity(k1, b);
    CollectionStatistics cs =
        new CollectionStatistics("f", docCount, docCount, sumTotalTermFreq, docCount);
    TermStatistics[] ts = new TermStatistics[1 + moreDocFreqs.length];
    ts[0] = new TermStatistics(new BytesRef("t0"), docFreq, docFreq);
    for (int i = 0; i < moreDocFreqs.length; i++) {
      ts[i + 1] = new TermStatistics(new BytesRef("t" + (i + 1)), moreDocFreqs[i], moreDocFreqs[i]);
    }
    return sim.scorer(boost, cs, ts);
  }

  static float[] cacheOf(SimScorer s) throws Exception {
    java.lang.reflect.Field f = s.getClass().getDeclaredField("cache");
    f.setAccessible(true);
    return (float[]) f.get(s);
  }

  static final long[] ALL_NORMS = new long[256];
  static final long[] SOME_NORMS;

  static {
    List<Long> some = new ArrayList<>();
    for (int i = 0; i < 256; i++) {
      ALL_NORMS[i] = i;
      if (i <= 40 || i % 5 == 0 || i == 255) some.add((long) i);
    }
    SOME_NORMS = toArray(some);
  }

  /** Scores for every freq × norm, row-major by freq, and the scorer's 256-entry norm cache. */
  static void bm25Grid(
      float k1, float b, float boost, long df, long n, long sttf, float[] freqs, long[] norms)
      throws Exception {
    SimScorer s = scorer(k1, b, boost, df, n, sttf);
    float[] scores = new float[freqs.length * norms.length];
    for (int i = 0; i < freqs.length; i++) {
      for (int j = 0; j < norms.length; j++) scores[i * norms.length + j] = s.score(freqs[i], norms[j]);
    }
    line("bm25", "k1", bits(k1), "b", bits(b), "boost", bits(boost), "docFreq", df, "docCount", n,
        "sumTotalTermFreq", sttf, "cache", floats(cacheOf(s)), "freqs", floats(freqs),
        "norms", ints(norms), "scores", floats(scores));
  }

  static void bm25Explain(float k1, float b, float boost, long n, long sttf, float freq, int norm, long... dfs)
      throws Exception {
    long[] rest = java.util.Arrays.copyOfRange(dfs, 1, dfs.length);
    SimScorer s = scorer(k1, b, boost, dfs[0], n, sttf, rest);
    Explanation freqExpl =
        dfs.length == 1
            ? Explanation.match(freq, "freq, occurrences of term within document")
            : Explanation.match(freq, "phraseFreq=" + freq);
    line("bm25_explain", "k1", bits(k1), "b", bits(b), "boost", bits(boost), "docFreqs", ints(dfs),
        "docCount", n, "sumTotalTermFreq", sttf, "freq", bits(freq), "norm", norm,
        "score", bits(s.score(freq, norm)), "explanation", json(s.explain(freqExpl, norm)));
  }

  static void bm25() throws Exception {
    float[] full = new float[50];
    for (int i = 0; i < 50; i++) full[i] = i + 1;
    float[] some = {1, 2, 3, 5, 8, 13, 21, 34, 50, 0.5f, 1f / 3, 1.5f, 2.25f, 1000, 1e6f, Float.MAX_VALUE};
    float[] boosts = {1f, 0.5f, 2.5f, 50f};
    // The hand-worked case: N=3, n=1, avgdl=16/3.
    for (float boost : boosts) {
      boolean grid = boost == 1f || boost == 2.5f;
      bm25Grid(1.2f, 0.75f, boost, 1, 3, 16, grid ? full : some, grid ? ALL_NORMS : SOME_NORMS);
    }
    // A realistic body field: 510 contracts, 4321 words on average.
    bm25Grid(1.2f, 0.75f, 1f, 37, 510, 2203657, full, ALL_NORMS);
    bm25Grid(1.2f, 0.75f, 2.5f, 37, 510, 2203657, some, SOME_NORMS);
    long[][] stats = {
      {999, 1000, 2500}, // a term in almost every document
      {50000, 100000, 100000}, // avgdl 1: a keyword-like field
      {17, 2000000000L, 987654321098L}, // large counts
      {1, 1, 1}, // a single document
      {1000, 1000, 250003}, // n = N
    };
    for (long[] st : stats) {
      for (float boost : new float[] {1f, 2.5f}) {
        bm25Grid(1.2f, 0.75f, boost, st[0], st[1], st[2], some, SOME_NORMS);
      }
    }
    // Other parameters.
    bm25Grid(0.9f, 0.4f, 1f, 37, 510, 2203657, some, SOME_NORMS);
    bm25Grid(2.0f, 0f, 1f, 37, 510, 2203657, some, SOME_NORMS);
    bm25Grid(1.2f, 1f, 1f, 37, 510, 2203657, some, SOME_NORMS);
    bm25Grid(0f, 0.75f, 1f, 37, 510, 2203657, some, SOME_NORMS);

    bm25Explain(1.2f, 0.75f, 1f, 3, 16, 2f, 4, 1);
    bm25Explain(1.2f, 0.75f, 2.5f, 3, 16, 2f, 4, 1);
    bm25Explain(1.2f, 0.75f, 1f, 510, 2203657, 3f, 200, 37);
    bm25Explain(1.2f, 0.75f, 1f, 510, 2203657, 1f, 39, 37);
    bm25Explain(1.2f, 0.75f, 1f, 510, 2203657, 1f, 40, 37);
    bm25Explain(1.2f, 0.75f, 50f, 2000000000L, 987654321098L, 7f, 255, 17);
    bm25Explain(1.2f, 0.75f, 1f, 510, 2203657, 0.5f, 120, 37, 5, 120);
    bm25Explain(1.2f, 0.75f, 0.5f, 510, 2203657, 1f / 3, 33, 37, 5);
    bm25Explain(0.9f, 0.4f, 1f, 100000, 100000, 1f, 1, 50000);
  }

  // --- A real index: TermQuery explanations, norms, a field without norms ---

  static void indexExplain() throws IOException {
    String[] bodies = {
      "The quick brown fox",
      "the lazy dog and the end of the story",
      "Governing law. This Agreement shall be governed by the laws of the State of New York, "
          + "without regard to its conflict of laws principles. The parties submit to the "
          + "exclusive jurisdiction of the state and federal courts located in New York County, "
          + "and waive any objection to venue in those courts. The prevailing party shall be "
          + "entitled to its reasonable attorneys fees."
    };
    String[] kws = {"alpha", "beta", "alpha"};
    ByteBuffersDirectory dir = new ByteBuffersDirectory();
    try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
      for (int i = 0; i < bodies.length; i++) {
        Document d = new Document();
        d.add(new TextField("body", bodies[i], Field.Store.NO));
        d.add(new StringField("kw", kws[i], Field.Store.NO));
        w.addDocument(d);
      }
    }
    try (DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      LeafReader leaf = reader.leaves().get(0).reader();
      String[][] terms = {{"body", "the"}, {"body", "laws"}, {"kw", "alpha"}};
      for (String[] t : terms) {
        Term term = new Term(t[0], t[1]);
        CollectionStatistics cs = searcher.collectionStatistics(t[0]);
        long docFreq = reader.docFreq(term);
        for (int doc = 0; doc < bodies.length; doc++) {
          Explanation e = searcher.explain(new TermQuery(term), doc);
          if (!e.isMatch()) continue;
          NumericDocValues norms = leaf.getNormValues(t[0]);
          long norm = norms != null && norms.advanceExact(doc) ? norms.longValue() : -1;
          line("index_explain", "field", quote(t[0]), "term", quote(t[1]), "doc", doc,
              "docFreq", docFreq, "docCount", cs.docCount(), "sumTotalTermFreq", cs.sumTotalTermFreq(),
              "norm", norm, "score", bits(e.getValue().floatValue()), "explanation", json(e));
        }
      }
    }
  }

  // --- FeatureField ---

  static void features() throws IOException {
    Random r = new Random(99);
    // Encoding: the term frequency FeatureField indexes, read back from a real index.
    List<Float> values = new ArrayList<>();
    float[] fixed = {Float.MIN_NORMAL, 1e-30f, 0.001f, 0.1f, 0.5f, 1f, 1.0039062f, 1.0078125f, 2f, 3.3f,
      16f, 100f, 12345.678f, 1e10f, 1e30f, Float.MAX_VALUE};
    for (float f : fixed) values.add(f);
    for (int i = 0; i < 300; i++) {
      values.add(Float.intBitsToFloat(0x00800000 + r.nextInt(0x7f7fffff - 0x00800000)));
    }
    for (int i = 0; i < 300; i++) values.add((float) Math.exp(r.nextGaussian() * 3));
    float[] v = new float[values.size()];
    for (int i = 0; i < v.length; i++) v[i] = values.get(i);
    long[] freqs = new long[v.length];
    ByteBuffersDirectory dir = new ByteBuffersDirectory();
    try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig())) {
      for (float f : v) {
        Document d = new Document();
        d.add(new FeatureField("_feature", "x", f));
        w.addDocument(d);
      }
    }
    try (DirectoryReader reader = DirectoryReader.open(dir)) {
      org.apache.lucene.index.PostingsEnum pe =
          reader.leaves().get(0).reader().postings(new Term("_feature", "x"),
              org.apache.lucene.index.PostingsEnum.FREQS);
      for (int i = 0; i < v.length; i++) {
        pe.nextDoc();
        freqs[i] = pe.freq();
      }
    }
    line("feature_encode", "values", floats(v), "freqs", ints(freqs));

    // Decoding, including fractional and out-of-range frequencies.
    List<Float> df = new ArrayList<>();
    for (int f = 0; f <= 65279; f += 37) df.add((float) f);
    float[] extra = {1, 2, 255, 256, 16256, 16257, 65278, 65279, 65280, 65535, 1e6f, Float.MAX_VALUE,
      0.5f, 1.99f, 16256.7f, 65279.5f, 65279.99f};
    for (float f : extra) df.add(f);
    float[] dfa = new float[df.size()];
    float[] dec = new float[dfa.length];
    for (int i = 0; i < dfa.length; i++) {
      dfa[i] = df.get(i);
      dec[i] = FeatureAccess.decode(dfa[i]);
    }
    line("feature_decode", "freqs", floats(dfa), "values", floats(dec));

    // Functions over a spread of frequencies.
    List<Long> fl = new ArrayList<>();
    for (long f = 1; f <= 65279; f += 521) fl.add(f);
    long[] edge = {16256, 16257, 16384, 16512, 17024, 65279};
    for (long f : edge) fl.add(f);
    long[] ff = toArray(fl);
    Object[][] fns = {
      {"saturation", 16f, 0f}, {"saturation", 1f, 0f}, {"saturation", 0.37f, 0f},
      {"saturation", 1234.5f, 0f}, {"log", 1f, 0f}, {"log", 2.7182817f, 0f}, {"log", 10f, 0f},
      {"sigmoid", 16f, 0.6f}, {"sigmoid", 1f, 1f}, {"sigmoid", 3.3f, 2.5f}, {"sigmoid", 0.01f, 7f},
      {"linear", 0f, 0f},
    };
    float[] ws = {1f, 50f, 0.3f, 64f};
    for (Object[] fn : fns) {
      String kind = (String) fn[0];
      float p1 = (Float) fn[1], p2 = (Float) fn[2];
      for (float w : ws) {
        float[] scores = new float[ff.length];
        for (int i = 0; i < ff.length; i++) scores[i] = FeatureAccess.score(kind, p1, p2, w, (int) ff[i]);
        line("feature_fn", "fn", quote(kind), "p1", bits(p1), "p2", bits(p2), "w", bits(w),
            "string", quote(FeatureAccess.describe(kind, p1, p2)), "freqs", ints(ff),
            "scores", floats(scores));
      }
      line("feature_explain", "fn", quote(kind), "p1", bits(p1), "p2", bits(p2), "w", bits(50f),
          "freq", 33300, "explanation",
          json(FeatureAccess.explain(kind, p1, p2, "_feature", "weight_rank", 50f, 33300)));
    }

    // Default pivots from real indexes, and a boosted saturation query end to end.
    int[] sizes = {1, 2, 3, 10, 100, 1000};
    for (int size : sizes) {
      float[] pv = new float[size];
      for (int i = 0; i < size; i++) pv[i] = (float) Math.exp(r.nextGaussian() * 2 + 1);
      ByteBuffersDirectory d2 = new ByteBuffersDirectory();
      try (IndexWriter w = new IndexWriter(d2, new IndexWriterConfig())) {
        for (float f : pv) {
          Document d = new Document();
          d.add(new FeatureField("_feature", "weight_rank", f));
          w.addDocument(d);
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(d2)) {
        Term term = new Term("_feature", "weight_rank");
        float pivot = FeatureAccess.pivot(reader, "_feature", "weight_rank");
        IndexSearcher searcher = new IndexSearcher(reader);
        Query q = new BoostQuery(FeatureField.newSaturationQuery("_feature", "weight_rank"), 50f);
        Explanation e = searcher.explain(q, 0);
        line("feature_pivot", "values", floats(pv), "totalTermFreq", reader.totalTermFreq(term),
            "docFreq", reader.docFreq(term), "pivot", bits(pivot), "explanation", json(e));
      }
    }
  }

  // --- Float.toString ---

  static void floatStrings() {
    line("meta", "java_feature_version", Runtime.version().feature());
    List<Float> fs = new ArrayList<>();
    float[] special = {0f, -0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
      Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, 1f, -1f, 0.1f, 0.2f, 0.3f, 1.2f, 0.75f,
      2.2f, 5.3333335f, 1e-3f, 9.999999e-4f, 1e7f, 9999999f, 1.0E-4f, 123456.7f, 100f, 1e-45f, 3e-45f};
    for (float f : special) fs.add(f);
    for (int e = -45; e <= 38; e++) {
      int b = Float.floatToRawIntBits(Float.parseFloat("1e" + e));
      for (int d = -2; d <= 2; d++) fs.add(Float.intBitsToFloat(b + d));
    }
    for (int i = 1; i <= 200; i++) fs.add(Float.intBitsToFloat(i)); // subnormals
    Random r = new Random(1234);
    for (int i = 0; i < 10000; i++) fs.add(Float.intBitsToFloat(r.nextInt()));
    for (int i = 0; i < 5000; i++) fs.add((float) (r.nextDouble() * Math.pow(10, r.nextInt(12) - 4)));
    for (int from = 0; from < fs.size(); from += 1000) {
      List<Float> chunk = fs.subList(from, Math.min(fs.size(), from + 1000));
      float[] v = new float[chunk.size()];
      String[] s = new String[v.length];
      for (int i = 0; i < v.length; i++) {
        v[i] = chunk.get(i);
        s[i] = Float.toString(v[i]);
      }
      line("float_string", "bits", floats(v), "strings", strings(s));
    }
  }
}
