package org.apache.lucene.document;

import java.io.IOException;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.Explanation;

/**
 * Reaches FeatureField's package-private scoring functions so that Golden can print what Lucene
 * itself computes. It lives in Lucene's package on the class path only; nothing here is Lucene
 * code.
 */
public final class FeatureAccess {
  private FeatureAccess() {}

  public static float decode(float freq) {
    return FeatureField.decodeFeatureValue(freq);
  }

  public static float pivot(IndexReader reader, String field, String feature) throws IOException {
    return FeatureField.computePivotFeatureValue(reader, field, feature);
  }

  private static FeatureField.FeatureFunction function(String kind, float p1, float p2) {
    switch (kind) {
      case "saturation":
        return new FeatureField.SaturationFunction("f", "x", p1);
      case "log":
        return new FeatureField.LogFunction(p1);
      case "sigmoid":
        return new FeatureField.SigmoidFunction(p1, p2);
      case "linear":
        return new FeatureField.LinearFunction();
      default:
        throw new IllegalArgumentException(kind);
    }
  }

  public static float score(String kind, float p1, float p2, float w, int freq) {
    return function(kind, p1, p2).scorer(w).score(freq, 1L);
  }

  public static Explanation explain(
      String kind, float p1, float p2, String field, String feature, float w, int freq) {
    return function(kind, p1, p2).explain(field, feature, w, freq);
  }

  public static String describe(String kind, float p1, float p2) {
    return function(kind, p1, p2).toString();
  }
}
