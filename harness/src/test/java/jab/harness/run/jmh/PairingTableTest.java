package jab.harness.run.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import jab.harness.cli.FamilyRegistry;
import jab.harness.compare.Fixtures;
import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.family.Profile;
import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;

/**
 * The pairing table of every family: each benchmark with each value of each of its params (the
 * sizes a default run sets: file count, chunk size, file size), on each JDK of a real default run,
 * and the native floor its family divides it by ({@link Family#nativePartner}), or "none". The run
 * (fixtures/pairing-run: native.json, the fs and process traces of the default run of JDK 17 and 25
 * in results/, and the mmap trace written by a smoke run of the same code) gives the families what
 * they pair on; the default profile's subset is not applied, so every variant has a row. The expected table (pairing-table.txt) was read and
 * checked row by row against the traces; a new benchmark, param value or pairing rule changes it, and
 * this test fails until the table is reviewed again (the actual table is written beside the test
 * classes to diff against).
 */
class PairingTableTest {
    private static final String TABLE = "pairing-table.txt";

    private final FamilySet families = FamilyRegistry.load();
    private final BenchmarkCatalog catalog = BenchmarkCatalog.load(families);

    @Test
    void everyBenchmarkAndParamOfEveryFamilyMapsToItsProvenFloorOrToNone() throws IOException {
        RunResults run = RunResults.read(Fixtures.run("pairing-run"));
        Set<String> natives = run.baselines().stream().map(BenchResult::benchmark).collect(Collectors.toSet());
        List<String> rows = new ArrayList<>();
        for (Family f : families.all()) {
            List<org.openjdk.jmh.runner.BenchmarkListEntry> all = catalog.of(f);
            for (Job j : Job.of(f, all, JmhFamilyRun.jmhParams(f, all, Profile.DEFAULT, Map.of()))) {
                for (String jdk : run.jdkIds()) {
                    String partner = f.nativePartner(run, jdk, synthetic(jdk, j)).orElse("none");
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
