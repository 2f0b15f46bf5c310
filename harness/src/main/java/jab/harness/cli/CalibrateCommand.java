package jab.harness.cli;

import java.time.Duration;

import jab.harness.family.FamilySet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jab calibrate}: {@code jab run} with the families' questions asked of variants whose true
 * ratios are known (planted effects, {@link jab.harness.run.CalibrationCases}), to check jab's
 * intervals and its stop rule on this machine (see {@link jab.harness.report.Calibration}).
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Checks jab's verdicts on this machine with effects of known size: each interleaved question of the families is",
            "asked with as many variants, each the reference's own operation made 100 times per invocation or 103, 105 or",
            "110 times (true ratios 1, the band's edge and beyond it), where the family can plant them (fs), and each variant",
            "against a copy of itself elsewhere. Slices, forks, added forks and stop rule are a run's. jab prints, per true",
            "ratio, how often the 95%% intervals cover it and how often each wrong verdict came out, with exact binomial",
            "intervals. Takes jab run's options; comparisons.json gives each planted ratio its truth (\"planted\")."},
        footer = {"", "Examples:",
            "  ./jab calibrate fs                    fs's questions, planted, at least 40 pairs of a true ratio of 1",
            "  ./jab calibrate --comparisons 100     every family, at least 100 pairs of a true ratio of 1"})
public final class CalibrateCommand extends RunCommand {
    /** The default cap of a calibration: its first forks always run, the forks added to undecided comparisons stop here. */
    static final Duration BUDGET = Duration.ofMinutes(20);

    @Option(names = "--comparisons", paramLabel = "N", defaultValue = "40",
            description = "pairs of variants with a true ratio of 1 per JDK at least; questions are repeated until there are as "
                    + "many (default: ${DEFAULT-VALUE})")
    int comparisons;

    public CalibrateCommand(FamilySet families) {
        super(families);
    }

    @Override
    int aaComparisons() {
        if (comparisons < 1) {
            throw new jab.harness.UsageException("--comparisons " + comparisons + ": expected at least 1");
        }
        return comparisons;
    }
}
