package jab.harness.run.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import jab.harness.cli.FamilyRegistry;
import jab.harness.compare.Fixtures;
import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.family.Profile;
import jab.harness.kv.KvPartner;
import jab.harness.mmap.MmapPartners;
import jab.harness.process.ProcessPairing;
import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;

/**
 * The pairing table of the families whose sections show a C floor beside a JVM result (process, mmap,
 * kv): each benchmark with each value of each of its params (the sizes a default run sets: chunk size,
 * file size, parent heap), on each JDK of a real default run, and the native floor the family's rule
 * stands beside it, or "none". fs shows its C floors as rows of their own and its JVM tax as the
 * question's ratio to stat(2) from the fork, and has no rule. The run (fixtures/pairing-run: native.json,
 * the fs and process traces of the default run of JDK 17 and 25 in results/, and the mmap trace written
 * by a smoke run of the same code) gives the rules what they pair on; the default profile's subset is
 * not applied, so every variant has a row. The expected table (pairing-table.txt) was read and checked
 * row by row against the traces; a new benchmark, param value or pairing rule changes it, and this test
 * fails until the table is reviewed again (the actual table is written beside the test classes to diff
 * against).
 */
class PairingTableTest {
    private static final String TABLE = "pairing-table.txt";

    /** A family's pairing rule: the C floor's name beside a JVM result, if any. */
    private interface Rule {
        Optional<String> partner(RunResults run, String jdk, BenchResult result);
    }

    private static final Map<String, Rule> RULES = Map.of("process", ProcessPairing::partner, "mmap", MmapPartners::of,
            "kv", (run, jdk, r) -> KvPartner.of(run, r));

    private final FamilySet families = FamilyRegistry.load();
    private final BenchmarkCatalog catalog = BenchmarkCatalog.load(families);

    @Test
    void everyBenchmarkAndParamOfAFamilyWithAPairingRuleMapsToItsProvenFloorOrToNone() throws IOException {
        RunResults run = RunResults.read(Fixtures.run("pairing-run"));
        Set<String> natives = run.baselines().stream().map(BenchResult::benchmark).collect(Collectors.toSet());
        List<String> rows = new ArrayList<>();
        for (Family f : families.all()) {
            Rule rule = RULES.get(f.name());
            if (rule == null) {
                continue;
            }
            List<org.openjdk.jmh.runner.BenchmarkListEntry> all = catalog.of(f);
            for (Job j : Job.of(f, all, JmhFamilyRun.jmhParams(f, all, Profile.DEFAULT, Map.of()))) {
                for (String jdk : run.jdkIds()) {
                    String partner = rule.partner(run, jdk, synthetic(jdk, j)).orElse("none");
                    assertThat(partner.equals("none") || natives.contains(partner)).as(j.label() + " on " + jdk + ": " + partner).isTrue();
                    rows.add(j.label() + " | JDK " + jdk + " | " + partner);
                }
            }
        }
        Path actual = Paths.get("target", "pairing-table.actual.txt");
        Files.createDirectories(actual.getParent());
        Files.write(actual, rows);
        List<String> expected = Files.readAllLines(Fixtures.resource(TABLE)).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        assertThat(rows).as("the pairing table; diff " + actual.toAbsolutePath() + " against src/test/resources/" + TABLE)
                .containsExactlyElementsOf(expected);
    }

    /** A result of the job as the run would have it: the benchmark, its params, its mode and threads. */
    private static BenchResult synthetic(String jdk, Job j) {
        String mode = j.entry().getMode().shortLabel();
        return new BenchResult(jdk, j.benchmark(), mode, j.params(), 1, Double.NaN, "us/op", List.of(new double[] {1}), 1,
                jdk, "", "", List.of(), j.entry().getThreads().orElse(1), Double.NaN);
    }
}
