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
    void aFamilysOwnRoundsReplaceTheProfiles() {
        JmhSettings fiveShortForks = FS_DEFAULT.withRounds(20);
        SliceSchedule eight = SliceSchedule.of(fiveShortForks, Mode.Throughput, Profile.DEFAULT, 8);
        SliceSchedule three = SliceSchedule.of(fiveShortForks, Mode.Throughput, Profile.DEFAULT, 3);
        assertThat(three.rounds()).isEqualTo(20).isNotEqualTo(Profile.DEFAULT.rounds);
        assertThat(eight.rounds()).isEqualTo((20 * 50 + 11) / 12);
        // the warm-up is the family's time per variant still
        assertThat(eight.warmupRounds() * 12L).isEqualTo(600);
        // a user's -f and -i keep the family's rounds
        assertThat(new jab.harness.run.jmh.JmhOverrides(7, null, null, 3, null, null).apply(fiveShortForks).rounds()).isEqualTo(20);
    }

    @Test
    void aSingleShotCaseKeepsItsShots() {
        SliceSchedule shots = SliceSchedule.of(FS_DEFAULT, Mode.SingleShotTime, Profile.DEFAULT, 8);
        assertThat(shots.slice()).isEqualTo(SliceSchedule.SLICE);
        assertThat(shots.rounds()).isEqualTo(Math.max(5, Profile.DEFAULT.rounds / 3));
    }
}
