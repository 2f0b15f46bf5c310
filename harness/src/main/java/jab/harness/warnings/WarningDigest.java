package jab.harness.warnings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The end of a run's warnings, one line per kind: how many subjects it concerns and the worst of them.
 * A run of a hundred results used to end with 162 lines, one or two per result, which nobody reads;
 * every warning stays whole in summary.md and statistics.json.
 */
public final class WarningDigest {
    private WarningDigest() {
    }

    /**
     * "forks disagree: 12 results; the worst, JDK 17 X.y api=A: fork means 100 to 141 ns/op (1.41x apart ...)."; a kind
     * whose subjects its rule counts: "outlier rounds: 3 of 102 comparisons; the worst, JDK 17 ...".
     */
    public static List<String> lines(List<Warning> warnings) {
        Map<Warning.Kind, List<Warning>> byKind = new EnumMap<>(Warning.Kind.class);
        warnings.forEach(w -> byKind.computeIfAbsent(w.kind(), k -> new ArrayList<>()).add(w));
        List<String> out = new ArrayList<>();
        byKind.forEach((kind, ws) -> {
            // the first of the most severe: warnings without a measure keep their order
            Warning worst = ws.stream().max(Comparator.comparingDouble(Warning::severity)).orElseThrow();
            long subjects = ws.stream().map(Warning::subject).distinct().count();
            int checked = ws.stream().mapToInt(Warning::checked).max().orElse(0);
            if (kind.noun != null && checked > 0) {
                out.add(kind.title + ": " + subjects + " of " + checked + " " + kind.noun + (subjects == 1 ? ", " : "; the worst, ")
                        + worst.subject() + ": " + worst.finding());
                return;
            }
            out.add(subjects == 1 ? kind.title + ": " + worst.subject() + ": " + worst.finding()
                    : kind.title + ": " + subjects + " " + noun(ws) + "; the worst, " + worst.subject() + ": " + worst.finding());
        });
        return out;
    }

    private static String noun(List<Warning> ws) {
        boolean results = ws.stream().allMatch(w -> w.subject().startsWith("JDK ") || w.subject().startsWith("native."));
        return results ? "results" : "parts of the run";
    }
}
