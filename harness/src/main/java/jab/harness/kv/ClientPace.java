package jab.harness.kv;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jab.harness.stats.Stats;

/**
 * Whether redis-benchmark, not the servers, set the pace of a side-by-side row. Its one thread sends
 * the next request only when a reply has come: when it is busy for nearly all of the run, a server
 * that answers sooner or with less CPU cannot show it as requests/s, and equal rates say nothing
 * about which server is faster. Measured on a 2-CPU machine, the client used 94-99% of a CPU in most
 * runs against either server; less only where a server waited on its disk (appendfsync always) or on
 * its AOF writes with -P 16 (46-91%).
 */
final class ClientPace {
    /** A client busy for this share of one CPU or more set the pace. */
    static final double BOUND = 0.9;

    private ClientPace() {
    }

    /** Whether the client's CPU was read in any of these rows (runs made before it was have none). */
    static boolean measured(List<RedisBenchmarkDocument.Row> rows) {
        return rows.stream().anyMatch(r -> r.clientCpuShare() != null);
    }

    /** The mean share of one CPU the client used over the row's rounds, as a percentage; "-" where unknown. */
    static String column(RedisBenchmarkDocument.Row row) {
        double share = share(row);
        return Double.isFinite(share) ? String.format(Locale.ROOT, "%.0f%%", share * 100) : "-";
    }

    /**
     * What to say beside the ratio of jab's row to Redis's when the client set the pace: of both
     * servers' runs (the ratio says little), or of one side's only (that server may be faster than
     * measured, which bounds the ratio on one side).
     */
    static Optional<String> words(RedisBenchmarkDocument.Row jab, RedisBenchmarkDocument.Row redis) {
        boolean jabPaced = share(jab) >= BOUND;
        boolean redisPaced = share(redis) >= BOUND;
        if (!jabPaced && !redisPaced) {
            return Optional.empty();
        }
        String used = String.format(Locale.ROOT, "redis-benchmark used %s of a CPU against jab and %s against Redis: its one thread ",
                column(jab), column(redis));
        if (jabPaced && redisPaced) {
            return Optional.of(used + "set the pace of both, so this ratio measures the client more than the servers "
                    + "(CPU per request tells the servers apart)");
        }
        return Optional.of(jabPaced
                ? used + "set jab's pace, so jab may be faster than measured: jab/Redis is at least this"
                : used + "set Redis's pace, so Redis may be faster than measured: jab/Redis is at most this");
    }

    /** Stats.mean: NaN where a round is unknown or the row has none (a run made before the share was read). */
    private static double share(RedisBenchmarkDocument.Row row) {
        return row.clientCpuShare() == null ? Double.NaN : Stats.mean(row.clientCpuShare());
    }
}
