package jab.harness.run.question;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.options.TimeValue;

import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;

/** A question's slices: 50 ms up to four variants, shorter beyond so a round lasts 100 ms, each variant measured as long. */
class SliceScheduleTest {
    private static final JmhSettings FS_DEFAULT = JmhSettings.of(3, 3, "200ms", 5, "200ms");

    @Test
    void upToFourVariantsSliceFiftyMilliseconds() {
        assertThat(SliceSchedule.slice(2)).isEqualTo(TimeValue.milliseconds(50));
        assertThat(SliceSchedule.slice(4)).isEqualTo(TimeValue.milliseconds(50));
    }

    @Test
    void moreVariantsShortenTheSliceDownToTwelveMilliseconds() {
        assertThat(SliceSchedule.slice(5)).isEqualTo(TimeValue.milliseconds(20));
        assertThat(SliceSchedule.slice(6)).isEqualTo(TimeValue.milliseconds(16));
        assertThat(SliceSchedule.slice(8)).isEqualTo(TimeValue.milliseconds(12));
        assertThat(SliceSchedule.slice(20)).isEqualTo(TimeValue.milliseconds(12));
    }

    @Test
    void shorterSlicesRunMoreRoundsForTheSameTimePerVariant() {
        SliceSchedule eight = SliceSchedule.of(FS_DEFAULT, Mode.Throughput, Profile.DEFAULT, 8);
        SliceSchedule two = SliceSchedule.of(FS_DEFAULT, Mode.Throughput, Profile.DEFAULT, 2);
        assertThat(two.slice()).isEqualTo(TimeValue.milliseconds(50));
        assertThat(two.rounds()).isEqualTo(Profile.DEFAULT.rounds);
        assertThat(eight.slice()).isEqualTo(TimeValue.milliseconds(12));
        // each variant measured as long: the rounds of 50 ms, in 12 ms slices rounded up
        assertThat(eight.rounds()).isEqualTo((Profile.DEFAULT.rounds * 50 + 11) / 12);
        // warm-up: the family's 3 x 200 ms per variant, whatever the slice
        assertThat(two.warmupRounds() * 50L).isEqualTo(600);
        assertThat(eight.warmupRounds() * 12L).isEqualTo(600);
    }

    @Test
    void aWideQuestionTakesTheFamilysFirstForksAndRounds() {
        JmhSettings fs = FS_DEFAULT.withWideQuestions(5, 20);
        SliceSchedule eight = SliceSchedule.of(fs, Mode.Throughput, Profile.DEFAULT, 8);
        assertThat(SliceSchedule.firstForks(fs, 8)).isEqualTo(5);
        assertThat(eight.rounds()).isEqualTo((20 * 50 + 11) / 12);
        // the warm-up is the family's time per variant still
        assertThat(eight.warmupRounds() * 12L).isEqualTo(600);
        // four variants or fewer: the family's forks of the profile's rounds
        SliceSchedule four = SliceSchedule.of(fs, Mode.Throughput, Profile.DEFAULT, 4);
        assertThat(SliceSchedule.firstForks(fs, 4)).isEqualTo(3);
        assertThat(four.rounds()).isEqualTo(Profile.DEFAULT.rounds);
        // a family without wide questions: the same at every size
        assertThat(SliceSchedule.firstForks(FS_DEFAULT, 8)).isEqualTo(3);
        assertThat(SliceSchedule.of(FS_DEFAULT, Mode.Throughput, Profile.DEFAULT, 8).rounds()).isEqualTo((Profile.DEFAULT.rounds * 50 + 11) / 12);
    }

    @Test
    void aUsersForksAreEveryQuestionsFirstForksAndTheWideRoundsStay() {
        JmhSettings fs = new jab.harness.run.jmh.JmhOverrides(7, null, null, 3, null, null).apply(FS_DEFAULT.withWideQuestions(5, 20));
        assertThat(SliceSchedule.firstForks(fs, 8)).isEqualTo(7);
        assertThat(SliceSchedule.firstForks(fs, 2)).isEqualTo(7);
        assertThat(SliceSchedule.of(fs, Mode.Throughput, Profile.DEFAULT, 8).rounds()).isEqualTo((20 * 50 + 11) / 12);
        // none given: the family's
        assertThat(jab.harness.run.jmh.JmhOverrides.NONE.apply(FS_DEFAULT.withWideQuestions(5, 20)).wide())
                .isEqualTo(new JmhSettings.WideQuestions(5, 20));
    }

    @Test
    void aSingleShotCaseKeepsItsShots() {
        SliceSchedule shots = SliceSchedule.of(FS_DEFAULT, Mode.SingleShotTime, Profile.DEFAULT, 8);
        assertThat(shots.slice()).isEqualTo(SliceSchedule.SLICE);
        assertThat(shots.rounds()).isEqualTo(Math.max(5, Profile.DEFAULT.rounds / 3));
    }
}
