package jab.harness.run.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.cli.FamilyRegistry;
import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.family.Profile;
import jab.harness.family.RunContext;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;

/** A family's -XX flags on a fork's command line, and the user's own choice of the same flag. */
class UserFlagsWinTest {
    private final FamilySet families = FamilyRegistry.load();

    @TempDir
    Path work;

    /** The options JMH hands an fs fork of the missing-file check, with {@code userArgs} as --jvm-args. */
    private List<String> fsForkAppend(List<String> userArgs) {
        Family fs = families.byName("fs").orElseThrow();
        BenchmarkListEntry missing = BenchmarkCatalog.load(families).of(fs).stream()
                .filter(e -> e.getUsername().endsWith("FileExistsBenchmark.missingFile")).findFirst().orElseThrow();
        Job job = Job.of(fs, List.of(missing), Map.of("api", new String[] {"FILE_EXISTS"})).get(0);
        Jdk jdk = JdkDiscovery.current();
        RunContext ctx = new RunContext(Profile.DEFAULT, Map.of(), Map.of(), List.of(jdk), work,
                new PrintStream(OutputStream.nullOutputStream()), false);
        ForkOptions fork = new ForkOptions(userArgs, JmhOverrides.NONE, Profilers.NONE);
        return List.copyOf(JmhFamilyRun.options(job, 1, jdk, fork, ctx, false).getJvmArgsAppend().orElse(List.of()));
    }

    @Test
    void anFsForkTouchesItsHeapUnlessTheUserSaysOtherwise() {
        assertThat(fsForkAppend(List.of())).contains(Family.TOUCH_HEAP_AT_START);
        List<String> userOff = fsForkAppend(List.of("-XX:-AlwaysPreTouch"));
        assertThat(userOff).doesNotContain(Family.TOUCH_HEAP_AT_START)
                .as("the run's other options stay").anyMatch(o -> o.startsWith("-Djab.dir="));
    }

    @Test
    void theUsersFlagWinsWhateverItsValueAndOtherOptionsStay() {
        List<String> family = List.of("-XX:+AlwaysPreTouch", "-XX:MaxInlineLevel=20", "-Djava.library.path=/x", "-Xss1m");
        assertThat(UserFlagsWin.familyOptions(family, List.of("-XX:MaxInlineLevel=9", "-Xmx1g")))
                .containsExactly("-XX:+AlwaysPreTouch", "-Djava.library.path=/x", "-Xss1m");
        assertThat(UserFlagsWin.familyOptions(family, List.of("-XX:+AlwaysPreTouch")))
                .containsExactly("-XX:MaxInlineLevel=20", "-Djava.library.path=/x", "-Xss1m");
        assertThat(UserFlagsWin.familyOptions(family, List.of())).isEqualTo(family);
        // a flag named like the start of another is another flag
        assertThat(UserFlagsWin.familyOptions(List.of("-XX:+AlwaysPreTouchStacks"), List.of("-XX:-AlwaysPreTouch")))
                .containsExactly("-XX:+AlwaysPreTouchStacks");
    }
}
