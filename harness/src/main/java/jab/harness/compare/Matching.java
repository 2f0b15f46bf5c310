package jab.harness.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import jab.harness.results.BenchResult;
import jab.harness.results.ResultSource;
import jab.harness.results.Units;

/**
 * Pairs the results of two inputs by benchmark, mode and params, and by JDK when both inputs hold
 * several JDKs. When one side holds a single JDK (or a plain JMH file), its results pair with each
 * JDK of the other side, labelled by that JDK. Whatever finds no partner is listed, not dropped.
 */
public final class Matching {
    /** A pair to compare; jdk names the JDK(s) it ran on, "" when unknown. */
    public record Pair(String jdk, BenchResult a, BenchResult b) {
    }

    public final List<Pair> pairs = new ArrayList<>();
    public final List<ResultSource.Entry> onlyA = new ArrayList<>();
    public final List<ResultSource.Entry> onlyB = new ArrayList<>();

    public static Matching of(ResultSource a, ResultSource b) {
        boolean multiA = a.jdks().size() > 1;
        boolean multiB = b.jdks().size() > 1;
        Matching m = new Matching();
        List<ResultSource.Entry> usedB = new ArrayList<>();
        for (ResultSource.Entry ea : a.entries()) {
            boolean found = false;
            for (ResultSource.Entry eb : b.entries()) {
                if (!sameKey(ea.result(), eb.result())) {
                    continue;
                }
                boolean jdkOk = ea.jdk().equals(eb.jdk()) || ((!multiA || !multiB)
                        && !ResultSource.outsideJmh(ea.jdk()) && !ResultSource.outsideJmh(eb.jdk()));
                if (!jdkOk) {
                    continue;
                }
                m.pairs.add(new Pair(jdkLabel(ea.jdk(), eb.jdk()), ea.result(), Units.convert(eb.result(), ea.result().unit())));
                usedB.add(eb);
                found = true;
            }
            if (!found) {
                m.onlyA.add(ea);
            }
        }
        for (ResultSource.Entry eb : b.entries()) {
            if (usedB.stream().noneMatch(u -> u == eb)) {
                m.onlyB.add(eb);
            }
        }
        return m;
    }

    static boolean sameKey(BenchResult x, BenchResult y) {
        return x.benchmark().equals(y.benchmark()) && x.mode().equals(y.mode()) && Objects.equals(x.params(), y.params());
    }

    /** The JDK a pair ran on as far as known: "17", "17/25" when the sides differ, "" for plain files. */
    private static String jdkLabel(String ja, String jb) {
        if (ja.equals(jb) || jb.isEmpty()) {
            return ja;
        }
        return ja.isEmpty() ? jb : ja + "/" + jb;
    }
}
