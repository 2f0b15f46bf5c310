package jab.harness.simulate;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jab.harness.family.Profile;
import jab.harness.results.Comparisons;
import jab.harness.results.RunResults;
import jab.harness.stats.RatioVerdict;
import jab.harness.stats.SequentialDesign;
import jab.harness.stats.StopRule;

/**
 * simulation.json: {@link StopRuleSimulation} of a default run's stop rule, with the design the given
 * runs chose (its alpha spending, or its single look after forks all planned; a default run's without
 * them), on the noise of those runs (every comparison of theirs with two forks or more; {@link
 * DefaultNoise} without runs), once
 * with jab's intervals ({@code rows}) and once with a single look's t interval at every look, as jab
 * drew them before format 3 of comparisons.json ({@code before}), from the same forks.
 *
 * @param band        the equivalence band
 * @param runs        the run directories whose noise was replayed; empty for the default noise
 * @param comparisons the comparisons whose noise was replayed (each simulated one draws one at random)
 * @param noise       an example of where the noise came from
 * @param stopRule    the stop rule simulated
 * @param design      jab's design for the intervals
 * @param seed        the seed of the simulated forks
 * @param rows        per true ratio, with jab's design
 * @param before      per true ratio, with a single look's interval at every look (no correction, no floor)
 */
public record Simulation(double band, List<String> runs, int comparisons, String noise, StopRule stopRule, SequentialDesign design,
                         long seed, List<StopRuleSimulation.Row> rows, List<StopRuleSimulation.Row> before) {
    public static final String NAME = "simulation";
    /** The forks a question's comparisons start with when the recorded run does not say (runs before format 3): the default profile's. */
    static final int FIRST_FORKS = 3;

    /** Simulates {@code runsPerRatio} comparisons per true ratio on the noise of {@code runDirs} (the default noise without). */
    public static Simulation of(List<Path> runDirs, int runsPerRatio, long seed) throws IOException {
        List<ForkNoise> noises = new ArrayList<>();
        double band = RatioVerdict.DEFAULT_BAND;
        int firstForks = FIRST_FORKS;
        double rho = SequentialDesign.EARLY_LOOKS_RHO;
        boolean sequential = false;
        SequentialDesign oneLook = null;
        for (Path dir : runDirs) {
            Optional<Comparisons> doc = RunResults.read(dir).document(Comparisons.NAME, Comparisons.class);
            if (doc.isEmpty()) {
                throw new jab.harness.UsageException(dir + " holds no " + Comparisons.NAME + ".json: give run directories of jab run");
            }
            band = doc.get().band();
            for (Comparisons.Asked q : doc.get().questions()) {
                if (q.design().sequential()) {
                    firstForks = q.design().firstForks();
                    rho = q.design().rho();
                    sequential = true;
                } else if (q.design().firstForks() >= 2 && (oneLook == null || q.design().maxForks() < oneLook.maxForks())) {
                    oneLook = q.design(); // of questions looked at once, the fewest forks: where heavy tails tell most
                }
                for (Comparisons.Ratio r : q.ratios()) {
                    RecordedNoise.of(q, r.a(), r.b()).ifPresent(noises::add);
                }
            }
        }
        if (!runDirs.isEmpty() && noises.isEmpty()) {
            throw new jab.harness.UsageException("no comparison in " + runDirs + " has two interleaved forks of "
                    + RecordedNoise.FEWEST_ROUNDS + " rounds or more to take the noise from");
        }
        if (noises.isEmpty()) {
            noises.add(new DefaultNoise());
        }
        Profile p = Profile.DEFAULT;
        // the design the recorded run chose (a run of format 3 before single looks: its spending); without
        // runs, a default run's on this project's VM, whose clock holds its first forks and looks once
        SequentialDesign design = sequential ? new SequentialDesign(firstForks, p.maxForks, rho, true)
                : oneLook != null ? oneLook : SequentialDesign.oneLookAt(FIRST_FORKS);
        StopRule rule = new StopRule(band, Comparisons.answeredWidth(band, p.ratioPrecision), p.ratioPrecision, design.maxForks());
        StopRuleSimulation sim = new StopRuleSimulation(noises, rule, Math.min(firstForks, design.maxForks()));
        return new Simulation(band, runDirs.stream().map(Path::toString).toList(), noises.size(), noises.get(0).source(), rule, design,
                seed, sim.rows(design, runsPerRatio, seed), sim.rows(SequentialDesign.FIXED, runsPerRatio, seed));
    }

    /** Writes simulation.json into a new folder of {@code out} named by the time and returns the folder. */
    public Path write(Path out) throws IOException {
        Path dir = jab.harness.results.RunStore.newDirectory(out, "simulation");
        new com.fasterxml.jackson.databind.ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(dir.resolve(NAME + ".json").toFile(), this);
        return dir;
    }

    /** The table: per true ratio, each verdict's share, the coverage and the forks, jab's intervals and then the uncorrected ones. */
    public void print(PrintStream out) {
        out.printf(Locale.ROOT, "The stop rule of %s, simulated %d times per true ratio on the noise of %d comparison(s)%s.%n",
                design.sequential() ? String.format(Locale.ROOT, "a default run (first %d forks, up to %d, band ±%s)", design.firstForks(),
                        design.maxForks(), percent(band)) : String.format(Locale.ROOT, "a run that plans %d forks (band ±%s)", design.maxForks(),
                        percent(band)), rows.get(0).runs(), comparisons, runs.isEmpty() ? " (" + noise + ")" : " of " + String.join(", ", runs));
        out.println("A wrong verdict: faster or slower at a true ratio of 1; the same or faster at the band's edge or beyond it"
                + " (a is the dearer variant), and slower at the edge.");
        table(out, design.sequential() ? String.format(Locale.ROOT, "jab's intervals (repeated confidence intervals, alpha spent over the"
                + " forks as (n/N)^%s, %s, floored at the rounds' error; no budget running out: every look to the fork limit)", design.rho(),
                design.rho() == SequentialDesign.EARLY_LOOKS_RHO ? "as a run whose budget ends its looks early spends it" : "an even spending")
                : String.format(Locale.ROOT, "jab's intervals (a single look after all %d forks: Student's t, floored at the rounds' error)",
                        design.maxForks()), rows);
        table(out, "before: a single look's t interval at every look, no floor", before);
    }

    private void table(PrintStream out, String title, List<StopRuleSimulation.Row> rs) {
        out.println();
        out.println(title + ":");
        out.println("| true ratio | faster | slower | the same | undecided | interval covers the truth | forks (mean) |");
        out.println("|---|---|---|---|---|---|---|");
        for (StopRuleSimulation.Row r : rs) {
            out.printf(Locale.ROOT, "| %.2f | %s | %s | %s | %s | %s | %.1f |%n", r.trueRatio(), share(r, RatioVerdict.FASTER),
                    share(r, RatioVerdict.SLOWER), share(r, RatioVerdict.SAME), share(r, RatioVerdict.UNDECIDED), percent(r.coverage()), r.forks());
        }
    }

    private static String share(StopRuleSimulation.Row r, RatioVerdict v) {
        return percent(r.verdicts().getOrDefault(v.words, 0) / (double) r.runs());
    }

    private static String percent(double f) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * f);
    }
}
