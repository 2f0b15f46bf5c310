package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

import jab.harness.cli.FamilyRegistry;
import jab.harness.results.BenchResult;
import jab.harness.results.Comparisons;
import jab.harness.results.RunRecord;
import jab.harness.results.RunResults;
import jab.harness.results.RunStore;
import jab.harness.results.SoloRounds;
import jab.harness.results.Synthetic;
import jab.harness.results.TwoVariants;

/**
 * A run whose three solo rounds put b() at 3x a() while its interleaved forks answer 2x: the console and
 * summary.md print no ratio of a() and b() but the answer's (the check of
 * ../shared/checks/contradictions.py, on a toy run), the solo check says which to believe without a
 * second ratio, and the tables score each variant over its interleaved forks, not its solo fork.
 */
class OneAnswerPerPairTest {
    /** "X costs 2.00x Y" or "X is 2.00x [1.9-2.1] faster than Y": a ratio between two names. */
    private static final Pattern RATIO = Pattern.compile(
            "([^:;,\\[\\]]+?) (?:costs|is) ([0-9.]+)x (?:\\[[^\\]]*\\] )?(?:(faster|slower) than )?([^;,\\[]+?)(?: \\(|,|;|$)");

    @Test
    void oneRatioPerPairAndTablesOfInterleavedScores(@TempDir Path out) throws Exception {
        // three forks whose rounds give b()/a() = 2 (spread 1% fork to fork): the answer is 2.00x
        Comparisons.Asked q = TwoVariants.question("which toy", new double[] {2.0, 2.0, 2.0}, new double[] {2.02, 2.02, 2.02},
                new double[] {1.98, 1.98, 1.98});
        RunStore store = RunStore.create(out, "host", new ObjectMapper().createObjectNode(), RunRecord.NONE.request());
        store.writeDocument(Comparisons.NAME, TwoVariants.doc(q));
        Synthetic.write(store.dir().resolve("jmh-17.json"), solo("x.Y.a", 1.0), solo("x.Y.b", 3.0));
        store.writeDocument(SoloRounds.NAME, new SoloRounds(SoloRounds.FORMAT_VERSION, List.of(new SoloRounds.Asked("which toy", "17",
                java.util.Collections.nCopies(3, new SoloRounds.Round(List.of("A", "B"), List.of(new double[] {1, 1, 1, 1, 1},
                        new double[] {3, 3, 3, 3, 3})))))));
        RunResults run = RunResults.read(store.dir());
        Comparisons.Ratio answer = q.answers().get(0);

        String console = TerminalAnswer.of(store.dir(), run, FamilyRegistry.load());
        String summary = Summary.markdown(run, FamilyRegistry.load());
        for (String text : List.of(console, summary)) {
            List<Double> ratios = ratiosOfThePair(text);
            assertThat(ratios).as(text).isNotEmpty(); // the answer itself
            ratios.forEach(r -> assertThat(r).as(text).isBetween(answer.low() / 1.02, answer.high() * 1.02));
            assertThat(text).doesNotContain("3.00x").doesNotContain("3.000x").contains("believe the answer above");
        }
        // b()'s score over its interleaved forks: 2, its solo fork's 3 nowhere
        BenchResult b = run.scores("17").stream().filter(r -> r.benchmark().equals("x.Y.b")).findFirst().orElseThrow();
        assertThat(b.score()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(b.rawData()).hasSize(3);
        assertThat(console).contains("2.000  ns/op").doesNotContain("3.000  ns/op");
    }

    /** Every ratio of b() over a() the text prints, whichever way round it words it. */
    private static List<Double> ratiosOfThePair(String text) {
        List<Double> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            Matcher m = RATIO.matcher(line);
            while (m.find()) {
                String x = m.group(1).trim().replaceFirst("^- ", "");
                String y = m.group(4).trim();
                double r = Double.parseDouble(m.group(2));
                r = "faster".equals(m.group(3)) ? 1 / r : r;
                if (x.equals("b()") && y.equals("a()")) {
                    out.add(r);
                } else if (x.equals("a()") && y.equals("b()")) {
                    out.add(1 / r);
                }
            }
        }
        return out;
    }

    /** Three solo forks (one per solo round) of five iterations at {@code score} ns/op. */
    private static BenchResult solo(String benchmark, double score) {
        BenchResult r = Synthetic.result("avgt", "ns/op", score, 1, 0.0, 3, 5);
        return new BenchResult("17", benchmark, "avgt", Map.of(), r.score(), r.scoreError(), "ns/op", r.rawData(), r.samples(),
                r.jdkVersion(), r.vmName(), r.vmVersion(), r.jvmArgs(), r.threads(), r.iterationSeconds());
    }
}
