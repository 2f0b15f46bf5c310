package jab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jab.harness.run.console.Progress;

/**
 * The solo rounds' later rounds against the budget ({@link SoloRoundsRun#later}): on a clock that each
 * round advances by its length, a question's next round runs only while the time left holds its last
 * round's, and a question cut short leaves room for a later, shorter one.
 */
class SoloRoundsBudgetTest {
    private final Progress progress = new Progress(new PrintStream(OutputStream.nullOutputStream()), 1);

    /** The run's clock: the budget less what the rounds took. */
    private static final class Clock {
        double left;

        Clock(double left) {
            this.left = left;
        }
    }

    /** A question of {@code planned} rounds of {@code seconds} each, its first round run. */
    private static final class Fake implements SoloRoundsRun.Rounds {
        final String name;
        final int planned;
        final double seconds;
        final Clock clock;
        int done = 1;
        boolean cut;

        Fake(String name, int planned, double seconds, Clock clock) {
            this.name = name;
            this.planned = planned;
            this.seconds = seconds;
            this.clock = clock;
        }

        @Override
        public boolean wantsMore() {
            return !cut && done < planned;
        }

        @Override
        public double lastSeconds() {
            return seconds;
        }

        @Override
        public boolean next(Progress p) {
            clock.left -= seconds;
            done++;
            return true;
        }

        @Override
        public void cutShort() {
            cut = true;
        }
    }

    @Test
    void withTimeEnoughEveryQuestionGetsAllItsRounds() throws Exception {
        Clock clock = new Clock(500);
        List<Fake> qs = List.of(new Fake("fs", 2, 100, clock), new Fake("jgit", 2, 40, clock), new Fake("ruby", 4, 30, clock));
        SoloRoundsRun.Later<Fake> later = SoloRoundsRun.later(qs, () -> clock.left, progress);
        assertThat(later.ok()).isTrue();
        assertThat(later.cut()).isEmpty();
        assertThat(qs).extracting(q -> q.done).containsExactly(2, 2, 4);
        assertThat(clock.left).isEqualTo(500 - 100 - 40 - 90.0);
    }

    @Test
    void aRoundThatDoesNotFitIsCutAndAShorterOneAfterItStillRuns() throws Exception {
        Clock clock = new Clock(60);
        List<Fake> qs = List.of(new Fake("fs", 2, 100, clock), new Fake("jgit", 2, 30, clock), new Fake("ruby", 2, 40, clock));
        SoloRoundsRun.Later<Fake> later = SoloRoundsRun.later(qs, () -> clock.left, progress);
        assertThat(later.cut()).extracting(q -> q.name).containsExactly("fs", "ruby");
        assertThat(qs).extracting(q -> q.done).containsExactly(1, 2, 1);
        assertThat(clock.left).as("the budget is never overdrawn by a later round").isGreaterThanOrEqualTo(0);
    }

    @Test
    void aQuestionOfFourRoundsStopsWhereTheBudgetEnds() throws Exception {
        Clock clock = new Clock(70);
        List<Fake> qs = new ArrayList<>(List.of(new Fake("thorough", 4, 30, clock)));
        SoloRoundsRun.Later<Fake> later = SoloRoundsRun.later(qs, () -> clock.left, progress);
        assertThat(later.cut()).singleElement().satisfies(q -> assertThat(q.done).isEqualTo(3));
        assertThat(clock.left).isEqualTo(10.0);
    }

    @Test
    void withoutABudgetNothingIsCut() throws Exception {
        Clock clock = new Clock(Double.POSITIVE_INFINITY);
        List<Fake> qs = List.of(new Fake("fs", 4, 1e6, clock));
        assertThat(SoloRoundsRun.later(qs, () -> clock.left, progress).cut()).isEmpty();
        assertThat(qs.get(0).done).isEqualTo(4);
    }
}
