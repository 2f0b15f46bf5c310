package jab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

import org.junit.jupiter.api.Test;

import jab.harness.run.console.Progress;

/**
 * The solo rounds against the budget ({@link SoloRoundsRun#rounds}): on a clock that each round
 * advances by its length, a question starts only where the time left holds a check's rounds at their
 * reckoning, a later round runs only while the time left holds its last round's, and a question
 * skipped or cut short leaves room for a later, shorter one.
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

    /** A question of {@code planned} rounds reckoned at {@code reckoned} seconds each that take {@code seconds}. */
    private static final class Fake implements SoloRoundsRun.Rounds {
        final String name;
        final int planned;
        final double reckoned;
        final double seconds;
        final Clock clock;
        int done;
        boolean cut;

        Fake(String name, int planned, double reckoned, double seconds, Clock clock) {
            this.name = name;
            this.planned = planned;
            this.reckoned = reckoned;
            this.seconds = seconds;
            this.clock = clock;
        }

        Fake(String name, int planned, double seconds, Clock clock) {
            this(name, planned, seconds, seconds, clock);
        }

        @Override
        public boolean wantsMore() {
            return !cut && done < planned;
        }

        @Override
        public double roundSeconds() {
            return done == 0 ? reckoned : seconds;
        }

        @Override
        public int planned() {
            return planned;
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

    private SoloRoundsRun.Ran<Fake> run(List<Fake> qs, Clock clock) throws Exception {
        return SoloRoundsRun.rounds(qs, () -> clock.left, progress);
    }

    @Test
    void withTimeEnoughEveryQuestionGetsAllItsRounds() throws Exception {
        Clock clock = new Clock(500);
        List<Fake> qs = List.of(new Fake("fs", 2, 100, clock), new Fake("jgit", 2, 40, clock), new Fake("ruby", 4, 30, clock));
        SoloRoundsRun.Ran<Fake> ran = run(qs, clock);
        assertThat(ran.ok()).isTrue();
        assertThat(ran.cut()).isEmpty();
        assertThat(qs).extracting(q -> q.done).containsExactly(2, 2, 4);
        assertThat(clock.left).isEqualTo(500 - 200 - 80 - 120.0);
    }

    @Test
    void aQuestionWhoseCheckDoesNotFitGetsNoRoundAndAShorterOneAfterItStillRuns() throws Exception {
        Clock clock = new Clock(70);
        List<Fake> qs = List.of(new Fake("fs", 2, 40, clock), new Fake("jgit", 2, 30, clock), new Fake("ruby", 2, 20, clock));
        SoloRoundsRun.Ran<Fake> ran = run(qs, clock);
        assertThat(ran.cut()).as("no first round runs that its second could not follow").extracting(q -> q.name)
                .containsExactly("fs", "ruby");
        assertThat(qs).extracting(q -> q.done).containsExactly(0, 2, 0);
        assertThat(clock.left).isEqualTo(10.0);
    }

    @Test
    void aBuildsFirstRunWithTheBudgetSpentRunsNoSoloFork() throws Exception {
        Clock clock = new Clock(-12);
        List<Fake> qs = List.of(new Fake("fs", 2, 23, clock), new Fake("kv", 1, 8, clock));
        assertThat(run(qs, clock).cut()).hasSize(2);
        assertThat(qs).extracting(q -> q.done).containsExactly(0, 0);
        assertThat(clock.left).isEqualTo(-12.0);
    }

    @Test
    void aQuestionOfOneRoundStartsWhereThatRoundFits() throws Exception {
        Clock clock = new Clock(10);
        List<Fake> qs = List.of(new Fake("kv", 1, 8, clock));
        assertThat(run(qs, clock).cut()).isEmpty();
        assertThat(qs.get(0).done).isEqualTo(1);
    }

    @Test
    void aRoundLongerThanReckonedCutsTheRoundsAfterItWhereTheyNoLongerFit() throws Exception {
        Clock clock = new Clock(70);
        List<Fake> qs = List.of(new Fake("slow", 2, 20, 50, clock));
        assertThat(run(qs, clock).cut()).singleElement().satisfies(q -> assertThat(q.done).isEqualTo(1));
        assertThat(clock.left).isEqualTo(20.0);
    }

    @Test
    void aQuestionOfFourRoundsStartsOnTwoAndStopsWhereTheBudgetEnds() throws Exception {
        Clock clock = new Clock(100);
        List<Fake> qs = List.of(new Fake("thorough", 4, 30, clock));
        assertThat(run(qs, clock).cut()).singleElement().satisfies(q -> assertThat(q.done).isEqualTo(3));
        assertThat(clock.left).isEqualTo(10.0);
    }

    @Test
    void withoutABudgetNothingIsCut() throws Exception {
        Clock clock = new Clock(Double.POSITIVE_INFINITY);
        List<Fake> qs = List.of(new Fake("fs", 4, 1e6, clock));
        assertThat(run(qs, clock).cut()).isEmpty();
        assertThat(qs.get(0).done).isEqualTo(4);
    }
}
