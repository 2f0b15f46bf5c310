package jab.harness.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jab.harness.stats.StatTest;

class ComparisonTest {
    private static final Comparison.Settings WELCH = new Comparison.Settings(StatTest.WELCH, 0.05, 0.05);

    @ParameterizedTest
    @EnumSource(StatTest.class)
    void timePerOpUpTwentyPercentIsSlowerAndDownIsFaster(StatTest test) {
        Comparison.Settings s = new Comparison.Settings(test, 0.05, 0.05);
        BenchResult a = Synthetic.result("avgt", "ns/op", 100, 1, 0.01, 5, 10);
        assertThat(Comparison.of("", a, Synthetic.result("avgt", "ns/op", 120, 2, 0.01, 5, 10), s).verdict()).isEqualTo(SignificanceVerdict.SLOWER);
        assertThat(Comparison.of("", a, Synthetic.result("avgt", "ns/op", 80, 2, 0.01, 5, 10), s).verdict()).isEqualTo(SignificanceVerdict.FASTER);
    }

    @ParameterizedTest
    @EnumSource(StatTest.class)
    void throughputUpTwentyPercentIsFasterAndDownIsSlower(StatTest test) {
        Comparison.Settings s = new Comparison.Settings(test, 0.05, 0.05);
        BenchResult a = Synthetic.result("thrpt", "ops/ms", 100, 4, 0.01, 5, 10);
        assertThat(Comparison.of("", a, Synthetic.result("thrpt", "ops/ms", 120, 5, 0.01, 5, 10), s).verdict()).isEqualTo(SignificanceVerdict.FASTER);
        assertThat(Comparison.of("", a, Synthetic.result("thrpt", "ops/ms", 80, 5, 0.01, 5, 10), s).verdict()).isEqualTo(SignificanceVerdict.SLOWER);
    }

    @Test
    void theSameDistributionIsNoSignificantChange() {
        Comparison c = Comparison.of("", Synthetic.result("avgt", "ns/op", 100, 1), Synthetic.result("avgt", "ns/op", 100, 3), WELCH);
        assertThat(c.verdict()).isEqualTo(SignificanceVerdict.NO_CHANGE);
        assertThat(c.ratio().low()).isLessThan(1);
        assertThat(c.ratio().high()).isGreaterThan(1);
    }

    @Test
    void aRealChangeBelowTheThresholdIsNoNews() {
        BenchResult a = Synthetic.result("avgt", "ns/op", 100, 1, 0.002, 3, 10);
        BenchResult b = Synthetic.result("avgt", "ns/op", 103, 2, 0.002, 3, 10);
        Comparison at5 = Comparison.of("", a, b, WELCH);
        assertThat(at5.pValue()).isLessThan(0.001);
        assertThat(at5.verdict()).isEqualTo(SignificanceVerdict.NO_CHANGE);
        assertThat(Comparison.of("", a, b, new Comparison.Settings(StatTest.WELCH, 0.05, 0.01)).verdict()).isEqualTo(SignificanceVerdict.SLOWER);
    }

    @Test
    void aTestAndAnIntervalThatDisagreeMakeNoClaim() {
        // Seen comparing two runs of the same command, 2+2 forks: Welch's p = 0.02 but B/A in [0.99, 6.37].
        Comparison.Settings s = new Comparison.Settings(StatTest.WELCH, 0.05, 0.05);
        assertThat(Comparison.verdict(new RatioInterval(2.51, 0.99, 6.37), 0.02, false, s)).isEqualTo(SignificanceVerdict.NO_CHANGE);
        assertThat(Comparison.verdict(new RatioInterval(2.51, 1.06, 6.37), 0.02, false, s)).isEqualTo(SignificanceVerdict.SLOWER);
        assertThat(Comparison.verdict(new RatioInterval(0.91, 0.84, 0.94), 0.04, false, s)).isEqualTo(SignificanceVerdict.FASTER);
    }

    @Test
    void aChangeIsClaimedOnlyWhenTheWholeIntervalIsBeyondTheThreshold() {
        // Criterion.rs's rule. Seen comparing two runs of the same command: 7% faster, p = 0.02, B/A in [0.88, 0.98].
        Comparison.Settings s = new Comparison.Settings(StatTest.WELCH, 0.05, 0.05);
        assertThat(Comparison.verdict(new RatioInterval(0.93, 0.88, 0.98), 0.02, false, s)).isEqualTo(SignificanceVerdict.NO_CHANGE);
        assertThat(Comparison.verdict(new RatioInterval(0.90, 0.86, 0.94), 0.02, false, s)).isEqualTo(SignificanceVerdict.FASTER);
        assertThat(Comparison.verdict(new RatioInterval(1.08, 1.04, 1.12), 0.01, true, s)).isEqualTo(SignificanceVerdict.NO_CHANGE);
        assertThat(Comparison.verdict(new RatioInterval(1.10, 1.06, 1.14), 0.01, true, s)).isEqualTo(SignificanceVerdict.FASTER);
        // with no threshold, an interval that leaves out 1 is enough
        Comparison.Settings none = new Comparison.Settings(StatTest.WELCH, 0.05, 0);
        assertThat(Comparison.verdict(new RatioInterval(0.93, 0.88, 0.98), 0.02, false, none)).isEqualTo(SignificanceVerdict.FASTER);
    }

    @Test
    void aLargeChangeTheDataCannotSupportIsNoClaim() {
        // 20% apart but 40% noise and three samples a side: not significant.
        BenchResult a = Synthetic.result("avgt", "ns/op", 100, 7, 0.4, 1, 3);
        BenchResult b = Synthetic.result("avgt", "ns/op", 120, 8, 0.4, 1, 3);
        Comparison c = Comparison.of("", a, b, WELCH);
        assertThat(c.pValue()).isGreaterThan(0.05);
        assertThat(c.verdict()).isEqualTo(SignificanceVerdict.NO_CHANGE);
    }

    @Test
    void withoutRawDataNothingIsClaimed() {
        BenchResult a = Synthetic.result("avgt", "ns/op", 100, 1);
        BenchResult bare = new BenchResult("x", a.benchmark(), "avgt", a.params(), 150, Double.NaN, "ns/op", List.of(), 0,
                "", "", "", List.of(), 1, Double.NaN);
        Comparison c = Comparison.of("", a, bare, WELCH);
        assertThat(c.verdict()).isEqualTo(SignificanceVerdict.NOT_TESTED);
        assertThat(c.ratio().ratio()).isEqualTo(1.5, org.assertj.core.data.Offset.offset(0.01));
    }

    /**
     * Over many seeded noise-only pairs, a test at alpha must flag about alpha of them and not more:
     * with no threshold the raw false-alarm rate stays within alpha plus binomial slack (and near
     * alpha, so the test is not simply silent); with the default 5% threshold it is at most alpha.
     */
    @ParameterizedTest
    @EnumSource(StatTest.class)
    void falseAlarmsOnNoiseOnlyPairsStayAtOrBelowAlpha(StatTest test) {
        int pairs = 2000;
        double alpha = 0.05;
        Comparison.Settings noThreshold = new Comparison.Settings(test, alpha, 0);
        Comparison.Settings shipped = new Comparison.Settings(test, alpha, 0.05);
        int raw = 0;
        int alarms = 0;
        for (int i = 0; i < pairs; i++) {
            // five forks a side: with three, a rank test on fork means cannot reach p < 0.05 at all
            BenchResult a = Synthetic.result("avgt", "ns/op", 100, 1000L + 2 * i, 0.05, 5, 10);
            BenchResult b = Synthetic.result("avgt", "ns/op", 100, 1001L + 2 * i, 0.05, 5, 10);
            if (Comparison.of("", a, b, noThreshold).verdict() != SignificanceVerdict.NO_CHANGE) {
                raw++;
            }
            if (Comparison.of("", a, b, shipped).verdict() != SignificanceVerdict.NO_CHANGE) {
                alarms++;
            }
        }
        double slack = 3 * Math.sqrt(alpha * (1 - alpha) / pairs);
        assertThat((double) raw / pairs).isLessThanOrEqualTo(alpha + slack).isGreaterThan(alpha / 2);
        assertThat((double) alarms / pairs).isLessThanOrEqualTo(alpha);
    }

    @Test
    void theRatioIntervalCoversTheTrueRatioAboutAsOftenAsItsConfidence() {
        int n = 1000;
        int covered = 0;
        for (int i = 0; i < n; i++) {
            double[] a = Synthetic.result("avgt", "ns/op", 100, 5000L + 2 * i, 0.05, 3, 10).allSamples();
            double[] b = Synthetic.result("avgt", "ns/op", 120, 5001L + 2 * i, 0.05, 3, 10).allSamples();
            RatioInterval r = RatioInterval.of(a, b, 0.95);
            if (r.low() <= 1.2 && 1.2 <= r.high()) {
                covered++;
            }
        }
        assertThat((double) covered / n).isBetween(0.93, 0.97);
    }

    @Test
    void unitsConvertSoDifferentUnitsCompare() {
        assertThat(Units.factor("us/op", "ns/op")).isEqualTo(1000.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Units.factor("ops/ms", "ops/s")).isEqualTo(1000.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Units.factor("ops/ms", "ns/op")).isNaN();
        BenchResult us = Units.convert(Synthetic.result("avgt", "ns/op", 1000, 1), "us/op");
        assertThat(us.unit()).isEqualTo("us/op");
        assertThat(us.score()).isBetween(0.99, 1.01);
        assertThat(us.allSamples()[0]).isBetween(0.9, 1.1);
    }
}
