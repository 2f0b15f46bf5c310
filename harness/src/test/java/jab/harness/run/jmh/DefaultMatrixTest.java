package jab.harness.run.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.cli.FamilyRegistry;
import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;

/** The default profile's subset of each family's matrix, and when a user's choice overrides it. */
class DefaultMatrixTest {
    private final FamilySet families = FamilyRegistry.load();
    private final BenchmarkCatalog catalog = BenchmarkCatalog.load(families);

    private List<Job> defaultJobs(String family, String benchmarkClass) {
        Family f = families.byName(family).orElseThrow();
        List<BenchmarkListEntry> chosen = catalog.of(f).stream().filter(e -> e.getUsername().contains("." + benchmarkClass + ".")).toList();
        JmhSettings s = f.settings(Profile.DEFAULT);
        return Job.of(f, chosen, JmhFamilyRun.jmhParams(f, chosen, Profile.DEFAULT, Map.of())).stream()
                .filter(j -> s.subset().test(j.variant())).toList();
    }

    @Test
    void fsMeasuresEveryApiOnAnExistingAndAMissingFileAndLeavesTheRandomScenariosToThorough() {
        List<Job> jobs = defaultJobs("fs", "FileExistsBenchmark");
        assertThat(jobs).extracting(j -> j.variant().method()).containsOnly("existingFile", "missingFile");
        assertThat(jobs).hasSize(2 * 7);
        // its 8-variant questions start with five forks of 20 rounds: the first look on 4 degrees of freedom, not 2 (FsFamily)
        JmhSettings s = families.byName("fs").orElseThrow().settings(Profile.DEFAULT);
        assertThat(s.forks()).isEqualTo(3);
        assertThat(s.wide()).isEqualTo(new JmhSettings.WideQuestions(5, 20));
    }

    @Test
    void processRunsProcessBuilderWithEveryMechanismAndEachLibraryWithOne() {
        List<Job> jobs = defaultJobs("process", "ProcessLaunchBenchmark");
        assertThat(jobs).extracting(j -> j.variant().method()).containsOnly("existing", "missing");
        assertThat(jobs).filteredOn(j -> j.params().get("launcher").equals("PROCESS_BUILDER"))
                .extracting(j -> j.params().get("launchMechanism")).containsExactlyInAnyOrder(
                        "POSIX_SPAWN", "FORK", "VFORK", "POSIX_SPAWN", "FORK", "VFORK");
        assertThat(jobs).filteredOn(j -> j.params().get("launcher").equals("NUPROCESS"))
                .extracting(j -> j.params().get("launchMechanism")).containsOnly("VFORK").hasSize(2);
        assertThat(jobs).filteredOn(j -> j.params().get("launcher").equals("ZT_EXEC"))
                .extracting(j -> j.params().get("launchMechanism")).containsOnly("POSIX_SPAWN").hasSize(2);
        // the mechanism is its point, from the large heap only (the empty heap is thorough's)
        assertThat(defaultJobs("process", "ParentHeapBenchmark")).hasSize(3)
                .allSatisfy(j -> assertThat(j.params().get("touchedHeapMb")).isNotEqualTo("0"));
    }

    @Test
    void kvRunsNoMoreThreadsThanCpusInAnyProfile() {
        int cpus = Runtime.getRuntime().availableProcessors();
        // the default asks get and set only; thorough runs the mixes, never more threads than CPUs
        assertThat(defaultJobs("kv", "KvThroughputBenchmark")).isEmpty();
        assertThat(defaultJobs("kv", "KvLatencyBenchmark")).extracting(j -> j.variant().method()).containsOnly("get", "set");
        assertThat(families.byName("kv").orElseThrow().settings(Profile.THOROUGH).subset()
                .test(new JmhSettings.Variant("mixed_" + cpus + "Threads", cpus, Map.of()))).isTrue();
        // oversubscription runs only when a user names it (a regex or -p), in thorough too
        assertThat(families.byName("kv").orElseThrow().settings(Profile.THOROUGH).subset()
                .test(new JmhSettings.Variant("mixed_8Threads", cpus + 1, Map.of()))).isFalse();
    }

    @Test
    void theSubsetAppliesOnlyToAFamilyRunWholeWithoutItsParamsNamed() {
        Map<Family, List<BenchmarkListEntry>> whole = catalog.select(List.of("fs", "process"));
        assertThat(catalog.runWhole(whole, Set.of())).extracting(Family::name).containsExactly("fs", "process");
        // -p launcher=... is the user's choice for process; fs is still run whole
        assertThat(catalog.runWhole(whole, Set.of("launcher"))).extracting(Family::name).containsExactly("fs");
        // a regex that picks some of a family's benchmarks is run as asked
        Map<Family, List<BenchmarkListEntry>> some = catalog.select(List.of("FileExists.*random"));
        assertThat(catalog.runWhole(some, Set.of())).isEmpty();
    }

    @Test
    void jgitKeepsTheMissingLooseObjectLookupInThreeForks() {
        List<Job> jobs = new java.util.ArrayList<>();
        for (String c : List.of("ObjectLookupBenchmark", "LooseInsertBenchmark", "HistoryRewriteBenchmark")) {
            jobs.addAll(defaultJobs("jgit", c));
        }
        assertThat(jobs).extracting(j -> j.variant().method()).containsOnly("lookupMissingObjects");
        assertThat(jobs).allSatisfy(j -> assertThat(j.params().getOrDefault("layout", "LOOSE")).isEqualTo("LOOSE"));
        // three: the interval of an interleaved question over two forks has one degree of freedom
        assertThat(families.byName("jgit").orElseThrow().settings(Profile.DEFAULT).forks()).isEqualTo(3);
    }
}
