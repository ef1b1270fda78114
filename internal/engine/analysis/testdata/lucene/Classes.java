// Classes derives, by probing Lucene's own StandardTokenizer, the per-code-point
// classes the Go analyzer needs on top of UAX#29 segmentation, so the Go table
// carries Lucene's Unicode 9 / Emoji 11 view (StandardTokenizerImpl.jflex is
// `%unicode 9` in Lucene 8.x, 9.x and 10.x alike).
//
//	java Classes classes   ranges "lo hi flags" (hex) of code points with equal flags
//	java Classes lower     the JVM's Character.toLowerCase(int): "cp lower" (hex) for every
//	                       code point it changes, then "defined lo hi" ranges of assigned code points
//	java Classes probe     reads lines of hex code points ("61 2d7 61") and prints per line the
//	                       tokens' code point offsets ("0-1,2-3,")
//
// Flags (bit values mirror the Go constants in classes.go):
//
//	0x001 core   "xx" is one <ALPHANUM>/<NUM>/<KATAKANA>/<HANGUL> token (ALetter, Hebrew_Letter,
//	             Numeric, Katakana: the characters words are made of)
//	0x002 enl    "x"+"a" is one token but x is not core (ExtendNumLet, e.g. "_")
//	0x004 ext    "a"+x is one token, x alone at the start is not (Extend, Format, ZWJ)
//	0x008 mid    "a"+x+"a", "1"+x+"1" or "א"+x+"א" is one token (MidLetter, MidNum, MidNumLet, quotes)
//	0x010 han    "x" is an <IDEOGRAPHIC> token
//	0x020 hira   "x" is a <HIRAGANA> token
//	0x040 sa     "x" is a <SOUTHEAST_ASIAN> token (Line_Break=Complex_Context)
//	0x080 echar  "x" is an <EMOJI> token (Extended_Pictographic or Emoji, not a modifier)
//	0x100 ebase  "x"+U+1F3FB is one <EMOJI> token (Emoji_Modifier_Base)
//	0x200 emod   U+261D+"x" is one <EMOJI> token (Emoji_Modifier)
//	0x400 ri     "xx" is one <EMOJI> token, "x" is none (Regional_Indicator)
//	0x800 kc     "x"+U+20E3 is one <EMOJI> token, "x" is none (keycap base: # *)
//	0x1000 kata  core, and "x"+"ア" is one token (Katakana: joins letters only through "_")
//	0x2000 heb   core, and "x'" is one token (Hebrew_Letter: WB7a, WB7b, WB7c)
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;

public final class Classes {
  static final int CORE = 0x001, ENL = 0x002, EXT = 0x004, MID = 0x008, HAN = 0x010, HIRA = 0x020,
      SA = 0x040, ECHAR = 0x080, EBASE = 0x100, EMOD = 0x200, RI = 0x400, KC = 0x800, KATA = 0x1000,
      HEB = 0x2000;

  static final StandardTokenizer tok = new StandardTokenizer();
  static final OffsetAttribute off = tok.addAttribute(OffsetAttribute.class);
  static final TypeAttribute type = tok.addAttribute(TypeAttribute.class);

  /** One token: {start, end, typeIndex}. */
  static List<int[]> tokens(String s) throws IOException {
    List<int[]> out = new ArrayList<>(4);
    tok.setReader(new StringReader(s));
    tok.reset();
    while (tok.incrementToken()) {
      int t = java.util.Arrays.asList(StandardTokenizer.TOKEN_TYPES).indexOf(type.type());
      out.add(new int[] {off.startOffset(), off.endOffset(), t});
    }
    tok.end();
    tok.close();
    return out;
  }

  /** Whether s is exactly one token covering all of it (of any type when t < 0). */
  static boolean whole(String s, int t) throws IOException {
    List<int[]> ts = tokens(s);
    return ts.size() == 1 && ts.get(0)[0] == 0 && ts.get(0)[1] == s.length() && (t < 0 || ts.get(0)[2] == t);
  }

  static int flags(int cp) throws IOException {
    String x = new String(Character.toChars(cp));
    int f = 0;
    List<int[]> lone = tokens(x);
    int loneType = lone.size() == 1 && lone.get(0)[1] == x.length() ? lone.get(0)[2] : -1;
    List<int[]> dbl = tokens(x + x);
    if (dbl.size() == 1 && dbl.get(0)[0] == 0 && dbl.get(0)[1] == 2 * x.length()) {
      int t = dbl.get(0)[2];
      if (t == StandardTokenizer.ALPHANUM || t == StandardTokenizer.NUM
          || t == StandardTokenizer.KATAKANA || t == StandardTokenizer.HANGUL) {
        f |= CORE;
      } else if (t == StandardTokenizer.EMOJI && lone.isEmpty()) {
        f |= RI;
      }
    }
    switch (loneType) {
      case StandardTokenizer.IDEOGRAPHIC: f |= HAN; break;
      case StandardTokenizer.HIRAGANA: f |= HIRA; break;
      case StandardTokenizer.SOUTHEAST_ASIAN: f |= SA; break;
      case StandardTokenizer.EMOJI:
        if (whole("\u261D" + x, StandardTokenizer.EMOJI)) {
          f |= EMOD;
        } else {
          f |= ECHAR;
          if (whole(x + "\uD83C\uDFFB", StandardTokenizer.EMOJI)) {
            f |= EBASE;
          }
        }
        break;
      default: break;
    }
    boolean joinAfter = whole("a" + x, -1);
    boolean joinBefore = whole(x + "a", -1);
    if (joinBefore && (f & CORE) == 0) {
      f |= ENL;
    }
    if (joinAfter && !joinBefore) {
      f |= EXT;
    }
    if (!joinAfter && (f & CORE) == 0
        && (whole("a" + x + "a", -1) || whole("1" + x + "1", -1) || whole("\u05D0" + x + "\u05D0", -1))) {
      f |= MID;
    }
    if (lone.isEmpty() && whole(x + "\u20E3", StandardTokenizer.EMOJI)) {
      f |= KC;
    }
    if ((f & CORE) != 0 && whole(x + "\u30A2", -1)) {
      f |= KATA;
    }
    if ((f & CORE) != 0 && whole(x + "'", -1)) {
      f |= HEB;
    }
    return f;
  }

  public static void main(String[] args) throws Exception {
    BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    String mode = args.length > 0 ? args[0] : "classes";
    if (mode.equals("classes")) {
      int lo = 0, cur = -1;
      for (int cp = 0; cp <= 0x10FFFF; cp++) {
        int f = (cp >= 0xD800 && cp <= 0xDFFF) ? 0 : flags(cp);
        if (f != cur) {
          if (cur > 0) {
            out.write(String.format("%x %x %x\n", lo, cp - 1, cur));
          }
          lo = cp;
          cur = f;
        }
      }
      if (cur > 0) {
        out.write(String.format("%x %x %x\n", lo, 0x10FFFF, cur));
      }
    } else if (mode.equals("lower")) {
      for (int cp = 0; cp <= 0x10FFFF; cp++) {
        int l = Character.toLowerCase(cp);
        if (l != cp) {
          out.write(String.format("%x %x\n", cp, l));
        }
      }
      int lo = -1;
      for (int cp = 0; cp <= 0x110000; cp++) {
        boolean d = cp <= 0x10FFFF && Character.isDefined(cp);
        if (d && lo < 0) {
          lo = cp;
        } else if (!d && lo >= 0) {
          out.write(String.format("defined %x %x\n", lo, cp - 1));
          lo = -1;
        }
      }
    } else if (mode.equals("probe")) {
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      String line;
      while ((line = in.readLine()) != null) {
        StringBuilder sb = new StringBuilder();
        for (String h : line.split(" ")) {
          sb.appendCodePoint(Integer.parseInt(h, 16));
        }
        String s = sb.toString();
        StringBuilder o = new StringBuilder();
        for (int[] t : tokens(s)) {
          o.append(s.codePointCount(0, t[0])).append('-').append(s.codePointCount(0, t[1])).append(',');
        }
        out.write(o.append('\n').toString());
      }
    } else {
      throw new IllegalArgumentException("mode: classes | lower | probe");
    }
    out.flush();
  }
}
