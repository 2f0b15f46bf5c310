package jab.harness.user;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.family.Baseline;
import jab.harness.family.Family;
import jab.harness.jdk.Jdk;
import jab.harness.run.jmh.BenchmarkCatalog;

/**
 * The base of a comparison of a user's benchmarks: another build of them ({@code --baseline BASE}), or
 * the head's own build under other JVM options ({@code --baseline-jvm-args}) or on another JDK
 * ({@code --baseline-jdk}). Its family runs the base's jar and libraries with the base's JVM options and JDK; {@link #counterpart} says which of its
 * benchmarks answers for each of the head's.
 *
 * <p>A benchmark matches by name and mode. A combination of params matches when the base declares the
 * same params and, for each, the head's value, unless neither build declares that value (it was given
 * with {@code -p}, and both take it alike): a value the head declares and the base does not is new in
 * the head, and comparing it would compare nothing the base has.
 */
public final class BaseBuild implements Baseline {
    private final UserBenchmarks head;
    private final UserBenchmarks base;
    private final UserFamily family;

    /**
     * {@code jvmArgs} null: the base's forks get the run's --jvm-args, as the head's do; {@code jdk}
     * null: they run on the run's JDK, as the head's do.
     */
    public BaseBuild(UserBenchmarks head, UserBenchmarks base, List<String> jvmArgs, Jdk jdk) {
        this.head = head;
        this.base = base;
        UserFamily f = new UserFamily(base);
        f = jvmArgs == null ? f : f.withJvmArgs(jvmArgs);
        this.family = jdk == null ? f : f.withJdk(jdk);
    }

    /** The Java release the base's newest class file needs. */
    public int feature() {
        return base.feature();
    }

    @Override
    public Family family() {
        return family;
    }

    @Override
    public Optional<BenchmarkListEntry> counterpart(BenchmarkListEntry headEntry, Map<String, String> params) {
        return base.entries().stream().filter(b -> key(b).equals(key(headEntry)))
                .filter(b -> sameCombination(headEntry, b, params)).findFirst();
    }

    /** Whether the base benchmark declares this combination of the head's params (see the class comment). */
    static boolean sameCombination(BenchmarkListEntry headEntry, BenchmarkListEntry baseEntry, Map<String, String> params) {
        Map<String, String[]> declaredByHead = BenchmarkCatalog.params(headEntry);
        Map<String, String[]> declaredByBase = BenchmarkCatalog.params(baseEntry);
        if (!declaredByHead.keySet().equals(declaredByBase.keySet())) {
            return false;
        }
        for (Map.Entry<String, String> p : params.entrySet()) {
            boolean inBase = Arrays.asList(declaredByBase.getOrDefault(p.getKey(), new String[0])).contains(p.getValue());
            boolean inHead = Arrays.asList(declaredByHead.getOrDefault(p.getKey(), new String[0])).contains(p.getValue());
            if (!inBase && inHead) {
                return false;
            }
        }
        return true;
    }

    @Override
    public List<String> inOneBuildOnly(List<String> selectors) {
        List<String> out = new ArrayList<>();
        List<String> headKeys = head.entries().stream().map(BaseBuild::key).distinct().toList();
        List<String> baseKeys = base.entries().stream().map(BaseBuild::key).distinct().toList();
        headKeys.stream().filter(k -> !baseKeys.contains(k) && picked(k, selectors))
                .forEach(k -> out.add(k + ": in the head (" + head.path().getFileName() + ") only, not measured"));
        baseKeys.stream().filter(k -> !headKeys.contains(k) && picked(k, selectors))
                .forEach(k -> out.add(k + ": in the base (" + base.path().getFileName() + ") only, not measured"));
        return out;
    }

    /** "demo.WorkBenchmark.work (avgt)": what must be the same in both builds. */
    static String key(BenchmarkListEntry e) {
        return e.getUsername() + " (" + e.getMode().shortLabel() + ")";
    }

    /** As {@link UserBenchmarks#requireMatches}: a JMH regex found anywhere in the name, or the family's name. */
    private static boolean picked(String key, List<String> selectors) {
        String name = key.substring(0, key.indexOf(' '));
        return selectors.isEmpty() || selectors.stream().anyMatch(s -> {
            try {
                return s.equals(UserFamily.NAME) || Pattern.compile(s).matcher(name).find();
            } catch (PatternSyntaxException e) {
                return false;
            }
        });
    }
}
