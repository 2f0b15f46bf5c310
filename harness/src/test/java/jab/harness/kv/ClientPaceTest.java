package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClientPaceTest {
    private static RedisBenchmarkDocument.Row row(String server, double... clientShare) {
        double[] rps = {90_000, 91_000, 89_000};
        return new RedisBenchmarkDocument.Row(server, null, server, "GET", 1, 50, 100_000, rps, rps, rps, rps, null, null, null, clientShare,
                null, null, null, null, null);
    }

    @Test
    void aClientBusyForNearlyAllOfBothServersRunsSaysTheRatioMeasuresIt() {
        RedisBenchmarkDocument.Row jab = row("jab", 0.97, 0.99, 0.98);
        RedisBenchmarkDocument.Row redis = row("redis", 0.95, 0.96, 0.97);
        assertThat(ClientPace.column(jab)).isEqualTo("98%");
        assertThat(ClientPace.words(jab, redis)).hasValueSatisfying(w -> assertThat(w)
                .contains("redis-benchmark used 98% of a CPU against jab and 96% against Redis", "set the pace of both",
                        "measures the client more than the servers"));
    }

    @Test
    void aClientBusyInOneServersRunsOnlyBoundsTheRatioOnThatSide() {
        RedisBenchmarkDocument.Row busy = row("x", 0.97, 0.99, 0.98);
        RedisBenchmarkDocument.Row spare = row("y", 0.80, 0.82, 0.81);
        assertThat(ClientPace.words(busy, spare)).hasValueSatisfying(w -> assertThat(w)
                .contains("98% of a CPU against jab and 81% against Redis", "set jab's pace", "jab/Redis is at least this"));
        assertThat(ClientPace.words(spare, busy)).hasValueSatisfying(w -> assertThat(w)
                .contains("set Redis's pace", "jab/Redis is at most this"));
    }

    @Test
    void aClientWithCpuToSpareOrAnUnknownShareSaysNothing() {
        assertThat(ClientPace.words(row("jab", 0.6, 0.7, 0.65), row("redis", 0.85, 0.89, 0.88))).isEmpty();
        RedisBenchmarkDocument.Row before = row("jab", (double[]) null); // a run made before the share was read
        assertThat(ClientPace.column(before)).isEqualTo("-");
        assertThat(ClientPace.measured(java.util.List.of(before))).as("no column for such a run").isFalse();
        assertThat(ClientPace.measured(java.util.List.of(before, row("redis", 0.5)))).isTrue();
        assertThat(ClientPace.words(before, before)).isEmpty();
        assertThat(ClientPace.words(row("jab", 0.99, Double.NaN), row("redis", 0.5))).as("a round the OS did not count").isEmpty();
    }
}
