package jab.harness.kv;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jab.harness.stats.ForkInterval;

/**
 * One load shape of the end-to-end comparison read over its rounds: each server's throughput per
 * round, its mean with the 95% interval over rounds (Student's t, the round as the unit, since each
 * round starts the servers afresh), and jab/Redis as every pair of kv servers gets it
 * ({@link CapacityRatio}): the geometric mean of the rounds' ratios, paired by round (both servers of a
 * round run back to back), with its interval and verdict against the run's band. Over rounds, not
 * requests: the requests of one run are not independent of each other, the rounds are as independent
 * as this machine allows.
 */
record EndToEndRounds(int clients, int pipeline, double[] jab, double[] redis) {

    /** The shapes in the order the document has them, each server's runs in round order. */
    static List<EndToEndRounds> of(List<KvEndToEndDocument> rows) {
        Map<String, List<KvEndToEndDocument>> byShape = new LinkedHashMap<>();
        rows.forEach(r -> byShape.computeIfAbsent(r.clients() + "/" + r.pipeline(), k -> new ArrayList<>()).add(r));
        List<EndToEndRounds> out = new ArrayList<>();
        for (List<KvEndToEndDocument> runs : byShape.values()) {
            out.add(new EndToEndRounds(runs.get(0).clients(), runs.get(0).pipeline(), throughput(runs, "jab"),
                    throughput(runs, "redis")));
        }
        return out;
    }

    private static double[] throughput(List<KvEndToEndDocument> runs, String server) {
        return runs.stream().filter(r -> r.server().equals(server)).sorted(Comparator.comparingInt(KvEndToEndDocument::round))
                .mapToDouble(KvEndToEndDocument::throughput).toArray();
    }

    /** A server's mean throughput and its interval over rounds (NaN half-width with fewer than 2 rounds). */
    static ForkInterval overRounds(double[] perRound) {
        List<double[]> rounds = new ArrayList<>();
        for (double v : perRound) {
            rounds.add(new double[] {v});
        }
        return ForkInterval.of(rounds);
    }

    /** jab/Redis throughput, paired by round: the geometric mean of the rounds' ratios, its 95% interval, its verdict. */
    CapacityRatio ratio(double band) {
        return CapacityRatio.of(jab, redis, band);
    }

    /**
     * "32 clients, pipeline 1, 4 rounds: jab 41200 RPS ±3.1%, Redis 50000 RPS ±2.0% (95% intervals over
     * rounds); jab/Redis throughput 0.82x [0.78-0.86] over rounds, slower".
     */
    String words(double band) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%d clients, pipeline %d, %d round%s: jab %s", clients,
                pipeline, jab.length, jab.length == 1 ? "" : "s", rps(jab)));
        if (redis.length == 0) {
            return sb.append(" (95% interval over rounds); no Redis, no ratio").toString();
        }
        sb.append(", Redis ").append(rps(redis)).append(" (95% intervals over rounds); jab/Redis throughput ");
        CapacityRatio r = ratio(band);
        return sb.append(r.ratioWords()).append(" over rounds, ").append(r.verdictWords()).toString();
    }

    private static String rps(double[] perRound) {
        ForkInterval fi = overRounds(perRound);
        return String.format(Locale.ROOT, "%.0f RPS", fi.mean()) + (fi.hasInterval() ? " ±" + ForkInterval.percent(fi.relative()) : "");
    }
}
