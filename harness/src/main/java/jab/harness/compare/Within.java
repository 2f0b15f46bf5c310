package jab.harness.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import jab.harness.UsageException;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultSource;
import jab.harness.results.Units;

/**
 * Comparisons inside one run: each JDK against the run's first JDK ({@code --by jdk}), or each
 * value of a param against its first value ({@code --by param=launchMechanism}), everything else
 * (benchmark, mode, other params, JDK) held equal.
 */
public final class Within {
    private Within() {
    }

    public static Matching by(ResultSource run, String by) {
        if (by.equalsIgnoreCase("jdk")) {
            return byJdk(run);
        }
        if (by.startsWith("param=") && by.length() > "param=".length()) {
            return byParam(run, by.substring("param=".length()));
        }
        throw new UsageException("--by " + by + ": expected jdk or param=NAME");
    }

    private static Matching byJdk(ResultSource run) {
        List<String> jdks = run.jdks();
        if (jdks.size() < 2) {
            throw new UsageException(run.path() + " holds results of " + (jdks.isEmpty() ? "no JDK" : "one JDK (" + jdks.get(0) + ")")
                    + ": --by jdk needs a run made with several, e.g. jab run --jdk all");
        }
        String base = jdks.get(0);
        Matching m = new Matching();
        List<ResultSource.Entry> used = new ArrayList<>();
        for (ResultSource.Entry e : run.entries()) {
            if (!e.jdk().equals(base)) {
                continue;
            }
            boolean found = false;
            for (ResultSource.Entry o : run.entries()) {
                if (o.jdk().equals(base) || ResultSource.outsideJmh(o.jdk()) || !Matching.sameKey(e.result(), o.result())) {
                    continue;
                }
                m.pairs.add(new Matching.Pair(base + " -> " + o.jdk(), e.result(), Units.convert(o.result(), e.result().unit())));
                used.add(o);
                found = true;
            }
            if (!found) {
                m.onlyA.add(e);
            }
        }
        run.entries().stream().filter(o -> !o.jdk().equals(base) && !ResultSource.outsideJmh(o.jdk()))
                .filter(o -> used.stream().noneMatch(u -> u == o)).forEach(m.onlyB::add);
        return m;
    }

    private static Matching byParam(ResultSource run, String name) {
        if (run.entries().stream().noneMatch(e -> e.result().params().containsKey(name))) {
            List<String> names = run.entries().stream().flatMap(e -> e.result().params().keySet().stream()).distinct().toList();
            throw new UsageException("--by param=" + name + ": no result of " + run.path() + " has that param"
                    + (names.isEmpty() ? "" : " (params: " + String.join(", ", names) + ")"));
        }
        // Group by everything but the param; the first value met is the baseline of its group.
        Map<List<Object>, List<ResultSource.Entry>> groups = new LinkedHashMap<>();
        for (ResultSource.Entry e : run.entries()) {
            BenchResult r = e.result();
            if (!r.params().containsKey(name)) {
                continue;
            }
            Map<String, String> rest = new LinkedHashMap<>(r.params());
            rest.remove(name);
            groups.computeIfAbsent(List.of(e.jdk(), r.benchmark(), r.mode(), rest), k -> new ArrayList<>()).add(e);
        }
        Matching m = new Matching();
        for (List<ResultSource.Entry> g : groups.values()) {
            ResultSource.Entry base = g.get(0);
            if (g.size() == 1) {
                m.onlyA.add(base);
                continue;
            }
            for (ResultSource.Entry o : g.subList(1, g.size())) {
                String label = (base.jdk().isEmpty() ? "" : base.jdk() + ": ") + name + "=" + base.result().param(name)
                        + " -> " + o.result().param(name);
                if (!Objects.equals(base.result().param(name), o.result().param(name))) {
                    m.pairs.add(new Matching.Pair(label, base.result(), Units.convert(o.result(), base.result().unit())));
                }
            }
        }
        return m;
    }
}
