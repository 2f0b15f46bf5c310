package jab.harness.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import jab.harness.JabHome;
import jab.harness.family.FamilySet;
import jab.harness.run.options.InputChecks;
import jab.harness.simulate.Simulation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jab calibrate}: {@code jab run} with the families' questions asked of variants whose true
 * ratios are known (planted effects, {@link jab.harness.run.question.CalibrationCases}), to check jab's
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
        footer = {"", "With --simulate, nothing is measured: the stop rule of a default run is played on simulated forks whose",
            "true ratio is known (1, the band's edge, 1.05, 1.10), with the noise of the given runs' comparisons (their",
            "rounds replayed, their forks' spread) or without runs jab's default noise, and jab prints how often each",
            "verdict came out and how often the intervals covered the truth; simulation.json holds the table.",
            "", "Examples:",
            "  ./jab calibrate fs                    fs's questions, planted, at least 40 pairs of a true ratio of 1",
            "  ./jab calibrate --comparisons 100     every family, at least 100 pairs of a true ratio of 1",
            "  ./jab calibrate --simulate results/20261129-101500-vm     the stop rule on that run's noise"})
public final class CalibrateCommand extends RunCommand {
    /** The default cap of a calibration: its first forks always run, the forks added to undecided comparisons stop here. */
    static final Duration BUDGET = Duration.ofMinutes(20);

    @Option(names = "--comparisons", paramLabel = "N", defaultValue = "40",
            description = "pairs of variants with a true ratio of 1 per JDK at least; questions are repeated until there are as "
                    + "many (default: ${DEFAULT-VALUE})")
    int comparisons;

    @Option(names = "--simulate", description = "simulate the stop rule on the noise of the run directories given as arguments "
            + "(none: jab's default noise) instead of measuring")
    boolean simulate;

    @Option(names = "--simulations", paramLabel = "N", defaultValue = "2000",
            description = "with --simulate, simulated comparisons per true ratio (default: ${DEFAULT-VALUE})")
    int simulations;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "with --simulate, the seed of the simulated forks (default: ${DEFAULT-VALUE})")
    long seed;

    public CalibrateCommand(FamilySet families) {
        super(families);
    }

    @Override
    public Integer call() throws Exception {
        if (!simulate) {
            return super.call();
        }
        if (simulations < 100) {
            throw new jab.harness.UsageException("--simulations " + simulations + ": expected at least 100");
        }
        List<Path> runs = new ArrayList<>();
        for (String s : selectors) {
            Path p = Path.of(s);
            if (!Files.isDirectory(p)) {
                throw new jab.harness.UsageException("--simulate " + s + ": no such run directory");
            }
            runs.add(p);
        }
        Path outDir = InputChecks.outputDir(out != null ? out : JabHome.get().resolve("results"), "--out");
        Simulation sim = Simulation.of(runs, simulations, seed);
        Path dir = sim.write(outDir);
        sim.print(System.out);
        System.out.println();
        System.out.println("results: " + dir);
        return 0;
    }

    @Override
    int aaComparisons() {
        if (comparisons < 1) {
            throw new jab.harness.UsageException("--comparisons " + comparisons + ": expected at least 1");
        }
        return comparisons;
    }
}
