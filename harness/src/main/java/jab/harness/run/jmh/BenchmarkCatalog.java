package jab.harness.run.jmh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

import jab.harness.UsageException;
import jab.harness.family.Family;
import jab.harness.family.FamilySet;

/** The benchmarks compiled into jab (JMH's META-INF/BenchmarkList), grouped by family. */
public final class BenchmarkCatalog {
    private final List<BenchmarkListEntry> entries;
    private final FamilySet families;

    /** The families' {@link Family#planted} benchmarks: a calibration's instruments, which no selection holds. */
    private final Set<String> planted = new java.util.HashSet<>();

    private BenchmarkCatalog(List<BenchmarkListEntry> entries, FamilySet families) {
        this.entries = entries;
        this.families = families;
        for (BenchmarkListEntry e : entries) {
            families.ofBenchmark(e.getUsername()).flatMap(f -> f.planted(e.getUsername())).ifPresent(planted::add);
        }
    }

    public static BenchmarkCatalog load(FamilySet families) {
        OutputFormat quiet = OutputFormatFactory.createFormatInstance(System.err, VerboseMode.SILENT);
        return new BenchmarkCatalog(new ArrayList<>(BenchmarkList.defaultList().getAll(quiet, List.of())), families);
    }

    /** The benchmarks of another list (a user's jar), with the families they belong to. */
    public static BenchmarkCatalog of(List<BenchmarkListEntry> entries, FamilySet families) {
        return new BenchmarkCatalog(new ArrayList<>(entries), families);
    }

    /** Every benchmark, the calibration's instruments ({@link Family#planted}) included. */
    public List<BenchmarkListEntry> entries() {
        return entries;
    }

    public List<BenchmarkListEntry> of(Family family) {
        List<BenchmarkListEntry> out = new ArrayList<>();
        for (BenchmarkListEntry e : entries) {
            if (e.getUsername().startsWith(family.benchmarkPackage()) && !planted.contains(e.getUsername())) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * The families the selection runs whole (every benchmark, by name or by a regex that matches
     * them all) and without a {@code -p} for any of their params: those a profile's subset applies to.
     */
    public Set<Family> runWhole(Map<Family, List<BenchmarkListEntry>> selection, Collection<String> userParams) {
        Set<Family> out = new LinkedHashSet<>();
        selection.forEach((f, chosen) -> {
            boolean named = paramNames(chosen).stream().anyMatch(userParams::contains);
            if (chosen.size() == of(f).size() && !named) {
                out.add(f);
            }
        });
        return out;
    }

    /** The params a benchmark declares, with their default values. */
    public static Map<String, String[]> params(BenchmarkListEntry e) {
        return e.getParams().hasValue() ? e.getParams().get() : Map.of();
    }

    /**
     * Resolves selectors (family names or JMH regexes) to the benchmarks to run, per family, in the
     * registry's order. No selector means every family. A selector that names no family and matches
     * no benchmark is a usage error listing the families.
     */
    public Map<Family, List<BenchmarkListEntry>> select(List<String> selectors) {
        Map<Family, List<BenchmarkListEntry>> out = new LinkedHashMap<>();
        if (selectors.isEmpty()) {
            for (Family f : families.all()) {
                out.put(f, of(f));
            }
            return out;
        }
        Map<Family, TreeSet<BenchmarkListEntry>> chosen = new LinkedHashMap<>();
        for (String s : selectors) {
            var family = families.byName(s);
            if (family.isPresent()) {
                chosen.computeIfAbsent(family.get(), k -> new TreeSet<>()).addAll(of(family.get()));
                continue;
            }
            Pattern p;
            try {
                p = Pattern.compile(s);
            } catch (PatternSyntaxException e) {
                throw unknown(s);
            }
            boolean any = false;
            for (BenchmarkListEntry e : entries) {
                var f = families.ofBenchmark(e.getUsername());
                if (f.isPresent() && !planted.contains(e.getUsername()) && p.matcher(e.getUsername()).find()) {
                    chosen.computeIfAbsent(f.get(), k -> new TreeSet<>()).add(e);
                    any = true;
                }
            }
            if (!any) {
                throw unknown(s);
            }
        }
        for (Family f : families.all()) {
            if (chosen.containsKey(f)) {
                out.put(f, new ArrayList<>(chosen.get(f)));
            }
        }
        return out;
    }

    private UsageException unknown(String selector) {
        return new UsageException("unknown family or benchmark '" + selector + "'; families: " + families.names()
                + "\n(or a JMH regex such as FileExists.* matching a benchmark; ./jab list shows them all)");
    }

    /**
     * Every param the benchmarks declare with its {@code @Param} default values; a param two
     * benchmarks both declare gets the values of both, in order, each once.
     */
    public static Map<String, String[]> defaults(Collection<BenchmarkListEntry> selected) {
        Map<String, LinkedHashSet<String>> values = new LinkedHashMap<>();
        selected.forEach(e -> params(e).forEach((k, v) -> values.computeIfAbsent(k, x -> new LinkedHashSet<>())
                .addAll(Arrays.asList(v))));
        Map<String, String[]> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, v.toArray(new String[0])));
        return out;
    }

    /** The names of every param the benchmarks declare. */
    public static TreeSet<String> paramNames(Collection<BenchmarkListEntry> selected) {
        TreeSet<String> names = new TreeSet<>();
        selected.forEach(e -> names.addAll(params(e).keySet()));
        return names;
    }

    public static String describe(BenchmarkListEntry e) {
        StringBuilder sb = new StringBuilder(e.getUsername().replaceFirst("^jab\\.bench\\.", ""));
        sb.append("  [").append(e.getMode().shortLabel()).append(']');
        params(e).forEach((k, v) -> sb.append("  ").append(k).append('=').append(String.join(",", Arrays.asList(v))));
        return sb.toString();
    }
}
