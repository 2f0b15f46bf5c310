package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

import jab.harness.results.Comparisons;
import jab.harness.results.RunRecord;
import jab.harness.results.RunResults;
import jab.harness.results.RunStore;
import jab.harness.results.SoloRounds;
import jab.harness.stats.RatioVerdict;
import jab.harness.stats.SequentialDesign;
import jab.harness.warnings.Warning;

/**
 * The solo line of an answer, from a run's solo-rounds.json: a question of a() (the reference), b() at
 * 1.10x and c() at 0.80x, four interleaved forks 1% apart; solo forks in rounds on a machine whose
 * speed moves 30% from round to round (it cancels within a round), each fork 1% off (fixed seeds).
 */
class SoloRoundsAnswerTest {
    /** "X costs 2.00x Y" or "X is 2.00x [1.9-2.1] faster than Y": a second ratio of a pair, which the solo line must not print. */
    private static final Pattern RATIO = Pattern.compile("(?:costs|is) [0-9.]+x");

    @TempDir
    Path out;

    @Test
    void aPlanted121xDisagreementIsNamedWithWhichToBelieveAndNoSecondRatio() throws Exception {
        Answers.Answer a = answer("default", 3, 1.21);
        assertThat(a.solo()).contains("3 rounds of one JVM per variant", "agree with the answers for 1 of 2 variants",
                "for c() they disagree", "believe the answer above", "4 times in 5 (80% power)");
        assertThat(RATIO.matcher(a.solo()).find()).as(a.solo()).isFalse();
        assertThat(a.warnings()).singleElement().satisfies(w -> {
            assertThat(w.kind()).isEqualTo(Warning.Kind.INTERLEAVED_DIFFERS);
            assertThat(w.finding()).contains("c() and a()", "times as far from it");
            assertThat(RATIO.matcher(w.finding()).find()).isFalse();
        });
    }

    @Test
    void roundsThatAgreeSayWhatTheCheckWouldFind() throws Exception {
        Answers.Answer a = answer("default", 3, 1.0);
        assertThat(a.solo()).startsWith("the solo forks (3 rounds of one JVM per variant, back to back, their spread pooled over 2 "
                + "variants) agree with the answers for all 2 variants compared; the check finds a difference of ")
                .endsWith("between a variant's solo and interleaved figures 4 times in 5 (80% power)");
        assertThat(a.warnings()).isEmpty();
    }

    @Test
    void theSmokeProfilesOneRoundPrintsNoVerdict() throws Exception {
        Answers.Answer a = answer("smoke", 1, 1.21);
        assertThat(a.solo()).isEqualTo("one solo fork per variant (one round, as the smoke profile runs): no check, which takes "
                + "its error from how two rounds of them at least differ");
        assertThat(a.warnings()).isEmpty();
    }

    @Test
    void roundsTheBudgetCutAreSaidSoAndCheckNothing() throws Exception {
        Answers.Answer one = answer("default", 1, 1.21, 2);
        Answers.Answer none = answer("default", 0, 1.21, 2);
        assertThat(one.solo()).isEqualTo("one solo fork per variant (one round: the budget had no time for a second after the "
                + "answers' forks): no check, which takes its error from how two rounds of them at least differ");
        assertThat(none.solo()).isEqualTo("no solo forks: the budget had no time for their rounds after the answers' forks (a check "
                + "takes two at least), so nothing checks the answers against solo forks in this run");
        assertThat(one.warnings()).isEmpty();
        assertThat(none.warnings()).isEmpty();
        assertThat(answer("default", 0, 1.21, 1).solo()).as("a question planned one round, which checks nothing")
                .isEqualTo("no solo forks: the budget had no time for their one round after the answers' forks (with 3 variants it "
                        + "gives their solo scores, no check)");
    }

    /**
     * The reference's solo forks still falling (its first two iterations 40% and 20% slow) void
     * nothing: the first settled variant, b(), takes its place, and c()'s planted disagreement is still found.
     */
    @Test
    void aReferenceStillWarmingUpGivesWayToASettledVariant() throws Exception {
        Answers.Answer a = answer("default", 3, 1.21, null, true);
        assertThat(a.solo()).contains("3 rounds of one JVM per variant", "each against b() (the first variant whose solo forks "
                + "had settled)", "for c() they disagree", "not compared, their solo forks still warming up (iterations falling): "
                + "a() (the reference)");
        assertThat(a.warnings()).singleElement().satisfies(w -> assertThat(w.finding()).contains("c() and b()"));
        Answers.Answer agreeing = answer("default", 3, 1.0, null, true);
        assertThat(agreeing.solo()).contains("agree with the answers for the one variant compared");
        assertThat(agreeing.warnings()).isEmpty();
    }

    private Answers.Answer answer(String profile, int rounds, double planted) throws Exception {
        return answer(profile, rounds, planted, null);
    }

    private Answers.Answer answer(String profile, int rounds, double planted, Integer planned) throws Exception {
        return answer(profile, rounds, planted, planned, false);
    }

    /**
     * The answer of a run whose c() runs {@code planted} times its interleaved ratio alone; {@code planned}
     * more rounds than ran where the budget cut them (null: not cut); a() still warming up where {@code coldReference}.
     */
    private Answers.Answer answer(String profile, int rounds, double planted, Integer planned, boolean coldReference) throws Exception {
        RunRecord.Request request = new RunRecord.Request("jab run", profile, 0, 10, RatioVerdict.DEFAULT_BAND, 0.02, null, List.of(),
                Map.of(), "", null, List.of());
        RunStore store = RunStore.create(out.resolve(profile + rounds + planted + coldReference), "host", new ObjectMapper().createObjectNode(), request);
        store.writeDocument(Comparisons.NAME, new Comparisons(Comparisons.FORMAT_VERSION, RatioVerdict.DEFAULT_BAND, List.of(question())));
        Random rnd = new Random(7);
        List<SoloRounds.Round> done = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            double machine = Math.exp(0.3 * rnd.nextGaussian());
            List<double[]> iterations = new ArrayList<>();
            for (double truth : new double[] {100, 110, 80 * planted}) {
                double fork = truth * machine * Math.exp(0.01 * rnd.nextGaussian());
                iterations.add(new double[] {fork, fork * 1.002, fork * 0.998, fork, fork * 1.001});
            }
            if (coldReference) {
                double[] a = iterations.get(0);
                iterations.set(0, new double[] {a[0] * 1.4, a[1] * 1.2, a[2], a[3], a[4]});
            }
            done.add(new SoloRounds.Round(r % 2 == 0 ? List.of("A", "B", "C") : List.of("C", "B", "A"),
                    r % 2 == 0 ? iterations : List.of(iterations.get(2), iterations.get(1), iterations.get(0))));
        }
        store.writeDocument(SoloRounds.NAME, new SoloRounds(SoloRounds.FORMAT_VERSION,
                List.of(new SoloRounds.Asked("which toy", "17", done, planned))));
        List<Answers.Answer> answers = Answers.of(RunResults.read(store.dir()));
        assertThat(answers).hasSize(1);
        return answers.get(0);
    }

    /** a(), b() at 1.10x and c() at 0.80x in four interleaved forks of ten rounds, the forks 1% apart. */
    private static Comparisons.Asked question() {
        List<Comparisons.Fork> forks = new ArrayList<>();
        for (double f : new double[] {1.0, 1.01, 0.99, 1.0}) {
            List<Comparisons.Round> rounds = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                rounds.add(new Comparisons.Round(List.of("A", "B", "C"), List.of(100.0, 110.0 * f, 80.0 / f)));
            }
            forks.add(new Comparisons.Fork(forks.size(), rounds));
        }
        List<Comparisons.Variant> details = List.of(new Comparisons.Variant("A", "a()", "x.Y.a", Map.of(), "ns/op"),
                new Comparisons.Variant("B", "b()", "x.Y.b", Map.of(), "ns/op"), new Comparisons.Variant("C", "c()", "x.Y.c", Map.of(), "ns/op"));
        return new Comparisons.Asked("which toy", "toy", "17", Map.of(), List.of("A", "B", "C"), "A", details, false, "",
                new Comparisons.Slices("50 ms", 10, 10, 4.0), forks, List.of(), SequentialDesign.FIXED).withRatios(RatioVerdict.DEFAULT_BAND);
    }
}
