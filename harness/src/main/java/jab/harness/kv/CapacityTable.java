package jab.harness.kv;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jab.harness.page.Page;
import jab.harness.stats.Stats;

/**
 * The side by side's headline: requests per server CPU-second, jab's and Redis's, per test and
 * pipeline depth, with jab/Redis and its interval over rounds ({@link CapacityRatio}), and beside each figure whether
 * redis-benchmark had CPU to spare in every round (below {@link ClientPace#BOUND} of its CPU): only
 * then was the server, not the client, what set the rate.
 */
final class CapacityTable {
    private CapacityTable() {
    }

    /** Whether these rows carry the figure (runs made before it was measured do not). */
    static boolean measured(List<RedisBenchmarkDocument.Row> rows) {
        return rows.stream().anyMatch(r -> r.requestsPerCpuSecond() != null);
    }

    static void render(Page page, List<RedisBenchmarkDocument.Row> rows, double band) {
        List<List<String>> table = new ArrayList<>();
        List<String> ratios = new ArrayList<>();
        for (RedisBenchmarkDocument.Row j : rows) {
            if (!"jab".equals(j.server()) || j.requestsPerCpuSecond() == null) {
                continue;
            }
            Optional<RedisBenchmarkDocument.Row> r = rows.stream().filter(x -> "redis".equals(x.server())
                    && x.test().equals(j.test()) && x.pipeline() == j.pipeline() && x.requestsPerCpuSecond() != null).findFirst();
            Optional<CapacityRatio> t = r.map(x -> CapacityRatio.of(j.requestsPerCpuSecond(), x.requestsPerCpuSecond(), band));
            table.add(List.of(j.test(), Integer.toString(j.pipeline()), figure(j), r.map(CapacityTable::figure).orElse("-"),
                    t.map(CapacityRatio::ratioWords).orElse("-")));
            t.ifPresent(x -> ratios.add(String.format(Locale.ROOT, "%s, pipeline %d: jab serves %s Redis's requests per CPU-second, %s%s",
                    j.test(), j.pipeline(), x.ratioWords(), x.verdictWords(), JitInRounds.words(j).map(w -> "; " + w).orElse(""))));
        }
        page.table(List.of("Test", "Pipeline", "jab (requests per CPU-second)", "Redis (requests per CPU-second)",
                "jab/Redis (95% CI over rounds)"), table, 2);
        page.bullets(ratios);
    }

    /** "152,300 (client at most 61% of its CPU: spare)": the mean over rounds and what the client had left. */
    static String figure(RedisBenchmarkDocument.Row row) {
        String mean = String.format(Locale.ROOT, "%,.0f", Stats.mean(row.requestsPerCpuSecond()));
        double[] share = row.clientCpuShare();
        if (share == null || share.length == 0 || !Arrays.stream(share).allMatch(Double::isFinite)) {
            return mean + " (client's CPU unknown)";
        }
        double most = Arrays.stream(share).max().getAsDouble();
        return String.format(Locale.ROOT, "%s (client at most %.0f%% of its CPU: %s)", mean, most * 100,
                most < ClientPace.BOUND ? "spare" : "busy, it may have set the pace");
    }
}
