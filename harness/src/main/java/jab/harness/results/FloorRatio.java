package jab.harness.results;

import java.util.Locale;

import jab.harness.stats.ForkInterval;

/**
 * A JVM result over its native floor as a summary cell: the ratio with its 95% interval over forks
 * ({@link RatioInterval}), "2.31x ±4%", or "1.03x ±6%, not told from 1x" when the interval holds 1.
 * Where the floor's own fork-level half-width is wider than {@link #FLOOR_LIMIT}, the cell says so,
 * "(C floor ±12%)": a floor known that loosely cannot resolve a tax of a few percent, however
 * precise the JVM figure is.
 */
public final class FloorRatio {
    /** The precision goal of a default run: a floor looser than this limits the ratio. */
    static final double FLOOR_LIMIT = 0.05;
    /** The note a section prints once under a table of such cells. */
    public static final String LEGEND = "± is the ratio's 95% interval over forks (JVM and C floor both vary); "
            + "\"not told from 1x\": the interval holds 1; \"(C floor ±N%)\": the floor's own spread over its forks is wider "
            + "than " + Math.round(FLOOR_LIMIT * 100) + "%, which limits what the ratio can resolve.";

    private FloorRatio() {
    }

    public static String cell(BenchResult jvm, BenchResult floor) {
        BenchResult f = Units.convert(floor, jvm.unit());
        RatioInterval ri = RatioInterval.of(f, jvm, ForkInterval.CONFIDENCE);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%.2fx", ri.ratio()));
        if (Double.isFinite(ri.low())) {
            sb.append(ri.relativeHalfWidth() <= 0.5 ? " ±" + ForkInterval.percent(ri.relativeHalfWidth())
                    : String.format(Locale.ROOT, " [%.2f-%.2f]", ri.low(), ri.high()));
            if (ri.low() <= 1 && ri.high() >= 1) {
                sb.append(", not told from 1x");
            }
        }
        ForkInterval spread = ForkInterval.of(f.rawData());
        if (spread.hasInterval() && spread.relative() > FLOOR_LIMIT) {
            sb.append(" (C floor ±").append(ForkInterval.percent(spread.relative())).append(')');
        }
        return sb.toString();
    }
}
