// Tokens prints what OpenSearch's `standard` analyzer (Lucene's
// StandardAnalyzer with no stop words, max_token_length 255) makes of text.
//
// Input (stdin, UTF-8): one JSON string literal per line, e.g. "Licensee\u2019s §5.2".
// Output (stdout, UTF-8): one JSON object per input line:
//
//	{"text":"…","tokens":[{"term":"…","type":"<ALPHANUM>","position":0,"startOffset":0,"endOffset":8},…]}
//
// Offsets are Lucene's: UTF-16 code units. Positions are 0-based (the sum of
// position increments minus one).
//
// Build and run (the Go tests do this in a temporary directory):
//
//	javac -cp /usr/share/java/lucene-core-8.7.0.jar -d OUT Tokens.java
//	java -cp /usr/share/java/lucene-core-8.7.0.jar:OUT Tokens [maxTokenLength] < inputs.jsonl
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;

public final class Tokens {
  public static void main(String[] args) throws Exception {
    // As OpenSearch builds the `standard` analyzer: StandardAnalyzerProvider
    // with stopwords _none_ and max_token_length 255 (the default).
    StandardAnalyzer analyzer = new StandardAnalyzer(CharArraySet.EMPTY_SET);
    analyzer.setMaxTokenLength(args.length > 0 ? Integer.parseInt(args[0]) : 255);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      String text = Json.decodeString(line);
      StringBuilder sb = new StringBuilder();
      sb.append("{\"text\":");
      Json.encodeString(sb, text);
      sb.append(",\"tokens\":[");
      try (TokenStream ts = analyzer.tokenStream("body", text)) {
        CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
        OffsetAttribute off = ts.addAttribute(OffsetAttribute.class);
        PositionIncrementAttribute inc = ts.addAttribute(PositionIncrementAttribute.class);
        TypeAttribute type = ts.addAttribute(TypeAttribute.class);
        ts.reset();
        int pos = -1;
        boolean first = true;
        while (ts.incrementToken()) {
          pos += inc.getPositionIncrement();
          if (!first) {
            sb.append(',');
          }
          first = false;
          sb.append("{\"term\":");
          Json.encodeString(sb, term.toString());
          sb.append(",\"type\":");
          Json.encodeString(sb, type.type());
          sb.append(",\"position\":").append(pos);
          sb.append(",\"startOffset\":").append(off.startOffset());
          sb.append(",\"endOffset\":").append(off.endOffset()).append('}');
        }
        ts.end();
      }
      sb.append("]}\n");
      out.write(sb.toString());
    }
    out.flush();
  }
}

/** Just enough JSON for string literals. */
final class Json {
  static String decodeString(String s) {
    s = s.trim();
    if (s.length() < 2 || s.charAt(0) != '"' || s.charAt(s.length() - 1) != '"') {
      throw new IllegalArgumentException("not a JSON string literal: " + s);
    }
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 1; i < s.length() - 1; i++) {
      char c = s.charAt(i);
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char e = s.charAt(++i);
      switch (e) {
        case '"': sb.append('"'); break;
        case '\\': sb.append('\\'); break;
        case '/': sb.append('/'); break;
        case 'b': sb.append('\b'); break;
        case 'f': sb.append('\f'); break;
        case 'n': sb.append('\n'); break;
        case 'r': sb.append('\r'); break;
        case 't': sb.append('\t'); break;
        case 'u':
          sb.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
          i += 4;
          break;
        default: throw new IllegalArgumentException("bad escape \\" + e);
      }
    }
    return sb.toString();
  }

  static void encodeString(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20 || c == 0x7f || c == 0x2028 || c == 0x2029
          || (Character.isSurrogate(c) && !validPair(s, i))) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        if (Character.isHighSurrogate(c)) {
          sb.append(c).append(s.charAt(++i));
        } else {
          sb.append(c);
        }
      }
    }
    sb.append('"');
  }

  private static boolean validPair(String s, int i) {
    char c = s.charAt(i);
    return Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
  }
}
