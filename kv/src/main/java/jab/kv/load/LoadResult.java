package jab.kv.load;

import java.util.Locale;

import org.HdrHistogram.Histogram;

/**
 * The outcome of a load run. Latencies are per request, in microseconds: from sending its batch (closed
 * loop) or from the moment it was due to be sent (open loop, correcting for coordinated omission)
 * until its reply arrived.
 */
public final class LoadResult {
    public final LoadConfig config;
    public final long requests;
    public final long errors;
    public final double seconds;
    public final Histogram latencyNanos;

    LoadResult(LoadConfig config, long requests, long errors, double seconds, Histogram latencyNanos) {
        this.config = config;
        this.requests = requests;
        this.errors = errors;
        this.seconds = seconds;
        this.latencyNanos = latencyNanos;
    }

    public double throughput() {
        return seconds > 0 ? requests / seconds : 0;
    }

    public double meanMicros() {
        return latencyNanos.getMean() / 1000.0;
    }

    public double percentileMicros(double p) {
        return latencyNanos.getValueAtPercentile(p) / 1000.0;
    }

    public double maxMicros() {
        return latencyNanos.getMaxValue() / 1000.0;
    }

    /** Seed 003's table (clients, duration, GET ratio, throughput, average latency, errors) plus percentiles. */
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append("| Clients | Duration | GET Ratio | Pipeline | Mode | Throughput (RPS) | Avg Latency (us) | p50 (us) | p99 (us) | p99.9 (us) | max (us) | Errors |\n");
        sb.append("|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
        sb.append(String.format(Locale.ROOT, "| %d | %.0fs | %s | %d | %s | %.2f | %.2f | %.1f | %.1f | %.1f | %.1f | %d |%n",
                config.clients, seconds, trim(config.getRatio), config.pipeline,
                config.rate > 0 ? String.format(Locale.ROOT, "open %.0f/s", config.rate) : "closed",
                throughput(), meanMicros(), percentileMicros(50), percentileMicros(99), percentileMicros(99.9),
                maxMicros(), errors));
        return sb.toString();
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? String.format(Locale.ROOT, "%.1f", d) : String.valueOf(d);
    }
}
