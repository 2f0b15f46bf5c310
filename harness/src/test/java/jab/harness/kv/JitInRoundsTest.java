package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A measured round in which jab's JIT still compiled for a share of the server's CPU is named beside its figure. */
class JitInRoundsTest {
    /** 100,000 requests at 5 us of server CPU each: 500 ms of CPU per round. */
    private static RedisBenchmarkDocument.Row jab(double[] jitMs) {
        double[] cpuUs = {5, 5, 5};
        double[] rate = {200_000, 200_000, 200_000};
        return new RedisBenchmarkDocument.Row("jab", "epoll", "jab", "GET", 1, 50, 100_000, rate, cpuUs, cpuUs, cpuUs, null, null, "off",
                null, rate, 0.4, jitMs, 4, null);
    }

    @Test
    void namesTheRoundsWhoseCompilingTookAtLeastTenPercentOfTheServersCpu() {
        // 1 ms is 0.2% of 500 ms; 45 ms 9%; 60 ms 12%
        assertThat(JitInRounds.words(jab(new double[] {1, 45, 60}))).hasValueSatisfying(w -> assertThat(w)
                .contains("round 3 for 60 ms of CPU (12% of the server's CPU time in it)").doesNotContain("round 1").doesNotContain("round 2")
                .contains("jab's figure may be low"));
    }

    @Test
    void saysNothingWhenEveryRoundWasQuietOrTheJitWasNotRead() {
        assertThat(JitInRounds.words(jab(new double[] {0, 3, 45}))).isEmpty();
        assertThat(JitInRounds.words(jab(null))).as("Redis, or a run made before the JIT was read").isEmpty();
    }
}
