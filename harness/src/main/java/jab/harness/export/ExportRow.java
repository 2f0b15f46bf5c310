package jab.harness.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import jab.harness.results.BenchResult;
import jab.harness.results.ResultSource;
import jab.harness.results.ResultTable;
import jab.harness.stats.ForkInterval;
import jab.harness.results.Units;

/**
 * One result as every export writes it: which (benchmark, params, JDK), its score and JMH's error,
 * jab's fork-level 95% interval and the direction of its unit. Computed once here, so the formats
 * only lay the same figures out.
 *
 * @param source   the JDK id of the result's jmh-ID.json, "native" (native.json) or "timings" (timings.json)
 * @param interval jab's 95% interval of the mean over the forks ({@link ForkInterval})
 */
public record ExportRow(String source, BenchResult result, ForkInterval interval, Direction direction) {

    /** The results that have a direction and a finite score; the others in {@code left}, with why. */
    public static List<ExportRow> of(ResultSource in, List<String> left) {
        List<ExportRow> rows = new ArrayList<>();
        for (ResultSource.Entry e : in.entries()) {
            BenchResult r = e.result();
            var d = Direction.of(r);
            if (d.isEmpty()) {
                left.add(r.benchmark() + " in " + r.unit() + ": neither operations per time nor time per operation, so no direction");
            } else if (!Double.isFinite(r.score())) {
                left.add(r.benchmark() + ": no score (the benchmark failed)");
            } else {
                rows.add(new ExportRow(e.jdk(), r, ForkInterval.of(r.rawData()), d.get()));
            }
        }
        return rows;
    }

    /** The same result in another unit (Bencher's latency is in ns, its throughput in ops/s), interval recomputed. */
    public ExportRow in(String unit) {
        BenchResult c = Units.convert(result, unit);
        return c == result ? this : new ExportRow(source, c, ForkInterval.of(c.rawData()), direction);
    }

    /**
     * A name that stays the same from run to run of the same benchmark, params and JDK, so a tracker
     * draws one line per result: "jab.bench.fs.FileExistsBenchmark.missingFile {api=FILE_EXISTS, files=1000} (JDK 17)".
     */
    public String name() {
        return result.benchmark() + (result.params().isEmpty() ? "" : " {" + params() + "}") + " (" + sourceWords() + ")";
    }

    /** "api=FILE_EXISTS, files=1000"; empty without params. */
    public String params() {
        return result.params().entrySet().stream().map(p -> p.getKey() + "=" + p.getValue()).collect(Collectors.joining(", "));
    }

    /** "JDK 17", "native" or "timings". */
    public String sourceWords() {
        if (source.isEmpty()) {
            return "JDK unknown";
        }
        return ResultSource.outsideJmh(source) ? source : "JDK " + source;
    }

    /** Whether the interval varies over forks: a one-fork interval covers iterations only and is too narrow. */
    public boolean forkLevel() {
        return interval.method() == ForkInterval.Method.FORK_MEANS && interval.hasInterval();
    }

    public double low() {
        return interval.hasInterval() ? interval.mean() - interval.halfWidth() : Double.NaN;
    }

    public double high() {
        return interval.hasInterval() ? interval.mean() + interval.halfWidth() : Double.NaN;
    }

    /** JMH's error: its 99.9% interval's half-width over all iterations pooled; NaN when JMH gave none. */
    public double jmhError() {
        return result.scoreError();
    }

    /** "1.234 to 1.456 (±8.2%, 3 forks, t over fork means)", or "none (...)". */
    public String intervalWords() {
        if (!interval.hasInterval()) {
            return "none (" + interval.method().words + ")";
        }
        return String.format(Locale.ROOT, "%s to %s (±%s, %d fork%s, %s)", ResultTable.number(low()), ResultTable.number(high()),
                ForkInterval.percent(interval.relative()), interval.forks(), interval.forks() == 1 ? "" : "s", interval.method().words);
    }

    /** JMH's error as a cell: "± 0.123", or "" when JMH gave none. */
    public String jmhErrorWords() {
        return Double.isFinite(jmhError()) ? "± " + ResultTable.number(jmhError()) : "";
    }
}
