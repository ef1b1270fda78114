// BreakDump is a test tool, not part of the service: it prints where Java's
// sentence and word break iterators (Locale.ROOT) break each file named on
// the command line, for TestBreaksMatchJava to compare with package
// highlight's port. Per file:
//
//	F <file name>
//	S <every sentence break, from first() then next() until DONE>
//	W <every word break, likewise>
//	R <random access, see below>
//
// R replays the calls the highlighter makes, on one sentence and one word
// iterator whose state carries over from call to call: for offsets o = 1,
// 1+step, 1+2·step … (step = 211) it prints sentence preceding(o),
// sentence following(o-1), word preceding(o), word following(o), then, for
// o = 1, 1+1009, 1+2·1009 … in decreasing order (backwards jumps make
// the JDK rescan from far back, so they are sampled sparsely), sentence
// following(o) and word preceding(o). Run: java BreakDump.java FILE...
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.PrintStream;
import java.io.BufferedOutputStream;
import java.text.BreakIterator;
import java.util.Locale;

public class BreakDump {
  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(new BufferedOutputStream(System.out, 1 << 16), false, StandardCharsets.UTF_8);
    for (String f : args) {
      String text = new String(Files.readAllBytes(Path.of(f)), StandardCharsets.UTF_8);
      out.print("F " + Path.of(f).getFileName() + "\n");
      out.print("S");
      forward(out, BreakIterator.getSentenceInstance(Locale.ROOT), text);
      out.print("W");
      forward(out, BreakIterator.getWordInstance(Locale.ROOT), text);
      BreakIterator s = BreakIterator.getSentenceInstance(Locale.ROOT);
      BreakIterator w = BreakIterator.getWordInstance(Locale.ROOT);
      s.setText(text);
      w.setText(text);
      StringBuilder sb = new StringBuilder("R");
      int step = 211;
      for (int o = 1; o <= text.length(); o += step) {
        sb.append(' ').append(s.preceding(o)).append(' ').append(s.following(o - 1));
        sb.append(' ').append(w.preceding(o)).append(' ').append(w.following(o));
      }
      int back = 1009;
      int last = 1 + ((text.length() - 1) / back) * back;
      for (int o = last; o >= 1 && text.length() > 0; o -= back) {
        sb.append(' ').append(s.following(o)).append(' ').append(w.preceding(o));
      }
      out.print(sb.append('\n'));
    }
    out.flush();
  }

  static void forward(PrintStream out, BreakIterator bi, String text) {
    bi.setText(text);
    StringBuilder sb = new StringBuilder();
    for (int b = bi.first(); b != BreakIterator.DONE; b = bi.next()) {
      sb.append(' ').append(b);
    }
    out.print(sb.append('\n'));
  }
}
