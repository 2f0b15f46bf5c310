package jab.harness.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jab.harness.family.FamilySet;
import jab.harness.results.BenchResult;

/**
 * Names for charts, derived from benchmark names and params only, so any family (and
 * any JMH JSON) gets charts: the class is the group, the method the scenario, the params that vary
 * the series. A param value reads as its family says (api=FILE_EXISTS: File.exists()).
 */
final class Labels {
    private final FamilySet families;

    Labels(FamilySet families) {
        this.families = families;
    }

    FamilySet families() {
        return families;
    }

    /** jab.bench.fs.FileExistsBenchmark.missingFile -> jab.bench.fs.FileExistsBenchmark */
    static String classOf(String benchmark) {
        int i = benchmark.lastIndexOf('.');
        return i < 0 ? benchmark : benchmark.substring(0, i);
    }

    static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    /** The params whose values differ among the results. */
    static Set<String> varying(Collection<BenchResult> rs) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        rs.forEach(r -> r.params().forEach((k, v) -> values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v)));
        Set<String> out = new LinkedHashSet<>();
        values.forEach((k, v) -> {
            if (v.size() > 1) {
                out.add(k);
            }
        });
        return out;
    }

    /** "File.exists()" for api=FILE_EXISTS alone; "api=X, files=100" for several; "score" for none. */
    String combo(BenchResult r, Collection<String> names) {
        List<String> parts = new ArrayList<>();
        for (String n : names) {
            String v = r.params().get(n);
            if (v == null) {
                continue;
            }
            String nice = families.label(r.benchmark(), n, v);
            parts.add(names.size() == 1 && !nice.equals(v) ? nice : n + "=" + nice);
        }
        return parts.isEmpty() ? "score" : String.join(", ", parts);
    }

    static boolean isNumber(String s) {
        try {
            Double.parseDouble(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
