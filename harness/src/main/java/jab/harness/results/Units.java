package jab.harness.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * JMH's score units (ns/op, us/op, ops/ms, ...) and conversions between them, so results measured
 * in different units (a native baseline in ns/op beside JMH's us/op) compare on one scale.
 */
public final class Units {
    private static final Map<String, Double> SECONDS = Map.of("ns", 1e-9, "us", 1e-6, "ms", 1e-3, "s", 1.0,
            "min", 60.0, "hr", 3600.0);

    private Units() {
    }

    /** The factor f with value_in_to = f * value_in_from, or NaN when the units do not convert. */
    public static double factor(String from, String to) {
        if (from.equals(to)) {
            return 1;
        }
        String[] f = from.split("/");
        String[] t = to.split("/");
        if (f.length != 2 || t.length != 2) {
            return Double.NaN;
        }
        if (f[1].equals("op") && t[1].equals("op") && SECONDS.containsKey(f[0]) && SECONDS.containsKey(t[0])) {
            return SECONDS.get(f[0]) / SECONDS.get(t[0]); // time per op
        }
        if (f[0].equals("ops") && t[0].equals("ops") && SECONDS.containsKey(f[1]) && SECONDS.containsKey(t[1])) {
            return SECONDS.get(t[1]) / SECONDS.get(f[1]); // ops per time
        }
        return Double.NaN;
    }

    /** r in unit {@code to}; r itself when it is in that unit already or cannot be converted. */
    public static BenchResult convert(BenchResult r, String to) {
        double f = factor(r.unit(), to);
        if (f == 1 || Double.isNaN(f)) {
            return r;
        }
        List<double[]> raw = new ArrayList<>();
        for (double[] fork : r.rawData()) {
            double[] c = fork.clone();
            for (int i = 0; i < c.length; i++) {
                c[i] *= f;
            }
            raw.add(c);
        }
        return r.withData(r.score() * f, r.scoreError() * f, to, raw);
    }

    /** Time per operation (lower is better), as opposed to operations per time. */
    public static boolean isTimePerOp(String unit) {
        return unit.endsWith("/op");
    }
}
