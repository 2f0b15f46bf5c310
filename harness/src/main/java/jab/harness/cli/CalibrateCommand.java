package jab.harness.cli;

import java.time.Duration;

import jab.harness.family.FamilySet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jab calibrate}: {@code jab run} with A/A questions in place of the families' own, to check
 * jab's intervals and its stop rule on this machine (see {@link jab.harness.report.Calibration}).
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Checks jab's verdicts on this machine: every variant of the families' interleaved questions is measured",
            "against itself (A/A), interleaved, with the forks, band and stop rule of a run, and jab prints how often",
            "the 95%% intervals cover 1 (about 95%% when they are sound) and how often a verdict other than 'the same'",
            "came out (false verdicts). Takes jab run's options; the run directory holds comparisons.json as a run's does."},
        footer = {"", "Examples:",
            "  ./jab calibrate fs                    fs's questions, at least 40 A/A comparisons",
            "  ./jab calibrate --comparisons 100     every family, 100 A/A comparisons"})
public final class CalibrateCommand extends RunCommand {
    /** The default cap of a calibration: its first forks always run, the forks added to undecided comparisons stop here. */
    static final Duration BUDGET = Duration.ofMinutes(20);

    @Option(names = "--comparisons", paramLabel = "N", defaultValue = "40",
            description = "A/A comparisons per JDK at least; variants are repeated until there are as many (default: ${DEFAULT-VALUE})")
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
